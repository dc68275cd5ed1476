// Writes test/support/durations.json from the CPU reports of runs (OPSLINK_CPU_REPORT, see
// test/support/cpu-report.ts; default .tmp/cpu-report.tsv, as .ci/run writes it): for each
// project and test file, its wall seconds and the CPU seconds it used (its children's
// included), the mean over the lines given. The sequencer (test/support/sequencer.ts) plans a
// fresh clone's run by them.
import { readFileSync, writeFileSync } from 'node:fs';

const reports = process.argv.slice(2);
const sums = {};
for (const report of reports.length ? reports : ['.tmp/cpu-report.tsv']) {
  for (const line of readFileSync(report, 'utf8').split('\n').filter(Boolean)) {
    const [path, project, own, children, wall] = line.split('\t');
    // The path from the repository's test/ folder, wherever the run's clone was.
    const name = path.replaceAll('\\', '/').slice(path.replaceAll('\\', '/').lastIndexOf('test/'));
    const key = `${project}\t${name}`;
    sums[key] ??= { wall: 0, cpu: 0, runs: 0 };
    const sum = sums[key];
    sum.wall += Number(wall);
    sum.cpu += Number(own) + Number(children);
    sum.runs += 1;
  }
}
const durations = {};
const round = (n) => Math.round(n * 10) / 10;
for (const [key, { wall, cpu, runs }] of Object.entries(sums).sort(
  ([a, x], [b, y]) => y.wall / y.runs - x.wall / x.runs || (a < b ? -1 : 1),
)) {
  const [project, name] = key.split('\t');
  durations[project] ??= {};
  durations[project][name] = [round(wall / runs), round(cpu / runs)];
}
const projects = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(
  'test/support/durations.json',
  `${JSON.stringify(projects, null, 2).replace(/\[\n\s+([\d.]+),\n\s+([\d.]+)\n\s+\]/g, '[$1, $2]')}\n`,
);
console.log(`test/support/durations.json: ${Object.values(projects).reduce((n, files) => n + Object.keys(files).length, 0)} files`);
