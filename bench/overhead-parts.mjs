// Diagnostic, no target: what opslink's per-request overhead is made of. A CPU profile's self
// time splits a 60–90 µs gap over many small functions (and inlining moves time between
// them), so this measures instead: a copy of the built SDK (dist/, copied under
// node_modules/.cache so it resolves zod as the real one does) with one step at a time
// switched off by a global flag, sent the same small direct message as bench/overhead.mjs,
// interleaved with the unmodified copy and raw fetch. What a step costs = the median
// per-round difference from the whole SDK. Only for measuring: a switched-off step (no
// pre-flight, no gate, …) is not a valid SDK.
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DM, fmt, interleave, DM_KEY as KEY, median, rawDmPost, report, startServer } from './lib.mjs';

const REQUESTS = 200;
const ROUNDS = 41;
const WARMUP_ROUNDS = 5;
const FLAG = 'globalThis.__opslinkAblation';

// Each step: where it is in the built code (one exact text in one chunk), and that text with
// the step behind a flag. If the SDK changes and a text is gone, the step is reported as not
// measured rather than measured wrong.
const STEPS = {
  'call site (at the public method, runOperation: none where async stack traces carry the caller)': {
    flag: 'callSite',
    find: 'const callSite = options?.callSite ?? callSiteOf(runOperation);',
    replace: `const callSite = options?.callSite ?? (${FLAG}.callSite ? undefined : callSiteOf(runOperation));`,
  },
  'pre-flight check of the input (the check generated from its schema)': {
    flag: 'preflight',
    find: 'operation.input && !inputChecked ? refused(operation.input(input))',
    replace: `operation.input && !inputChecked && !${FLAG}.preflight ? refused(operation.input(input))`,
  },
  'response parse (the operation parser)': {
    flag: 'parse',
    find: 'const data = parse(raw);',
    replace: `const data = ${FLAG}.parse ? raw.body : parse(raw);`,
  },
  'rate-limit gate (acquire and release)': {
    flag: 'gate',
    find: 'const release = await gate.acquire(call.signal, this.#gateRequest(call, n));',
    replace: `const release = ${FLAG}.gate ? () => {} : await gate.acquire(call.signal, this.#gateRequest(call, n));`,
  },
};

const root = fileURLToPath(new URL('..', import.meta.url));
const copy = join(root, 'node_modules', '.cache', 'opslink-ablation', 'dist');
rmSync(copy, { recursive: true, force: true });
cpSync(join(root, 'dist'), copy, { recursive: true });
// The copy resolves the package's own imports (`#transport`, `#tracing`) as the package does.
const { imports } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
writeFileSync(join(copy, '..', 'package.json'), JSON.stringify({ type: 'module', imports }));
const files = readdirSync(copy).filter((f) => f.endsWith('.js'));
const measured = {};
for (const [name, step] of Object.entries(STEPS)) {
  const holders = files.filter((f) => readFileSync(join(copy, f), 'utf8').split(step.find).length === 2);
  if (holders.length !== 1) continue;
  const file = join(copy, holders[0]);
  writeFileSync(file, readFileSync(file, 'utf8').replace(step.find, step.replace));
  measured[name] = step.flag;
}
globalThis.__opslinkAblation = {};
const { MessagingClient } = await import(pathToFileURL(join(copy, 'index.js')).href);

const server = await startServer('dm');
const url = `${server.url}/api/bot/messages`;
const raw = rawDmPost(url);
const client = new MessagingClient({ baseUrl: server.url, botKey: KEY });
const send = () => client.sendDirectMessage(DM);
const timed =
  (fn, flags = {}) =>
  async () => {
    globalThis.__opslinkAblation = flags;
    globalThis.gc?.();
    const started = performance.now();
    for (let i = 0; i < REQUESTS; i++) await fn();
    return ((performance.now() - started) * 1000) / REQUESTS;
  };
const ALL = 'every step above off';
const CONTROL = 'A/A control: the unmodified copy again (its "saving" is the noise floor)';
const variants = { 'raw fetch': timed(raw), opslink: timed(send), [CONTROL]: timed(send) };
for (const [name, flag] of Object.entries(measured)) variants[`without: ${name}`] = timed(send, { [flag]: true });
variants[ALL] = timed(send, Object.fromEntries(Object.values(measured).map((flag) => [flag, true])));
await interleave(WARMUP_ROUNDS, variants);
const rounds = await interleave(ROUNDS, variants);
await server.stop();
rmSync(join(root, 'node_modules', '.cache', 'opslink-ablation'), { recursive: true, force: true });

const us = (name) => median(rounds[name]);
const ratio = (name) => median(rounds[name].map((v, i) => v / rounds['raw fetch'][i]));
const saving = (name) => median(rounds[name].map((v, i) => rounds.opslink[i] - v));
const gap = median(rounds.opslink.map((v, i) => v - rounds['raw fetch'][i]));
report({
  name: 'What the per-request overhead is made of (diagnostic: steps switched off in a copy of dist/)',
  rows: [
    ['raw fetch', `${fmt(us('raw fetch'))} µs/request`],
    ['opslink (the unmodified copy)', `${fmt(us('opslink'))} µs/request, ${fmt(ratio('opslink'), 3)} × raw fetch, ${fmt(gap)} µs over it`],
    ...Object.keys(variants)
      .filter((name) => name.startsWith('without: ') || name === ALL || name === CONTROL)
      .map((name) => [name, `${fmt(ratio(name), 3)} × raw fetch; saves ${fmt(saving(name))} µs/request`]),
    ...Object.keys(STEPS)
      .filter((name) => !(name in measured))
      .map((name) => [`not measured: ${name}`, 'its code was not found once in dist/ (the SDK changed): update bench/overhead-parts.mjs']),
    [
      'method',
      `${ROUNDS} rounds × ${REQUESTS} sequential requests per variant after ${WARMUP_ROUNDS} warm-up rounds, interleaved; savings are medians of per-round differences from the unmodified copy, so on a shared machine a saving under ~5 µs is within noise`,
    ],
  ],
  targets: [],
  detail: { perRound: rounds },
});
process.exit(0);
