import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffMs, isRetryable } from '../../src/core/http/retry-policy.js';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  InternalServerError,
  MessagingClient,
  RateLimitError,
  WarehouseClient,
} from '../../src/index.js';
import {
  API_KEY,
  BOT_KEY,
  jsonResponse,
  networkError,
  ORDER_ID,
  SHIPMENT_DETAIL,
  scriptedFetch,
  WAREHOUSE_ID,
} from '../support/scripted-fetch.js';

// inbound.update loads its code with its first call, a real module load that fake time does
// not wait for: loaded here, so the time a test advances is the retries' alone.
beforeAll(async () => {
  await import('../../src/warehouse/inbound-writes.js');
});

const DM = { to: { email: 'ana@example.com' }, body: 'hello' };
const SHIPMENT = { status: 'success', message: 'ok', data: { shipment: SHIPMENT_DETAIL }, errors: null };
const UPDATED = { status: 'success', message: 'Inbound order updated.', data: null, errors: null };

function messaging(fetch: typeof globalThis.fetch, extra: Record<string, unknown> = {}) {
  return new MessagingClient({ baseUrl: 'https://chat.example.test', botKey: BOT_KEY, fetch, ...extra });
}
function warehouse(fetch: typeof globalThis.fetch, extra: Record<string, unknown> = {}) {
  return new WarehouseClient({ baseUrl: 'https://api.example.test', apiKey: API_KEY, warehouseId: WAREHOUSE_ID, fetch, ...extra });
}

describe('which failures are retried', () => {
  it('retries 429 for every method, and 408, 5xx and network errors only for GET and PUT', () => {
    for (const method of ['GET', 'PUT', 'POST']) expect(isRetryable(method, { kind: 'status', status: 429 })).toBe(true);
    for (const method of ['GET', 'PUT']) {
      for (const status of [408, 500, 502, 503, 504]) expect(isRetryable(method, { kind: 'status', status })).toBe(true);
      expect(isRetryable(method, { kind: 'network' })).toBe(true);
      expect(isRetryable(method, { kind: 'timeout' })).toBe(true);
    }
    for (const status of [408, 500, 503]) expect(isRetryable('POST', { kind: 'status', status })).toBe(false);
    expect(isRetryable('POST', { kind: 'network' })).toBe(false);
    for (const status of [400, 401, 403, 404, 409, 422]) expect(isRetryable('GET', { kind: 'status', status })).toBe(false);
  });

  it('backs off exponentially from 0.5 s with full jitter, capped at 8 s', () => {
    expect(backoffMs(0, () => 0.999999)).toBe(499);
    expect(backoffMs(1, () => 0.999999)).toBe(999);
    expect(backoffMs(3, () => 0.5)).toBe(2000);
    expect(backoffMs(4, () => 0.999999)).toBe(7999);
    expect(backoffMs(10, () => 0.999999)).toBe(7999);
    expect(backoffMs(2, () => 0)).toBe(0);
  });
});

describe('retries against a failing server', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('sends a GET three times on 500 (maxRetries 2) and waits 250 ms then 500 ms', async () => {
    const fetch = scriptedFetch(jsonResponse(500, { message: 'boom' }));
    const result = warehouse(fetch).shipments.retrieve(ORDER_ID);
    const caught = result.catch((e) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await caught).toBeInstanceOf(InternalServerError);
    expect(fetch.calls).toHaveLength(3);
    expect(fetch.times[1]! - fetch.times[0]!).toBe(250);
    expect(fetch.times[2]! - fetch.times[1]!).toBe(500);
  });

  it('sends a POST once after a 500: no message is sent twice', async () => {
    const fetch = scriptedFetch(jsonResponse(500, { message: 'boom' }), jsonResponse(201, { id: 'm1' }));
    const caught = messaging(fetch)
      .sendDirectMessage(DM)
      .catch((e) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await caught).toBeInstanceOf(InternalServerError);
    expect(fetch.calls).toHaveLength(1);
  });

  it('sends a POST once after a network error', async () => {
    const fetch = scriptedFetch(networkError(), jsonResponse(201, { id: 'm1' }));
    const caught = messaging(fetch)
      .sendDirectMessage(DM)
      .catch((e) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    const error = await caught;
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.message).toContain('ECONNRESET');
    expect(fetch.calls).toHaveLength(1);
  });

  it('retries a PUT after a network error and a 503, then succeeds', async () => {
    const fetch = scriptedFetch(networkError(), jsonResponse(503, {}), jsonResponse(200, UPDATED));
    const result = warehouse(fetch).inbound.update(ORDER_ID, { color: 'red' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await result).toEqual({ message: 'Inbound order updated.' });
    expect(fetch.calls.map((r) => r.method)).toEqual(['PUT', 'PUT', 'PUT']);
  });

  it('retries a GET after a 408', async () => {
    const fetch = scriptedFetch(jsonResponse(408, {}), jsonResponse(200, SHIPMENT));
    const result = warehouse(fetch).shipments.retrieve(ORDER_ID);
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await result).shipment_id).toBe(ORDER_ID);
    expect(fetch.calls).toHaveLength(2);
  });

  it('sends a POST again after a 429, waiting the Retry-After seconds', async () => {
    const fetch = scriptedFetch(jsonResponse(429, {}, { 'retry-after': '3' }), jsonResponse(201, { id: 'm1' }));
    const result = messaging(fetch).sendDirectMessage(DM);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(fetch.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toEqual({ id: 'm1' });
    expect(fetch.calls).toHaveLength(2);
    expect(fetch.times[1]! - fetch.times[0]!).toBe(3_000);
  });

  it('reads a Retry-After given as an HTTP date', async () => {
    const at = new Date(Date.now() + 5_000).toUTCString();
    const fetch = scriptedFetch(jsonResponse(429, {}, { 'retry-after': at }), jsonResponse(201, { id: 'm1' }));
    const result = messaging(fetch).sendDirectMessage(DM);
    await vi.advanceTimersByTimeAsync(6_000);
    await result;
    const waited = fetch.times[1]! - fetch.times[0]!;
    expect(waited).toBeGreaterThan(4_000);
    expect(waited).toBeLessThanOrEqual(5_000);
  });

  it('backs off on a 429 without Retry-After', async () => {
    const fetch = scriptedFetch(jsonResponse(429, {}), jsonResponse(201, { id: 'm1' }));
    const result = messaging(fetch).sendDirectMessage(DM);
    await vi.advanceTimersByTimeAsync(1_000);
    await result;
    expect(fetch.times[1]! - fetch.times[0]!).toBe(250);
  });

  it('fails at once with RateLimitError when Retry-After is over maxRetryAfter', async () => {
    const fetch = scriptedFetch(jsonResponse(429, { message: 'slow down' }, { 'retry-after': '120' }));
    const error = await messaging(fetch)
      .sendDirectMessage(DM)
      .catch((e) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfter).toBe(120);
    expect(error.status).toBe(429);
    expect(fetch.calls).toHaveLength(1);
  });

  it('honours a lower maxRetryAfter set on the client', async () => {
    const fetch = scriptedFetch(jsonResponse(429, {}, { 'retry-after': '2' }));
    const error = await messaging(fetch, { maxRetryAfter: 1_000 })
      .sendDirectMessage(DM)
      .catch((e) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(fetch.calls).toHaveLength(1);
  });

  it('gives RateLimitError after the retries are spent on 429s', async () => {
    const fetch = scriptedFetch(jsonResponse(429, {}, { 'retry-after': '1' }));
    const caught = messaging(fetch, { maxRetries: 3 })
      .sendDirectMessage(DM)
      .catch((e) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await caught).toBeInstanceOf(RateLimitError);
    expect(fetch.calls).toHaveLength(4);
  });

  it('takes maxRetries per call', async () => {
    const fetch = scriptedFetch(jsonResponse(503, {}));
    const caught = warehouse(fetch)
      .shipments.retrieve(ORDER_ID, { maxRetries: 0 })
      .catch((e) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await caught).toBeInstanceOf(InternalServerError);
    expect(fetch.calls).toHaveLength(1);
  });

  it('ends a backoff wait at once when the signal aborts, without waiting for any timer', async () => {
    const fetch = scriptedFetch(jsonResponse(503, {}));
    const controller = new AbortController();
    const caught = warehouse(fetch)
      .shipments.retrieve(ORDER_ID, { signal: controller.signal })
      .catch((e) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch.calls).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(1); // the backoff wait
    controller.abort(new Error('user left'));
    const error = await caught; // settles with no timer advanced
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(fetch.calls).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const fetch = scriptedFetch(jsonResponse(201, {}));
    const error = await messaging(fetch)
      .sendDirectMessage(DM, { signal: AbortSignal.abort() })
      .catch((e) => e);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(fetch.calls).toHaveLength(0);
  });
});

describe('timeouts and aborts on real timers', () => {
  it('settles an abort during a backoff wait at once, not when the wait ends', async () => {
    const fetch = scriptedFetch(jsonResponse(503, {}));
    vi.spyOn(Math, 'random').mockReturnValue(0.99); // a backoff of about 500 ms
    const controller = new AbortController();
    const caught = warehouse(fetch)
      .shipments.retrieve(ORDER_ID, { signal: controller.signal })
      .catch((e) => e);
    await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    // Settled before any timer can fire (a 1 ms one loses only to what the abort settles by
    // itself), not measured in ms: "under 50 ms" failed on a busy machine.
    const first = await Promise.race([caught.then(() => 'settled'), new Promise((r) => setTimeout(() => r('a timer fired first'), 1))]);
    expect(first).toBe('settled');
    const error = await caught;
    expect(fetch.calls).toHaveLength(1);
    expect(error).toBeInstanceOf(APIUserAbortError);
    vi.restoreAllMocks();
  });

  it('fails a POST with APIConnectionTimeoutError after the timeout, sent once', async () => {
    const fetch = scriptedFetch('hang');
    const error = await messaging(fetch, { timeout: 30 })
      .sendDirectMessage(DM)
      .catch((e) => e);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.message).toContain('30 ms');
    expect(fetch.calls).toHaveLength(1);
  });

  it('retries a GET that timed out, and the per-call timeout wins over the client one', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const fetch = scriptedFetch('hang', jsonResponse(200, SHIPMENT));
    const client = warehouse(fetch, { timeout: 60_000 });
    const shipment = await client.shipments.retrieve(ORDER_ID, { timeout: 30 });
    expect(shipment.shipment_id).toBe(ORDER_ID);
    expect(fetch.calls).toHaveLength(2);
    vi.restoreAllMocks();
  });

  it('aborts a request in flight with APIUserAbortError', async () => {
    const fetch = scriptedFetch('hang');
    const controller = new AbortController();
    const pending = messaging(fetch)
      .sendDirectMessage(DM, { signal: controller.signal })
      .catch((e) => e);
    setTimeout(() => controller.abort(), 5);
    expect(await pending).toBeInstanceOf(APIUserAbortError);
  });
});
