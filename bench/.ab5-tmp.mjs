import { startServer } from './lib.mjs';

const Old = (await import('/tmp/dist-nofast/index.js')).MessagingClient;
const New = (await import('../dist/index.js')).MessagingClient;
const KEY = 'bot_bench_key_000000000000';
const DM = { to: { email: 'ana@example.com' }, body: 'Your pallet arrived at dock 3' };
const server = await startServer('dm');
const url = `${server.url}/api/bot/messages`;
const H = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', accept: 'application/json' };
const o = new Old({ baseUrl: server.url, botKey: KEY }),
  n = new New({ baseUrl: server.url, botKey: KEY });
const V = {
  raw: async () => (await fetch(url, { method: 'POST', headers: H, body: JSON.stringify(DM) })).json(),
  old: () => o.sendDirectMessage(DM),
  new: () => n.sendDirectMessage(DM),
};
const names = Object.keys(V);
const wall = Object.fromEntries(names.map((k) => [k, []])),
  cpu = Object.fromEntries(names.map((k) => [k, []]));
const R = +(process.argv[2] ?? 41),
  N = 200;
for (let r = -4; r < R; r++) {
  const order = names.map((_, i) => names[(i + r + 4) % names.length]);
  const tw = {},
    tc = {};
  for (const k of order) {
    globalThis.gc?.();
    const c0 = process.cpuUsage();
    const s = performance.now();
    for (let i = 0; i < N; i++) await V[k]();
    tw[k] = ((performance.now() - s) * 1000) / N;
    const c = process.cpuUsage(c0);
    tc[k] = (c.user + c.system) / N;
  }
  if (r >= 0)
    for (const k of names) {
      wall[k].push(tw[k]);
      cpu[k].push(tc[k]);
    }
}
const med = (a) => {
  const b = [...a].sort((x, y) => x - y);
  return b[b.length >> 1];
};
for (const k of names)
  console.log(
    k.padEnd(5),
    'wall ×raw',
    med(wall[k].map((v, i) => v / wall.raw[i])).toFixed(3),
    ' cpu ×raw',
    med(cpu[k].map((v, i) => v / cpu.raw[i])).toFixed(3),
    ' new/old wall',
    k === 'new' ? med(wall.new.map((v, i) => v / wall.old[i])).toFixed(3) : '',
  );
await server.stop();
process.exit(0);
