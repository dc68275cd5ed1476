/**
 * Eight worker processes (the built package) on one redisStore against a service that allows
 * RATE requests a second and answers 429 with Retry-After beyond it: the fleet's rate never
 * more than 10 % over `requestsPerSecond`, never more in flight than `maxConcurrency`, and after a 429 no
 * request from any worker until its Retry-After has passed. The same fleet without the store,
 * for the README's table: it breaks all three, and the figures of both runs are printed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Arrival, type LimitedService, startLimitedService } from '../support/limited-service.js';
import { type RedisServer, redisServerMissing, startRedis } from '../support/redis.js';
import { startUntil } from '../support/spawn.js';

const WORKERS = 8;
const PER_WORKER = 8;
/** Low enough that eight workers keep pace on a CI machine of two shared cores. */
const RATE = 12;
const MAX_CONCURRENCY = 4;
/** Ms the service takes per answered request: at RATE, about 2.4 in flight, so the cap is met at times. */
const LATENCY_MS = 200;
/** The arrival answered 429 (Retry-After: 1) whatever the bucket holds: every run has a pause. */
const INJECT_AT = 36;
/** The rate script lets a start come up to two intervals early (scripts.ts): the fleet's first three starts come at once. */
const GCRA_BURST = 3;
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
 * slower rate), from the last of the opening burst on: the fleet's steady pace.
 */
function rateBeforePause(arrivals: Arrival[]): number {
  const before = arrivals.slice(GCRA_BURST - 1, INJECT_AT);
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

describe.skipIf(redisServerMissing !== undefined)(`a fleet of ${WORKERS} worker processes on one redisStore`, () => {
  let redis: RedisServer;
  let service: LimitedService;
  let runs = 0;
  beforeAll(async () => {
    [redis, service] = await Promise.all([
      startRedis(),
      startLimitedService({ rate: RATE, burst: GCRA_BURST + 2, latencyMs: LATENCY_MS, injectAt: INJECT_AT }),
    ]);
  });
  afterAll(async () => {
    await service?.close();
    await redis?.stop();
  });

  /** Runs the fleet; with the store, half the workers use node-redis and half ioredis, on the same keys. */
  async function runFleet(withStore: boolean): Promise<FleetRun> {
    const prefix = `fleet${++runs}`;
    const options = (i: number) => ({
      url: service.url,
      botKey: service.botKey,
      email: service.email,
      count: PER_WORKER,
      requestsPerSecond: RATE,
      maxConcurrency: MAX_CONCURRENCY,
      tag: `w${i}`,
      ...(withStore && { redis: redis.url, library: i % 2 ? 'ioredis' : 'redis', prefix }),
    });
    const workers = await Promise.all(
      Array.from({ length: WORKERS }, (_, i) => startUntil(['test/support/fleet-worker.mjs', JSON.stringify(options(i))], 'ready')),
    );
    service.reset(); // the workers' warm-up requests are not part of the run
    const outputs = workers.map(({ child }) => {
      const out = { stdout: '', stderr: '' };
      child.stdout.on('data', (chunk) => (out.stdout += chunk));
      child.stderr.on('data', (chunk) => (out.stderr += chunk));
      return { out, exited: new Promise((resolve) => child.on('exit', resolve)) };
    });
    const started = Date.now();
    for (const { child } of workers) child.stdin.end('go\n');
    expect(await Promise.all(outputs.map((o) => o.exited))).toEqual(Array(WORKERS).fill(0));
    const wallMs = Date.now() - started;
    const summaries = outputs.map(
      ({ out }) => JSON.parse(out.stdout.trim().split('\n').at(-1)!) as { fulfilled: number; errors: string[] },
    );
    const warnings = outputs.flatMap(({ out }) => out.stderr.split('\n').filter((l) => l && !/ 429 POST .*: retry \d+ of/.test(l)));
    const arrivals = service.arrivals;
    return {
      wallMs,
      arrivals,
      mostInFlight: service.mostInFlight,
      limited: arrivals.filter((a) => a.status === 429).length,
      fulfilled: summaries.reduce((n, s) => n + s.fulfilled, 0),
      warnings: [...warnings, ...summaries.flatMap((s) => s.errors)],
    };
  }

  const describeRun = (name: string, run: FleetRun) => {
    const { after429, late } = arrivalsDuringPauses(run.arrivals);
    console.log(
      `${name}: ${run.wallMs} ms, ${run.arrivals.length} requests, ${run.limited} × 429, ${rateBeforePause(run.arrivals).toFixed(1)}/s before the injected 429, most in flight ${run.mostInFlight}, ${after429} arrivals within ${PAUSE_RACE_MS} ms of a 429, ${late.length} later during a Retry-After`,
    );
    if (process.env.FLEET_DEBUG) console.log(run.arrivals.map((a) => `${a.at - run.arrivals[0]!.at}:${a.status}`).join(' '));
    return { after429, late };
  };

  it("the fleet's rate never more than 10 % over requestsPerSecond, in flight never above maxConcurrency, nothing sent during a Retry-After (node-redis and ioredis workers together)", async () => {
    const run = await runFleet(true);
    const { after429, late } = describeRun('with the store', run);
    expect(run.warnings).toEqual([]);
    expect(run.fulfilled).toBe(WORKERS * PER_WORKER);
    const rate = rateBeforePause(run.arrivals);
    expect(rate).toBeLessThanOrEqual(RATE * 1.1);
    // Never above; below only by what a machine too busy to run eight workers at RATE loses:
    // 11.1–12.2/s measured at a load average of 15 on two cores, 7.2/s at 20 (the same fleet
    // without the store managed 10.6/s then).
    expect(rate).toBeGreaterThanOrEqual(RATE * 0.5);
    expect(run.mostInFlight).toBeLessThanOrEqual(MAX_CONCURRENCY);
    expect(run.limited).toBeGreaterThanOrEqual(1);
    expect(late).toEqual([]);
    expect(after429).toBeLessThanOrEqual(MAX_CONCURRENCY * run.limited);
  }, 60_000);

  it('without the store, the same fleet goes over all three (the figures for the README)', async () => {
    const run = await runFleet(false);
    const { late } = describeRun('without the store', run);
    expect(run.fulfilled).toBe(WORKERS * PER_WORKER);
    expect(run.mostInFlight).toBeGreaterThan(MAX_CONCURRENCY);
    expect(run.limited).toBeGreaterThan(WORKERS);
    expect(late.length).toBeGreaterThan(0);
  }, 60_000);
});
