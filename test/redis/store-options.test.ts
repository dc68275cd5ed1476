/**
 * What `redisStore` and `store.journal` cannot use is a ConfigurationError naming it, every
 * problem at once, before anything is sent to Redis; and `fileJournal`'s likewise. No Redis
 * is needed: nothing is sent.
 */
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/index.js';
import { fileJournal } from '../../src/node/index.js';
import { type RedisClientLike, redisStore } from '../../src/redis/index.js';

const anyClient = { isOpen: true, sendCommand: async () => 'OK' } as RedisClientLike;
const refusal = (make: () => unknown) => {
  try {
    make();
  } catch (error) {
    return error as ConfigurationError;
  }
  throw new Error('not refused');
};

describe('redisStore refuses what it cannot use', () => {
  it('a value that is not a client (a URL, null, an object without its members), naming client', () => {
    for (const client of ['redis://127.0.0.1:6379', null, { url: 'redis://x' }, 42]) {
      const error = refusal(() => redisStore(client as never));
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error.option).toBe('client');
      expect(error.message).toMatch(/node-redis .* or ioredis/);
    }
  });

  it('a prefix with a hash tag, an empty one, a timeout out of range: every problem named at once', () => {
    const error = refusal(() => redisStore(42 as never, { prefix: 'acme:{x}', timeout: 0 }));
    expect(error.issues.map((i) => i.path[0])).toEqual(['client', 'prefix', 'timeout']);
    expect(refusal(() => redisStore(anyClient, { prefix: '' })).option).toBe('prefix');
    expect(refusal(() => redisStore(anyClient, { timeout: 120_000 })).option).toBe('timeout');
    expect(refusal(() => redisStore(anyClient, 'opslink' as never)).option).toBe('options');
  });

  it('a journal name that is not text, a lease out of range', () => {
    const store = redisStore(anyClient);
    expect(refusal(() => store.journal('')).option).toBe('name');
    expect(refusal(() => store.journal(7 as never)).option).toBe('name');
    expect(refusal(() => store.journal('j', { leaseMs: 0 })).option).toBe('leaseMs');
  });

  it('fileJournal: a path that is not text, a lease out of range', () => {
    expect(refusal(() => fileJournal('')).option).toBe('path');
    expect(refusal(() => fileJournal('j.ndjson', { leaseMs: Number.NaN })).option).toBe('leaseMs');
  });
});
