/**
 * Runs README blocks (the files named on the command line) one after another in this
 * process, and reports each: `ok <file>` or `failed <file>` followed by the error as Node
 * prints it. Exits 1 if any failed. One process for many blocks: starting Node, MSW and the
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
process.exitCode = failed ? 1 : 0;
