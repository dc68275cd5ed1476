// Issue 15, target: the 200 MB CSV upload (`inbound.createBulk` of an `fs.openAsBlob` Blob)
// keeps streaming: its time is ≤ 1.0 × raw fetch posting the same Blob in a FormData
// to the same draining server (bench/server.mjs `drain`, its own process), and the client's
// peak RSS grows by ≤ 32 MB (worst round). A buffered body would show as +200 MB.
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
  // One header, then rows (createBulk checks the file as a CSV before it sends it).
  const chunk = Buffer.from(row.repeat(Math.floor(2 ** 20 / row.length)));
  let written = (await file.write(`${BULK_CSV_COLUMNS.join(',')}\r\n`)).bytesWritten;
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
  return { seconds, mbPerSecond: SIZE / 2 ** 20 / seconds, rssGrowthMb: rssGrowth / 2 ** 20 };
};
const variants = {
  'raw fetch': run(async (blob) => {
    const form = new FormData();
    form.append('bulk', 'true');
    form.append('file', blob, 'orders.csv');
    const response = await fetch(`${server.url}/api/v1/inbound`, { method: 'POST', body: form });
    return (await response.json()).data.bytes;
  }),
  // Diagnostic, not a target: raw fetch with what opslink adds to every attempt, a timer's
  // AbortSignal (its timeout covers the body) and its headers. Shows what of opslink's time is
  // the signal and headers, as undici handles them, rather than the SDK's own code.
  'raw fetch + signal and headers': run(async (blob) => {
    const form = new FormData();
    form.append('bulk', 'true');
    form.append('file', blob, 'orders.csv');
    const timer = new AbortController();
    const timeoutId = setTimeout(() => timer.abort(), 600_000);
    try {
      const headers = {
        accept: 'application/json',
        'user-agent': 'opslink-bench',
        authorization: 'Bearer bench-key',
        'x-warehouse-id': 'bench-wh',
      };
      const response = await fetch(`${server.url}/api/v1/inbound`, { method: 'POST', headers, body: form, signal: timer.signal });
      return JSON.parse(await response.text()).data.bytes;
    } finally {
      clearTimeout(timeoutId);
    }
  }),
  opslink: run(async (blob) => (await client.inbound.createBulk(blob)).data.bytes),
};
const ROUNDS = 15;
const TIME_TARGET = 1.0;
const RSS_TARGET_MB = 32;
await interleave(1, variants); // warm-up: first-time allocations are no variant's cost
const rounds = await interleave(ROUNDS, variants);
await server.stop();
await rm(dir, { recursive: true, force: true });
const mbps = (name) => median(rounds[name].map((r) => r.mbPerSecond));
const worstRss = (name) => Math.max(...rounds[name].map((r) => r.rssGrowthMb));
// Paired: each round's opslink time over the same round's raw-fetch time, then the median.
const perRound = rounds.opslink.map((r, i) => r.seconds / rounds['raw fetch'][i].seconds);
const ratio = median(perRound);
const sorted = [...perRound].sort((a, b) => a - b);
const quartiles = `${fmt(sorted[Math.floor((sorted.length - 1) / 4)], 3)}–${fmt(sorted[Math.ceil((3 * (sorted.length - 1)) / 4)], 3)}`;
const signalRatio = median(rounds['raw fetch + signal and headers'].map((r, i) => r.seconds / rounds['raw fetch'][i].seconds));
const rssMax = worstRss('opslink');
report({
  name: 'Bulk upload of a 200 MB CSV via fs.openAsBlob',
  rows: [
    ['raw fetch', `${fmt(mbps('raw fetch'))} MB/s (median), RSS +${fmt(worstRss('raw fetch'))} MB (worst round)`],
    ['opslink', `${fmt(mbps('opslink'))} MB/s (median), RSS +${fmt(rssMax)} MB (worst round)`],
    [
      'raw fetch + signal and headers (diagnostic)',
      `${fmt(mbps('raw fetch + signal and headers'))} MB/s (median); time / raw fetch ${fmt(signalRatio, 3)}`,
    ],
    [
      'time, opslink / raw fetch',
      `${fmt(ratio, 3)} (target ≤ ${TIME_TARGET}); interquartile range ${quartiles}; round by round ${perRound.map((r) => fmt(r, 3)).join(', ')}`,
    ],
    ['peak RSS growth (opslink, worst round)', `${fmt(rssMax)} MB (target ≤ ${RSS_TARGET_MB} MB)`],
    [
      'method',
      `${ROUNDS} rounds after 1 warm-up, variants interleaved; all post a fresh fs.openAsBlob Blob to the same server, which counts the bytes: raw fetch in a FormData (bulk=true, file), opslink in the multipart Blob it writes itself; RSS sampled every 5 ms from the start of the request to its answer`,
    ],
  ],
  targets: [
    { target: `upload time ≤ ${TIME_TARGET} × raw fetch`, value: ratio, met: ratio <= TIME_TARGET },
    { target: `peak RSS growth ≤ ${RSS_TARGET_MB} MB`, value: rssMax, met: rssMax <= RSS_TARGET_MB },
  ],
  detail: rounds,
});
process.exit(0);
