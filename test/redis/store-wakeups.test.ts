/**
 * Waiting on a redisStore whose slots are all taken, over both client libraries: a waiting
 * request is told by the store when a slot is its own (it does not poll), so the clients send
 * at most two commands a request however long they wait (its acquire, its release; a process
 * adds one SUBSCRIBE, and a PING a second while it has requests waiting); a wake-up lost
 * with the listening connection is made good when that connection is back; and no request is
 * sent before its slot is free.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DirectMessageInput, MessagingClient } from '../../src/index.js';
import { redisStore } from '../../src/redis/index.js';
import { createMessagingMock } from '../../src/testing/index.js';
import { type RedisServer, redisServerMissing, startRedis } from '../support/redis.js';
import { connectRedis as connect, type Library, observedFetch, redisCommand } from '../support/redis-clients.js';

/** Commands the clients sent (the scripts' own commands, PUBLISH among them, run inside Redis). */
const SENT = ['evalsha', 'eval', 'ping', 'subscribe', 'ssubscribe'];

describe.skipIf(redisServerMissing !== undefined).each<Library>(['redis', 'ioredis'])('waiting for a slot over %s', (library) => {
  let server: RedisServer;
  const connections: Awaited<ReturnType<typeof connect>>[] = [];
  let stats: Awaited<ReturnType<typeof connect>>;
  const mock = createMessagingMock();
  const watched = observedFetch(mock);
  let prefix = '';
  let n = 0;

  beforeAll(async () => {
    server = await startRedis();
    connections.push(await connect(library, server.url), await connect(library, server.url));
    stats = await connect('redis', server.url);
  });
  afterAll(async () => {
    await Promise.all([...connections, stats].map((c) => c?.close()));
    await server?.stop();
  });
  beforeEach(() => {
    mock.reset();
    mock.faults.reset();
    watched.log.most = 0;
    watched.log.starts.length = 0;
    prefix = `wake-${library}-${++n}`;
  });

  /** A client as a process would have it: a connection and a store of its own. */
  const client = (connection: number, maxConcurrency: number) =>
    new MessagingClient({
      baseUrl: mock.baseUrl,
      botKey: mock.botKey,
      fetch: watched.fetch,
      maxConcurrency,
      rateLimitStore: redisStore(connections[connection]!.client, { prefix, timeout: 5_000 }),
    });
  const list = (tag: string, count: number): DirectMessageInput[] =>
    Array.from({ length: count }, (_, i) => ({ to: { email: mock.employees.first.email }, body: `${tag} ${i}` }));
  const counts = async () => {
    const info = String(await redisCommand(stats.client, ['INFO', 'commandstats']));
    return Object.fromEntries([...info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)].map((m) => [m[1]!, Number(m[2])]));
  };

  it('two processes at maxConcurrency 2, 40 requests of 100 ms: each woken when a slot is its own, at most 2 commands a request', async () => {
    mock.faults.latency('POST /api/bot/messages', 100);
    const [a, b] = [client(0, 2), client(1, 2)];
    // Each process's first meeting with full slots: the requests it had already sent ask
    // once more, once it listens (its bulk concurrency's worth, once); not what is counted.
    await Promise.all([
      a.sendDirectMessages(list('warm a', 4), { concurrency: 4 }),
      b.sendDirectMessages(list('warm b', 4), { concurrency: 4 }),
    ]);
    const before = await counts();
    const results = await Promise.all([
      a.sendDirectMessages(list('a', 20), { concurrency: 8 }),
      b.sendDirectMessages(list('b', 20), { concurrency: 8 }),
    ]);
    await new Promise((r) => setTimeout(r, 200)); // the last releases land
    const after = await counts();
    expect(results.flat().every((r) => r.status === 'fulfilled')).toBe(true);
    expect(watched.log.most).toBeLessThanOrEqual(2);
    const sent = (names: string[]) => names.reduce((total, name) => total + (after[name] ?? 0) - (before[name] ?? 0), 0);
    const scripts = sent(['evalsha', 'eval']);
    const all = sent(SENT);
    console.log(
      `${library}: 40 requests waiting ~1 s each: ${scripts} scripts, ${all} commands in all (${(all / 40).toFixed(2)} a request)`,
    );
    // Each request: its acquire and its release (releases that land together go as one); each
    // process pings four times per store timeout (5 s here) while requests of its wait.
    expect(scripts).toBeLessThanOrEqual(2 * 40);
    expect(all / 40).toBeLessThanOrEqual(2.1);
  });

  it('a wake-up lost with the listening connection: the waiter asks where it stands when the connection is back, and is sent', async () => {
    mock.faults.latency('POST /api/bot/messages', 400);
    const [a, b] = [client(0, 1), client(1, 1)];
    const holding = a.sendDirectMessage({ to: { email: mock.employees.first.email }, body: 'holds the slot' });
    await new Promise((r) => setTimeout(r, 100));
    const waiting = b.sendDirectMessages(list('waits', 2), { concurrency: 2 });
    await new Promise((r) => setTimeout(r, 150));
    // Every listening connection dropped: the slot is freed while B cannot hear of it.
    await redisCommand(stats.client, ['CLIENT', 'KILL', 'TYPE', 'pubsub']);
    const started = Date.now();
    await holding;
    const results = await waiting;
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    // Within the reconnect and two 400 ms requests, not the 10 s a silent waiter waits before it asks.
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(watched.log.most).toBeLessThanOrEqual(1);
  });
});
