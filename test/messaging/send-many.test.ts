/**
 * Sending many: every item checked before anything is sent (all problems at once, by index,
 * nothing sent), then each sent once through the client's gate. One result per item in input
 * order, shaped as Promise.allSettled's with the index; a failure of one never stops or
 * repeats another, and the call never rejects for it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type BulkResult,
  ConfigurationError,
  type CreatedMessage,
  type DirectMessageInput,
  MessagingClient,
  NotFoundError,
  RequestValidationError,
} from '../../src/index.js';
import { createMessagingMock } from '../../src/testing/index.js';

/** A seeded 10 % of requests answered 429 with Retry-After: 1, before the mock sees them; every send and 429 recorded. */
function limitedFetch(mock: ReturnType<typeof createMessagingMock>, rate: number, seed = 7) {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const sends: number[] = [];
  const limits: number[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    sends.push(Date.now());
    if (random() < rate) {
      limits.push(Date.now());
      return new Response('{}', { status: 429, headers: { 'retry-after': '1', 'content-type': 'application/json' } });
    }
    return mock.fetch(input, init);
  };
  return { fetch, sends, limits };
}

async function settleWithTimers<T>(promise: PromiseLike<T>): Promise<T> {
  let done = false;
  const result = Promise.resolve(promise).finally(() => {
    done = true;
  });
  while (!done) await vi.advanceTimersByTimeAsync(50);
  return result;
}

describe('1,000 direct messages at concurrency 16 through a service that answers 10 % with 429 and Retry-After: 1', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('delivers every message exactly once, sends nothing while a pause is in force, and returns the results in input order', async () => {
    const mock = createMessagingMock({ now: () => new Date(Date.now()) });
    const { fetch, sends, limits } = limitedFetch(mock, 0.1);
    const client = new MessagingClient({ baseUrl: mock.baseUrl, botKey: mock.botKey, fetch, maxRetries: 20 });
    const items: DirectMessageInput[] = Array.from({ length: 1000 }, (_, i) => ({
      to: { email: mock.employees.first.email },
      body: `message ${i}`,
    }));
    const progress: number[] = [];
    const results = await settleWithTimers(client.sendDirectMessages(items, { concurrency: 16, onProgress: (p) => progress.push(p.done) }));

    expect(results.map((r) => r.index)).toEqual(items.map((_, i) => i));
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(results.map((r) => (r as { value: CreatedMessage }).value.body)).toEqual(items.map((i) => i.body));
    const delivered = mock.state.directMessages.map((m) => m.body);
    expect(delivered).toHaveLength(1000);
    expect(new Set(delivered).size).toBe(1000);
    expect(limits.length).toBeGreaterThan(50); // the service did push back
    for (const at of limits) expect(sends.filter((t) => t > at && t < at + 1000)).toEqual([]);
    expect(progress).toEqual(items.map((_, i) => i + 1));
  });
});

describe('sendDirectMessages', () => {
  const mock = createMessagingMock();
  const client = new MessagingClient({ baseUrl: mock.baseUrl, botKey: mock.botKey, fetch: mock.fetch });
  beforeEach(() => mock.reset());

  it('checks every item first: all problems at once, by index, and nothing is sent', async () => {
    const items = [
      { to: { email: mock.employees.first.email }, body: 'ok' },
      { to: { email: 'a@example.test', userId: '0b9d7c4e-2f3a-4b5c-8d9e-0f1a2b3c4d5e' }, body: 'two recipients' },
      { to: { email: mock.employees.first.email }, body: '' },
      undefined,
    ] as unknown as DirectMessageInput[];
    const error = await client.sendDirectMessages(items).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues.map((i) => i.path)).toEqual([[1, 'to'], [2, 'body'], [3]]);
    expect(mock.state.directMessages).toHaveLength(0);
  });

  it('never rejects for a failed item, and the failed items fed back retry only those', async () => {
    const items: DirectMessageInput[] = [
      { to: { email: mock.employees.first.email }, body: 'one' },
      { to: { email: 'nobody@example.test' }, body: 'two' },
      { to: { email: mock.employees.second.email }, body: 'three' },
    ];
    const results = await client.sendDirectMessages(items);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as BulkResult<CreatedMessage> & { status: 'rejected' }).reason).toBeInstanceOf(NotFoundError);
    mock.addEmployee({ email: 'nobody@example.test', phoneNumber: '+15550100077' });
    const failed = results.filter((r) => r.status === 'rejected').map((r) => items[r.index]!);
    const again = await client.sendDirectMessages(failed);
    expect(again).toEqual([{ index: 0, status: 'fulfilled', value: expect.objectContaining({ body: 'two' }) }]);
    expect(mock.state.directMessages.map((m) => m.body)).toEqual(['one', 'three', 'two']);
  });

  it('gives a failed item an error whose stack names the caller’s own function that made the call', async () => {
    const items: DirectMessageInput[] = [{ to: { email: 'nobody@example.test' }, body: 'two' }];
    const notifyStaff = () => client.sendDirectMessages(items);
    const [result] = await notifyStaff();
    const reason = (result as BulkResult<CreatedMessage> & { status: 'rejected' }).reason;
    expect(reason).toBeInstanceOf(NotFoundError);
    expect(reason.stack?.split('\n')[0]).toMatch(/^NotFoundError: .* \(404 POST \/api\/bot\/messages\)$/);
    expect(reason.stack).toContain('notifyStaff');
  });

  it('yields each result as it lands with for await', async () => {
    mock.faults.latency('POST /api/bot/messages', 5);
    const items = Array.from({ length: 20 }, (_, i) => ({ to: { email: mock.employees.first.email }, body: `m${i}` }));
    const seen: number[] = [];
    for await (const result of client.sendDirectMessages(items, { concurrency: 4 })) {
      expect(result.status).toBe('fulfilled');
      seen.push(result.index);
    }
    expect(seen.sort((a, b) => a - b)).toEqual(items.map((_, i) => i));
    mock.faults.reset();
  });

  it('a signal that aborts stops the rest: each unsent item is rejected, none sent after', async () => {
    mock.faults.latency('POST /api/bot/messages', 20);
    const controller = new AbortController();
    const items = Array.from({ length: 10 }, (_, i) => ({ to: { email: mock.employees.first.email }, body: `m${i}` }));
    setTimeout(() => controller.abort(new Error('stop')), 30);
    const results = await client.sendDirectMessages(items, { concurrency: 2, signal: controller.signal });
    expect(results).toHaveLength(10);
    const rejected = results.filter((r) => r.status === 'rejected');
    expect(rejected.length).toBeGreaterThan(0);
    expect(mock.state.directMessages.length).toBe(10 - rejected.length);
    mock.faults.reset();
  });

  it('without a bot key, rejects before looking at any item', async () => {
    const hook = MessagingClient.fromWebhookUrl(mock.webhookUrl, { fetch: mock.fetch });
    const error = await hook.sendDirectMessages([{ to: { email: 'a@example.test' }, body: 'hi' }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe('botKey');
  });
});
