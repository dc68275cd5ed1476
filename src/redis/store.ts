/**
 * `redisStore(client, { prefix, timeout })`: the rate-limit gate and the bulk journals of a
 * fleet, in the Redis the user already runs, over the client they already have.
 */
import type { BulkJournal } from '../seams/journal.js';
import type { RateLimitStore, SharedGateOptions } from '../seams/store.js';
import { type Command, commandOf, RedisClock, run, script } from './connection.js';
import { redisJournal } from './journal.js';
import { ACQUIRE, PAUSE, RELEASE } from './scripts.js';
import { SharedGate, type StoreDecision, type StoreGateHandle } from './shared-gate.js';

const scripts = { acquire: script(ACQUIRE), release: script(RELEASE), pause: script(PAUSE) };

/**
 * A rate-limit store (the `rateLimitStore` option) that also keeps bulk journals: what
 * `redisStore` returns.
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * import { type RedisStore, redisStore } from 'opslink/redis';
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const items: DirectMessageInput[] = ['ana@example.com', 'ben@example.com'].map((email) => ({ to: { email }, body: 'Stocktake at 6' }));
 * const store: RedisStore = redisStore(redis, { prefix: 'acme:opslink' });
 * await messaging.sendDirectMessages(items, { journal: store.journal('shift-reminder-2026-11-25') });
 * ```
 */
export interface RedisStore extends RateLimitStore {
  /** Ms a Redis call may take before a client falls back to its own gate. */
  readonly timeout: number;
  /**
   * The bulk journal `name` (a fleet's campaign): every process that uses it sends each item
   * at most once between them. Kept in Redis until you delete it.
   * @param options `leaseMs`: how long a claim lives without renewal (default 20 000).
   */
  journal(name: string, options?: { leaseMs?: number }): BulkJournal;
}

/**
 * Shares rate limits and bulk journals across processes through Redis, over your own
 * connected client: node-redis (`redis` >= 5) or `ioredis` (>= 5), neither a dependency of
 * opslink. Every key is under `prefix` (default `opslink`), credentials only as a hash; the
 * keys of one gate or one journal share a hash tag, so the scripts run on Redis Cluster too.
 * A client whose store does not answer within `timeout` ms (default 1 000) uses its own gate
 * until it does again.
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * import { redisStore } from 'opslink/redis';
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const store = redisStore(redis, { prefix: 'acme:opslink' });
 * const warehouse = new WarehouseClient({ domain: 'example.com', apiKey: process.env.WH_KEY!, warehouseId: process.env.WH_ID!, rateLimitStore: store, requestsPerSecond: 20 });
 * ```
 */
export function redisStore(client: unknown, options?: { prefix?: string; timeout?: number }): RedisStore {
  const command = commandOf(client);
  const prefix = options?.prefix ?? 'opslink';
  const timeout = options?.timeout ?? 1_000;
  if (typeof prefix !== 'string' || prefix === '' || /[{}]/.test(prefix)) {
    throw new TypeError('redisStore: prefix must be a non-empty string without { or }');
  }
  if (!(typeof timeout === 'number' && timeout > 0 && timeout <= 60_000)) throw new TypeError('redisStore: timeout must be 1 to 60 000 ms');
  const clock = new RedisClock();
  return {
    timeout,
    gate: (gate: SharedGateOptions) => new SharedGate(gate, timeout, (id) => redisGate(command, `${prefix}:{gate:${id}}`, gate)),
    journal(name, journalOptions) {
      if (typeof name !== 'string' || name === '') throw new TypeError('store.journal: name must be a non-empty string');
      return redisJournal(command, `${prefix}:{journal:${encodeURIComponent(name)}}`, timeout, clock, journalOptions?.leaseMs);
    },
  };
}

function redisGate(command: Command, base: string, limits: SharedGateOptions): StoreGateHandle {
  const keys = [`${base}:state`, `${base}:leases`];
  const interval = limits.requestsPerSecond ? 1000 / limits.requestsPerSecond : 0;
  // One attempt lasts at most its timeout: a slot held longer belongs to a process that died.
  const leaseMs = limits.timeout + 1_000;
  return {
    async acquire(): Promise<StoreDecision> {
      const lease = globalThis.crypto.randomUUID();
      const args = [limits.maxConcurrency, interval, leaseMs, lease];
      const [start, detail, paused] = (await run(command, scripts.acquire, keys, args)) as number[];
      if (start === 1) return { start: true, lease, epoch: Number(detail) };
      const waitMs = Number(detail);
      return { start: false, waitMs, pausedUntil: paused === 1 ? Date.now() + waitMs : 0 };
    },
    async release(lease, epoch, outcome) {
      await run(command, scripts.release, keys, [lease, outcome, epoch, limits.maxConcurrency]);
    },
    async pause(ms) {
      // Whole, never a NOSCRIPT round trip first: another client's next start must find it.
      await run(command, scripts.pause, keys.slice(0, 1), [ms], true);
    },
    async ping() {
      await command(['PING']);
    },
  };
}
