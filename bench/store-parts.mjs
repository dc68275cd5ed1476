// Diagnostic, no target: where the Redis store's time per request goes (bench/store.mjs gives
// the figure). Each part is the next step of the same call, timed side by side in one run:
// a PING (the round trip itself), a script call that does nothing, with the acquire's keys and
// arguments, with its reply's shape, the acquire script itself (a release carried), the gate
// around it (the store's JS), and the gate when it keeps the slot for the next request (no
// round trip). Over both client libraries; the Lua's own time as Redis counts it (INFO
// commandstats). One at a time, the variants taking turns RUN calls at a time in a rotating
// order (as bench/store.mjs), so a busy moment of the machine hits every variant alike.
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';
import { Redis } from 'ioredis';
import { redisStore } from 'opslink/redis';
import { createClient } from 'redis';
import { fmt, median, report, startRedisServer } from './lib.mjs';

const SAMPLES = 2_000;
const RUN = 5;
const WARMUP = 300;
const STATS_CALLS = 2_000;

if (spawnSync('redis-server', ['--version']).status !== 0) {
  report({ name: 'opslink/redis: where the store’s time goes', error: 'redis-server is not on PATH (apt-get install redis-server)' });
  process.exit(0);
}

// The gate's scripts as the store sends them (not exported by the package): built from source.
const bundled = await build({
  entryPoints: [new URL('../src/redis/gate-scripts.ts', import.meta.url).pathname],
  bundle: true,
  format: 'esm',
  write: false,
});
const { ACQUIRE } = await import(`data:text/javascript,${encodeURIComponent(bundled.outputFiles[0].text)}`);

const redis = await startRedisServer();
const nodeRedis = await createClient({ url: redis.url }).connect();
const ioredis = new Redis(redis.url);
const stats = await createClient({ url: redis.url }).connect();
const load = async (source) => String(await nodeRedis.sendCommand(['SCRIPT', 'LOAD', source]));
const NOTHING = await load('return 1');
const SHAPED = await load('return {1, 0, 0, 1700000000000, 0, 0}');
const ACQ = await load(ACQUIRE);

// The acquire as the gate sends it: 3 keys, the gate's 4 arguments, the lease, 2 flags, the
// previous lease's release carried (3 more). Its own prefix per variant, so each gate is real.
const counters = {};
const acquireArgs = (prefix) => {
  const n = (counters[prefix] ?? 0) + 1;
  counters[prefix] = n;
  const base = `${prefix}:{gate:bench}`;
  const keys = [`${base}:state`, `${base}:leases`, `${base}:queue`];
  return ['3', ...keys, '8', '0', '31000', 'PUBLISH', `holder|${n}`, '0', '0', `holder|${n - 1}`, 'ok', '0'];
};
const local = { pausedUntil: 0, acquire: async () => () => {}, pause() {} };
const gateOver = (client, prefix) =>
  redisStore(client, { prefix }).gate({
    id: Promise.resolve('bench'),
    maxConcurrency: 8,
    requestsPerSecond: undefined,
    timeout: 30_000,
    local,
    log: {},
  });
// A client the store cannot open a listening connection on (no duplicate()): it never keeps
// a slot, so every start is asked of Redis, the release riding on the next acquire (the path
// of a gate with requestsPerSecond, or with every slot taken).
const asking = {
  nodeRedis: { isOpen: true, sendCommand: (args) => nodeRedis.sendCommand(args) },
  ioredis: { status: 'ready', call: (...args) => ioredis.call(...args) },
};
// A Redis that answers at once (a granted acquire, never kept): the store's own JS.
const instant = { isOpen: true, sendCommand: async (args) => (args[0] === 'EVALSHA' ? [1, 0, 0, Date.now(), 0, 0] : 'OK') };
const gates = {
  askedNodeRedis: gateOver(asking.nodeRedis, 'parts-an'),
  askedIoredis: gateOver(asking.ioredis, 'parts-ai'),
  keptNodeRedis: gateOver(nodeRedis, 'parts-kn'),
  keptIoredis: gateOver(ioredis, 'parts-ki'),
  instant: gateOver(instant, 'parts-i'),
};
const through = (gate) => async () => (await gate.acquire())('ok');

const variants = {
  'PING, node-redis': () => nodeRedis.sendCommand(['PING']),
  'PING, ioredis': () => ioredis.call('PING'),
  'EVALSHA of return 1, no arguments, node-redis': () => nodeRedis.sendCommand(['EVALSHA', NOTHING, '0']),
  'EVALSHA of return 1, no arguments, ioredis': () => ioredis.call('EVALSHA', NOTHING, '0'),
  'EVALSHA of return 1, the acquire’s keys and arguments, node-redis': () =>
    nodeRedis.sendCommand(['EVALSHA', NOTHING, ...acquireArgs('parts-1n')]),
  'EVALSHA of return 1, the acquire’s keys and arguments, ioredis': () => ioredis.call('EVALSHA', NOTHING, ...acquireArgs('parts-1i')),
  'EVALSHA of the acquire’s reply shape, its arguments, node-redis': () =>
    nodeRedis.sendCommand(['EVALSHA', SHAPED, ...acquireArgs('parts-sn')]),
  'the acquire script, a release carried, node-redis': () => nodeRedis.sendCommand(['EVALSHA', ACQ, ...acquireArgs('parts-an')]),
  'the acquire script, a release carried, ioredis': () => ioredis.call('EVALSHA', ACQ, ...acquireArgs('parts-ai')),
  'the gate, every start asked, node-redis': through(gates.askedNodeRedis),
  'the gate, every start asked, ioredis': through(gates.askedIoredis),
  'the gate, Redis answering at once (its JS alone)': through(gates.instant),
  'the gate, its slot kept, node-redis': through(gates.keptNodeRedis),
  'the gate, its slot kept, ioredis': through(gates.keptIoredis),
};
// The kept gates listen first (their channel is opened at the first grant that may be kept).
for (const gate of [gates.keptNodeRedis, gates.keptIoredis]) {
  for (let i = 0; i < 5; i++) {
    await through(gate)();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const names = Object.keys(variants);
const samples = Object.fromEntries(names.map((n) => [n, []]));
// Per variant and run: the first call of a run (after the other variants' turns, over 10 ms
// for the kept gates: their slot went back) and the rest, kept apart.
const firsts = Object.fromEntries(names.map((n) => [n, []]));
const rests = Object.fromEntries(names.map((n) => [n, []]));
for (let s = 0; s < (WARMUP + SAMPLES) / RUN; s++) {
  for (let i = 0; i < names.length; i++) {
    const name = names[(s + i) % names.length];
    const started = performance.now();
    await variants[name]();
    const first = performance.now();
    for (let r = 1; r < RUN; r++) await variants[name]();
    if (s < WARMUP / RUN) continue;
    samples[name].push(((performance.now() - started) * 1000) / RUN);
    firsts[name].push((first - started) * 1000);
    rests[name].push(((performance.now() - first) * 1000) / (RUN - 1));
  }
}

/** Redis's own µs per call of `args` (INFO commandstats), over STATS_CALLS calls. */
async function inRedis(name, args) {
  await stats.sendCommand(['CONFIG', 'RESETSTAT']);
  for (let i = 0; i < STATS_CALLS; i++) await nodeRedis.sendCommand(args());
  const line = String(await stats.sendCommand(['INFO', 'commandstats'])).match(new RegExp(`cmdstat_${name}:.*usec_per_call=([\\d.]+)`));
  return Number(line?.[1]);
}
const redisUs = {
  ping: await inRedis('ping', () => ['PING']),
  nothing: await inRedis('evalsha', () => ['EVALSHA', NOTHING, ...acquireArgs('parts-rn')]),
  acquire: await inRedis('evalsha', () => ['EVALSHA', ACQ, ...acquireArgs('parts-ra')]),
};
await Promise.all([nodeRedis.quit(), ioredis.quit(), stats.quit()]);
redis.stop();

const us = (name) => median(samples[name]);
const ping = us('PING, node-redis');
const inPings = (x) => `${fmt(x, 1)} µs, ${fmt(x / ping, 2)} PINGs`;
const step = (name, before) => inPings(us(name) - us(before));
report({
  name: 'opslink/redis: where the store’s time per request goes (diagnostic)',
  rows: [
    ...names.map((name) => [name, `${fmt(us(name), 1)} µs a call (${fmt(us(name) / ping, 2)} node-redis PINGs)`]),
    [
      'script call, over a PING (node-redis; ioredis)',
      `${step('EVALSHA of return 1, no arguments, node-redis', 'PING, node-redis')}; ${step('EVALSHA of return 1, no arguments, ioredis', 'PING, ioredis')}`,
    ],
    [
      'the acquire’s 13 keys and arguments (node-redis; ioredis)',
      `${step('EVALSHA of return 1, the acquire’s keys and arguments, node-redis', 'EVALSHA of return 1, no arguments, node-redis')}; ${step('EVALSHA of return 1, the acquire’s keys and arguments, ioredis', 'EVALSHA of return 1, no arguments, ioredis')}`,
    ],
    [
      'its reply (an array of 6 numbers, node-redis)',
      step(
        'EVALSHA of the acquire’s reply shape, its arguments, node-redis',
        'EVALSHA of return 1, the acquire’s keys and arguments, node-redis',
      ),
    ],
    [
      'the acquire’s Lua, as the caller sees it (node-redis)',
      `${step('the acquire script, a release carried, node-redis', 'EVALSHA of the acquire’s reply shape, its arguments, node-redis')}; in Redis: ${fmt(redisUs.acquire, 1)} µs a call (return 1: ${fmt(redisUs.nothing, 1)}, PING: ${fmt(redisUs.ping, 2)})`,
    ],
    [
      'the store’s JS around the script (node-redis; ioredis)',
      `${step('the gate, every start asked, node-redis', 'the acquire script, a release carried, node-redis')}; ${step('the gate, every start asked, ioredis', 'the acquire script, a release carried, ioredis')}; with a Redis that answers at once: ${inPings(us('the gate, Redis answering at once (its JS alone)'))}`,
    ],
    [
      'a kept slot: the first call of a run (its slot went back while the other variants ran) and the others',
      ['node-redis', 'ioredis']
        .map((lib) => {
          const name = `the gate, its slot kept, ${lib}`;
          return `${lib}: ${inPings(median(firsts[name]))} and ${inPings(median(rests[name]))}`;
        })
        .join('; '),
    ],
    [
      'method',
      `${SAMPLES} calls per variant (after ${WARMUP} warm-up), one at a time, the variants taking turns ${RUN} calls at a time in a rotating order; medians; a step = the median of the variant minus that of the one before it; redis-server on 127.0.0.1, its own µs by INFO commandstats over ${STATS_CALLS} calls each`,
    ],
  ],
  targets: [],
});
process.exit(0);
