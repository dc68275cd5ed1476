// Issue 15, target: per-request overhead of opslink ≤ 1.15 × raw fetch (median), and below
// ky, @octokit/request and the openai client, each sending its closest equivalent of a small
// JSON POST to the same keep-alive HTTP server on 127.0.0.1 (bench/server.mjs `dm`, its own
// process), in the same run; and a CPU profile of where opslink's time goes.

import { Session } from 'node:inspector/promises';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request as octokitRequest } from '@octokit/request';
import ky from 'ky';
import OpenAI from 'openai';
import { MessagingClient } from 'opslink';
import { DM, fmt, interleave, DM_KEY as KEY, median, rawDmPost, report, startServer } from './lib.mjs';

// Many short rounds: on a 2-core machine the client, the server and the GC share cores, and a
// round's wall time drifts by ±10 % (JIT, major GCs). Each round runs every variant back to
// back in a rotating order, so the per-round ratio cancels the drift that hits the whole round.
const REQUESTS = 200;
const ROUNDS = 41;
const BLOCKS = 3;
const WARMUP_ROUNDS = 5;
const TARGET = 1.15;

const server = await startServer('dm');
const url = `${server.url}/api/bot/messages`;

// Every variant: POST a small JSON body with a bearer key, read and parse a small JSON answer,
// each library with its defaults (none of them retries or times out here: nothing fails).
const raw = rawDmPost(url);
const kyClient = ky.create({ baseUrl: server.url, headers: { authorization: `Bearer ${KEY}` } });
const viaKy = () => kyClient.post('api/bot/messages', { json: DM }).json();
// octokit: `data` is the JSON body as given (no other parameter is mixed into it).
const octokit = octokitRequest.defaults({ baseUrl: server.url, headers: { authorization: `bearer ${KEY}` } });
const viaOctokit = async () => (await octokit('POST /api/bot/messages', { data: DM })).data;
// openai: a one-message chat completion, answered by the server with a chat-completion body.
const openai = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: KEY });
const viaOpenai = () => openai.chat.completions.create({ model: 'bench', messages: [{ role: 'user', content: DM.body }] });
const client = new MessagingClient({ baseUrl: server.url, botKey: KEY });
const viaOpslink = () => client.sendDirectMessage(DM);

// Each variant once, to see it gets the answer it expects before anything is timed.
if ((await viaOpenai()).choices[0].message.content !== 'ok') throw new Error('openai variant: unexpected answer');
for (const [name, send] of Object.entries({ raw, viaKy, viaOctokit, viaOpslink }))
  if ((await send()).chatId !== 'c1') throw new Error(`${name}: unexpected answer`);

const timed = (send) => async () => {
  // Each round starts on a collected heap, so a major GC (≈10 ms here, one per few hundred
  // requests) is paid by the variant whose garbage caused it, not by whichever ran next.
  globalThis.gc?.();
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) await send();
  return ((performance.now() - started) * 1000) / REQUESTS; // µs per request
};
const PEERS = ['ky', '@octokit/request', 'openai'];
const variants = {
  'raw fetch': timed(raw),
  opslink: timed(viaOpslink),
  ky: timed(viaKy),
  '@octokit/request': timed(viaOctokit),
  openai: timed(viaOpenai),
};
await interleave(WARMUP_ROUNDS, variants); // warm-up: JIT, sockets
// Blocks of rounds, one after another: how far a figure moves from block to block is the
// run's own measure of its noise, printed beside the figure.
const blocks = [];
for (let block = 0; block < BLOCKS; block++) {
  blocks.push(await interleave(ROUNDS, variants));
  process.stdout.write(`  overhead: block ${block + 1} of ${BLOCKS} done\n`);
}
const rounds = Object.fromEntries(Object.keys(variants).map((name) => [name, blocks.flatMap((b) => b[name])]));
const us = Object.fromEntries(Object.entries(rounds).map(([name, values]) => [name, median(values)]));
// Ratios are medians of per-round ratios (a paired comparison), not ratios of medians.
const pairedRatio = (name, base, of = rounds) => median(of[name].map((value, round) => value / of[base][round]));
const perBlock = (name, base) => blocks.map((b) => fmt(pairedRatio(name, base, b), 3)).join(', ');

// Where opslink's time goes: self time by module over a profiled run.
const opslinkDist = dirname(fileURLToPath(import.meta.resolve('opslink')));
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 50 });
await session.post('Profiler.start');
for (let i = 0; i < REQUESTS * 5; i++) await viaOpslink();
const { profile } = await session.post('Profiler.stop');
session.disconnect();
const bucket = (u) => {
  if (!u) return 'native / idle';
  const path = u.startsWith('file:') ? fileURLToPath(u) : u;
  if (path.startsWith(opslinkDist)) return 'opslink';
  if (path.includes('/node_modules/zod/')) return 'zod';
  if (path.includes('undici')) return 'undici (fetch)';
  if (path.startsWith('node:')) return 'node internals';
  return 'other';
};
const counts = new Map(profile.nodes.map((n) => [n.id, 0]));
for (const id of profile.samples) counts.set(id, counts.get(id) + 1);
const byBucket = new Map();
const byFunction = new Map();
for (const node of profile.nodes) {
  const b = bucket(node.callFrame.url);
  byBucket.set(b, (byBucket.get(b) ?? 0) + counts.get(node.id));
  if (b === 'opslink' || b === 'zod') {
    const file = node.callFrame.url.split('/').pop();
    const key = `${b}: ${node.callFrame.functionName || '(anonymous)'}${b === 'opslink' ? ` (${file})` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + counts.get(node.id));
  }
}
const total = profile.samples.length;
const busy = total - (byBucket.get('native / idle') ?? 0);
await server.stop();

const ratioFetch = pairedRatio('opslink', 'raw fetch');
const rows = [
  ...Object.keys(variants).map((name) => [name, `${fmt(us[name])} µs/request`]),
  ['opslink / raw fetch', `${fmt(ratioFetch, 3)} (target ≤ ${TARGET}); block by block ${perBlock('opslink', 'raw fetch')}`],
  ...PEERS.map((peer) => [
    `${peer} / raw fetch`,
    `${fmt(pairedRatio(peer, 'raw fetch'), 3)}; block by block ${perBlock(peer, 'raw fetch')}`,
  ]),
  ...PEERS.map((peer) => [
    `opslink / ${peer}`,
    `${fmt(pairedRatio('opslink', peer), 3)} (target < 1); block by block ${perBlock('opslink', peer)}`,
  ]),
  [
    'method',
    `${BLOCKS} blocks × ${ROUNDS} rounds × ${REQUESTS} sequential requests per variant after ${WARMUP_ROUNDS} warm-up rounds, variants interleaved in a rotating order; ratios are medians of per-round ratios. Same server for all: POST /api/bot/messages (201, small JSON), openai's POST /v1/chat/completions (200, chat completion of the same size). Each library with its defaults.`,
  ],
];
report({
  name: 'Per-request overhead (small JSON POST, keep-alive, 127.0.0.1)',
  rows,
  targets: [
    { target: `opslink ≤ ${TARGET} × raw fetch`, value: ratioFetch, met: ratioFetch <= TARGET },
    ...PEERS.map((peer) => {
      const value = pairedRatio('opslink', peer);
      return { target: `opslink below ${peer} (opslink / ${peer} < 1)`, value, met: value < 1 };
    }),
  ],
  profile: {
    note: `CPU samples of ${REQUESTS * 5} opslink requests, self time by module (share of all samples; idle is waiting on the socket). opslink = files under ${relative(process.cwd(), opslinkDist) || '.'}/.`,
    modules: [...byBucket].sort((a, b) => b[1] - a[1]).map(([name, n]) => [name, `${fmt((100 * n) / total)} %`]),
    topFunctions: [...byFunction]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([name, n]) => [name, `${fmt((100 * n) / busy)} % of busy`]),
  },
  detail: { requestsPerRound: REQUESTS, rounds: ROUNDS, medianMicroseconds: us, perRound: rounds },
});
process.exit(0);
