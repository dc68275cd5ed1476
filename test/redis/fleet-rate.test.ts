/**
 * Eight worker processes (the built package) on one redisStore against a service that allows
 * RATE requests a second and answers 429 with Retry-After beyond it: the fleet's rate never
 * more than 10 % over `requestsPerSecond`, never more in flight than `maxConcurrency`, and after a 429 no
 * request from any worker until its Retry-After has passed. The same fleet without the store,
 * for the README's table: it breaks all three, and the figures of both runs are printed. And
 * the fleet at its limit, over each client library: exactly the rate it is given.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Arrival, type LimitedService, startLimitedService } from '../support/limited-service.js';
import { type RedisServer, redisServerMissing, startRedis } from '../support/redis.js';

const WORKERS = 8;
const PER_WORKER = 8;
/** Low enough that eight workers keep pace on a CI machine of two shared cores. */
const RATE = 12;
const MAX_CONCURRENCY = 4;
/** Ms the service takes per answered request: at RATE, about 2.4 in flight, so the cap is met at times. */
const LATENCY_MS = 200;
/** Ms a 429 takes: the network's part of a round trip (the bucket decides at once). */
const LIMITED_LATENCY_MS = 50;
/** The arrival answered 429 (Retry-After: 1) whatever the bucket holds: every run has a pause. */
const INJECT_AT = 36;
/** The service's bucket: a few requests at once are answered before its rate applies. */
const SERVICE_BURST = 3;
/**
 * A request granted before the 429's pause reached Redis may still arrive after the 429 was
 * answered: the worker that got it needs a round trip to say so, and a busy machine delays
 * both (243 ms measured at a load average of 16 on two cores). Such arrivals are at most the
 * slots in flight, and come within this many ms of the 429.
 */
const PAUSE_RACE_MS = 500;

interface FleetRun {
  wallMs: number;
  arrivals: Arrival[];
  mostInFlight: number;
  limited: number;
  fulfilled: number;
  warnings: string[];
}

/**
 * Requests a second over the arrivals before the injected 429 (the pause would read as a
 * slower rate), from the first: the store spaces starts from the first one, no opening burst.
 */
function rateBeforePause(arrivals: Arrival[]): number {
  const before = arrivals.slice(0, INJECT_AT);
  return (before.length - 1) / ((before.at(-1)!.at - before[0]!.at) / 1000);
}

/** Arrivals during a 429's Retry-After, each counted once: within the race above of the latest such 429, or later. */
function arrivalsDuringPauses(arrivals: Arrival[]): { after429: number; late: number[] } {
  const limited = arrivals.filter((a) => a.status === 429);
  const late: number[] = [];
  let after429 = 0;
  for (const a of arrivals) {
    const during = limited.filter((l) => a.at > l.answeredAt && a.at < l.answeredAt + l.retryAfterMs!);
    if (!during.length) continue;
    const since = Math.min(...during.map((l) => a.at - l.answeredAt));
    if (since > PAUSE_RACE_MS) late.push(since);
    else after429++;
  }
  return { after429, late };
}

interface Worker {
  child: ChildProcessWithoutNullStreams;
  lines: string[];
  stderr: string;
  /** The next line the worker prints. */
  next(): Promise<string>;
}

/** Starts a worker (test/support/fleet-worker.mjs) and resolves once it is ready. */
async function startWorker(options: object): Promise<Worker> {
  const child = spawn(process.execPath, ['test/support/fleet-worker.mjs', JSON.stringify(options)], {
    cwd: new URL('../..', import.meta.url),
  });
  const worker: Worker = { child, lines: [], stderr: '', next: () => Promise.reject(new Error('not started')) };
  let waiting: ((line: string) => void) | undefined;
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      worker.lines.push(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
    }
    if (waiting && worker.lines.length) waiting(worker.lines.shift()!);
  });
  child.stderr.on('data', (chunk) => (worker.stderr += chunk));
  worker.next = () =>
    new Promise((resolve, reject) => {
      if (worker.lines.length) return resolve(worker.lines.shift()!);
      waiting = (line) => {
        waiting = undefined;
        resolve(line);
      };
      child.once('exit', (code) => reject(new Error(`worker exited with ${code}: ${worker.stderr}`)));
    });
  expect(await worker.next()).toBe('ready');
  return worker;
}

describe.skipIf(redisServerMissing !== undefined)(`a fleet of ${WORKERS} worker processes on one redisStore`, () => {
  let redis: RedisServer;
  let service: LimitedService;
  /** A service that takes anything at once: the fleet at its own limit. */
  let open: LimitedService;
  let workers: Worker[] = [];
  let runs = 0;
  // The same eight processes run every fleet: one start-up (seconds on a busy machine) for all.
  beforeAll(async () => {
    [redis, service, open] = await Promise.all([
      startRedis(),
      startLimitedService({
        rate: RATE,
        burst: SERVICE_BURST,
        latencyMs: LATENCY_MS,
        limitedLatencyMs: LIMITED_LATENCY_MS,
        injectAt: INJECT_AT,
      }),
      startLimitedService({ rate: 10_000, burst: 10_000, latencyMs: 0 }),
    ]);
    const options = { url: service.url, botKey: service.botKey, email: service.email, redis: redis.url };
    workers = await Promise.all(Array.from({ length: WORKERS }, () => startWorker(options)));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(workers.map(({ child }) => new Promise((resolve) => child.once('exit', resolve).stdin.end())));
    await Promise.all([service?.close(), open?.close()]);
    await redis?.stop();
    // A hang guard: eight processes closing their clients on a busy machine.
  }, 30_000);

  /** Runs the fleet, `run` (its options, as the worker reads them) for each worker `i`, against `target`. */
  async function runFleet(target: LimitedService, run: (i: number) => object): Promise<FleetRun> {
    target.reset(); // the workers' warm-up requests, or the other runs, are not part of this one
    for (const worker of workers) worker.stderr = '';
    const started = Date.now();
    const prefix = `fleet${++runs}`;
    workers.forEach(({ child }, i) => {
      child.stdin.write(`${JSON.stringify({ url: target.url, prefix, tag: `r${runs} w${i}`, ...run(i) })}\n`);
    });
    const summaries = (await Promise.all(workers.map((w) => w.next()))).map(
      (line) => JSON.parse(line) as { fulfilled: number; errors: string[] },
    );
    const wallMs = Date.now() - started;
    const warnings = workers.flatMap(({ stderr }) => stderr.split('\n').filter((l) => l && !/ 429 POST .*: retry \d+ of/.test(l)));
    const arrivals = target.arrivals;
    return {
      wallMs,
      arrivals,
      mostInFlight: target.mostInFlight,
      limited: arrivals.filter((a) => a.status === 429).length,
      fulfilled: summaries.reduce((n, s) => n + s.fulfilled, 0),
      warnings: [...warnings, ...summaries.flatMap((s) => s.errors)],
    };
  }

  /** Every worker on the store (half on node-redis, half on ioredis, on the same keys) or every worker on its own gate. */
  const limitedRun = (store: boolean) => (i: number) => ({
    store,
    library: i % 2 ? 'ioredis' : 'redis',
    count: PER_WORKER,
    requestsPerSecond: RATE,
    maxConcurrency: MAX_CONCURRENCY,
  });

  const describeRun = (name: string, run: FleetRun) => {
    const { after429, late } = arrivalsDuringPauses(run.arrivals);
    console.log(
      `${name}: ${run.wallMs} ms, ${run.arrivals.length} requests, ${run.limited} × 429, ${rateBeforePause(run.arrivals).toFixed(1)}/s before the injected 429, most in flight ${run.mostInFlight}, ${after429} arrivals within ${PAUSE_RACE_MS} ms of a 429, ${late.length} later during a Retry-After`,
    );
    if (process.env.FLEET_DEBUG) console.log(run.arrivals.map((a) => `${a.at - run.arrivals[0]!.at}:${a.status}`).join(' '));
    return { after429, late };
  };

  it("the fleet's rate never more than 10 % over requestsPerSecond, in flight never above maxConcurrency, nothing sent during a Retry-After (node-redis and ioredis workers together)", async () => {
    const run = await runFleet(service, limitedRun(true));
    const { after429, late } = describeRun('with the store', run);
    expect(run.warnings).toEqual([]);
    expect(run.fulfilled).toBe(WORKERS * PER_WORKER);
    const rate = rateBeforePause(run.arrivals);
    expect(rate).toBeLessThanOrEqual(RATE * 1.1);
    // Never above. Below when the four slots bind: at 200 ms a request, 12/s keeps 2.4 of
    // them busy, and a start booked ahead holds its slot while it waits (11.2/s measured from
    // the first arrival at a load average of 14 on two cores). The rate alone is exact: see
    // the fleet at its limit below.
    expect(rate).toBeGreaterThanOrEqual(RATE * 0.85);
    expect(run.mostInFlight).toBeLessThanOrEqual(MAX_CONCURRENCY);
    expect(run.limited).toBeGreaterThanOrEqual(1);
    expect(late).toEqual([]);
    expect(after429).toBeLessThanOrEqual(MAX_CONCURRENCY * run.limited);
  }, 60_000);

  it('without the store, the same fleet goes over all three (the figures for the README)', async () => {
    const run = await runFleet(service, limitedRun(false));
    const { late } = describeRun('without the store', run);
    expect(run.fulfilled).toBe(WORKERS * PER_WORKER);
    expect(run.mostInFlight).toBeGreaterThan(MAX_CONCURRENCY);
    expect(run.limited).toBeGreaterThan(WORKERS);
    expect(late.length).toBeGreaterThan(0);
  }, 60_000);

  // The issue's fleet: eight processes at requestsPerSecond 50 reached 44.7/s over node-redis
  // and 47.0/s over ioredis, each start asked for again after its wait (a round trip and a
  // late timer lost each time). The store now books each start one interval after the one
  // before, on Redis's clock.
  describe.each(['redis', 'ioredis'])('at its limit over %s', (library) => {
    it('eight processes at requestsPerSecond 50 (one gate: 50/s in all) reach 0.97–1.03 × it, counted by the service', async () => {
      // 160 requests: 3.2 s at 50/s, over which one interval (20 ms) is 0.6 % of the rate.
      const perWorker = 20;
      const run = await runFleet(open, () => ({
        store: true,
        library,
        count: perWorker,
        requestsPerSecond: 50,
        maxConcurrency: 16,
        concurrency: 8,
      }));
      expect(run.warnings).toEqual([]);
      expect(run.fulfilled).toBe(WORKERS * perWorker);
      const at = run.arrivals.map((a) => a.at);
      const windows: number[] = [];
      for (const t of at) windows[Math.floor((t - at[0]!) / 250)] = (windows[Math.floor((t - at[0]!) / 250)] ?? 0) + 1;
      // Steady state, counted from the first arrival; the last five left out, so that one late
      // start of a loaded machine at the very end (a timer hundreds of ms late) is not read as
      // the fleet's rate. A late start in the middle is made up by the ones after it.
      const last = at.length - 6;
      const rate = last / ((at[last]! - at[0]!) / 1000);
      console.log(`${library}: ${at.length} requests, ${rate.toFixed(1)}/s from the first arrival; per 250 ms: ${windows.join(' ')}`);
      expect(rate).toBeGreaterThanOrEqual(50 * 0.97);
      expect(rate).toBeLessThanOrEqual(50 * 1.03);
      expect(run.mostInFlight).toBeLessThanOrEqual(16);
    }, 60_000);
  });
});
