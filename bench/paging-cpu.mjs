// Issue 25, target: walking 20,000 inbound orders page by page (limit 200, one page at a
// time, tolerant reads: the default, strictResponseValidation off) costs the client process
// ≤ 1.4 × the CPU of raw fetch + JSON.parse walking the same pages. The server (the
// warehouse mock, bench/server.mjs `warehouse`) runs in its own process, so its work is not
// counted. Client CPU is process.cpuUsage() over the walk.
import { WarehouseClient } from 'opslink';
import { cpuAndWall, fmt, interleave, median, report, spread, startServer } from './lib.mjs';

const ORDERS = 20_000;
const LIMIT = 200;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 11);
const TARGET = 1.4;

const server = await startServer('warehouse', { orders: ORDERS });
const client = new WarehouseClient({ baseUrl: server.url, apiKey: server.apiKey, warehouseId: server.warehouseId });
const headers = { accept: 'application/json', authorization: `ApiKey ${server.apiKey}`, 'x-warehouse-id': server.warehouseId };

const viaOpslink = async () => {
  let count = 0;
  for await (const order of client.inbound.list({ limit: LIMIT })) if (order.order_id) count++;
  if (count !== ORDERS) throw new Error(`opslink: ${count} orders`);
};
const viaFetch = async () => {
  let count = 0;
  for (let offset = 0; offset < ORDERS; offset += LIMIT) {
    const response = await fetch(`${server.url}/inbound?limit=${LIMIT}&offset=${offset}`, { headers });
    for (const order of JSON.parse(await response.text()).data.orders) if (order.order_id) count++;
  }
  if (count !== ORDERS) throw new Error(`raw fetch: ${count} orders`);
};
const measured = (run) => async () => {
  globalThis.gc?.();
  return cpuAndWall(run);
};
const variants = { 'raw fetch + JSON.parse': measured(viaFetch), opslink: measured(viaOpslink) };
await interleave(2, variants); // warm-up: JIT, sockets
const rounds = await interleave(ROUNDS, variants);
await server.stop();

const ratios = (kind) => rounds.opslink.map((r, i) => r[kind] / rounds['raw fetch + JSON.parse'][i][kind]);
const cpuRatio = median(ratios('cpu'));
report({
  name: 'Paging 20,000 orders: client CPU',
  rows: [
    ...Object.keys(variants).map((name) => [
      name,
      `${fmt(median(rounds[name].map((r) => r.cpu)), 0)} ms client CPU, ${fmt(median(rounds[name].map((r) => r.wall)), 0)} ms wall (medians)`,
    ]),
    ['opslink / raw fetch + JSON.parse, client CPU', `${spread(ratios('cpu'))} (target ≤ ${TARGET})`],
    ['opslink / raw fetch + JSON.parse, wall', spread(ratios('wall'))],
    [
      'method',
      `${ORDERS} inbound orders, limit ${LIMIT} (${ORDERS / LIMIT} pages), one page at a time, every item touched; ${ROUNDS} rounds after 2 warm-up, interleaved; ratios are medians of per-round ratios. opslink with its defaults (strictResponseValidation off: tolerant reads).`,
    ],
  ],
  targets: [{ target: `paging 20,000 orders, client CPU ≤ ${TARGET} × raw fetch + JSON.parse`, value: cpuRatio, met: cpuRatio <= TARGET }],
  detail: rounds,
});
process.exit(0);
