// `npm run bench`: every benchmark in its own Node process (a fresh heap each), a table
// out, and bench/results.md written. Exits 0 even when a target is missed: the figures are
// the output; `node bench/bundle.mjs --check` is the gate CI runs.
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const only = process.argv.slice(2);
const benches = ['overhead', 'validation', 'pagination', 'memory', 'upload', 'bundle', 'coldstart', 'cli-import', 'cli-export'].filter(
  (b) => !only.length || only.includes(b),
);

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
const results = [];
for (const name of benches) {
  process.stdout.write(`running ${name}…\n`);
  results.push({ id: name, ...(await runOne(name)) });
}

const lines = [
  '# Benchmark results',
  '',
  `Run ${started.toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. Command: \`npm run bench\`.`,
  'Every figure is a median over interleaved rounds, a ratio of such medians, or (per-request overhead) a median of per-round ratios.',
  '',
  '| target | figure | met |',
  '|---|---|---|',
];
for (const r of results)
  for (const t of r.targets ?? [])
    lines.push(
      `| ${t.target} | ${typeof t.value === 'number' ? Number(t.value.toFixed(3)) : t.value}${r.id === 'bundle' ? ' bytes' : ''} | ${t.met ? 'yes' : '**no**'} |`,
    );
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
writeFileSync(new URL('./results.md', import.meta.url), markdown);
console.log(`\n${markdown}`);
