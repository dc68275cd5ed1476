/**
 * Eight worker processes (the built package) on one redisStore against a service that allows
 * RATE requests a second and answers 429 with Retry-After beyond it: the fleet's rate never
 * over `requestsPerSecond`, never more in flight than `maxConcurrency`, and after a 429 no
 * request from any worker until its Retry-After has passed. The same fleet without the store,
 * for the table of docs/rate-limits.md: it breaks all three, and the figures of both runs are
 * printed. (The fleet at its limit, exactly the rate it is given: fleet-limit.test.ts.) Each
 * fleet runs in a file of its own (fleet-rate.store.test.ts, fleet-rate.no-store.test.ts),
 * beside the other.
 */
import { describe, expect, it } from 'vitest';
import { type FleetRun, fleetForSuite } from '../support/fleet.js';
import type { Arrival } from '../support/limited-service.js';
import { redisServerMissing } from '../support/redis.js';

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

/** The fleet on one store (`store`), or each worker on its own gate, against the limited service. */
export const describeFleetRate = (store: boolean) =>
  describe.skipIf(redisServerMissing !== undefined)(`a fleet of ${WORKERS} worker processes${store ? ' on one redisStore' : ''}`, () => {
    const fleet = fleetForSuite(WORKERS, {
      rate: RATE,
      burst: SERVICE_BURST,
      latencyMs: LATENCY_MS,
      limitedLatencyMs: LIMITED_LATENCY_MS,
      injectAt: INJECT_AT,
    });

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

    if (store)
      it("the fleet's rate never over requestsPerSecond, in flight never above maxConcurrency, nothing sent during a Retry-After (node-redis and ioredis workers together)", async () => {
        const run = await fleet.run(limitedRun(true));
        const { after429, late } = describeRun('with the store', run);
        expect(run.warnings).toEqual([]);
        expect(run.fulfilled).toBe(WORKERS * PER_WORKER);
        // Never above: the store books each start one interval after the one before (no start is
        // early), and only the first arrival's lateness (its worker, or the process that stamps
        // it, busy) shortens the span measured from it; up to 500 ms of it allowed. Not a floor:
        // how close the fleet comes is the machine's (9.9/s at a load average of 24; 11.2 at 14),
        // and a speed target (npm run bench -- fleet).
        const before = run.arrivals.slice(0, INJECT_AT).map((a) => a.at);
        expect(before.length - 1).toBeLessThanOrEqual(RATE * ((before.at(-1)! - before[0]!) / 1000 + 0.5));
        expect(run.mostInFlight).toBeLessThanOrEqual(MAX_CONCURRENCY);
        expect(run.limited).toBeGreaterThanOrEqual(1);
        expect(late).toEqual([]);
        expect(after429).toBeLessThanOrEqual(MAX_CONCURRENCY * run.limited);
      }, 60_000);

    if (!store)
      it('without the store, the same fleet goes over all three (the figures for docs/rate-limits.md)', async () => {
        const run = await fleet.run(limitedRun(false));
        const { late } = describeRun('without the store', run);
        expect(run.fulfilled).toBe(WORKERS * PER_WORKER);
        expect(run.mostInFlight).toBeGreaterThan(MAX_CONCURRENCY);
        expect(run.limited).toBeGreaterThan(WORKERS);
        expect(late.length).toBeGreaterThan(0);
      }, 60_000);
  });
