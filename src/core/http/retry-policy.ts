/**
 * When to send a request again and how long to wait. A POST is never repeated unless the
 * server said 429, because a POST that reached the server may already have sent a message
 * or created an order.
 */
import { parseHttpDate } from '../../internal/http-date.js';

export const BACKOFF_BASE_MS = 500;
export const BACKOFF_CAP_MS = 8_000;

/** Methods the services treat as safe to repeat: GET reads, PUT replaces. */
const IDEMPOTENT = ['GET', 'PUT', 'HEAD', 'OPTIONS', 'DELETE'];

/** Why an attempt failed: a status, no connection, or no complete response in time. */
export type Failure = { kind: 'status'; status: number } | { kind: 'network' } | { kind: 'timeout' };

/** Whether this failure may be retried for this method (retries left aside). */
export function isRetryable(method: string, failure: Failure): boolean {
  if (failure.kind === 'status' && failure.status === 429) return true;
  if (!IDEMPOTENT.includes(method)) return false;
  return failure.kind !== 'status' || failure.status === 408 || failure.status >= 500;
}

/** Exponential backoff with full jitter: a random wait in [0, min(cap, base * 2^retry)). */
export function backoffMs(retryIndex: number, random: () => number = Math.random): number {
  return Math.floor(random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** retryIndex));
}

/**
 * Milliseconds a `Retry-After` value asks for. Only what RFC 9110 allows counts: a
 * non-negative integer of seconds, or an HTTP-date (a past one means now). Anything else
 * (`-1`, `+1`, `1.5`, empty, garbage) is `undefined`, and the normal backoff applies.
 */
export function parseRetryAfterMs(value: string | null | undefined, now: number): number | undefined {
  if (value == null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = parseHttpDate(text);
  return date === undefined ? undefined : Math.max(0, date - now);
}
