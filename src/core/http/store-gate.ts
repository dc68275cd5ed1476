/**
 * What a gate shared through a store (`rateLimitStore`, e.g. `opslink/redis`) is to the HTTP
 * core: the store builds the client's gate, given the client's own gate to fall back on, its
 * limits and a hash naming its service and credential. The shared gate itself (asking the
 * store, the fallback and the rejoin) lives with the store, so the SDK's entries carry none of it.
 */
import type { LogSink } from '../log.js';
import type { Release } from './gate.js';

/**
 * What the HTTP core needs of a gate, local or shared: what a `RateLimitStore` builds.
 * @example
 * ```ts
 * // A store that shares nothing and counts 429s, around each client's own gate.
 * let limited = 0;
 * const counting = (gate: Gate): Gate => ({
 *   get pausedUntil() { return gate.pausedUntil; },
 *   acquire: async (signal) => {
 *     const release = await gate.acquire(signal); // wait for a start
 *     // after the response: 'ok', 'limited' (a 429) or 'failed'
 *     return (outcome) => { if (outcome === 'limited') limited++; release(outcome); };
 *   },
 *   pause: (ms) => gate.pause(ms),
 * });
 * const store: RateLimitStore = { gate: (options) => counting(options.local) };
 * ```
 */
export interface Gate {
  /** Until when (ms since the epoch) requests are held after a 429; 0 when not paused. */
  readonly pausedUntil: number;
  /**
   * Waits for a start; the function it gives back hands the slot back with the outcome.
   * `request` (a shared gate's business; the client's own gate needs none of it) names the
   * credential this request sends and hears of a pause the gate learns of while it waits.
   */
  acquire(signal?: AbortSignal, request?: GateRequest): Promise<Release>;
  /**
   * Holds every request not yet sent for `ms` (after a 429), then opens slowly. A shared gate
   * returns a promise that settles once the other processes can see the pause (bounded by its
   * store's timeout), so the 429's error or retry never comes before it.
   */
  pause(ms: number, request?: GateRequest): void | Promise<void>;
}

/**
 * What one request tells a shared gate.
 * @example
 * ```ts
 * // A gate that logs which credential each request waits under, then waits as the client's own.
 * const naming = (gate: Gate): Gate => ({
 *   get pausedUntil() { return gate.pausedUntil; },
 *   acquire: async (signal, request?: GateRequest) => {
 *     console.log('gate', (await request?.scope?.()) ?? 'the client');
 *     return gate.acquire(signal, request);
 *   },
 *   pause: (ms, request) => gate.pause(ms, request),
 * });
 * ```
 */
export interface GateRequest {
  /** The gate's name for the credential this request sends (a SHA-256 hash, never the key): a key function's answer of the moment. */
  scope?: () => Promise<string | undefined>;
  /**
   * Called when the gate finds the gate paused while this request waits (another process's
   * 429): the error that ends the wait at once (`rateLimit: 'reject'`, a pause past the
   * call's deadline), or `undefined` to wait.
   */
  onPause?: (pausedUntil: number) => Error | undefined;
}

/**
 * What a client hands its store when it is made.
 * @example
 * ```ts
 * const store: RateLimitStore = { gate: (options: SharedGateOptions) => options.local }; // a store that shares nothing
 * ```
 */
export interface SharedGateOptions {
  /** Names the service and credential: a SHA-256 hash, never the credential. */
  id: Promise<string>;
  maxConcurrency: number;
  requestsPerSecond: number | undefined;
  /** The client's per-attempt timeout (ms): a slot held longer belongs to a dead process. */
  timeout: number;
  /** The client's own gate, for when the store cannot answer. */
  local: Gate;
  log: LogSink;
}

/**
 * Shares clients' rate limits with other processes (the `rateLimitStore` option):
 * `redisStore(client)` from `opslink/redis`.
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * import { redisStore } from 'opslink/redis';
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const rateLimitStore: RateLimitStore = redisStore(redis);
 * const warehouse = new WarehouseClient({ domain: 'example.com', apiKey: process.env.WH_KEY!, warehouseId: process.env.WH_ID!, rateLimitStore, requestsPerSecond: 20 });
 * ```
 */
export interface RateLimitStore {
  /** The gate a client waits at, shared by every client whose `id` is the same. */
  gate(options: SharedGateOptions): Gate;
}

/**
 * The names already made, by what they name: a request names its gate by the credential it
 * sends, and hashing it again each time (the platform's digest runs off the thread) cost more
 * than the store's round trip (bench/store.mjs). Kept small: a key rotates rarely.
 */
const named = new Map<string, Promise<string>>();
const NAMES_KEPT = 64;

/** @internal The name of a shared gate: a SHA-256 of what identifies it (service URL, credentials), so no credential reaches the store. */
export function gateScope(parts: string[]): Promise<string> {
  const text = parts.join('\n');
  let id = named.get(text);
  if (!id) {
    if (named.size >= NAMES_KEPT) named.clear();
    id = globalThis.crypto.subtle
      .digest('SHA-256', new TextEncoder().encode(text))
      .then((digest) => Array.from(new Uint8Array(digest).subarray(0, 16), (b) => b.toString(16).padStart(2, '0')).join(''));
    named.set(text, id);
  }
  return id;
}
