// Target 1: per-request overhead of opslink over raw fetch and bare ky, a small direct
// message to a keep-alive HTTP server on 127.0.0.1; and a CPU profile of where it goes.
import { Session } from 'node:inspector/promises';
import ky from 'ky';
import { MessagingClient } from 'opslink';
import { fmt, interleave, median, report, startServer } from './lib.mjs';

// Many short rounds: on a 2-core machine the client, the server and the GC share cores, and a
// round's wall time drifts by ±10 % (JIT, major GCs). Each round runs all four variants
// back to back, so the per-round ratio cancels the drift that hits the whole round.
const REQUESTS = 200;
const ROUNDS = 41;
const BLOCKS = 3;
const WARMUP_ROUNDS = 5;
const KEY = 'bot_bench_key_000000000000';
const DM = { to: { email: 'ana@example.com' }, body: 'Your pallet arrived at dock 3' };

const server = await startServer('dm');
const url = `${server.url}/api/bot/messages`;

const raw = async () => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(DM),
  });
  return response.json();
};
const bare = ky.create({ baseUrl: server.url, headers: { authorization: `Bearer ${KEY}` } });
const viaKy = () => bare.post('api/bot/messages', { json: DM }).json();
// The floor for a ky-based client with a per-attempt timeout: ky's pipeline with no options
// it would act on, fetch called as (url, init) the way opslink calls it, and a timer signal.
// Nothing opslink does on its own (pre-flight, call-site stack, errors, logging) is in it.
const kyFloor = ky.create({ retry: 0, timeout: false, throwHttpErrors: false });
const viaKyFloor = async () => {
  const timer = new AbortController();
  const timeoutId = setTimeout(() => timer.abort(), 30_000);
  try {
    const init = {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(DM),
      signal: timer.signal,
    };
    const response = await kyFloor(url, { method: 'POST', fetch: () => fetch(url, init) });
    return JSON.parse(await response.text());
  } finally {
    clearTimeout(timeoutId);
  }
};
const client = new MessagingClient({ baseUrl: server.url, botKey: KEY });
const viaOpslink = () => client.sendDirectMessage(DM);

const timed = (send) => async () => {
  // Each round starts on a collected heap, so a major GC (≈10 ms here, one per few hundred
  // requests) is paid by the variant whose garbage caused it, not by whichever ran next.
  globalThis.gc?.();
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) await send();
  return ((performance.now() - started) * 1000) / REQUESTS; // µs per request
};
const variants = {
  'raw fetch': timed(raw),
  'bare ky': timed(viaKy),
  'ky floor (fetch as opslink calls it, timer)': timed(viaKyFloor),
  opslink: timed(viaOpslink),
};
await interleave(WARMUP_ROUNDS, variants); // warm-up: JIT, sockets
// Three blocks of rounds, one after another: how far the figure moves from block to block
// is the run's own measure of its noise, printed beside the figure.
const blocks = [];
for (let block = 0; block < BLOCKS; block++) blocks.push(await interleave(ROUNDS, variants));
const rounds = Object.fromEntries(Object.keys(variants).map((name) => [name, blocks.flatMap((b) => b[name])]));
const us = Object.fromEntries(Object.entries(rounds).map(([name, values]) => [name, median(values)]));
// The ratios are medians of per-round ratios (a paired comparison), not ratios of medians.
const pairedRatio = (name, base, of = rounds) => median(of[name].map((value, round) => value / of[base][round]));
const perBlock = blocks.map((b) => fmt(pairedRatio('opslink', 'raw fetch', b), 3)).join(', ');

// Where opslink's time goes: self time by module over a profiled run.
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 50 });
await session.post('Profiler.start');
for (let i = 0; i < REQUESTS * 5; i++) await viaOpslink();
const { profile } = await session.post('Profiler.stop');
session.disconnect();
const bucket = (u) =>
  !u
    ? 'native / idle'
    : u.includes('/opslink/dist/') || u.includes('/main/dist/')
      ? 'opslink'
      : u.includes('/ky/')
        ? 'ky'
        : u.includes('/zod/')
          ? 'zod'
          : u.includes('undici') || u.startsWith('node:internal/deps/undici')
            ? 'undici (fetch)'
            : u.startsWith('node:')
              ? 'node internals'
              : 'other';
const counts = new Map(profile.nodes.map((n) => [n.id, 0]));
for (const id of profile.samples) counts.set(id, counts.get(id) + 1);
const byBucket = new Map();
const byFunction = new Map();
for (const node of profile.nodes) {
  const b = bucket(node.callFrame.url);
  byBucket.set(b, (byBucket.get(b) ?? 0) + counts.get(node.id));
  if (b === 'opslink' || b === 'zod') {
    const key = `${b}: ${node.callFrame.functionName || '(anonymous)'}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + counts.get(node.id));
  }
}
const total = profile.samples.length;
const busy = total - (byBucket.get('native / idle') ?? 0);
await server.stop();

const ratioFetch = pairedRatio('opslink', 'raw fetch');
const ratioKy = pairedRatio('opslink', 'bare ky');
report({
  name: 'Per-request overhead (small direct message, keep-alive, 127.0.0.1)',
  rows: [
    ['raw fetch', `${fmt(us['raw fetch'])} µs/request`],
    ['bare ky', `${fmt(us['bare ky'])} µs/request`],
    ['ky floor (fetch as opslink calls it, timer)', `${fmt(us['ky floor (fetch as opslink calls it, timer)'])} µs/request`],
    ['opslink', `${fmt(us.opslink)} µs/request`],
    ['bare ky / raw fetch', fmt(pairedRatio('bare ky', 'raw fetch'), 3)],
    ['ky floor / raw fetch', fmt(pairedRatio('ky floor (fetch as opslink calls it, timer)', 'raw fetch'), 3)],
    ['opslink / raw fetch', `${fmt(ratioFetch, 3)} (target ≤ 1.25)`],
    ['opslink / bare ky', `${fmt(ratioKy, 3)} (target ≤ 1.05)`],
    [
      'rounds',
      `${BLOCKS} blocks × ${ROUNDS} rounds × ${REQUESTS} requests per variant after ${WARMUP_ROUNDS} warm-up rounds; ratios are medians of per-round ratios`,
    ],
    ['opslink / raw fetch, block by block', perBlock],
  ],
  targets: [
    { target: 'opslink ≤ 1.25 × raw fetch', value: ratioFetch, met: ratioFetch <= 1.25 },
    { target: 'opslink ≤ 1.05 × bare ky', value: ratioKy, met: ratioKy <= 1.05 },
  ],
  profile: {
    note: `CPU samples of ${REQUESTS * 5} opslink requests, self time by module (share of all samples; idle is waiting on the socket)`,
    modules: [...byBucket].sort((a, b) => b[1] - a[1]).map(([name, n]) => [name, `${fmt((100 * n) / total)} %`]),
    topFunctions: [...byFunction]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([name, n]) => [name, `${fmt((100 * n) / busy)} % of busy`]),
  },
  detail: { requestsPerRound: REQUESTS, rounds: ROUNDS, medianMicroseconds: us, perRound: rounds },
});
process.exit(0);
