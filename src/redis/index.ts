/**
 * `opslink/redis`: one rate limit and at-most-once bulk journals across processes, on the
 * Redis the user already runs. Takes the user's connected client; imports no Redis library.
 *
 * Guides: [many processes](../../docs/rate-limits.md#many-processes),
 * [journals](../../docs/bulk.md#resume-a-campaign-journals).
 * @module opslink/redis
 */

export type { BulkJournal } from '../core/index.js';
export type { RedisClientLike } from './connection.js';
export { type RedisStore, redisStore } from './store.js';
