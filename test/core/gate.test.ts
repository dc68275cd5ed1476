/**
 * One rate-limit gate per client: every request of the client passes it. A 429 on any
 * request pauses every request of that client until its Retry-After has passed, then the gate
 * opens slowly (1, 2, 4, … in flight) rather than let the queue meet the limit as one herd.
 * `maxConcurrency` caps requests in flight across calls, `requestsPerSecond` spaces their
 * starts, `rateLimit: 'reject'` sheds load instead of waiting, and the caller's signal ends a
 * queued call at once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APIUserAbortError, MessagingClient, RateLimitError, WarehouseClient } from '../../src/index.js';
import { BOT_KEY, jsonResponse, type ScriptedFetch, scriptedFetch } from '../support/scripted-fetch.js';

const DM = { to: { email: 'ana@example.test' }, body: 'hi' };

/** A server that answers after `latency` ms, 429 (Retry-After: 1) for the calls numbered in `limited`, and counts what is in flight. */
function server(latency: number, limited: number[] = []) {
  let n = 0;
  let inFlight = 0;
  const peak = { value: 0 };
  const fetch = scriptedFetch(async () => {
    const number = ++n;
    inFlight++;
    peak.value = Math.max(peak.value, inFlight);
    await new Promise((resolve) => setTimeout(resolve, latency));
    inFlight--;
    return limited.includes(number) ? jsonResponse(429, {}, { 'retry-after': '1' }) : jsonResponse(201, { id: `m${number}` });
  });
  return { fetch, peak, inFlightNow: () => inFlight };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a 429 pauses every request of the client', () => {
  it('no request is sent until Retry-After has passed, then the gate opens 1, 2, 4 at a time', async () => {
    const { fetch } = server(50, [1]);
    const rateLimited: unknown[] = [];
    const client = new MessagingClient({
      baseUrl: 'https://chat.example.test',
      botKey: BOT_KEY,
      fetch,
      onRateLimited: (e) => rateLimited.push(e),
    });
    const first = client.sendDirectMessage(DM); // answered 429 after 50 ms
    await vi.advanceTimersByTimeAsync(10);
    const queued = Array.from({ length: 7 }, () => client.sendDirectMessage(DM)); // in flight before the 429 came back
    await vi.advanceTimersByTimeAsync(60); // the 429 has arrived: pause until t≈1050
    const duringPause = Array.from({ length: 8 }, () => client.sendDirectMessage(DM));
    const countAtPause = fetch.calls.length;
    await vi.advanceTimersByTimeAsync(900);
    expect(fetch.calls.length).toBe(countAtPause); // nothing sent while paused
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(Promise.all([first, ...queued, ...duringPause])).resolves.toHaveLength(16);
    const pausedAt = fetch.times[0]! + 50;
    const after = fetch.times.filter((t) => t > pausedAt);
    expect(Math.min(...after)).toBeGreaterThanOrEqual(pausedAt + 1000);
    // Slow start: the first request after the pause goes alone; the next wave waits for it.
    const waves = [...new Set(after)].map((t) => after.filter((x) => x === t).length);
    expect(waves).toEqual([1, 2, 4, 2]);
    expect(rateLimited).toEqual([{ method: 'POST', path: '/api/bot/messages', retryAfter: 1 }]);
  });

  it('with maxConcurrency 1, the request waiting for the slot the 429 frees is not sent before Retry-After has passed', async () => {
    const { fetch } = server(50, [1]);
    const client = new MessagingClient({ baseUrl: 'https://chat.example.test', botKey: BOT_KEY, fetch, maxConcurrency: 1 });
    const calls = Array.from({ length: 3 }, () => client.sendDirectMessage(DM)); // the first is answered 429 after 50 ms
    await vi.advanceTimersByTimeAsync(3_000);
    await expect(Promise.all(calls)).resolves.toHaveLength(3);
    const pausedAt = fetch.times[0]! + 50;
    expect(fetch.times.slice(1).map((t) => t - pausedAt >= 1000)).toEqual([true, true, true]);
  });

  it('with rateLimit: "reject", the 429 fails at once and, during the pause, new calls fail without being sent', async () => {
    const { fetch } = server(10, [1]);
    const client = new MessagingClient({ baseUrl: 'https://chat.example.test', botKey: BOT_KEY, fetch, rateLimit: 'reject' });
    const first = client.sendDirectMessage(DM).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(20);
    expect(await first).toBeInstanceOf(RateLimitError);
    const shed = await client.sendDirectMessage(DM).catch((e: unknown) => e);
    expect(shed).toBeInstanceOf(RateLimitError);
    expect((shed as RateLimitError).message).toMatch(/not sent: the client is paused for 1 s/);
    expect((shed as RateLimitError).retryAfter).toBe(1);
    expect(fetch.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    const later = client.sendDirectMessage(DM).then(
      () => 'sent',
      (e: Error) => e.name,
    );
    await vi.advanceTimersByTimeAsync(20);
    await expect(later).resolves.toBe('sent');
  });

  it('the caller’s signal ends a call waiting at the gate at once, and it is never sent', async () => {
    const { fetch } = server(10, [1]);
    const client = new MessagingClient({ baseUrl: 'https://chat.example.test', botKey: BOT_KEY, fetch });
    void client.sendDirectMessage(DM).catch(() => {});
    await vi.advanceTimersByTimeAsync(20); // paused now
    const controller = new AbortController();
    const waiting = client.sendDirectMessage(DM, { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(100);
    controller.abort(new Error('shutting down'));
    const error = await waiting;
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(fetch.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetch.calls.filter((r) => r.signal.aborted)).toHaveLength(0);
  });

  it('withOptions shares the gate: a 429 to one client pauses the other', async () => {
    const { fetch } = server(10, [1]);
    const client = new MessagingClient({ baseUrl: 'https://chat.example.test', botKey: BOT_KEY, fetch });
    const patient = client.withOptions({ timeout: 60_000 });
    void client.sendDirectMessage(DM).catch(() => {});
    await vi.advanceTimersByTimeAsync(20);
    const sent = patient.sendDirectMessage(DM);
    await vi.advanceTimersByTimeAsync(500);
    expect(fetch.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(600);
    await expect(sent).resolves.toBeDefined();
  });
});

describe('a Retry-After over maxRetryAfter', () => {
  /** The first call is answered 429 with `Retry-After: 120` (over the default maxRetryAfter of 60 s), every later one 201. */
  function limitedFor120s(rateLimit: 'wait' | 'reject') {
    const fetch = scriptedFetch(jsonResponse(429, {}, { 'retry-after': '120' }), jsonResponse(201, { id: 'm2' }));
    const rateLimited: unknown[] = [];
    const client = new MessagingClient({
      baseUrl: 'https://chat.example.test',
      botKey: BOT_KEY,
      fetch,
      rateLimit,
      onRateLimited: (e) => rateLimited.push(e),
    });
    return { fetch, client, rateLimited };
  }

  it('fails the request that got it at once, and the others wait the 120 s (rateLimit: "wait")', async () => {
    const { fetch, client, rateLimited } = limitedFor120s('wait');
    expect(await client.sendDirectMessage(DM).catch((e: unknown) => e)).toBeInstanceOf(RateLimitError);
    expect(rateLimited).toEqual([{ method: 'POST', path: '/api/bot/messages', retryAfter: 120 }]);
    const next = client.sendDirectMessage(DM);
    await vi.advanceTimersByTimeAsync(119_000);
    expect(fetch.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_100);
    await expect(next).resolves.toBeDefined();
    expect(fetch.times[1]! - fetch.times[0]!).toBeGreaterThanOrEqual(120_000);
  });

  it('fails the request that got it at once, and the others without being sent (rateLimit: "reject")', async () => {
    const { fetch, client, rateLimited } = limitedFor120s('reject');
    expect(await client.sendDirectMessage(DM).catch((e: unknown) => e)).toBeInstanceOf(RateLimitError);
    expect(rateLimited).toEqual([{ method: 'POST', path: '/api/bot/messages', retryAfter: 120 }]);
    await vi.advanceTimersByTimeAsync(60_000);
    const shed = await client.sendDirectMessage(DM).catch((e: unknown) => e);
    expect((shed as RateLimitError).message).toMatch(/not sent: the client is paused for 60 s/);
    expect(fetch.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(client.sendDirectMessage(DM)).resolves.toBeDefined();
    expect(fetch.calls).toHaveLength(2);
  });
});

describe('maxConcurrency and requestsPerSecond', () => {
  it('caps the requests in flight across every call of the client, pages included', async () => {
    const orders = Array.from({ length: 10 }, () => ({}));
    const pages: ScriptedFetch = scriptedFetch(async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      const offset = Number(new URL(request.url).searchParams.get('offset'));
      return jsonResponse(200, {
        status: 'success',
        message: 'ok',
        data: { shipments: [], results: { total_results: 1000, offset, limit: 10 } },
        errors: null,
      });
    });
    let inFlight = 0;
    let peak = 0;
    const counting: typeof fetch = async (input, init) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      try {
        return await pages(input, init);
      } finally {
        inFlight--;
      }
    };
    void orders;
    const client = new WarehouseClient({
      baseUrl: 'https://api.example.test',
      apiKey: 'wh-key-1',
      warehouseId: 'wh',
      fetch: counting,
      maxConcurrency: 3,
    });
    const list = client.shipments.list({ limit: 10 }, { concurrency: 16, maxItems: 0 });
    await vi.advanceTimersByTimeAsync(40);
    const many = Array.from({ length: 10 }, () => client.shipments.list({ limit: 10 }));
    await vi.advanceTimersByTimeAsync(1_000);
    await Promise.all([list, ...many]);
    expect(peak).toBe(3);
  });

  it('spaces the starts of requests by 1 / requestsPerSecond', async () => {
    const { fetch } = server(1);
    const client = new MessagingClient({ baseUrl: 'https://chat.example.test', botKey: BOT_KEY, fetch, requestsPerSecond: 5 });
    const all = Promise.all(Array.from({ length: 6 }, () => client.sendDirectMessage(DM)));
    await vi.advanceTimersByTimeAsync(2_000);
    await all;
    const gaps = fetch.times.slice(1).map((t, i) => t - fetch.times[i]!);
    expect(gaps.every((gap) => gap >= 200)).toBe(true);
  });
});
