/**
 * One attempt: over the platform's own transport where there is one (`#transport`: Node's
 * HTTP stack in Node, see src/platform/README.md), else the platform's (or the caller's)
 * `fetch`, called as `fetch(url, init)` with the body as built, and a timer that covers the
 * whole response, body included, so a server that sends headers and then stalls still times out.
 */
import { fetchPath, platformTransport } from '#transport';
import { bodyOfText, readBounded, readLimit, tooLarge } from '../../internal/body-text.js';
import { unknownCoding } from '../../internal/content-coding.js';
import { linkedSignal, untilAborted } from '../../internal/signals.js';
import type { AttemptResult, FetchInit, PlatformModule } from '../../seams/transport.js';

/** The runtime's `#transport` is held to the seam it must provide, by the types alone (a bundle keeps nothing of it). */
type Provides<T extends PlatformModule> = T;
export type RuntimeTransport = Provides<typeof import('#transport')>;

const now = () => (globalThis.performance ?? Date).now();

/**
 * The body as JSON when it parses, else its text (`undefined` when empty), read to `limit`
 * bytes (an error status's to 1 MiB at most): past it, a 2xx body is not used and an error
 * status keeps its text up to there.
 */
async function readBody(
  response: Response,
  limit: number,
  signal: AbortSignal,
): Promise<{ body: unknown; isJson: boolean; undecodable?: string }> {
  const bound = readLimit(limit, response.ok);
  const read = await readBounded(response, bound, signal, !response.ok);
  if ('failed' in read) return { body: undefined, isJson: true, undecodable: read.failed };
  if (!read.cut) {
    const parsed = bodyOfText(read.text);
    return parsed.unreadable === undefined ? parsed : { body: undefined, isJson: true, undecodable: parsed.unreadable };
  }
  return { body: response.ok ? undefined : read.text, isJson: false, undecodable: tooLarge(bound, limit) };
}

/** Cancels a response body nobody will read, so its connection is let go. */
function discardBody(response: Response): void {
  response.body?.cancel().catch(() => {});
}

/**
 * Sends once and reads the whole body, up to `maxBytes` decoded bytes. `timeoutMs` bounds the
 * attempt; `signal` (the caller's, joined with the call's deadline) ends it at once. Without
 * a `fetch` option the platform's own transport sends it where there is one.
 */
export function attempt(
  customFetch: typeof fetch | undefined,
  url: string,
  init: FetchInit,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  maxBytes: number,
): Promise<AttemptResult> {
  return (
    (customFetch === undefined && platformTransport?.(url, init, timeoutMs, signal, maxBytes)) ||
    attemptOverFetch(customFetch, url, init, timeoutMs, signal, maxBytes)
  );
}

/** One attempt over `fetch`. A custom `fetch` that ignores its signal is raced against it all the same. */
async function attemptOverFetch(
  customFetch: typeof fetch | undefined,
  url: string,
  init: FetchInit,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  maxBytes: number,
): Promise<AttemptResult> {
  const started = now();
  const timer = new AbortController();
  const timeoutId = setTimeout(() => timer.abort(), timeoutMs);
  const link = signal ? linkedSignal([signal, timer.signal]) : undefined;
  const attemptSignal = link?.signal ?? timer.signal;
  // Headers are copied per attempt: a custom fetch that edits them does not edit the retry.
  // Redirects are followed by the core, never by fetch (see redirects.ts).
  const headers = { ...init.headers };
  // The platform's compression (Node's fetch leaves `br` out over http); the caller's own header as given.
  if (fetchPath?.acceptEncoding && headers['accept-encoding'] === undefined) headers['accept-encoding'] = fetchPath.acceptEncoding;
  const request = { ...init, headers, signal: attemptSignal, redirect: 'manual' as const };
  let response: Response | undefined;
  try {
    // Looked up per call: a mock (MSW) may patch globalThis.fetch after the client is made.
    const sent = customFetch ? untilAborted(customFetch(url, request), attemptSignal, discardBody) : globalThis.fetch(url, request);
    response = await sent;
    const read = readBody(response, maxBytes, attemptSignal);
    const { body, isJson, undecodable: unread } = await (customFetch ? untilAborted(read, attemptSignal, () => {}) : read);
    // fetch leaves a coding it does not know undone: read when the body is JSON all the same (and
    // said), named as the reason when not.
    const undone = unknownCoding(response.headers.get('content-encoding'));
    const undecodable = unread ?? (isJson ? undefined : undone);
    return {
      ok: true,
      response,
      body,
      isJson,
      durationMs: now() - started,
      undecodable,
      ...(undone && !undecodable && { unknownCoding: undone }),
    };
  } catch (error) {
    const failure = signal?.aborted ? 'abort' : timer.signal.aborted ? 'timeout' : 'network';
    const undecodable = response && failure === 'network' && fetchPath?.decodeFailure?.(error, response.headers.get('content-encoding'));
    if (undecodable)
      return { ok: true, response: response as Response, body: undefined, isJson: true, durationMs: now() - started, undecodable };
    const unsent = !response && failure === 'network' && fetchPath?.neverConnected(error);
    return { ok: false, failure, error, durationMs: now() - started, ...(response && { response }), ...(unsent && { connected: false }) };
  } finally {
    clearTimeout(timeoutId);
    link?.dispose();
  }
}
