/**
 * A deadline bounds the whole call: every attempt and every wait between them, and for a
 * list every page. Past it the call ends with APIConnectionTimeoutError, and nothing more is
 * sent. A wait that would outlast it fails at once rather than wait in vain.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APIConnectionTimeoutError, MessagingClient, WarehouseClient } from '../../src/index.js';
import { createWarehouseMock } from '../../src/testing/index.js';
import { BOT_KEY, jsonResponse, ORDER_ID, scriptedFetch } from '../support/scripted-fetch.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

async function outcome(promise: PromiseLike<unknown>) {
  const started = Date.now();
  const settled = Promise.resolve(promise).then(
    (value) => ({ value, at: Date.now() - started }),
    (error: unknown) => ({ error, at: Date.now() - started }),
  );
  for (let i = 0; i < 2_000; i++) await vi.advanceTimersByTimeAsync(10);
  return settled;
}

describe('deadline: 2000', () => {
  it('against a server that hangs: ends at 2 s with APIConnectionTimeoutError, nothing sent after', async () => {
    const fetch = scriptedFetch('hang');
    const client = new WarehouseClient({
      baseUrl: 'https://api.example.test',
      apiKey: 'wh-key-1',
      warehouseId: 'wh',
      fetch,
      deadline: 2_000,
    });
    const result = await outcome(client.shipments.retrieve(ORDER_ID));
    expect((result as { error: unknown }).error).toBeInstanceOf(APIConnectionTimeoutError);
    expect((result as { error: Error }).error.message).toMatch(/the deadline of 2000 ms passed/);
    expect(result.at).toBeGreaterThanOrEqual(2_000);
    expect(result.at).toBeLessThanOrEqual(2_020);
    expect(fetch.calls).toHaveLength(1);
  });

  it('against a server that keeps answering 503 to a GET: retries until the deadline, then stops', async () => {
    const fetch = scriptedFetch(jsonResponse(503, { message: 'busy' }));
    const client = new WarehouseClient({
      baseUrl: 'https://api.example.test',
      apiKey: 'wh-key-1',
      warehouseId: 'wh',
      fetch,
      deadline: 2_000,
      maxRetries: 50,
    });
    const result = await outcome(client.shipments.retrieve(ORDER_ID));
    expect((result as { error: unknown }).error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(result.at).toBeLessThanOrEqual(2_020);
    expect(fetch.times.every((t) => t - fetch.times[0]! < 2_000)).toBe(true);
    const sentBefore = fetch.calls.length;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetch.calls.length).toBe(sentBefore);
  });

  it('a Retry-After that would outlast it fails at once, not after the wait', async () => {
    const fetch = scriptedFetch(jsonResponse(429, {}, { 'retry-after': '5' }));
    const client = new MessagingClient({ baseUrl: 'https://chat.example.test', botKey: BOT_KEY, fetch, deadline: 2_000 });
    const result = await outcome(client.postAnnouncement({ title: 't', body: 'b' }));
    expect((result as { error: Error }).error).toBeInstanceOf(APIConnectionTimeoutError);
    expect((result as { error: Error }).error.message).toMatch(/would pass during a retry in 5000 ms/);
    expect(result.at).toBeLessThan(50);
  });

  it('per call, over the client’s', async () => {
    const fetch = scriptedFetch('hang');
    const client = new MessagingClient({ baseUrl: 'https://chat.example.test', botKey: BOT_KEY, fetch, deadline: 60_000 });
    const result = await outcome(client.postAnnouncement({ title: 't', body: 'b' }, { deadline: 500 }));
    expect((result as { error: unknown }).error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(result.at).toBeLessThanOrEqual(520);
  });

  it('for a list, over the whole iteration: every page together', async () => {
    const mock = createWarehouseMock({ inboundOrders: 1_000 });
    mock.faults.latency('GET /api/v1/inbound', 300);
    const client = new WarehouseClient({ baseUrl: mock.baseUrl, apiKey: mock.apiKey, warehouseId: mock.warehouseId, fetch: mock.fetch });
    let items = 0;
    const iterate = (async () => {
      for await (const _ of client.inbound.list({ limit: 100 }, { deadline: 1_000 })) items++;
    })();
    const result = await outcome(iterate);
    expect((result as { error: unknown }).error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(items).toBe(300); // three pages of 300 ms fit in 1 s, the fourth does not
    expect(result.at).toBeLessThanOrEqual(1_020);
  });
});
