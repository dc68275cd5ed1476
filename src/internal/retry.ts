/**
 * When to send a request again and how long to wait. Kept apart from the HTTP code so the
 * rules read in one place: a POST is never repeated unless the server said 429, because a
 * POST that reached the server may already have sent a message or created an order.
 */
import { parseRetryAfterMs } from '../core/errors.js';

export const BACKOFF_BASE_MS = 500;
export const BACKOFF_CAP_MS = 8_000;

/** Methods the services treat as safe to repeat: GET reads, PUT replaces. */
const IDEMPOTENT = new Set(['GET', 'PUT', 'HEAD', 'OPTIONS', 'DELETE']);

export type Failure = { kind: 'status'; status: number } | { kind: 'network' } | { kind: 'timeout' };

/** Whether this failure may be retried for this method (retries left aside). */
export function isRetryable(method: string, failure: Failure): boolean {
  if (failure.kind === 'status' && failure.status === 429) return true;
  if (!IDEMPOTENT.has(method)) return false;
  if (failure.kind !== 'status') return true;
  return failure.status === 408 || failure.status >= 500;
}

/** Exponential backoff with full jitter: a random wait in [0, min(cap, base * 2^retry)). */
export function backoffMs(retryIndex: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** retryIndex);
  return Math.floor(random() * ceiling);
}

/** The wait a 429 asks for, or `undefined` to fall back to backoff. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  return parseRetryAfterMs(headers.get('retry-after'), now);
}

/**
 * Waits `ms`, ending at once (rejecting with the signal's reason) when `signal` aborts,
 * and leaving no timer behind either way.
 */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
