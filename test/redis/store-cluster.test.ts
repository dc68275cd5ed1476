/**
 * `redisStore` over a real Redis Cluster of three masters (started here), with a cluster
 * client of either library (node-redis `createCluster`, ioredis `Cluster`), as over one
 * Redis: one gate for two clients (in flight, a 429's pause), waiting requests woken over
 * shard channels (at most two commands a request), a shared journal (each item sent once),
 * and no fallback to the clients' own gates.
 */
import { Cluster } from 'ioredis';
import { createCluster } from 'redis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DirectMessageInput, MessagingClient } from '../../src/index.js';
import { type RedisClientLike, redisStore } from '../../src/redis/index.js';
import { createMessagingMock } from '../../src/testing/index.js';
import { redisServerMissing } from '../support/redis.js';
import { observedFetch } from '../support/redis-clients.js';
import { type RedisCluster, redisClusterMissing, startRedisCluster } from '../support/redis-cluster.js';

type Library = 'redis' | 'ioredis';

async function connectCluster(library: Library, cluster: RedisCluster) {
  if (library === 'redis') {
    const client = createCluster({ rootNodes: cluster.nodes.map((n) => ({ url: `redis://${n.host}:${n.port}` })) });
    client.on('error', () => {});
    await client.connect();
    return { client: client as RedisClientLike, close: () => client.close() };
  }
  const client = new Cluster(cluster.nodes);
  client.on('error', () => {});
  await new Promise((resolve) => client.once('ready', resolve));
  return { client: client as RedisClientLike, close: async () => void client.disconnect() };
}

/** Commands every master ran, by name. */
async function commandCounts(cluster: RedisCluster): Promise<Record<string, number>> {
  const { spawnSync } = await import('node:child_process');
  const counts: Record<string, number> = {};
  for (const { port } of cluster.nodes) {
    const info = spawnSync('redis-cli', ['-p', String(port), 'INFO', 'commandstats'], { encoding: 'utf8' }).stdout;
    for (const [, name, calls] of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) counts[name!] = (counts[name!] ?? 0) + Number(calls);
  }
  return counts;
}

describe.skipIf(redisServerMissing !== undefined || redisClusterMissing !== undefined).each<Library>(['redis', 'ioredis'])(
  'redisStore over a Redis Cluster of three nodes, a %s cluster client',
  (library) => {
    let cluster: RedisCluster;
    const connections: Awaited<ReturnType<typeof connectCluster>>[] = [];
    const mock = createMessagingMock();
    const watched = observedFetch(mock);
    const warnings: string[] = [];
    let prefix = '';
    let n = 0;

    beforeAll(async () => {
      cluster = await startRedisCluster();
      connections.push(await connectCluster(library, cluster), await connectCluster(library, cluster));
    }, 30_000);
    afterAll(async () => {
      await Promise.all(connections.map((c) => c.close()));
      await cluster?.stop();
    });
    beforeEach(() => {
      mock.reset();
      mock.faults.reset();
      watched.log.most = 0;
      warnings.length = 0;
      prefix = `cluster-${library}-${++n}`;
    });

    const client = (connection: number, options: Partial<ConstructorParameters<typeof MessagingClient>[0]> = {}) =>
      new MessagingClient({
        baseUrl: mock.baseUrl,
        botKey: mock.botKey,
        fetch: watched.fetch,
        logger: { debug() {}, info() {}, warn: (m: string) => warnings.push(m), error() {} },
        logLevel: 'warn',
        rateLimitStore: redisStore(connections[connection]!.client, { prefix, timeout: 3_000 }),
        ...options,
      });
    const list = (tag: string, count: number): DirectMessageInput[] =>
      Array.from({ length: count }, (_, i) => ({ to: { email: mock.employees.first.email }, body: `${tag} ${i}` }));

    it('two clients hold maxConcurrency together, waiting requests are woken (two commands a request), nothing falls back', async () => {
      mock.faults.latency('POST /api/bot/messages', 50);
      const [a, b] = [client(0, { maxConcurrency: 2 }), client(1, { maxConcurrency: 2 })];
      await Promise.all([
        a.sendDirectMessages(list('warm a', 4), { concurrency: 4 }),
        b.sendDirectMessages(list('warm b', 4), { concurrency: 4 }),
      ]);
      const before = await commandCounts(cluster);
      const results = await Promise.all([
        a.sendDirectMessages(list('a', 15), { concurrency: 6 }),
        b.sendDirectMessages(list('b', 15), { concurrency: 6 }),
      ]);
      await new Promise((r) => setTimeout(r, 200));
      const after = await commandCounts(cluster);
      expect(results.flat().every((r) => r.status === 'fulfilled')).toBe(true);
      expect(watched.log.most).toBeLessThanOrEqual(2);
      expect(warnings).toEqual([]);
      const scripts = ['evalsha', 'eval'].reduce((total, name) => total + (after[name] ?? 0) - (before[name] ?? 0), 0);
      expect(scripts).toBeLessThanOrEqual(2 * 30);
      expect(after.spublish ?? 0).toBeGreaterThan(before.spublish ?? 0); // wake-ups went on shard channels
    });

    it('a 429 seen by one client pauses the other until its Retry-After has passed', async () => {
      mock.faults.status('POST /api/bot/messages', 429, { times: 1, retryAfter: 1 });
      const limited = await client(0, { maxRetries: 0 })
        .sendDirectMessage({ to: { email: mock.employees.first.email }, body: 'limited' })
        .catch((e: unknown) => e);
      // From the 429's answer, which the pause runs from (store.test.ts says why).
      const answered = watched.log.answers.at(-1)!;
      expect((limited as { status?: number }).status).toBe(429);
      await client(1).sendDirectMessage({ to: { email: mock.employees.first.email }, body: 'after' });
      expect(watched.log.starts.at(-1)! - answered).toBeGreaterThanOrEqual(990);
      expect(warnings).toEqual([]);
    });

    it('store.journal(name) shared by two clients: each item sent once between them', async () => {
      mock.faults.latency('POST /api/bot/messages', 5);
      const items = list('journaled', 20);
      const journal = (i: number) => redisStore(connections[i]!.client, { prefix }).journal('campaign');
      const [ra, rb] = await Promise.all([
        client(0).sendDirectMessages(items, { journal: journal(0), concurrency: 4 }),
        client(1).sendDirectMessages(items, { journal: journal(1), concurrency: 4 }),
      ]);
      expect([...ra, ...rb].every((r) => r.status === 'fulfilled')).toBe(true);
      expect(mock.state.directMessages.map((m) => m.body).sort()).toEqual(items.map((i) => i.body).sort());
    });
  },
);
