/**
 * `redisStore(client, { prefix, timeout })`: the rate-limit gate and the bulk journals of a
 * fleet, in the Redis the user already runs, over the client they already have.
 */
import { ConfigurationError, type ValidationIssue } from '../core/errors/index.js';
import type { BulkJournal } from '../seams/journal.js';
import type { RateLimitStore, SharedGateOptions } from '../seams/store.js';
import { type Connection, connectionOf, type RedisClientLike, RedisClock } from './connection.js';
import { redisGate } from './gate-handle.js';
import { redisJournal } from './journal.js';
import { SharedGate } from './shared-gate.js';
import { WakeUps } from './wake-ups.js';

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
 * connected client: node-redis (`redis` >= 5, `createClient` or `createCluster`) or `ioredis`
 * (>= 5, `Redis` or `Cluster`), neither a dependency of opslink. Every key is under `prefix`
 * (default `opslink`), credentials only as a hash; the keys of one gate or one journal share a
 * hash tag, so the scripts run on Redis Cluster too. A client whose store does not answer
 * within `timeout` ms (default 1 000) uses its own gate until it does again. Requests that
 * wait for a slot are told when it is theirs over a second connection, the client's own
 * `duplicate()`, opened at the first wait and closed with the client.
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * import { redisStore } from 'opslink/redis';
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const store = redisStore(redis, { prefix: 'acme:opslink' });
 * const warehouse = new WarehouseClient({ domain: 'example.com', apiKey: process.env.WH_KEY!, warehouseId: process.env.WH_ID!, rateLimitStore: store, requestsPerSecond: 20 });
 * ```
 */
export function redisStore(client: RedisClientLike, options?: { prefix?: string; timeout?: number }): RedisStore {
  const { prefix, timeout, connection } = checked(client, options);
  const clock = new RedisClock();
  const wakeUps = new WakeUps(connection, timeout);
  return {
    timeout,
    gate: (limits: SharedGateOptions) =>
      new SharedGate(limits, timeout, wakeUps, (id, holder) =>
        redisGate(connection, `${prefix}:{gate:${id}}`, holder, limits, clock, timeout),
      ),
    journal(name, journalOptions) {
      if (typeof name !== 'string' || name === '') {
        throw new ConfigurationError([{ path: ['name'], message: 'must be a non-empty string' }], 'store.journal options');
      }
      const leaseMs = journalOptions?.leaseMs;
      if (leaseMs !== undefined && !(Number.isFinite(leaseMs) && leaseMs >= 10 && leaseMs <= 3_600_000)) {
        throw new ConfigurationError([{ path: ['leaseMs'], message: 'must be 10 to 3 600 000 ms' }], 'store.journal options');
      }
      return redisJournal(connection.command, `${prefix}:{journal:${encodeURIComponent(name)}}`, timeout, clock, leaseMs);
    },
  };
}

/** The store's client and options, or a ConfigurationError naming every one it cannot use. */
function checked(client: unknown, options: unknown): { prefix: string; timeout: number; connection: Connection } {
  const issues: ValidationIssue[] = [];
  const connection = connectionOf(client);
  if (typeof connection === 'string') issues.push({ path: ['client'], message: connection });
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    issues.push({ path: ['options'], message: 'must be an object { prefix?, timeout? }' });
  }
  const { prefix = 'opslink', timeout = 1_000 } = ((typeof options === 'object' && options) || {}) as {
    prefix?: unknown;
    timeout?: unknown;
  };
  if (typeof prefix !== 'string' || prefix === '' || /[{}]/.test(prefix)) {
    issues.push({ path: ['prefix'], message: 'must be a non-empty string without { or } (the keys put their own hash tag after it)' });
  }
  if (!(typeof timeout === 'number' && timeout > 0 && timeout <= 60_000))
    issues.push({ path: ['timeout'], message: 'must be 1 to 60 000 ms' });
  if (issues.length || typeof connection === 'string') throw new ConfigurationError(issues, 'redisStore options');
  return { prefix: prefix as string, timeout: timeout as number, connection };
}
