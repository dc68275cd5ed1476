// `npm run bench -- wan` (issue 33): walking 4,000 inbound orders (pages of 200) over a shaped
// link, 20 ms round trip and 20 Mbit/s each way (bench/shaper.mjs), against a server that
// compresses JSON as nginx's `gzip on` does (bench/wan-server.mjs). Per variant and round:
// the walk's wall time, the bytes the link carried to the client and the connections it
// opened. Wall figures are medians of per-round ratios to raw fetch + JSON.parse one page at
// a time, in the same round; the variants run interleaved in a rotating order.
// - per connection: each connection gets its own 20 Mbit/s (concurrency 1, and opslink at 4);
// - shared: one 20 Mbit/s for all connections (one office line), where reading ahead gains
//   only what compression and the round trips leave to gain.
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import axios from 'axios';
import { WarehouseClient } from 'opslink';
import { fmt, interleave, median, report, spread } from './lib.mjs';

const ORDERS = 4_000;
const LIMIT = 200;
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const LINK = { rttMs: 20, mbps: 20 };

/** A bench file in a process of its own; resolves with what it reports first, and gives its stats and a stop. */
function child(file, options) {
  const process = fork(new URL(file, import.meta.url), [JSON.stringify(options)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    process.once('message', (info) =>
      resolve({
        ...info,
        stats: (reset) =>
          new Promise((done) => {
            process.once('message', (message) => done(message.stats));
            process.send({ cmd: 'stats', reset });
          }),
        stop: () => new Promise((done) => process.once('exit', done).kill()),
      }),
    );
    process.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
}

const server = await child('./wan-server.mjs', { orders: ORDERS });
const gzipAlways = await child('./wan-server.mjs', { orders: ORDERS, always: true });
const perConnection = await child('./shaper.mjs', { target: server.port, ...LINK, shared: false });
const shared = await child('./shaper.mjs', { target: server.port, ...LINK, shared: true });
const headers = { authorization: `ApiKey ${server.apiKey}`, 'x-warehouse-id': server.warehouseId, accept: 'application/json' };
const pageUrl = (base, offset) => `${base}/api/v1/inbound?limit=${LIMIT}&offset=${offset}`;

/** One page at a time, as a hand-written walk does: the next page asked once this one is read. */
async function byHand(base, getPage) {
  let items = 0;
  for (let offset = 0; offset < ORDERS; offset += LIMIT) items += (await getPage(pageUrl(base, offset))).data.orders.length;
  return items;
}

const rawFetch = (base) => byHand(base, async (url) => (await fetch(url, { headers })).json());
const viaAxios = (base) => byHand(base, async (url) => (await axios.get(url, { headers })).data);
const plainAgent = new Agent({ keepAlive: true });
/** node:http with no Accept-Encoding: what opslink's Node transport sent before issue 33. */
const nodeHttp = (base) =>
  byHand(
    base,
    (url) =>
      new Promise((resolve, reject) => {
        const req = request(url, { headers, agent: plainAgent }, (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk)).on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString())));
        });
        req.on('error', reject).end();
      }),
  );

const clients = new Map();
/** opslink's walk (`for await`), one client per base URL and kind, kept across rounds as a long-running client is. */
function opslink(kind, concurrency) {
  return async (base) => {
    const key = `${kind} ${base}`;
    if (!clients.has(key)) {
      const options = kind === 'fetch' ? { fetch: (input, init) => fetch(input, init) } : {};
      clients.set(
        key,
        new WarehouseClient({ baseUrl: `${base}/api/v1`, apiKey: server.apiKey, warehouseId: server.warehouseId, ...options }),
      );
    }
    let items = 0;
    for await (const _ of clients.get(key).inbound.list({ limit: LIMIT }, { concurrency })) items++;
    return items;
  };
}

/** Each variant: the link it goes through and its walk. */
const VARIANTS = {
  'raw fetch, one page at a time': [perConnection, rawFetch],
  axios: [perConnection, viaAxios],
  'opslink with a fetch option': [perConnection, opslink('fetch', 1)],
  'opslink, default (Node transport)': [perConnection, opslink('node', 1)],
  'node:http without Accept-Encoding': [perConnection, nodeHttp],
  'opslink, default, concurrency 4 (four caps)': [perConnection, opslink('node', 4)],
  'shared: raw fetch, one page at a time': [shared, rawFetch],
  'shared: opslink, default, concurrency 1': [shared, opslink('node', 1)],
  'shared: opslink, default, concurrency 4': [shared, opslink('node', 4)],
  'shared: opslink with a fetch option, concurrency 4': [shared, opslink('fetch', 4)],
};

/** A walk measured: wall ms, bytes to the client, connections opened. */
const measured = ([link, walk]) =>
  async function run() {
    await link.stats(true);
    const started = performance.now();
    const items = await walk(link.url);
    const wall = performance.now() - started;
    const { down, connections } = await link.stats(true);
    if (items !== ORDERS) throw new Error(`a walk read ${items} items, not ${ORDERS}`);
    return { wall, down, connections };
  };

// One more round than measured: the first opens the connections and warms the server's page cache and the JIT.
const all = await interleave(ROUNDS + 1, Object.fromEntries(Object.entries(VARIANTS).map(([name, v]) => [name, measured(v)])));
const firstWalk = Object.fromEntries(Object.entries(all).map(([name, values]) => [name, values[0]]));
const rounds = Object.fromEntries(Object.entries(all).map(([name, values]) => [name, values.slice(1)]));

/** An answer compressed whatever was asked (accept-encoding: identity): read by both transports? */
async function readsUnasked(kind) {
  const options = {
    headers: { 'accept-encoding': 'identity' },
    ...(kind === 'fetch' ? { fetch: (input, init) => fetch(input, init) } : {}),
  };
  const client = new WarehouseClient({
    baseUrl: `http://127.0.0.1:${gzipAlways.port}/api/v1`,
    apiKey: server.apiKey,
    warehouseId: server.warehouseId,
    ...options,
  });
  let items = 0;
  for await (const _ of client.inbound.list({ limit: LIMIT })) items++;
  return items === ORDERS;
}
const unasked = { node: await readsUnasked('node').catch(() => false), fetch: await readsUnasked('fetch').catch(() => false) };
await Promise.all([server, gzipAlways, perConnection, shared].map((c) => c.stop()));

const ratiosTo = (name, base, field = 'wall') => rounds[name].map((r, i) => r[field] / rounds[base][i][field]);
const ratioTo = (name, base, field = 'wall') => median(ratiosTo(name, base, field));
const after = (name) => rounds[name].map((r) => r.connections);
const row = (name, base) => {
  const r = rounds[name];
  const kib = median(r.map((x) => x.down)) / 1024;
  return [
    name,
    `wall ${spread(ratiosTo(name, base), 2)}, ${fmt(median(r.map((x) => x.wall)), 0)} ms; bytes to the client ${fmt(kib, 0)} KiB (${fmt(ratioTo(name, base, 'down'), 2)}×); connections opened: first walk ${firstWalk[name].connections}, later walks ${median(after(name))} (max ${Math.max(...after(name))})`,
  ];
};
const perConn = Object.keys(VARIANTS).filter((n) => !n.startsWith('shared'));
const sharedNames = Object.keys(VARIANTS).filter((n) => n.startsWith('shared'));
const BASE = 'raw fetch, one page at a time';
const SHARED_BASE = 'shared: raw fetch, one page at a time';

const floorMs = (ORDERS / LIMIT) * LINK.rttMs + (median(rounds[BASE].map((x) => x.down)) * 8) / (LINK.mbps * 1e3);
const bytes1 = ratioTo('opslink, default (Node transport)', BASE, 'down');
const bytes4 = ratioTo('shared: opslink, default, concurrency 4', SHARED_BASE, 'down');
const wall1 = ratioTo('opslink, default (Node transport)', BASE);
const wall4 = ratioTo('shared: opslink, default, concurrency 4', SHARED_BASE);
const newConnections = Math.max(
  ...after('shared: opslink, default, concurrency 4'),
  ...after('opslink, default, concurrency 4 (four caps)'),
);
report({
  name: `Over a shaped link: 4,000 orders, pages of ${LIMIT}, ${LINK.rttMs} ms round trip, ${LINK.mbps} Mbit/s (issue 33)`,
  rows: [
    ...perConn.map((n) => row(n, BASE)),
    ...sharedNames.map((n) => row(n, SHARED_BASE)),
    [
      "the link's floor for a walk one page at a time",
      `${fmt(floorMs, 0)} ms: ${ORDERS / LIMIT} round trips and the bytes raw fetch received, at ${LINK.mbps} Mbit/s; the rest of a walk is the client's and the server's own time`,
    ],
    [
      'a server that always answers gzip (asked identity)',
      `read by the Node transport: ${unasked.node ? 'yes' : 'no'}; over fetch: ${unasked.fetch ? 'yes' : 'no'}`,
    ],
    [
      'method',
      `${ROUNDS} rounds after one to warm up (it opens the first connections), the variants interleaved in a rotating order; wall and bytes are medians of per-round ratios to raw fetch + JSON.parse one page at a time in the same round (through the same link: "shared" rows to the shared-link baseline). Bytes are what the link carried to the client (headers included). The link (bench/shaper.mjs) adds ${LINK.rttMs / 2} ms each way, one round trip before a new connection's first byte, and caps each direction at ${LINK.mbps} Mbit/s, per connection or shared by all. The server (bench/wan-server.mjs) gzips (level 6) when asked, keeps connections 60 s and says so (Keep-Alive: timeout=60). Clients persist across rounds, as a long-running client does. Machine shared with other work: read ratios, not milliseconds.`,
    ],
  ],
  targets: [
    {
      target: 'wan: bytes of a walk ≤ 1.05 × raw fetch (concurrency 1; 4, shared)',
      value: `${fmt(bytes1, 3)}; ${fmt(bytes4, 3)}`,
      met: bytes1 <= 1.05 && bytes4 <= 1.05,
    },
    { target: 'wan: wall, concurrency 1 ≤ 1.0 × raw fetch', value: wall1, met: wall1 <= 1.0 },
    { target: 'wan: wall, concurrency 4, one cap shared by all connections ≤ 0.6 × raw fetch', value: wall4, met: wall4 <= 0.6 },
    {
      target: 'wan: a server that always answers gzip is read by both transports',
      value: `${unasked.node}/${unasked.fetch}`,
      met: unasked.node && unasked.fetch,
    },
    { target: 'wan: new connections per walk after the first: 0 (concurrency 4)', value: newConnections, met: newConnections === 0 },
  ],
  detail: { firstWalk, rounds },
});
process.exit(0);
