// Issue 42, `npm run bench -- hostile`: what a hostile answer costs.
// 1. Peak RSS growth while one call meets a bomb (1 GiB decoded: brotli 13 KB, gzip 1 MB) with
//    the default maxResponseBytes (64 MiB), over Node's HTTP stack and over Node's fetch: each
//    in a process of its own (its RSS its own, warmed up by a small answer first, measured from
//    after a collection), the server in another. Target: ≤ maxResponseBytes + 16 MiB.
// 2. What counting costs a request: the per-request wall time of a small POST (a direct message,
//    a 100-byte answer) against the same answer read as before counting existed, side by side —
//    over fetch, `response.text()` against the bounded reader (`readBounded`, the path a page and
//    every runtime but Node take); over Node's HTTP stack the count is one addition and one
//    comparison a chunk, so the two ways are a client with the default bound and one without
//    (`Infinity`: the same code, nothing stopped). Target: none measurable (within the A/A spread).
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { fmt, interleave, median, report } from './lib.mjs';

const MIB = 2 ** 20;
const LIMIT = 64 * MIB;
const here = fileURLToPath(import.meta.url);

if (process.argv[2] === 'serve') await serve(process.argv[3]);
else if (process.argv[2] === 'bomb') await bombRun(process.argv[3], process.argv[4]);
else await main();

/** A server (its own process) that answers every request with a 1 GiB bomb, or a small JSON body. */
async function serve(kind) {
  const { bomb } = await import('../test/support/bombs.ts');
  const body =
    kind === 'small' ? Buffer.from(JSON.stringify({ id: 'm-1', chatId: 'c-1', ok: true, text: 'x'.repeat(40) })) : await bomb(kind, 1024);
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const encoding = kind === 'small' ? {} : { 'content-encoding': kind };
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length, ...encoding });
      res.end(body);
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => process.send({ url: `http://127.0.0.1:${server.address().port}`, bytes: body.length }));
}

function startServe(kind) {
  const child = fork(here, ['serve', kind], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  process.once('exit', () => child.kill());
  return new Promise((resolve) => child.once('message', (info) => resolve({ ...info, stop: () => child.kill() })));
}

/** One call against a bomb, in this process: its peak RSS growth over a warmed-up baseline. */
async function bombRun(transport, url) {
  const { WarehouseClient } = await import('opslink');
  const small = await startServe('small');
  const options = { apiKey: 'bench-key-0123456789', warehouseId: 'bench-wh', maxRetries: 0 };
  const viaFetch = transport === 'fetch' ? { fetch: (input, init) => fetch(input, init) } : {};
  // Warm up the transport, the parser and the error path on small answers.
  const warm = new WarehouseClient({ baseUrl: small.url, ...options, ...viaFetch });
  for (let i = 0; i < 20; i++) await warm.shipments.retrieve('3f6c2a9e-8b1d-4c57-9e2a-6d4b1f0c8a71').catch(() => {});
  small.stop();
  globalThis.gc();
  const start = process.memoryUsage.rss();
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 2);
  const client = new WarehouseClient({ baseUrl: url, ...options, ...viaFetch });
  const error = await client.shipments.list().catch((e) => e);
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage.rss());
  process.send({
    growthMiB: (peak - start) / MIB,
    error: error?.name,
    limitNamed: String(error?.message).includes(`maxResponseBytes (${LIMIT} bytes)`),
  });
  process.exit(0);
}

function inChild(transport, url) {
  return new Promise((resolve, reject) => {
    const child = fork(here, ['bomb', transport, url], { execArgv: ['--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', resolve);
    child.once('exit', (code) => code !== 0 && reject(new Error(`bomb run exited ${code}`)));
  });
}

async function main() {
  const rows = [];
  const targets = [];
  // 1. Bombs: each transport and coding three times (a process each), the worst growth counted.
  for (const coding of ['br', 'gzip']) {
    const server = await startServe(coding);
    for (const transport of ['node', 'fetch']) {
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push(await inChild(transport, server.url));
      const worst = Math.max(...runs.map((r) => r.growthMiB));
      const named = runs.every((r) => r.error === 'ResponseValidationError' && r.limitNamed);
      const label = transport === 'node' ? "Node's HTTP stack" : "Node's fetch";
      rows.push([
        `1 GiB ${coding} bomb (${server.bytes.toLocaleString('en-US')} bytes sent), ${label}`,
        `peak RSS growth ${runs.map((r) => fmt(r.growthMiB)).join(' / ')} MiB (worst ${fmt(worst)}); ${named ? 'ResponseValidationError naming the limit' : 'NOT the expected error'}`,
      ]);
      targets.push({
        target: `issue 42: peak RSS growth on a 1 GiB ${coding} bomb, ${label}, default limit ≤ maxResponseBytes + 16 MiB (80 MiB)`,
        value: `${fmt(worst)} MiB`,
        met: worst <= 80 && named,
      });
    }
    server.stop();
  }

  // 2. What counting costs a small POST, side by side in rounds.
  const { MessagingClient } = await import('opslink');
  // The reader itself, from source: it imports nothing, so Node runs it as it is.
  const { readBounded } = await import('../src/internal/body-text.ts');
  const small = await startServe('small');
  const dm = { to: { email: 'ana@example.com' }, body: 'Your pallet arrived at dock 3' };
  const bounded = new MessagingClient({ baseUrl: small.url, botKey: 'bench-key-0123456789' });
  const unbounded = new MessagingClient({ baseUrl: small.url, botKey: 'bench-key-0123456789', maxResponseBytes: Number.POSITIVE_INFINITY });
  const post = () =>
    fetch(`${small.url}/api/bot/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const BATCH = 600;
  const timed = (one) => async () => {
    const started = performance.now();
    for (let i = 0; i < BATCH; i++) await one();
    return ((performance.now() - started) / BATCH) * 1000;
  };
  const variants = {
    'Node transport, default bound': timed(() => bounded.sendDirectMessage(dm)),
    'Node transport, no bound': timed(() => unbounded.sendDirectMessage(dm)),
    'fetch, response.text()': timed(async () => JSON.parse(await (await post()).text())),
    'fetch, bounded reader': timed(async () => {
      const read = await readBounded(await post(), LIMIT, new AbortController().signal, false);
      return JSON.parse(read.text);
    }),
    'fetch, response.text() (A/A)': timed(async () => JSON.parse(await (await post()).text())),
  };
  for (const run of Object.values(variants)) await run(); // warm-up round
  const rounds = await interleave(25, variants);
  small.stop();
  const med = Object.fromEntries(Object.entries(rounds).map(([name, values]) => [name, median(values)]));
  const ratio = (a, b) => median(rounds[a].map((v, i) => v / rounds[b][i]));
  const spread = (name) => `${fmt(Math.min(...rounds[name]))}–${fmt(Math.max(...rounds[name]))}`;
  for (const name of Object.keys(variants)) rows.push([`${name}: µs per small POST`, `${fmt(med[name])} (rounds ${spread(name)})`]);
  const aa = Math.abs(ratio('fetch, response.text() (A/A)', 'fetch, response.text()') - 1);
  const nodeRatio = ratio('Node transport, default bound', 'Node transport, no bound');
  const fetchRatio = ratio('fetch, bounded reader', 'fetch, response.text()');
  rows.push(['A/A: the same fetch variant twice, per-round ratio', fmt(1 + aa, 3)]);
  targets.push({
    target: `issue 42: counting costs a small POST nothing measurable over Node's HTTP stack: default bound / no bound within the A/A distance from 1 (${fmt(aa, 3)})`,
    value: fmt(nodeRatio, 3),
    met: Math.abs(nodeRatio - 1) <= Math.max(aa, 0.02),
  });
  targets.push({
    target: `issue 42: the bounded reader against response.text() over fetch within the A/A distance from 1 (${fmt(aa, 3)})`,
    value: fmt(fetchRatio, 3),
    met: Math.abs(fetchRatio - 1) <= Math.max(aa, 0.02),
  });
  report({ name: 'Hostile answers: bombs and the cost of counting (issue 42)', rows, targets });
  process.exit(0);
}
