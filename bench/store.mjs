// Issue 26, a benchmark row: what `opslink/redis` adds per request, side by side in one run,
// against the floor of one Redis round trip (a PING timed in the same run). Targets: the
// store adds ≤ 1.5 PINGs per request, sends ≤ 2 Redis commands per request (acquire before
// it, release after it, off its path), and a journal ≤ 2 round trips per item (claim, record).
//
// A real redis-server (started here on a free port, nothing saved) and the `dm` server (its
// own process), both on 127.0.0.1. Commands are counted by Redis itself: INFO commandstats
// before and after a block of requests, read on a connection of its own.
import { spawnSync } from 'node:child_process';
import { Redis } from 'ioredis';
import { MessagingClient } from 'opslink';
import { redisStore } from 'opslink/redis';
import { createClient } from 'redis';
import { DM, fmt, DM_KEY as KEY, median, report, startRedisServer, startServer } from './lib.mjs';

// One request at a time, the variants taking turns a few requests at a time (RUN requests of
// one variant, timed together, then the next variant, in a rotating order): on a shared
// machine whose load swings within a second, only this fine an interleaving compares like
// with like. A run, not a single request, so that what a request leaves to be done after it
// (the store's release of its slot) is paid inside its own variant's time, as it is by a
// client's next request, rather than by whichever variant happens to follow (issue 35: timed
// request by request, the store's releases were counted in the next variant's time, and the
// ioredis store, which followed the node-redis one, carried the node-redis store's releases).
// Figures are medians of per-run times divided by RUN.
const SAMPLES = 1_500;
const RUN = 5;
const BLOCKS = 5;
const WARMUP = 200;
const COUNTED = 200;
const TARGETS = { pings: 1.3, pingsIoredis: 1.5, commands: 2, journal: 2 };

if (spawnSync('redis-server', ['--version']).status !== 0) {
  report({ name: 'opslink/redis: the store per request', error: 'redis-server is not on PATH (apt-get install redis-server)' });
  process.exit(0);
}

const server = await startServer('dm');
const redis = await startRedisServer();
const nodeRedis = await createClient({ url: redis.url }).connect();
const ioredis = new Redis(redis.url);
const stats = await createClient({ url: redis.url }).connect();

const options = { baseUrl: server.url, botKey: KEY };
const plain = new MessagingClient(options);
const viaNodeRedis = new MessagingClient({ ...options, rateLimitStore: redisStore(nodeRedis, { prefix: 'bench-a' }) });
const viaIoredis = new MessagingClient({ ...options, rateLimitStore: redisStore(ioredis, { prefix: 'bench-b' }) });
const journalStore = redisStore(nodeRedis, { prefix: 'bench-j' });
let sample = 0;
const one = () => [{ ...DM, body: `${DM.body} ${++sample}` }];

const PING = 'one Redis round trip (PING, node-redis)';
const PING_IOREDIS = 'one Redis round trip (PING, ioredis)';
const PLAIN = 'opslink, no store';
const NODE_REDIS = 'opslink, redisStore over node-redis';
const IOREDIS = 'opslink, redisStore over ioredis';
const BULK = 'bulk send of one item, no journal';
const JOURNAL = 'bulk send of one item, store.journal';
const journal = journalStore.journal('timed');
// The store's gate alone, as a client holds it (no request around it): acquire, then release.
const GATE = 'the gate alone: acquire + release (node-redis)';
const bareGate = redisStore(nodeRedis, { prefix: 'bench-g' }).gate({
  id: Promise.resolve('bench'),
  maxConcurrency: 8,
  requestsPerSecond: undefined,
  timeout: 30_000,
  local: { pausedUntil: 0, acquire: async () => () => {}, pause() {} },
  log: {},
});
const variants = {
  [PING]: () => nodeRedis.sendCommand(['PING']),
  [PING_IOREDIS]: () => ioredis.call('PING'),
  [GATE]: async () => (await bareGate.acquire())('ok'),
  [PLAIN]: () => plain.sendDirectMessage(DM),
  [NODE_REDIS]: () => viaNodeRedis.sendDirectMessage(DM),
  [IOREDIS]: () => viaIoredis.sendDirectMessage(DM),
  [BULK]: () => plain.sendDirectMessages(one(), { concurrency: 1 }),
  [JOURNAL]: () => plain.sendDirectMessages(one(), { concurrency: 1, journal }),
};
// STORE_OTHER_DIST=/path/to/dist: the same requests and gate through another build, side by
// side in the same run (its own client without a store as its baseline).
const OTHER = process.env.STORE_OTHER_DIST;
const other = OTHER && {
  sdk: await import(`file://${OTHER}/index.js`),
  redis: await import(`file://${OTHER}/redis/index.js`),
};
if (other) {
  const plainOther = new other.sdk.MessagingClient(options);
  const nodeRedisOther = new other.sdk.MessagingClient({
    ...options,
    rateLimitStore: other.redis.redisStore(nodeRedis, { prefix: 'bench-oa' }),
  });
  const ioredisOther = new other.sdk.MessagingClient({
    ...options,
    rateLimitStore: other.redis.redisStore(ioredis, { prefix: 'bench-ob' }),
  });
  const gateOther = other.redis.redisStore(nodeRedis, { prefix: 'bench-og' }).gate({
    id: Promise.resolve('bench'),
    maxConcurrency: 8,
    requestsPerSecond: undefined,
    timeout: 30_000,
    local: { pausedUntil: 0, acquire: async () => () => {}, pause() {} },
    log: {},
  });
  Object.assign(variants, {
    'other build: the gate alone': async () => (await gateOther.acquire())('ok'),
    'other build: no store': () => plainOther.sendDirectMessage(DM),
    'other build: redisStore over node-redis': () => nodeRedisOther.sendDirectMessage(DM),
    'other build: redisStore over ioredis': () => ioredisOther.sendDirectMessage(DM),
  });
}
const names = Object.keys(variants);
const samples = Object.fromEntries(names.map((n) => [n, []]));
for (let s = 0; s < (WARMUP + SAMPLES) / RUN; s++) {
  for (let i = 0; i < names.length; i++) {
    const name = names[(s + i) % names.length];
    const started = performance.now();
    for (let r = 0; r < RUN; r++) await variants[name]();
    if (s >= WARMUP / RUN) samples[name].push(((performance.now() - started) * 1000) / RUN); // µs a request
  }
}

/** Commands Redis ran during `block`: those clients sent (the scripts, PING), and those the scripts ran. */
async function commandsDuring(block) {
  const read = async () => {
    const info = String(await stats.sendCommand(['INFO', 'commandstats']));
    return Object.fromEntries([...info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)].map((m) => [m[1], Number(m[2])]));
  };
  // Releases go out after the response, off the request's path: let the last ones land
  // before each reading, so each block counts its own.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
  await settle();
  const before = await read();
  await block();
  await settle();
  const after = await read();
  const delta = Object.fromEntries(Object.keys(after).map((name) => [name, after[name] - (before[name] ?? 0)]));
  delete delta.info;
  const sent = ['evalsha', 'eval', 'ping'].reduce((n, name) => n + (delta[name] ?? 0), 0);
  const all = Object.values(delta).reduce((a, b) => a + b, 0);
  return { sent, inScripts: all - sent, delta };
}
const storeCommands = await commandsDuring(async () => {
  for (let i = 0; i < COUNTED; i++) await viaNodeRedis.sendDirectMessage(DM);
});
const journalCommands = await commandsDuring(async () => {
  const list = Array.from({ length: COUNTED }, (_, i) => ({ ...DM, body: `counted ${i}` }));
  await plain.sendDirectMessages(list, { concurrency: 1, journal: journalStore.journal('counted') });
});

await Promise.all([nodeRedis.quit(), ioredis.quit(), stats.quit()]);
redis.stop();
await server.stop();

/** Medians of single requests, over all samples or over one of BLOCKS consecutive blocks (for the spread). */
const med = (name, block) => {
  const all = samples[name];
  const size = Math.floor(all.length / BLOCKS);
  return median(block === undefined ? all : all.slice(block * size, (block + 1) * size));
};
/** What the store adds to a request, in PINGs: overall, and per block (the spread). */
const addedPings = (name, base, block, ping = PING) => (med(name, block) - med(base, block)) / med(ping, block);
const blocks = Array.from({ length: BLOCKS }, (_, b) => b);
const inPings = (name, base, ping = PING) => ({
  value: addedPings(name, base, undefined, ping),
  blocks: blocks.map((b) => fmt(addedPings(name, base, b, ping), 2)).join(', '),
});
const pings = { nodeRedis: inPings(NODE_REDIS, PLAIN), ioredis: inPings(IOREDIS, PLAIN, PING_IOREDIS), journal: inPings(JOURNAL, BULK) };
const perReq = storeCommands.sent / COUNTED;
const perItemSent = journalCommands.sent / COUNTED;
const spread = (name) => blocks.map((b) => fmt(med(name, b), 0)).join(', ');
const describe = (d) =>
  Object.entries(d)
    .filter(([, n]) => n)
    .map(([name, n]) => `${name} ${n}`)
    .join(', ');

report({
  name: 'opslink/redis: what the store adds per request, in Redis round trips',
  rows: [
    ...names.map((name) => [
      name,
      `${fmt(med(name), 0)} µs a request (median of ${SAMPLES / RUN} runs of ${RUN}; by block of ${SAMPLES / BLOCKS} requests: ${spread(name)} µs)`,
    ]),
    [
      'store cost per request, node-redis',
      `${fmt(pings.nodeRedis.value, 2)} PINGs ((with − without) / PING, medians; by block: ${pings.nodeRedis.blocks})`,
    ],
    ['the gate alone', `${fmt(med(GATE) / med(PING), 2)} PINGs (no request around it)`],
    [
      'store cost per request, ioredis',
      `${fmt(pings.ioredis.value, 2)} PINGs over ioredis (by block: ${pings.ioredis.blocks}); ${fmt(addedPings(IOREDIS, PLAIN), 2)} node-redis PINGs`,
    ],
    ['journal cost per item', `${fmt(pings.journal.value, 2)} PINGs (by block: ${pings.journal.blocks})`],
    ...(other
      ? [
          [
            'other build: store cost per request, node-redis',
            `${fmt(addedPings('other build: redisStore over node-redis', 'other build: no store'), 2)} PINGs`,
          ],
          [
            'other build: store cost per request, ioredis',
            `${fmt(addedPings('other build: redisStore over ioredis', 'other build: no store', undefined, PING_IOREDIS), 2)} PINGs over ioredis; ${fmt(addedPings('other build: redisStore over ioredis', 'other build: no store'), 2)} node-redis PINGs`,
          ],
          ['other build: the gate alone', `${fmt(med('other build: the gate alone') / med(PING), 2)} PINGs`],
        ]
      : []),
    [
      'Redis commands per request (store)',
      `${fmt(perReq, 2)} sent (${describe({ evalsha: storeCommands.delta.evalsha, eval: storeCommands.delta.eval })} over ${COUNTED} requests); the scripts ran ${fmt(storeCommands.inScripts / COUNTED, 1)} commands each request inside Redis`,
    ],
    [
      'Redis round trips per item (journal)',
      `${fmt(perItemSent, 2)} (${describe({ evalsha: journalCommands.delta.evalsha, eval: journalCommands.delta.eval })} over ${COUNTED} items)`,
    ],
    [
      'method',
      `${SAMPLES} requests per variant (after ${WARMUP} warm-up), one at a time, the variants taking turns ${RUN} requests at a time in a rotating order, each run of ${RUN} timed together (what a request leaves to do after it, the store's release, is paid inside its own variant's time); the store's cost over ioredis in PINGs over ioredis; the dm server and redis-server ${
        spawnSync('redis-server', ['--version'])
          .stdout.toString()
          .match(/v=(\S+)/)?.[1] ?? ''
      } each in a process of their own on 127.0.0.1; commands counted by INFO commandstats deltas over ${COUNTED} more requests (items), read on a separate connection`,
    ],
  ],
  targets: [
    {
      target: `issue 35: the store adds ≤ ${TARGETS.pings} PINGs per request over node-redis, ≤ ${TARGETS.pingsIoredis} over ioredis`,
      value: `${fmt(pings.nodeRedis.value, 2)}; ${fmt(pings.ioredis.value, 2)}`,
      met: pings.nodeRedis.value <= TARGETS.pings && pings.ioredis.value <= TARGETS.pingsIoredis,
    },
    { target: `issue 26: ≤ ${TARGETS.commands} Redis commands per request`, value: fmt(perReq, 2), met: perReq <= TARGETS.commands },
    {
      target: `issue 26: a journal adds ≤ ${TARGETS.journal} round trips per item`,
      value: fmt(perItemSent, 2),
      met: perItemSent <= TARGETS.journal,
    },
  ],
  detail: Object.fromEntries(names.map((n) => [n, blocks.map((b) => med(n, b))])),
});
process.exit(0);
