/**
 * The `opslink` bin: runs the command line and exits with its code. Everything else is in
 * `main.ts`.
 */
import { main } from './main.js';

process.exitCode = await main(process.argv.slice(2));
// Open connections (keep-alive) must not hold the process once the work is done.
process.exit();
