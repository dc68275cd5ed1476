/**
 * Setup of the node test projects: with `OPSLINK_CPU_REPORT=<file>`, one line per test file
 * (its path, its project, the CPU seconds its worker used for it, those of the processes it
 * started and waited for, and its wall seconds) appended to <file>. Where a suite's CPU goes:
 * on two cores `npm test` is bound by it, and the wall times vitest prints are shared with
 * whatever ran beside. Linux only (/proc); without the variable it does nothing.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { afterAll, inject } from 'vitest';

const report = process.env.OPSLINK_CPU_REPORT;
const root = new URL('../..', import.meta.url).pathname;

/** CPU seconds of this process and of its children that ended and were waited for (fields 14–17 of /proc/self/stat). */
function cpuSeconds(): { own: number; children: number } {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // After the command's name, which may hold spaces: fields 3 onwards.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = (i: number) => Number(fields[i - 3]);
  return { own: (ticks(14) + ticks(15)) / 100, children: (ticks(16) + ticks(17)) / 100 };
}

if (report) {
  const start = cpuSeconds();
  const started = performance.now();
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads the first parameter as fixtures (an object pattern); the file is in the second.
  afterAll(({}, suite) => {
    const end = cpuSeconds();
    const line = [
      relative(root, suite.file.filepath),
      suite.file.projectName ?? inject('transport'),
      (end.own - start.own).toFixed(2),
      (end.children - start.children).toFixed(2),
      ((performance.now() - started) / 1000).toFixed(2),
    ];
    appendFileSync(report, `${line.join('\t')}\n`);
  });
}
