// `npm run bench`: every benchmark in its own Node process (a fresh heap each), a table
// out, and bench/results.md written (a run of named benches writes .tmp/bench-results.md instead). Exits 0 even when a target is missed: the figures are
// the output; `node bench/bundle.mjs --check` is the gate CI runs.
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const only = process.argv.slice(2);
const benches = [
  'overhead',
  'overhead-parts',
  'bulk',
  'tracing',
  'validation',
  'pagination',
  'wan',
  'paging-cpu',
  'ratelimit',
  'store',
  'store-parts',
  'fleet',
  'memory',
  'upload',
  'hostile',
  'bundle',
  'pages',
  'bundle-features',
  'coldstart',
  'cli-import',
  'cli-export',
].filter((b) => !only.length || only.includes(b));

function runOne(name) {
  return new Promise((resolve) => {
    const child = fork(fileURLToPath(new URL(`./${name}.mjs`, import.meta.url)), [], {
      execArgv: ['--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let result;
    child.on('message', (message) => {
      result = message;
    });
    child.on('exit', (code) => resolve(result ?? { name, error: `exited with ${code}` }));
  });
}

const started = new Date();
const loadBefore = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');
const results = [];
for (const name of benches) {
  process.stdout.write(`running ${name}…\n`);
  results.push({ id: name, ...(await runOne(name)) });
}

const command = `npm run bench${only.length ? ` -- ${only.join(' ')}` : ''}`;
const seconds = Math.round((Date.now() - started.getTime()) / 1000);
const lines = [
  '# Benchmark results',
  '',
  `Run ${started.toISOString()} (${seconds} s) on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'} (cores shared with other work; load average ${loadBefore} at the start, ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(
      ' ',
    )} at the end), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.version}. Command: \`${command}\` (builds first).`,
  'Every bench runs in its own Node process; the servers run in processes of their own on 127.0.0.1. Every figure is a median over interleaved rounds, or a median of per-round ratios where it compares variants; spreads (block by block, round by round) are printed beside the figures.',
  '',
  '| target | figure | met |',
  '|---|---|---|',
];
const shown = (t, id) => `${typeof t.value === 'number' ? Number(t.value.toFixed(3)) : t.value}${id === 'bundle' ? ' bytes' : ''}`;
for (const r of results) {
  if (r.error) lines.push(`| ${r.id}: every target of this bench | failed: ${r.error} | **no** |`);
  for (const t of r.targets ?? [])
    lines.push(`| ${t.target} | ${shown(t, r.id)} | ${t.met === null ? '— (figures asked for)' : t.met ? 'yes' : '**no**'} |`);
}
for (const r of results) {
  lines.push('', `## ${r.name ?? r.id}`, '');
  if (r.error) {
    lines.push(`Failed: ${r.error}`);
    continue;
  }
  lines.push('| | |', '|---|---|', ...r.rows.map(([a, b]) => `| ${a} | ${b} |`));
  if (r.profile) {
    lines.push('', r.profile.note, '', '| module | self time |', '|---|---|', ...r.profile.modules.map(([a, b]) => `| ${a} | ${b} |`));
    lines.push('', '| busiest opslink/zod functions | share |', '|---|---|', ...r.profile.topFunctions.map(([a, b]) => `| ${a} | ${b} |`));
  }
}
const markdown = `${lines.join('\n')}\n`;
// A run of some benches leaves the full table alone: its figures go to .tmp/ (not tracked).
if (only.length) mkdirSync(new URL('../.tmp/', import.meta.url), { recursive: true });
writeFileSync(new URL(only.length ? '../.tmp/bench-results.md' : './results.md', import.meta.url), markdown);
console.log(`\n${markdown}`);
