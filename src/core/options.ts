/**
 * The options both clients take and the options of every call, with their defaults. The
 * rules that check them live in `config.ts`.
 */

import type { RateLimitStore } from '../seams/store.js';

/**
 * Which log lines reach the `logger` option: `off` (the default) sends none, and each level
 * after it adds more detail (`error`, `warn`, `info`, `debug`). Keys and tokens never appear.
 * @example
 * ```ts
 * const logLevel: LogLevel = process.env.NODE_ENV === 'production' ? 'warn' : 'debug';
 * const warehouse = new WarehouseClient({ domain: 'example.com', apiKey: process.env.WH_KEY!, warehouseId: process.env.WH_ID!, logLevel });
 * ```
 */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

/**
 * Where a client writes its log lines: any object with `debug`, `info`, `warn` and `error`
 * methods, such as `console` or a pino/winston logger. Lines start with `[opslink]`.
 * @example
 * ```ts
 * const messaging = new MessagingClient({ baseUrl: 'https://chat.example.com', botKey: process.env.BOT_KEY, logger: console, logLevel: 'info' });
 * ```
 */
export type Logger = Pick<Console, 'debug' | 'info' | 'warn' | 'error'>;

/**
 * A key as a string, or a function that returns it (or a Promise of it), called before
 * every request: for a key held in a secret manager and rotated, which then takes effect on
 * the next request. Neither form ever appears in a log, an event or an error.
 * @example
 * ```ts
 * import { readFile } from 'node:fs/promises';
 * // Read again before every request, so a rotated key in the mounted secret takes effect at once.
 * const apiKey: Credential = async () => (await readFile('/run/secrets/warehouse-api-key', 'utf8')).trim();
 * const warehouse = new WarehouseClient({ domain: 'example.com', apiKey, warehouseId: 'wh-1' });
 * ```
 */
export type Credential = string | (() => string | Promise<string>);

/**
 * A request about to be sent (the `onRequest` hook). `url` has any webhook token masked;
 * `headers` is a copy with every credential masked.
 * @example
 * ```ts
 * const onRequest = (e: RequestEvent) => console.log(`→ ${e.method} ${e.url} (attempt ${e.attempt})`);
 * ```
 */
export interface RequestEvent {
  method: string;
  url: string;
  /** 1 for the first attempt, 2 for the first retry, … */
  attempt: number;
  headers: Headers;
}

/**
 * A response received (the `onResponse` hook), error statuses included.
 * @example
 * ```ts
 * const onResponse = (e: ResponseEvent) => console.info(`${e.method} ${e.url} ${e.status} in ${e.durationMs} ms`);
 * ```
 */
export interface ResponseEvent {
  method: string;
  url: string;
  attempt: number;
  status: number;
  /** From the request leaving to the whole body read. */
  durationMs: number;
  /** The service's `x-request-id` or `request-id` header, when it sent one. */
  requestId?: string;
}

/**
 * A retry about to wait (the `onRetry` hook).
 * @example
 * ```ts
 * let retries = 0;
 * const onRetry = (e: RetryEvent) => { retries++; console.warn(`${e.method} ${e.url}: ${e.reason}; again in ${e.delayMs} ms`); };
 * ```
 */
export interface RetryEvent {
  method: string;
  url: string;
  /** The attempt that failed. */
  attempt: number;
  delayMs: number;
  /** `'429'`, `'503'`, `'timeout'`, `'network'`, … */
  reason: string;
}

/**
 * A 429 received (`onRateLimited`): every request of the client pauses `retryAfter` seconds.
 * @example
 * ```ts
 * const onRateLimited = (e: RateLimitEvent) => console.warn(`429 on ${e.method} ${e.path}: pausing ${e.retryAfter} s`);
 * ```
 */
export interface RateLimitEvent {
  method: string;
  path: string;
  /** Seconds of the pause (the server's `Retry-After`, or the backoff when it sent none). */
  retryAfter: number;
}

/**
 * Members of a 2xx body that break their documented type (the `onResponseMismatch` hook):
 * each member once per client, array positions not counted. `issues` name members, never
 * their values; `url` has any webhook token masked.
 * @example
 * ```ts
 * import { metrics } from '@opentelemetry/api';
 * const mismatches = metrics.getMeter('my-app').createCounter('opslink.response_mismatch');
 * const onResponseMismatch = (e: ResponseMismatchEvent) =>
 *   mismatches.add(e.issues.length, { method: e.method, members: e.issues.map((i) => i.path.join('.')).join(' ') });
 * ```
 */
export interface ResponseMismatchEvent {
  method: string;
  url: string;
  status: number;
  /** Each member newly found off its documented type: where it sits (its first occurrence) and what is wrong. */
  issues: { path: (string | number)[]; message: string }[];
}

/**
 * Read-only events of every request, for metrics and tracing without wrapping `fetch`. A
 * hook that throws is logged (at `warn`) and never breaks the call.
 * @example
 * ```ts
 * const hooks: Hooks = {
 *   onResponse: (e) => console.log(`${e.method} ${e.url} ${e.status} in ${e.durationMs} ms`),
 *   onRetry: (e) => console.warn(`retrying after ${e.reason}`),
 * };
 * ```
 */
export interface Hooks {
  /** Before each attempt is sent (a retry is another attempt). */
  onRequest?(event: RequestEvent): void;
  /** When an attempt's response has been read, error statuses included. */
  onResponse?(event: ResponseEvent): void;
  /** When a failed attempt will be retried, before the wait. */
  onRetry?(event: RetryEvent): void;
  /** When a 2xx body holds members off their documented type not reported before (see `strictResponseValidation`). */
  onResponseMismatch?(event: ResponseMismatchEvent): void;
}

/**
 * Options both clients take.
 * @example
 * ```ts
 * const shared: CommonOptions = { timeout: 10_000, maxRetries: 3, deadline: 60_000, logger: console, logLevel: 'warn' };
 * const messaging = new MessagingClient({ ...shared, baseUrl: 'https://chat.example.com', botKey: process.env.BOT_KEY });
 * const warehouse = new WarehouseClient({ ...shared, domain: 'example.com', apiKey: process.env.WH_KEY!, warehouseId: process.env.WH_ID! });
 * ```
 */
export interface CommonOptions {
  /**
   * Milliseconds one attempt may take, its body included, before it fails with `APIConnectionTimeoutError`.
   * @default 30_000
   */
  timeout?: number;
  /**
   * How many times a failed request is sent again (docs/errors.md, "What is retried").
   * @default 2
   */
  maxRetries?: number;
  /** A `fetch` to use instead of the global one (a proxy agent, a test double). */
  fetch?: typeof fetch;
  /** Extra headers sent with every request. */
  headers?: Record<string, string>;
  /**
   * Longest `Retry-After` (ms) worth waiting for; a longer one fails at once with `RateLimitError`.
   * @default 60_000
   */
  maxRetryAfter?: number;
  /** Where log lines go (any object with `debug`, `info`, `warn`, `error`, e.g. `console`). */
  logger?: Logger;
  /**
   * Which lines reach `logger` (the console when no logger is given). Secrets never do.
   * @default 'off'
   */
  logLevel?: LogLevel;
  /**
   * Milliseconds for a whole call: every attempt and every wait between them, and for a
   * list every page of the iteration. Past it the call ends with `APIConnectionTimeoutError`.
   * @default no deadline
   */
  deadline?: number;
  /**
   * Requests of this client in flight at once, across all its calls (one gate).
   * @default 16
   */
  maxConcurrency?: number;
  /** A steady pace for the client's requests, e.g. `5` starts at most one every 200 ms. @default no pace */
  requestsPerSecond?: number;
  /**
   * On a 429: `'wait'` pauses every request of the client until `Retry-After` has passed;
   * `'reject'` fails that request with `RateLimitError` and, during the pause, every new one
   * before it is sent.
   * @default 'wait'
   */
  rateLimit?: 'wait' | 'reject';
  /**
   * Shares this client's gate with every client of the same service and credential that uses
   * the same store, in any process: `redisStore(client)` from `opslink/redis` (docs/rate-limits.md,
   * "Many processes"). `maxConcurrency` and `requestsPerSecond` then hold for all of them together.
   */
  rateLimitStore?: RateLimitStore;
  /** Called on every 429 with the pause it starts. */
  onRateLimited?: (event: RateLimitEvent) => void;
  /**
   * Allow a credential in a web page's main thread, where every visitor can read it. Without
   * it, a client with a key or webhook URL throws `ConfigurationError` there.
   * @default false
   */
  dangerouslyAllowBrowser?: boolean;
  /**
   * Reject a read whose body breaks the service document anywhere, with
   * `ResponseValidationError` (for contract tests). Without it a read resolves with the body
   * as received and each member off its documented type is reported once per client, at
   * `warn` and to `hooks.onResponseMismatch`. What the SDK needs (the envelope, a list's
   * items and total, the ids it puts in URLs) is checked in either mode; a write that got a
   * 2xx always resolves.
   * @default false
   */
  strictResponseValidation?: boolean;
  /**
   * Decoded bytes read of one answer, at most. Past them the SDK stops reading and drops the
   * connection: a read rejects with `ResponseValidationError` naming the limit, an error
   * status gives its `APIError` with the body cut there, and a write that got a 2xx resolves
   * (reported at `warn`). So no answer, however it is compressed, holds more memory than this.
   * `Infinity` reads every byte.
   * @default 67_108_864 (64 MiB)
   */
  maxResponseBytes?: number;
  /** Read-only events of every request; secrets masked. */
  hooks?: Hooks;
}

/**
 * Options every method takes as its last argument.
 * @example
 * ```ts
 * const options: RequestOptions = { signal: AbortSignal.timeout(15_000), maxRetries: 0, headers: { 'x-trace-id': 'job-42' } };
 * await messaging.sendDirectMessage({ to: { email: 'ana@example.com' }, body: 'Your shift starts at 9' }, options);
 * ```
 */
export interface RequestOptions {
  /** Aborts the call at once, queued, in flight or waiting to retry. */
  signal?: AbortSignal;
  /** Per-attempt timeout (ms) for this call. */
  timeout?: number;
  /** Retries for this call. */
  maxRetries?: number;
  /** Extra headers for this call (never replacing the client's credential headers). */
  headers?: Record<string, string>;
  /** Milliseconds for this whole call, waits included (for a list, the whole iteration). */
  deadline?: number;
}

export const DEFAULTS = {
  timeout: 30_000,
  maxRetries: 2,
  maxRetryAfter: 60_000,
  maxConcurrency: 16,
  maxResponseBytes: 67_108_864,
} as const;
