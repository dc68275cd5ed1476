// Runs a command and keeps its output to itself unless it fails: `npm test` and `npm run demo`
// build first, and a hundred lines of build output would bury the results. On success it
// prints one line (what ran, how long); on failure, everything the command printed, and its
// exit code.
//
//   node scripts/quietly.mjs "build" npm run -s build
import { spawn } from 'node:child_process';

const [label, command, ...args] = process.argv.slice(2);
if (!label || !command) {
  console.error('usage: node scripts/quietly.mjs <label> <command> [args…]');
  process.exit(2);
}
const started = performance.now();
const chunks = [];
const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
child.stdout.on('data', (chunk) => chunks.push(chunk));
child.stderr.on('data', (chunk) => chunks.push(chunk));
child.on('error', (error) => {
  console.error(`${label}: could not start ${command}: ${error.message}`);
  process.exit(1);
});
child.on('close', (code, signal) => {
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (code === 0) {
    console.log(`${label}: done in ${seconds} s`);
    return;
  }
  process.stderr.write(Buffer.concat(chunks));
  console.error(`${label} failed (${signal ?? `exit ${code}`}) after ${seconds} s`);
  process.exit(code ?? 1);
});
