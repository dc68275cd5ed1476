// Target 1: per-request overhead of opslink over raw fetch and bare ky, a small direct
// message to a keep-alive HTTP server on 127.0.0.1; and a CPU profile of where it goes.
import { Session } from 'node:inspector/promises';
import ky from 'ky';
import { MessagingClient } from 'opslink';
import { fmt, interleave, median, report, startServer } from './lib.mjs';

const REQUESTS = 400;
const ROUNDS = 15;
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
const client = new MessagingClient({ baseUrl: server.url, botKey: KEY });
const viaOpslink = () => client.sendDirectMessage(DM);

const timed = (send) => async () => {
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) await send();
  return ((performance.now() - started) * 1000) / REQUESTS; // µs per request
};
const variants = { 'raw fetch': timed(raw), 'bare ky': timed(viaKy), opslink: timed(viaOpslink) };
await interleave(2, variants); // warm-up: JIT, sockets
const rounds = await interleave(ROUNDS, variants);
const us = Object.fromEntries(Object.entries(rounds).map(([name, values]) => [name, median(values)]));

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

const ratioFetch = us.opslink / us['raw fetch'];
const ratioKy = us.opslink / us['bare ky'];
report({
  name: 'Per-request overhead (small direct message, keep-alive, 127.0.0.1)',
  rows: [
    ['raw fetch', `${fmt(us['raw fetch'])} µs/request`],
    ['bare ky', `${fmt(us['bare ky'])} µs/request`],
    ['opslink', `${fmt(us.opslink)} µs/request`],
    ['opslink / raw fetch', `${fmt(ratioFetch, 3)} (target ≤ 1.25)`],
    ['opslink / bare ky', `${fmt(ratioKy, 3)} (target ≤ 1.05)`],
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
  detail: { requestsPerRound: REQUESTS, rounds: ROUNDS, medianMicroseconds: us },
});
process.exit(0);
