// Target 4: iterating 200,000 orders page by page raises the heap by < 32 MB.
// Run with --expose-gc (bench/run.mjs does).
import { WarehouseClient } from 'opslink';
import { fmt, report, startServer } from './lib.mjs';

if (typeof globalThis.gc !== 'function') throw new Error('run with --expose-gc');
const server = await startServer('warehouse', { orders: 200_000 });
const client = new WarehouseClient({ baseUrl: server.url, apiKey: server.apiKey, warehouseId: server.warehouseId });
// Warm up sockets and code paths, then take the baseline.
await client.inbound.list({ limit: 200 });
gc();
const baseline = process.memoryUsage().heapUsed;
let peak = baseline;
let count = 0;
let pages = 0;
for await (const page of client.inbound.list({ limit: 200 }).pages()) {
  count += page.items.length;
  if (++pages % 50 === 0) {
    gc();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }
}
gc();
const after = process.memoryUsage().heapUsed;
peak = Math.max(peak, after);
await server.stop();
if (count !== 200_000) throw new Error(`expected 200,000 orders, got ${count}`);
const riseMb = (peak - baseline) / 2 ** 20;
report({
  name: 'Memory: 200,000 orders page by page',
  rows: [
    ['orders iterated', `${count} in ${pages} pages`],
    ['heap at start (after GC)', `${fmt(baseline / 2 ** 20)} MB`],
    ['highest heap after GC, every 50 pages', `${fmt(peak / 2 ** 20)} MB`],
    ['rise', `${fmt(riseMb)} MB (target < 32 MB)`],
  ],
  targets: [{ target: 'heap rise < 32 MB', value: riseMb, met: riseMb < 32 }],
  detail: { baseline, peak, after },
});
process.exit(0);
