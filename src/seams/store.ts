/**
 * What a rate-limit store (`rateLimitStore`, e.g. `opslink/redis`) must provide, and what the
 * HTTP core gives it: the store builds the client's gate, given the client's own gate to fall
 * back on, its limits and a hash naming its service and credential. The shared gate itself
 * (asking the store, the fallback and the rejoin) lives with the store, so the SDK's entries
 * carry none of it.
 */

/**
 * One function per log level that is on; a level that is off is missing, so a call site
 * written `log.debug?.(\`…\`)` does not even build its message.
 */
export interface LogSink {
  error?: (message: string) => void;
  warn?: (message: string) => void;
  info?: (message: string) => void;
  debug?: (message: string) => void;
}

/** Hands a gate's slot back, with how the request went: `limited` is a 429, `failed` no answer. */
export type Release = (outcome: 'ok' | 'limited' | 'failed') => void;

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
