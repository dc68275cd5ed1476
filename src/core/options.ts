import type { Logger, LogLevel } from '../internal/logger.js';

export type { Logger, LogLevel };

/**
 * Options both clients take.
 * @example
 * ```ts
 * const shared: CommonOptions = { timeout: 10_000, maxRetries: 3, logger: console, logLevel: 'warn' };
 * const messaging = new MessagingClient({ ...shared, baseUrl: 'https://chat.example.com', botKey: process.env.BOT_KEY });
 * const warehouse = new WarehouseClient({ ...shared, domain: 'example.com', apiKey: process.env.WH_KEY!, warehouseId: process.env.WH_ID! });
 * ```
 */
export interface CommonOptions {
  /**
   * Milliseconds one attempt may take before it fails with `APIConnectionTimeoutError`.
   * @default 30_000
   */
  timeout?: number;
  /**
   * How many times a failed request is sent again (see the README's "Retries").
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
   * Which lines reach `logger`. Secrets never do.
   * @default 'off'
   */
  logLevel?: LogLevel;
}

/**
 * Options every method takes as its last argument.
 * @example
 * ```ts
 * const options: RequestOptions = { signal: AbortSignal.timeout(15_000), maxRetries: 0, headers: { 'x-request-id': 'job-42' } };
 * await messaging.sendDirectMessage({ to: { email: 'ana@example.com' }, body: 'Your shift starts at 9' }, options);
 * ```
 */
export interface RequestOptions {
  /** Aborts the request, including a wait between retries. */
  signal?: AbortSignal;
  /** Per-attempt timeout (ms) for this call. */
  timeout?: number;
  /** Retries for this call. */
  maxRetries?: number;
  /** Extra headers for this call. */
  headers?: Record<string, string>;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RETRIES = 2;
export const DEFAULT_MAX_RETRY_AFTER_MS = 60_000;
