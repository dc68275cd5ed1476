/**
 * Waiting on a Redis store as the caller's options say: the signal and the deadline end a
 * call at once while Redis is silent or another process's pause holds it, `rateLimit:
 * 'reject'` rejects such a pause at once, the wait is traced on `opslink:rate-limit`, a 429's
 * error comes only once the pause is in Redis, the rate spaces starts from the first one,
 * and the gate follows the credential actually sent. Each "process" is a client on a
 * connection of its own.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APIConnectionTimeoutError, APIUserAbortError, MessagingClient, RateLimitError } from '../../src/index.js';
import { redisStore } from '../../src/redis/index.js';
import { createMessagingMock } from '../../src/testing/index.js';
import { type RedisServer, redisServerMissing, startRedis } from '../support/redis.js';
import { connectRedis as connect, observedFetch } from '../support/redis-clients.js';

type Options = Partial<ConstructorParameters<typeof MessagingClient>[0]>;

describe.skipIf(redisServerMissing !== undefined)('waiting on a redisStore', () => {
  let server: RedisServer;
  const connections: Awaited<ReturnType<typeof connect>>[] = [];
  const mock = createMessagingMock();
  const watched = observedFetch(mock);
  let prefix = '';
  let n = 0;

  beforeAll(async () => {
    server = await startRedis();
    connections.push(await connect('redis', server.url), await connect('ioredis', server.url));
  });
  afterAll(async () => {
    server?.resume();
    await Promise.all(connections.map((c) => c.close()));
    await server?.stop();
  });
  beforeEach(() => {
    mock.reset();
    mock.faults.reset();
    watched.log.starts.length = 0;
    watched.log.answers.length = 0;
    watched.log.most = 0;
    prefix = `waits${++n}`;
  });

  /** A client as another process would have it: its own connection (0 or 1) and store. */
  const client = (connection: number, options: Options = {}, storeTimeout = 5_000) =>
    new MessagingClient({
      baseUrl: mock.baseUrl,
      botKey: mock.botKey,
      fetch: watched.fetch,
      rateLimitStore: redisStore(connections[connection]!.client, { prefix, timeout: storeTimeout }),
      ...options,
    });
  const message = (body: string) => ({ to: { email: mock.employees.first.email }, body });
  const timed = async (call: Promise<unknown>) => {
    const started = Date.now();
    const outcome = await call.then(
      () => 'sent',
      (e: unknown) => e,
    );
    return { outcome, ms: Date.now() - started };
  };

  /** Client 0 gets a 429 asking `seconds`: every client of the gate is paused as long. */
  const pauseTheFleet = async (seconds: number) => {
    mock.faults.status('POST /api/bot/messages', 429, { times: 1, retryAfter: seconds });
    await client(0, { maxRetries: 0 })
      .sendDirectMessage(message('limited'))
      .catch(() => {});
  };

  it('the caller’s signal and deadline end a call at once while Redis is silent', async () => {
    const a = client(0);
    await a.sendDirectMessage(message('warm')); // the scripts loaded, the connection open
    server.pause();
    try {
      const aborted = await timed(a.sendDirectMessage(message('signal'), { signal: AbortSignal.timeout(300) }));
      const late = await timed(a.sendDirectMessage(message('deadline'), { deadline: 400 }));
      expect(aborted.outcome).toBeInstanceOf(APIUserAbortError);
      expect(aborted.ms).toBeLessThan(800);
      expect(late.outcome).toBeInstanceOf(APIConnectionTimeoutError);
      expect(late.ms).toBeLessThan(900);
    } finally {
      server.resume();
    }
    expect(mock.state.directMessages.map((m) => m.body)).toEqual(['warm']);
  });

  it("another process's pause: 'reject' rejects at once with RateLimitError, a pause past the deadline fails at once, the signal ends a wait", async () => {
    await pauseTheFleet(3);
    const rejected = await timed(client(1, { rateLimit: 'reject' }).sendDirectMessage(message('reject')));
    const past = await timed(client(1).sendDirectMessage(message('deadline'), { deadline: 1_000 }));
    const aborted = await timed(client(1).sendDirectMessage(message('signal'), { signal: AbortSignal.timeout(200) }));
    expect(rejected.outcome).toBeInstanceOf(RateLimitError);
    expect(rejected.ms).toBeLessThan(300);
    expect(past.outcome).toBeInstanceOf(APIConnectionTimeoutError);
    expect(past.ms).toBeLessThan(300);
    expect(aborted.outcome).toBeInstanceOf(APIUserAbortError);
    expect(aborted.ms).toBeLessThan(500);
    expect(watched.log.starts).toHaveLength(1);
  });

  it("a wait on another process's pause is published on opslink:rate-limit", async () => {
    await pauseTheFleet(1);
    const waits: { waitMs: number; operation: string }[] = [];
    const onWait = (message: unknown) => waits.push(message as { waitMs: number; operation: string });
    subscribe('opslink:rate-limit', onWait);
    try {
      await client(1).sendDirectMessage(message('waits'));
    } finally {
      unsubscribe('opslink:rate-limit', onWait);
    }
    expect(waits).toHaveLength(1);
    expect(waits[0]!.operation).toBe('sendDirectMessage');
    expect(waits[0]!.waitMs).toBeGreaterThan(500);
  });

  it("a 429's error comes only once its pause is in Redis: another process sending in the same tick is paused", async () => {
    mock.faults.status('POST /api/bot/messages', 429, { times: 1, retryAfter: 1 });
    // Client 0's link to Redis is slow for the pause (a script sent whole, EVAL): 150 ms.
    const direct = connections[0]!.client as unknown as { sendCommand(args: string[]): Promise<unknown> };
    const slowLink = {
      isOpen: true,
      sendCommand: async (args: string[]) => {
        if (args[0] === 'EVAL') await new Promise((r) => setTimeout(r, 150));
        return direct.sendCommand(args);
      },
    };
    const store = redisStore(slowLink, { prefix, timeout: 5_000 });
    let limitedAt = 0;
    await client(0, { maxRetries: 0, rateLimitStore: store })
      .sendDirectMessage(message('limited'))
      .catch(() => {
        limitedAt = Date.now();
      });
    await client(1).sendDirectMessage(message('next'));
    expect(watched.log.starts.at(-1)! - limitedAt).toBeGreaterThanOrEqual(800);
  });

  it('spaces starts from the first one at requestsPerSecond, as the client’s own gate does (no opening burst)', async () => {
    const a = client(0, { requestsPerSecond: 4 });
    const b = client(1, { requestsPerSecond: 4 });
    await Promise.all([a, b, a].map((c, i) => c.sendDirectMessage(message(`r${i}`))));
    const [first, ...rest] = watched.log.starts;
    expect(rest).toHaveLength(2);
    // The k-th start no earlier than k intervals after the first: the store schedules each
    // start one interval after the one before (250 ms), from the first. A start whose timer
    // fired late on a busy machine is not made up for by the store, but the next one keeps
    // to its own time, so a gap after a late start can be shorter (a start 100 ms late, the
    // next on time, was measured at a load average of 8).
    for (const [k, at] of rest.entries()) expect(at - first!).toBeGreaterThanOrEqual((k + 1) * 250 - 20);
  });

  it('the gate follows the credential sent: other keys are not held by a 429, and a key function shares the gate of the same string key', async () => {
    // The mock knows one key: each request is answered as if its own key were that one.
    const sentWith: string[] = [];
    const fetch: typeof globalThis.fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      sentWith.push(headers.get('authorization') ?? '');
      headers.set('authorization', `Bearer ${mock.botKey}`);
      return watched.fetch(input, { ...init, headers });
    };
    mock.faults.status('POST /api/bot/messages', 429, { times: 1, retryAfter: 1 });
    await client(0, { fetch, botKey: () => 'key-a', maxRetries: 0, requestsPerSecond: 100 })
      .sendDirectMessage(message('limited'))
      .catch(() => {});
    const other = await timed(
      client(1, { fetch, botKey: async () => 'key-b', requestsPerSecond: 100 }).sendDirectMessage(message('other key')),
    );
    const same = await timed(client(1, { fetch, botKey: 'key-a', requestsPerSecond: 100 }).sendDirectMessage(message('same key')));
    expect(other).toMatchObject({ outcome: 'sent' });
    expect(other.ms).toBeLessThan(500);
    expect(same).toMatchObject({ outcome: 'sent' });
    expect(same.ms).toBeGreaterThanOrEqual(500);
    expect(sentWith).toEqual(['Bearer key-a', 'Bearer key-b', 'Bearer key-a']);
    // Two gates (each with its rate's state): the function's and the string's key share one, named by a hash.
    const keys = (await connections[0]!.client.keys(`${prefix}:*`)).sort();
    expect(keys.filter((k) => k.endsWith(':state'))).toHaveLength(2);
    expect(keys.join()).not.toMatch(/key-a|key-b/);
  });

  it('a slot freed is taken at once, not after a backoff: two processes at maxConcurrency 2 keep both slots busy', async () => {
    mock.faults.latency('POST /api/bot/messages', 100);
    const [a, b] = [client(0, { maxConcurrency: 2 }), client(1, { maxConcurrency: 2 })];
    const list = (tag: string) => Array.from({ length: 10 }, (_, i) => message(`${tag} ${i}`));
    await Promise.all([a.sendDirectMessages(list('a'), { concurrency: 4 }), b.sendDirectMessages(list('b'), { concurrency: 4 })]);
    // Measured from the event a waiting request reacts to, a slot freed: with two slots, the
    // k-th start (from 0) cannot come before the (k-1)-th answer, and comes a Redis round trip
    // and a few turns of the event loop after it. Not the run's wall time, which a busy machine
    // stretches (2 204 ms of 1 000 at a load average of 8, with each slot taken within 15 ms
    // in the median, against 1 870 ms on a quiet machine when waiters polled with a backoff).
    const starts = watched.log.starts.toSorted((x, y) => x - y);
    const answers = watched.log.answers.toSorted((x, y) => x - y);
    const delays = starts.slice(2).map((start, k) => start - answers[k]!);
    const median = delays.toSorted((x, y) => x - y)[Math.floor(delays.length / 2)]!;
    console.log(`20 requests of 100 ms at maxConcurrency 2 over two processes: a slot freed taken after ${median} ms in the median`);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(0); // never a third in flight
    expect(median).toBeLessThan(50);
    expect(watched.log.most).toBeLessThanOrEqual(2);
  });

  it('rejoining after Redis was silent paces at requestsPerSecond: the requests queued at the own gate go back to the store’s', async () => {
    const rejoined: number[] = [];
    const logger = { debug() {}, info: (m: string) => m.includes('answers again') && rejoined.push(Date.now()), warn() {}, error() {} };
    const a = client(0, { requestsPerSecond: 5, logger, logLevel: 'info' }, 300);
    await a.sendDirectMessage(message('warm'));
    server.pause();
    const run = a.sendDirectMessages(
      Array.from({ length: 30 }, (_, i) => message(`q ${i}`)),
      { concurrency: 16 },
    );
    await new Promise((r) => setTimeout(r, 600));
    server.resume();
    while (rejoined.length === 0) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 1_500));
    const window = watched.log.starts.filter((t) => t > rejoined[0]! && t <= rejoined[0]! + 1_500);
    // 5/s over 1.5 s: 8 starts at most (a start at each end); both paces side by side made 15.
    expect(window.length).toBeLessThanOrEqual(9);
    expect((await run).every((r) => r.status === 'fulfilled')).toBe(true);
  }, 20_000);
});
