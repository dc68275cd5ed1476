// Target 3: 10,000 inbound orders at limit 200 with 20 ms added server latency:
// concurrency 4 takes ≤ 0.35 × the wall time of concurrency 1, same items, same order.
import { WarehouseClient } from 'opslink';
import { fmt, interleave, median, report, startServer } from './lib.mjs';

const server = await startServer('warehouse', { orders: 10_000, latency: 20 });
const client = new WarehouseClient({ baseUrl: server.url, apiKey: server.apiKey, warehouseId: server.warehouseId });
let reference;
const walk = (concurrency) => async () => {
  const started = performance.now();
  const ids = [];
  for await (const order of client.inbound.list({ limit: 200, sort_key: 'created_at', sort_order: 'asc' }, { concurrency }))
    ids.push(order.order_id);
  const ms = performance.now() - started;
  const key = ids.join();
  reference ??= key;
  if (ids.length !== 10_000 || key !== reference) throw new Error(`concurrency ${concurrency} gave other items or another order`);
  return ms;
};
const rounds = await interleave(5, { 'concurrency 1': walk(1), 'concurrency 4': walk(4) });
await server.stop();
const ms = Object.fromEntries(Object.entries(rounds).map(([k, v]) => [k, median(v)]));
const ratio = ms['concurrency 4'] / ms['concurrency 1'];
report({
  name: 'Pagination: 10,000 orders, limit 200, 20 ms server latency',
  rows: [
    ['concurrency 1', `${fmt(ms['concurrency 1'], 0)} ms`],
    ['concurrency 4', `${fmt(ms['concurrency 4'], 0)} ms`],
    ['ratio', `${fmt(ratio, 3)} (target ≤ 0.35); same 10,000 items in the same order`],
  ],
  targets: [{ target: 'concurrency 4 ≤ 0.35 × concurrency 1', value: ratio, met: ratio <= 0.35 }],
  detail: { medianMs: ms },
});
process.exit(0);
