// The command line: `opslink orders list --format csv` of 100,000 orders keeps memory flat.
// The proof is a heap cap: the whole export runs with V8's old space held to 24 MB, where
// the orders themselves (about 100 MB as objects) could never fit; it writes each page as it
// arrives. Peak RSS without the cap, for 10,000 and 100,000 orders, is shown for scale: it
// grows with V8's lazy heap sizing, not with what is kept. Linux only (/proc/<pid>/status).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fmt, report, startServer } from './lib.mjs';

const BIN = fileURLToPath(new URL('../dist/cli/index.js', import.meta.url));
const ORDERS = 100_000;

const rssOf = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
};

function exportOrders(server, max, heapMb) {
  return new Promise((resolve, reject) => {
    const env = {
      ...process.env,
      OPSLINK_WAREHOUSE_URL: server.url,
      OPSLINK_WAREHOUSE_API_KEY: server.apiKey,
      OPSLINK_WAREHOUSE_ID: server.warehouseId,
      OPSLINK_PROGRESS: '',
    };
    const args = ['orders', 'list', '--format', 'csv', '--limit', '1000', ...(max ? ['--max', String(max)] : [])];
    const started = performance.now();
    const child = spawn(process.execPath, [...(heapMb ? [`--max-old-space-size=${heapMb}`] : []), BIN, ...args], { env });
    let peak = 0;
    const timer = setInterval(() => {
      peak = Math.max(peak, rssOf(child.pid));
    }, 20);
    let lines = 0;
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(timer);
      if (code !== 0) reject(new Error(`exit ${code}: ${stderr}`));
      else resolve({ rows: lines - 1, peakMb: peak / 2 ** 20, seconds: (performance.now() - started) / 1000 });
    });
  });
}

const HEAP_MB = 24;
const server = await startServer('warehouse', { orders: ORDERS });
const small = await exportOrders(server, 10_000);
const large = await exportOrders(server, undefined);
const capped = await exportOrders(server, undefined, HEAP_MB).catch((error) => ({ error }));
await server.stop();
if (small.rows !== 10_000 || large.rows !== ORDERS) throw new Error(`exported ${small.rows} and ${large.rows} rows`);
const done = !capped.error && capped.rows === ORDERS;
report({
  name: 'Command line: streaming export of 100,000 orders (CSV, pages of 1,000)',
  rows: [
    [
      `100,000 orders, old space capped at ${HEAP_MB} MB`,
      done
        ? `all exported; peak RSS ${fmt(capped.peakMb)} MB, ${fmt(capped.seconds)} s`
        : `failed: ${capped.error?.message?.slice(0, 200)}`,
    ],
    ['10,000 orders (--max), no cap', `peak RSS ${fmt(small.peakMb)} MB, ${fmt(small.seconds)} s`],
    ['100,000 orders, no cap', `peak RSS ${fmt(large.peakMb)} MB, ${fmt(large.seconds)} s`],
  ],
  targets: [
    {
      target: `CLI export of 100,000 orders within a ${HEAP_MB} MB heap (MB of peak RSS)`,
      value: done ? capped.peakMb : 'failed',
      met: done,
    },
  ],
});
