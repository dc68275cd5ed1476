/**
 * Runs the blocks of the README and the guides (the files named on the command line) one
 * after another in this process, and reports each: `ok <file>` or `failed <file>` followed by
 * the error as Node prints it. Exits 1 if any failed. One process for many blocks: starting Node, MSW and the
 * package for each block took seconds apiece.
 */
import { inspect } from 'node:util';

let failed = 0;
for (const file of process.argv.slice(2)) {
  try {
    await import(file);
    console.log(`ok ${file}`);
  } catch (error) {
    failed++;
    console.log(`failed ${file}\n${inspect(error)}`);
  }
}
// A block may leave a connection open (a Redis client, as a user's app would): end once every
// block has run and what was printed has been written.
process.stdout.write('', () => process.exit(failed ? 1 : 0));
