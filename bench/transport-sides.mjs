// Issue 25, a quick side-by-side of the transports (not part of bench/run.mjs; bench/overhead.mjs
// owns the published figures): per request wall and client CPU of a small JSON POST with
// keep-alive to bench/server.mjs on 127.0.0.1, as a ratio to raw fetch in the same round.
// Variants: raw fetch, raw node:http with a keep-alive agent (the floor), opslink (its Node
// transport), opslink given a `fetch` option (the fetch path). Run: node --expose-gc bench/transport-sides.mjs
import { Agent, request } from 'node:http';
import { MessagingClient } from 'opslink';
import { DM, DM_KEY, fmt, interleave, median, rawDmPost, startServer } from './lib.mjs';

const REQUESTS = 200;
const ROUNDS = Number(process.env.ROUNDS ?? 31);
const server = await startServer('dm');
const url = `${server.url}/api/bot/messages`;

const agent = new Agent({ keepAlive: true });
const body = JSON.stringify(DM);
const headers = {
  authorization: `Bearer ${DM_KEY}`,
  'content-type': 'application/json',
  accept: 'application/json',
  'content-length': Buffer.byteLength(body),
};
const rawHttp = () =>
  new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString())));
    });
    req.on('error', reject);
    req.end(body);
  });
const nodeClient = new MessagingClient({ baseUrl: server.url, botKey: DM_KEY });
const fetchClient = new MessagingClient({ baseUrl: server.url, botKey: DM_KEY, fetch: (input, init) => fetch(input, init) });
const sends = {
  'raw fetch': rawDmPost(url),
  'node:http': rawHttp,
  opslink: () => nodeClient.sendDirectMessage(DM),
  'opslink, fetch option': () => fetchClient.sendDirectMessage(DM),
};
for (const [name, send] of Object.entries(sends)) if ((await send()).chatId !== 'c1') throw new Error(`${name}: unexpected answer`);

const timed = (send) => async () => {
  globalThis.gc?.();
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) await send();
  const used = process.cpuUsage(cpu);
  return { wall: ((performance.now() - started) * 1000) / REQUESTS, cpu: (used.user + used.system) / REQUESTS };
};
await interleave(3, Object.fromEntries(Object.entries(sends).map(([n, s]) => [n, timed(s)])));
const rounds = await interleave(ROUNDS, Object.fromEntries(Object.entries(sends).map(([n, s]) => [n, timed(s)])));
const base = rounds['raw fetch'];
console.log(`per request, ${ROUNDS} rounds of ${REQUESTS}; medians of per-round ratios to raw fetch`);
console.log('| variant | wall µs | CPU µs | wall / fetch | CPU / fetch |\n|---|---|---|---|---|');
for (const [name, values] of Object.entries(rounds)) {
  const wall = median(values.map((v, i) => v.wall / base[i].wall));
  const cpu = median(values.map((v, i) => v.cpu / base[i].cpu));
  console.log(
    `| ${name} | ${fmt(median(values.map((v) => v.wall)), 0)} | ${fmt(median(values.map((v) => v.cpu)), 0)} | ${fmt(wall, 2)} | ${fmt(cpu, 2)} |`,
  );
}
await server.stop();
