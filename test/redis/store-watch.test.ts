/**
 * While requests wait in the store's queue, a store that falls silent is noticed once a ping
 * has gone unanswered for its timeout (API.md: "has not answered within 1 s"), never sooner,
 * and within a quarter timeout more of its falling silent; the watch ends, asking nothing
 * more, once no request waits. On the fake clock: what is
 * proven is when, not how fast this machine is.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StoreWatch } from '../../src/redis/store-watch.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A store that answers each ping `rtt` ms after it is sent, until it falls silent at `silentAt` (ms from the start). */
function storeFallingSilent(rtt: number, silentAt: number) {
  const start = performance.now();
  const pings: number[] = [];
  const ping = () => {
    const sent = performance.now() - start;
    pings.push(sent);
    if (sent + rtt >= silentAt) return new Promise<void>(() => {});
    return new Promise<void>((resolve) => setTimeout(resolve, rtt));
  };
  return { ping, pings, since: () => performance.now() - start };
}

describe('a store watched while requests wait in its queue', () => {
  it('is called silent once a ping went unanswered for its timeout, never sooner, within 1.25 timeouts of its falling silent (any timeout, round trip and moment it stops)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 20, max: 5_000 }),
        // Round trips up to almost the timeout: a ping still pending across beats is a slow store, not a silent one.
        fc.double({ min: 0, max: 0.99, noNaN: true }),
        fc.double({ min: 0, max: 10, noNaN: true }),
        async (timeout, rttShare, silentShare) => {
          vi.setSystemTime(0);
          const rtt = Math.floor(timeout * rttShare);
          const silentAt = Math.floor(timeout * silentShare);
          const store = storeFallingSilent(rtt, silentAt);
          const silent: { at: number; error: unknown }[] = [];
          const watch = new StoreWatch(
            timeout,
            () => silent.length === 0,
            (error) => silent.push({ at: store.since(), error }),
          );
          watch.start(store.ping);
          await vi.advanceTimersByTimeAsync(silentAt + 3 * timeout);
          expect(silent).toHaveLength(1);
          const [{ at, error }] = silent as [{ at: number; error: unknown }];
          const unanswered = store.pings.at(-1)!;
          expect(unanswered + rtt).toBeGreaterThanOrEqual(silentAt);
          expect(at - unanswered).toBeGreaterThanOrEqual(timeout);
          // The old watch (a ping each timeout, each given the timeout) took up to twice as long.
          expect(at).toBeLessThanOrEqual(silentAt + timeout * 1.25 + 1);
          expect((error as Error).message).toBe(`Redis did not answer within ${timeout} ms`);
          // A ping at a time, four a timeout (a timer's ms rounded down).
          expect(store.pings.length).toBeLessThanOrEqual(at / Math.floor(timeout / 4) + 1);
          vi.clearAllTimers();
        },
      ),
      { numRuns: 200 },
    );
  });

  it('asks nothing more, and calls nothing silent, once no request waits', async () => {
    const store = storeFallingSilent(5, 300);
    let waiting = true;
    const silent = vi.fn();
    new StoreWatch(1_000, () => waiting, silent).start(store.ping);
    await vi.advanceTimersByTimeAsync(200);
    waiting = false;
    await vi.advanceTimersByTimeAsync(250);
    const asked = store.pings.length;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(store.pings.length).toBe(asked);
    expect(silent).not.toHaveBeenCalled();
  });

  it.each([
    ['an Error', new Error('Connection is closed.')],
    ['undefined', undefined],
  ])('a ping that fails (the connection closed) is the reason at once, even with %s', async (_, failure) => {
    const silent = vi.fn();
    new StoreWatch(1_000, () => silent.mock.calls.length === 0, silent).start(() => Promise.reject(failure));
    await vi.advanceTimersByTimeAsync(250);
    expect(silent).toHaveBeenCalledExactlyOnceWith(failure);
  });

  it('stopped (the client fell back), then started again: a ping of the old watch that never answers calls nothing silent', async () => {
    let calls = 0;
    const stale = () => {
      calls++;
      return new Promise<void>(() => {}); // its answer lost with a dropped connection
    };
    const fresh = storeFallingSilent(5, Number.POSITIVE_INFINITY);
    const silent = vi.fn();
    const watch = new StoreWatch(10_000, () => true, silent);
    watch.start(stale);
    await vi.advanceTimersByTimeAsync(2_600); // its ping went at 2,500
    expect(calls).toBe(1);
    watch.stop();
    await vi.advanceTimersByTimeAsync(2_100); // the probe rejoined; a request waits again
    watch.start(fresh.ping);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(silent).not.toHaveBeenCalled();
    expect(fresh.pings.length).toBeGreaterThan(10);
    expect(calls).toBe(1);
    vi.clearAllTimers();
  });

  it('one watch at a time: a second start while it runs asks nothing of its own', async () => {
    const first = storeFallingSilent(5, 10_000);
    const second = storeFallingSilent(5, 10_000);
    const watch = new StoreWatch(
      1_000,
      () => true,
      () => {},
    );
    watch.start(first.ping);
    watch.start(second.ping);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(second.pings).toEqual([]);
    expect(first.pings.length).toBeGreaterThanOrEqual(7);
    vi.clearAllTimers();
  });
});
