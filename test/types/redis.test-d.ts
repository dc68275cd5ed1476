/** `opslink/redis` as API.md names it: the clients it takes, its options, what it returns. */
import { Redis } from 'ioredis';
import { type BulkJournal, MessagingClient, type RateLimitStore } from 'opslink';
import { type RedisClientLike, type RedisStore, redisStore } from 'opslink/redis';
import { createClient, createCluster } from 'redis';
import { describe, expectTypeOf, it } from 'vitest';

describe('redisStore', () => {
  it('takes a node-redis client or cluster, an ioredis Redis or Cluster, and gives a store with journals', () => {
    expectTypeOf(createClient()).toExtend<RedisClientLike>();
    expectTypeOf(createCluster({ rootNodes: [] })).toExtend<RedisClientLike>();
    expectTypeOf(new Redis()).toExtend<RedisClientLike>();
    const store = redisStore(createClient(), { prefix: 'acme:opslink', timeout: 500 });
    expectTypeOf(store).toEqualTypeOf<RedisStore>();
    expectTypeOf(store).toExtend<RateLimitStore>();
    expectTypeOf(store.journal('campaign', { leaseMs: 10_000 })).toEqualTypeOf<BulkJournal>();
    new MessagingClient({ baseUrl: 'https://chat.example.com', rateLimitStore: store });
  });

  it('refuses what is not a client, and options of the wrong kind', () => {
    // @ts-expect-error a URL is not a connected client
    redisStore('redis://127.0.0.1:6379');
    // @ts-expect-error nor is an object without the members a client has
    redisStore({ url: 'redis://127.0.0.1:6379' });
    // @ts-expect-error the prefix is text
    redisStore(new Redis(), { prefix: 1 });
    // @ts-expect-error the timeout is ms, a number
    redisStore(new Redis(), { timeout: '1s' });
    // @ts-expect-error a journal is named by text
    redisStore(new Redis()).journal(1);
  });
});
