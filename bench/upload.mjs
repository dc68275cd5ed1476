// Target 5: bulk upload of a 200 MB CSV via fs.openAsBlob: peak RSS grows < 64 MB, and
// throughput is ≥ 0.8 × raw fetch posting the same Blob.
import { openAsBlob } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BULK_CSV_COLUMNS, WarehouseClient } from 'opslink';
import { fmt, interleave, median, report, startServer } from './lib.mjs';

const SIZE = 200 * 2 ** 20;
const dir = await mkdtemp(join(tmpdir(), 'opslink-bench-'));
const path = join(dir, 'orders.csv');
{
  // Written in 1 MB chunks, so the benchmark's own memory stays flat too.
  const file = await open(path, 'w');
  const row = '11/20/2026,Target,PO-2001,"Desk lamp, black",black,LAMP-BLK,12,B000000001,9.50,24.99,fba,,,"Fragile",,individual,,\r\n';
  const chunk = Buffer.from(`${BULK_CSV_COLUMNS.join(',')}\r\n${row.repeat(Math.floor(2 ** 20 / row.length) - 1)}`);
  let written = 0;
  while (written < SIZE) written += (await file.write(chunk)).bytesWritten;
  await file.close();
}
const server = await startServer('drain');
const client = new WarehouseClient({ baseUrl: server.url, apiKey: 'bench-key', warehouseId: 'bench-wh', timeout: 600_000 });

function sampleRss() {
  const start = process.memoryUsage.rss();
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  return () => {
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage.rss());
    return peak - start;
  };
}
const run = (send) => async () => {
  const blob = await openAsBlob(path, { type: 'text/csv' });
  const stop = sampleRss();
  const started = performance.now();
  const bytes = await send(blob);
  const seconds = (performance.now() - started) / 1000;
  const rssGrowth = stop();
  if (bytes < SIZE) throw new Error(`server got ${bytes} bytes`);
  return { mbPerSecond: SIZE / 2 ** 20 / seconds, rssGrowthMb: rssGrowth / 2 ** 20 };
};
const variants = {
  'raw fetch': run(async (blob) => {
    const form = new FormData();
    form.append('bulk', 'true');
    form.append('file', blob, 'orders.csv');
    const response = await fetch(`${server.url}/api/v1/inbound`, { method: 'POST', body: form });
    return (await response.json()).data.bytes;
  }),
  opslink: run(async (blob) => (await client.inbound.createBulk(blob)).data.bytes),
};
await interleave(1, variants); // warm-up: first-time allocations are no variant's cost
const rounds = await interleave(3, variants);
await server.stop();
await rm(dir, { recursive: true, force: true });
const mbps = (name) => median(rounds[name].map((r) => r.mbPerSecond));
const rssMax = Math.max(...rounds.opslink.map((r) => r.rssGrowthMb));
const ratio = mbps('opslink') / mbps('raw fetch');
report({
  name: 'Bulk upload of a 200 MB CSV via fs.openAsBlob',
  rows: [
    [
      'raw fetch',
      `${fmt(mbps('raw fetch'))} MB/s, RSS +${fmt(Math.max(...rounds['raw fetch'].map((r) => r.rssGrowthMb)))} MB (worst round)`,
    ],
    ['opslink', `${fmt(mbps('opslink'))} MB/s, RSS +${fmt(rssMax)} MB (worst round)`],
    ['throughput ratio', `${fmt(ratio, 3)} (target ≥ 0.8)`],
    ['peak RSS growth (opslink, worst round)', `${fmt(rssMax)} MB (target < 64 MB)`],
  ],
  targets: [
    { target: 'throughput ≥ 0.8 × raw fetch', value: ratio, met: ratio >= 0.8 },
    { target: 'peak RSS growth < 64 MB', value: rssMax, met: rssMax < 64 },
  ],
  detail: rounds,
});
process.exit(0);
