/**
 * `redisStore` against a real redis-server, over both client libraries: clients that share
 * the store share one gate (in flight, rate, a 429's pause), keep credentials out of Redis,
 * share bulk journals, and fall back to their own gate while Redis is down, then rejoin.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DirectMessageInput, MessagingClient, memoryJournal, OutcomeUnknownError } from '../../src/index.js';
import { redisStore } from '../../src/redis/index.js';
import { createMessagingMock } from '../../src/testing/index.js';
import { type RedisServer, redisServerMissing, startRedis } from '../support/redis.js';
import { connectRedis as connect, type Library, observedFetch as observed, redisCommand as send } from '../support/redis-clients.js';

const items = (mock: ReturnType<typeof createMessagingMock>, n: number, tag = 'm'): DirectMessageInput[] =>
  Array.from({ length: n }, (_, i) => ({ to: { email: mock.employees.first.email }, body: `${tag} ${i}` }));

describe.skipIf(redisServerMissing !== undefined).each<Library>(['redis', 'ioredis'])('redisStore over %s', (library) => {
  let server: RedisServer;
  let redis: Awaited<ReturnType<typeof connect>>;
  const mock = createMessagingMock();
  let prefix = '';
  let n = 0;

  beforeAll(async () => {
    server = await startRedis();
    redis = await connect(library, server.url);
  });
  afterAll(async () => {
    await redis?.close();
    await server?.stop();
  });
  beforeEach(() => {
    mock.reset();
    mock.faults.reset();
    prefix = `test${++n}`;
  });

  const clients = (count: number, options: Partial<ConstructorParameters<typeof MessagingClient>[0]> = {}) => {
    const { log, fetch } = observed(mock);
    // A timeout this machine's load cannot reach: these tests are about the shared gate, not the fallback.
    const store = redisStore(redis.client, { prefix, timeout: options.logger ? 1_000 : 10_000 });
    const warnings: string[] = [];
    const logger = { debug() {}, info() {}, warn: (m: string) => warnings.push(m), error() {} };
    const made = Array.from(
      { length: count },
      () =>
        new MessagingClient({
          baseUrl: mock.baseUrl,
          botKey: mock.botKey,
          fetch,
          rateLimitStore: store,
          logger,
          logLevel: 'warn',
          ...options,
        }),
    );
    return { log, store, clients: made, warnings };
  };

  it('holds maxConcurrency across clients: never more in flight than the limit, all of them together', async () => {
    mock.faults.latency('POST /api/bot/messages', 20);
    const {
      log,
      warnings,
      clients: [a, b],
    } = clients(2, { maxConcurrency: 3 });
    const results = await Promise.all([a!.sendDirectMessages(items(mock, 15, 'a')), b!.sendDirectMessages(items(mock, 15, 'b'))]);
    expect(results.flat().every((r) => r.status === 'fulfilled')).toBe(true);
    expect(log.most).toBeLessThanOrEqual(3);
    expect(warnings).toEqual([]);
  });

  it('holds requestsPerSecond across clients, on Redis’s clock', async () => {
    const {
      log,
      clients: [a, b],
    } = clients(2, { requestsPerSecond: 20 });
    // 80 starts (4 s), spaced from the first one as the client's own gate spaces them.
    await Promise.all([a!.sendDirectMessages(items(mock, 40, 'a')), b!.sendDirectMessages(items(mock, 40, 'b'))]);
    const seconds = (log.starts.at(-1)! - log.starts[0]!) / 1000;
    const rate = (log.starts.length - 1) / seconds;
    expect(rate).toBeLessThanOrEqual(20 * 1.1);
    // Never above; below only by what a busy machine's event loop loses (16.9/s measured with
    // eight other test runs sharing two cores).
    expect(rate).toBeGreaterThanOrEqual(20 * 0.75);
  });

  it('a 429 seen by one client pauses the other until its Retry-After has passed', async () => {
    const {
      log,
      clients: [a, b],
    } = clients(2);
    mock.faults.status('POST /api/bot/messages', 429, { times: 1, retryAfter: 1 });
    const limited = await a!
      .sendDirectMessage({ to: { email: mock.employees.first.email }, body: 'first' }, { maxRetries: 0 })
      .catch((e) => e);
    // From the 429's answer, which the pause runs from (not from when this test heard of it: a busy
    // machine takes a while to hand the error up), on the same clock as Redis's.
    const answered = log.answers.at(-1)!;
    expect(limited.status).toBe(429);
    await b!.sendDirectMessage({ to: { email: mock.employees.first.email }, body: 'second' });
    expect(log.starts.at(-1)! - answered).toBeGreaterThanOrEqual(990);
  });

  it('writes every key under its prefix, and no credential', async () => {
    const {
      store,
      clients: [a],
    } = clients(1);
    await a!.sendDirectMessages(items(mock, 3), { journal: store.journal('campaign {1}') });
    const ours = (await send(redis.client, ['KEYS', `${prefix}*`])) as string[];
    expect(ours.some((k) => k.includes('journal'))).toBe(true);
    expect(ours.every((k) => (k.match(/\{/g) ?? []).length === 1)).toBe(true);
    const dump = JSON.stringify(await Promise.all(ours.map((k) => dumpKey(redis.client, k))));
    expect(dump).not.toContain(mock.botKey);
    expect(ours.join()).not.toContain(mock.botKey);
  });

  it('store.journal(name) is shared by two clients: each item sent once between them, each result fulfilled', async () => {
    mock.faults.latency('POST /api/bot/messages', 5);
    const {
      store,
      clients: [a, b],
    } = clients(2);
    const list = items(mock, 30);
    const [ra, rb] = await Promise.all([
      a!.sendDirectMessages(list, { journal: store.journal('shift'), concurrency: 4 }),
      b!.sendDirectMessages(list, { journal: store.journal('shift'), concurrency: 4 }),
    ]);
    expect(mock.state.directMessages.map((m) => m.body).sort()).toEqual(list.map((i) => i.body).sort());
    expect([...ra, ...rb].every((r) => r.status === 'fulfilled')).toBe(true);
    expect(rb).toEqual(ra);
  });

  it("store.journal(name) reports a dead claimer's item unknown once its lease lapses", async () => {
    const {
      store,
      clients: [a],
    } = clients(1);
    const journal = store.journal('dead', { leaseMs: 50 });
    await journal.claim('only', { retryUnknown: false });
    await new Promise((r) => setTimeout(r, 80));
    const [result] = await a!.sendDirectMessages(items(mock, 1), { journal, key: () => 'only' });
    expect(result?.status === 'rejected' && result.reason).toBeInstanceOf(OutcomeUnknownError);
    expect(mock.state.directMessages).toHaveLength(0);
  });

  it('Redis killed mid-run: no hang, nothing sent twice, the fallback said once at warn, and the client rejoins when it is back', async () => {
    mock.faults.latency('POST /api/bot/messages', 10);
    const lines: string[] = [];
    const logger = { debug() {}, info: (m: string) => lines.push(`info ${m}`), warn: (m: string) => lines.push(`warn ${m}`), error() {} };
    const {
      clients: [a],
    } = clients(1, { logger, logLevel: 'info', maxConcurrency: 4 });
    const journal = memoryJournal();
    const list = items(mock, 60);
    const run = a!.sendDirectMessages(list, { journal, concurrency: 4 });
    await new Promise((r) => setTimeout(r, 50));
    await server.kill();
    const started = Date.now();
    const results = await run;
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(new Set(mock.state.directMessages.map((m) => m.body)).size).toBe(mock.state.directMessages.length);
    expect(lines.filter((l) => l.startsWith('warn') && l.includes('rateLimitStore unavailable'))).toHaveLength(1);
    await server.restart();
    const back = Date.now();
    while (!lines.some((l) => l.includes('shares its gate again')) && Date.now() - back < 8_000)
      await new Promise((r) => setTimeout(r, 50));
    expect(Date.now() - back).toBeLessThan(5_000 + 1_000);
  }, 30_000);
});

async function dumpKey(client: unknown, key: string): Promise<unknown> {
  const type = await send(client, ['TYPE', key]);
  if (type === 'hash') return send(client, ['HGETALL', key]);
  if (type === 'zset') return send(client, ['ZRANGE', key, '0', '-1']);
  return send(client, ['GET', key]);
}
