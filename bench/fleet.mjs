// Issue 35, a benchmark row: a fleet of worker processes at its limit on one redisStore,
// over node-redis and ioredis. Two measures, each round of every variant interleaved:
// - the rate: 8 workers, `requestsPerSecond: 50` each (one gate: 50/s for all of them), a
//   service that answers at once; the fleet's rate counted by the service from the first
//   arrival to the last (target 0.97–1.03 × 50), and per 250 ms;
// - waiting: 8 workers at `maxConcurrency: 4` against a service that takes 50 ms, so most
//   requests wait for a slot; the Redis commands the clients sent per request, counted by
//   Redis (INFO commandstats: scripts, PINGs, subscriptions; target ≤ 2), and the most in
//   flight at the service (≤ 4).
// `FLEET_OTHER_DIST=/path/to/dist` adds the same rounds on another build, side by side.
import { fork, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createClient } from 'redis';
import { commandCounts, DM_KEY, fmt, median, report, startRedisServer } from './lib.mjs';

const WORKERS = 8;
const RATE = 50;
const ROUNDS = Number(process.env.FLEET_ROUNDS ?? 3);
const SCENARIOS = {
  rate: { requestsPerSecond: RATE, maxConcurrency: 16, concurrency: 8, perWorker: 60, latency: 0 },
  waiting: { requestsPerSecond: undefined, maxConcurrency: 4, concurrency: 8, perWorker: 25, latency: 50 },
};
// What clients send (TIME runs inside every script, so it is not among them; a journal asks it once).
const SENT = ['evalsha', 'eval', 'ping', 'subscribe', 'ssubscribe'];

if (spawnSync('redis-server', ['--version']).status !== 0) {
  report({ name: 'opslink/redis: a fleet at its limit', error: 'redis-server is not on PATH (apt-get install redis-server)' });
  process.exit(0);
}

/** The service: answers each POST 201 after `latency` ms, and records when each arrived and how many were in flight. */
async function startService() {
  const state = { latency: 0, arrivals: [], inFlight: 0, most: 0 };
  const server = createServer((req, res) => {
    state.arrivals.push(performance.now());
    state.most = Math.max(state.most, ++state.inFlight);
    req.resume();
    req.on('end', () =>
      setTimeout(() => {
        state.inFlight--;
        const body = JSON.stringify({ id: 'm1', conversation_id: 'c1', created_at: '2026-11-25T00:00:00Z' });
        res.writeHead(201, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      }, state.latency),
    );
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return { state, url, close: () => new Promise((resolve) => server.close(resolve)) };
}

function startWorker(options) {
  const child = fork(fileURLToPath(new URL('./fleet-worker.mjs', import.meta.url)), [JSON.stringify(options)], { stdio: 'inherit' });
  const next = () => new Promise((resolve) => child.once('message', resolve));
  return { child, next, ready: next() };
}

const redis = await startRedisServer();
const service = await startService();
const stats = await createClient({ url: redis.url }).connect();
const builds = {
  current: '../dist/',
  ...(process.env.FLEET_OTHER_DIST ? { other: `file://${process.env.FLEET_OTHER_DIST.replace(/\/?$/, '/')}` } : {}),
};
const variants = [];
for (const [scenario, limits] of Object.entries(SCENARIOS))
  for (const [build, dist] of Object.entries(builds))
    for (const library of ['redis', 'ioredis'])
      variants.push({ name: `${scenario}, ${library}, ${build} build`, scenario, build, library, dist, limits });

let round = 0;
async function runRound(variant) {
  const { limits } = variant;
  const options = { url: service.url, botKey: DM_KEY, redis: redis.url, library: variant.library, dist: variant.dist, ...limits };
  const workers = Array.from({ length: WORKERS }, () => startWorker(options));
  await Promise.all(workers.map((w) => w.ready));
  Object.assign(service.state, { latency: limits.latency, arrivals: [], most: 0 });
  const before = await commandCounts(stats);
  const prefix = `fleet-${++round}`;
  const done = workers.map((w) => w.next());
  for (const w of workers) w.child.send({ round, prefix, count: limits.perWorker });
  const failed = (await Promise.all(done)).reduce((n, m) => n + m.failed, 0);
  await new Promise((resolve) => setTimeout(resolve, 300)); // the last releases land
  const after = await commandCounts(stats);
  await Promise.all(workers.map((w) => new Promise((resolve) => w.child.once('exit', resolve).send({ stop: true }))));
  const arrivals = service.state.arrivals;
  const seconds = (arrivals.at(-1) - arrivals[0]) / 1000;
  const sent = SENT.reduce((n, name) => n + (after[name] ?? 0) - (before[name] ?? 0), 0);
  if (process.env.FLEET_DEBUG) {
    const delta = Object.fromEntries(
      Object.keys(after)
        .map((k) => [k, after[k] - (before[k] ?? 0)])
        .filter(([, n]) => n),
    );
    console.error(variant.name, arrivals.length, JSON.stringify(delta));
  }
  const windows = [];
  for (const at of arrivals) windows[Math.floor((at - arrivals[0]) / 250)] = (windows[Math.floor((at - arrivals[0]) / 250)] ?? 0) + 1;
  return {
    rate: (arrivals.length - 1) / seconds,
    requests: arrivals.length,
    most: service.state.most,
    perRequest: sent / arrivals.length,
    failed,
    windows,
  };
}

const results = Object.fromEntries(variants.map((v) => [v.name, []]));
for (let r = 0; r < ROUNDS; r++)
  for (let i = 0; i < variants.length; i++) {
    const variant = variants[(r + i) % variants.length];
    results[variant.name].push(await runRound(variant));
  }
await stats.quit();
redis.stop();
await service.close();

const rows = [];
const targets = [];
for (const variant of variants) {
  const runs = results[variant.name];
  const rates = runs.map((x) => x.rate);
  const perRequest = runs.map((x) => x.perRequest);
  const failed = runs.reduce((n, x) => n + x.failed, 0);
  if (variant.scenario === 'rate') {
    const ratio = median(rates) / RATE;
    const windows = runs[0].windows.slice(0, 16).join(' ');
    rows.push([
      variant.name,
      `${fmt(median(rates), 1)}/s = ${fmt(ratio, 3)} × ${RATE} (rounds: ${rates.map((x) => fmt(x, 1)).join(', ')}); per 250 ms from the first arrival: ${windows} …; ${fmt(median(perRequest), 2)} commands a request; ${failed} failed`,
    ]);
    if (variant.build === 'current')
      targets.push({
        target: `issue 35: 8 processes at requestsPerSecond ${RATE} reach 0.97–1.03 × it (${variant.library})`,
        value: fmt(ratio, 3),
        met: ratio >= 0.97 && ratio <= 1.03,
      });
  } else {
    const most = Math.max(...runs.map((x) => x.most));
    rows.push([
      variant.name,
      `${fmt(median(perRequest), 2)} Redis commands a request (rounds: ${perRequest.map((x) => fmt(x, 2)).join(', ')}); most in flight ${most} of 4; ${fmt(median(rates), 1)} requests/s; ${failed} failed`,
    ]);
    if (variant.build === 'current')
      targets.push({
        target: `issue 35: ≤ 2 Redis commands a request while every slot is taken (${variant.library})`,
        value: fmt(median(perRequest), 2),
        met: median(perRequest) <= 2 && most <= 4,
      });
  }
}
rows.push([
  'method',
  `${WORKERS} worker processes (bench/fleet-worker.mjs) per round, each a MessagingClient on its own redisStore over one client of the named library, all on one redis-server on 127.0.0.1 and one service in the bench's process; ${ROUNDS} rounds of every variant, interleaved in a rotating order; rate = (arrivals − 1) / (last − first arrival) at the service; commands = INFO commandstats deltas of ${SENT.join(', ')} over the round (the scripts' own commands, PUBLISH among them, run inside Redis and are not counted), divided by the requests the service received`,
]);
report({ name: 'opslink/redis: a fleet at its limit', rows, targets, detail: results });
process.exit(0);
