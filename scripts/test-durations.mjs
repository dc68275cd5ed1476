// Writes test/support/durations.json from a vitest JSON report (default .tmp/node-tests.json, as
// .ci/run writes it): each test file's seconds, the longest of its runs (a file in both
// transport projects runs twice). The sequencer (test/support/sequencer.ts) starts the longest first.
import { readFileSync, writeFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(process.argv[2] ?? '.tmp/node-tests.json', 'utf8'));
const seconds = {};
for (const file of report.testResults) {
  // The path from the repository's test/ folder, wherever the run's clone was.
  const path = file.name.replaceAll('\\', '/');
  const name = path.slice(path.lastIndexOf('/test/') + 1);
  const took = Math.round((file.endTime - file.startTime) / 100) / 10;
  seconds[name] = Math.max(seconds[name] ?? 0, took);
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1)));
writeFileSync('test/support/durations.json', `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`test/support/durations.json: ${Object.keys(sorted).length} files`);
