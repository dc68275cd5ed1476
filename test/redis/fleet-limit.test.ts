/**
 * The fleet at its limit, over each client library: eight worker processes (the built
 * package) on one redisStore at `requestsPerSecond` 50, against a service that takes anything
 * at once, reach exactly that rate, counted by the service. (The fleet against a service that
 * limits it: fleet-rate.suite.ts.)
 */
import { describe, expect, it } from 'vitest';
import { fleetForSuite } from '../support/fleet.js';
import { redisServerMissing } from '../support/redis.js';

const WORKERS = 8;

describe.skipIf(redisServerMissing !== undefined)(`a fleet of ${WORKERS} worker processes on one redisStore`, () => {
  /** A service that takes anything at once: the fleet at its own limit. */
  const fleet = fleetForSuite(WORKERS, { rate: 10_000, burst: 10_000, latencyMs: 0 });

  // The fleet: eight processes at requestsPerSecond 50 reached 44.7/s over node-redis
  // and 47.0/s over ioredis, each start asked for again after its wait (a round trip and a
  // late timer lost each time). The store now books each start one interval after the one
  // before, on Redis's clock.
  describe.each(['redis', 'ioredis'])('at its limit over %s', (library) => {
    it('eight processes at requestsPerSecond 50 (one gate: 50/s in all) reach 0.97–1.03 × it, counted by the service', async () => {
      // 160 requests: 3.2 s at 50/s, over which one interval (20 ms) is 0.6 % of the rate.
      const perWorker = 20;
      const run = await fleet.run(() => ({
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
