// Issue 25, targets: per request in Node, opslink's wall time ≤ 0.45 × raw fetch and the
// client process's CPU ≤ 0.35 × raw fetch's; opslink given a `fetch` option (the platform's
// own, as another runtime would use) ≤ 1.10 × raw fetch. Each peer is timed beside it, each
// sending its closest equivalent of a small JSON POST to the same keep-alive HTTP server on
// 127.0.0.1 (bench/server.mjs `dm`, its own process, so its CPU is not the client's): raw
// fetch, node:http with a keep-alive Agent (the floor), stripe, axios, @octokit/request, ky,
// openai. And a CPU profile of where opslink's time goes. (Issue 15's targets, opslink below
// ky, @octokit/request and openai, are kept.)

import { Session } from 'node:inspector/promises';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request as octokitRequest } from '@octokit/request';
import axios from 'axios';
import ky from 'ky';
import OpenAI from 'openai';
import { MessagingClient } from 'opslink';
import Stripe from 'stripe';
import { DM, fmt, interleave, DM_KEY as KEY, median, nodeHttpDmPost, rawDmPost, report, startServer } from './lib.mjs';

// Many short rounds: on a 2-core machine the client, the server and the GC share cores, and a
// round's wall time drifts by ±10 % (JIT, major GCs). Each round runs every variant back to
// back in a rotating order, so the per-round ratio cancels the drift that hits the whole round.
const REQUESTS = 200;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 25);
const BLOCKS = 3;
const WARMUP_ROUNDS = 5;
const WALL_TARGET = 0.45;
const CPU_TARGET = 0.35;
const FETCH_OPTION_TARGET = 1.1;
/** Issue 44: opslink's wall and CPU per request ≤ 0.9 × stripe's, side by side in one run. */
const STRIPE_TARGET = 0.9;

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
// The same client given the platform's fetch: the path every runtime without a transport of its own takes.
const overFetch = new MessagingClient({ baseUrl: server.url, botKey: KEY, fetch: globalThis.fetch });
const viaOpslinkFetch = () => overFetch.sendDirectMessage(DM);
const viaNodeHttp = nodeHttpDmPost(url);
// stripe: its default node:http client, pointed at the server; a customer create is its small form POST (201, small JSON).
const { port } = new URL(server.url);
const stripe = new Stripe(KEY, { host: '127.0.0.1', port: Number(port), protocol: 'http', telemetry: false });
const viaStripe = () => stripe.customers.create({ email: DM.to.email, description: DM.body });
// axios: its default adapter in Node (node:http, the global agent keeps sockets alive).
const viaAxios = async () => (await axios.post(url, DM, { headers: { authorization: `Bearer ${KEY}` } })).data;

// Each variant once, to see it gets the answer it expects before anything is timed.
if ((await viaOpenai()).choices[0].message.content !== 'ok') throw new Error('openai variant: unexpected answer');
const checked = { raw, viaNodeHttp, viaOpslink, viaOpslinkFetch, viaStripe, viaAxios, viaKy, viaOctokit };
for (const [name, send] of Object.entries(checked)) if ((await send()).chatId !== 'c1') throw new Error(`${name}: unexpected answer`);

const timed = (send) => async () => {
  // Each round starts on a collected heap, so a major GC (≈10 ms here, one per few hundred
  // requests) is paid by the variant whose garbage caused it, not by whichever ran next.
  globalThis.gc?.();
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) await send();
  const wall = ((performance.now() - started) * 1000) / REQUESTS;
  const used = process.cpuUsage(cpu);
  return { wall, cpu: (used.user + used.system) / REQUESTS }; // µs per request
};
const PEERS = ['node:http + keep-alive Agent', 'stripe', 'axios', '@octokit/request', 'ky', 'openai'];
const FASTER_THAN = ['ky', '@octokit/request', 'openai'];
const variants = {
  'raw fetch': timed(raw),
  opslink: timed(viaOpslink),
  'opslink with a fetch option': timed(viaOpslinkFetch),
  'node:http + keep-alive Agent': timed(viaNodeHttp),
  stripe: timed(viaStripe),
  axios: timed(viaAxios),
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
const names = Object.keys(variants);
const measure = (kind, of) => Object.fromEntries(names.map((name) => [name, of[name].map((r) => r[kind])]));
const rounds = { wall: measure('wall', Object.fromEntries(names.map((n) => [n, blocks.flatMap((b) => b[n])]))) };
rounds.cpu = measure('cpu', Object.fromEntries(names.map((n) => [n, blocks.flatMap((b) => b[n])])));
const us = (kind) => Object.fromEntries(names.map((name) => [name, median(rounds[kind][name])]));
// Ratios are medians of per-round ratios (a paired comparison), not ratios of medians.
const pairedRatio = (name, base, kind = 'wall', of = rounds[kind]) => median(of[name].map((value, round) => value / of[base][round]));
const perBlock = (name, base, kind = 'wall') => blocks.map((b) => fmt(pairedRatio(name, base, kind, measure(kind, b)), 3)).join(', ');
const both = (name, base) =>
  `wall ${fmt(pairedRatio(name, base), 3)} (block by block ${perBlock(name, base)}); client CPU ${fmt(pairedRatio(name, base, 'cpu'), 3)} (block by block ${perBlock(name, base, 'cpu')})`;

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

const wallRatio = pairedRatio('opslink', 'raw fetch');
const cpuRatio = pairedRatio('opslink', 'raw fetch', 'cpu');
const fetchOptionRatio = pairedRatio('opslink with a fetch option', 'raw fetch');
const wallUs = us('wall');
const cpuUs = us('cpu');
const rows = [
  ...names.map((name) => [name, `${fmt(wallUs[name])} µs/request wall, ${fmt(cpuUs[name])} µs/request client CPU`]),
  ['opslink / raw fetch', `${both('opslink', 'raw fetch')}; targets wall ≤ ${WALL_TARGET}, CPU ≤ ${CPU_TARGET}`],
  ['opslink with a fetch option / raw fetch', `${both('opslink with a fetch option', 'raw fetch')}; target wall ≤ ${FETCH_OPTION_TARGET}`],
  ...PEERS.map((peer) => [`${peer} / raw fetch`, both(peer, 'raw fetch')]),
  ...FASTER_THAN.map((peer) => [`opslink / ${peer}`, `${both('opslink', peer)} (target wall < 1)`]),
  ['opslink / stripe', `${both('opslink', 'stripe')} (issue 44: wall and CPU ≤ ${STRIPE_TARGET})`],
  [
    'method',
    `${BLOCKS} blocks × ${ROUNDS} rounds × ${REQUESTS} sequential requests per variant after ${WARMUP_ROUNDS} warm-up rounds, variants interleaved in a rotating order; ratios are medians of per-round ratios. Client CPU is process.cpuUsage() of the client process over the round (the server runs in its own). Same server for all: POST /api/bot/messages (201, small JSON), stripe's POST /v1/customers and openai's POST /v1/chat/completions (answers of the same size). Each library with its defaults; opslink with whatever transport the built client chooses.`,
  ],
];
report({
  name: 'Per-request overhead in Node (small JSON POST, keep-alive, 127.0.0.1)',
  rows,
  targets: [
    { target: `per request in Node, opslink wall ≤ ${WALL_TARGET} × raw fetch`, value: wallRatio, met: wallRatio <= WALL_TARGET },
    { target: `per request in Node, opslink client CPU ≤ ${CPU_TARGET} × raw fetch`, value: cpuRatio, met: cpuRatio <= CPU_TARGET },
    {
      target: `opslink with a fetch option ≤ ${FETCH_OPTION_TARGET} × raw fetch (wall)`,
      value: fetchOptionRatio,
      met: fetchOptionRatio <= FETCH_OPTION_TARGET,
    },
    ...FASTER_THAN.map((peer) => {
      const value = pairedRatio('opslink', peer);
      return { target: `opslink below ${peer} (opslink / ${peer} < 1)`, value, met: value < 1 };
    }),
    ...['wall', 'cpu'].map((kind) => {
      const value = pairedRatio('opslink', 'stripe', kind);
      return {
        target: `issue 44: per request in Node, opslink ${kind === 'cpu' ? 'client CPU' : 'wall'} ≤ ${STRIPE_TARGET} × stripe (same run)`,
        value,
        met: value <= STRIPE_TARGET,
      };
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
  detail: { requestsPerRound: REQUESTS, rounds: ROUNDS, medianMicroseconds: { wall: wallUs, cpu: cpuUs }, perRound: rounds },
});
process.exit(0);
