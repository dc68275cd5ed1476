/**
 * One attempt: over the platform's own transport where there is one (`#transport`: Node's
 * HTTP stack in Node, see src/platform/README.md), else the platform's (or the caller's)
 * `fetch`, called as `fetch(url, init)` with the body as built, and a timer that covers the
 * whole response, body included, so a server that sends headers and then stalls still times out.
 */
import { platformTransport } from '#transport';
import { linkedSignal, untilAborted } from '../../internal/signals.js';
import { bodyOfText } from './body-text.js';

/** The request as it goes to `fetch`. Headers are a plain object, the body JSON text or a multipart `Blob` (its type the Content-Type). */
export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body: string | Blob | undefined;
}

/** What the core reads of response headers: a fetch `Headers` is one, the Node transport's is lighter. Names in lower case. */
export interface HeaderView {
  get(name: string): string | null;
  forEach(callback: (value: string, name: string) => void): void;
}

/**
 * What the core reads of a response: a fetch `Response` is one as it is; the Node transport's
 * is lighter, and builds a `Response` (`toResponse`) only when `withResponse()` asks for it.
 */
export interface ResponseHead {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: HeaderView;
  readonly url: string;
  readonly redirected: boolean;
  readonly type: string;
  toResponse?(): Response;
}

/**
 * A platform's own way to send one attempt; `undefined` when it must not be used for this
 * one (the user's fetch goes through a proxy, or was replaced), and `fetch` sends it.
 */
export type PlatformTransport = (
  url: string,
  init: FetchInit,
  timeoutMs: number,
  signal: AbortSignal | undefined,
) => Promise<AttemptResult> | undefined;

export type AttemptResult =
  | { ok: true; response: ResponseHead; body: unknown; isJson: boolean; durationMs: number }
  | {
      ok: false;
      failure: 'timeout' | 'network' | 'abort';
      error: unknown;
      durationMs: number;
      /** Set when the status and headers arrived and the body did not (cut off, stalled or aborted). */
      response?: ResponseHead;
    };

const now = () => (globalThis.performance ?? Date).now();

/** The body as JSON when it parses, else its text; `undefined` when empty. */
const readBody = (response: Response): Promise<{ body: unknown; isJson: boolean }> => response.text().then(bodyOfText);

/** Cancels a response body nobody will read, so its connection is let go. */
function discardBody(response: Response): void {
  response.body?.cancel().catch(() => {});
}

/**
 * Sends once and reads the whole body. `timeoutMs` bounds the attempt; `signal` (the
 * caller's, joined with the call's deadline) ends it at once. Without a `fetch` option the
 * platform's own transport sends it where there is one.
 */
export function attempt(
  customFetch: typeof fetch | undefined,
  url: string,
  init: FetchInit,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<AttemptResult> {
  return (
    (customFetch === undefined && platformTransport?.(url, init, timeoutMs, signal)) ||
    attemptOverFetch(customFetch, url, init, timeoutMs, signal)
  );
}

/** One attempt over `fetch`. A custom `fetch` that ignores its signal is raced against it all the same. */
async function attemptOverFetch(
  customFetch: typeof fetch | undefined,
  url: string,
  init: FetchInit,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<AttemptResult> {
  const started = now();
  const timer = new AbortController();
  const timeoutId = setTimeout(() => timer.abort(), timeoutMs);
  const link = signal ? linkedSignal([signal, timer.signal]) : undefined;
  const attemptSignal = link?.signal ?? timer.signal;
  // Headers are copied per attempt: a custom fetch that edits them does not edit the retry.
  // Redirects are followed by the core, never by fetch (see redirects.ts).
  const request = { ...init, headers: { ...init.headers }, signal: attemptSignal, redirect: 'manual' as const };
  let response: Response | undefined;
  try {
    // Looked up per call: a mock (MSW) may patch globalThis.fetch after the client is made.
    const sent = customFetch ? untilAborted(customFetch(url, request), attemptSignal, discardBody) : globalThis.fetch(url, request);
    response = await sent;
    const { body, isJson } = await (customFetch ? untilAborted(readBody(response), attemptSignal, () => {}) : readBody(response));
    return { ok: true, response, body, isJson, durationMs: now() - started };
  } catch (error) {
    const failure = signal?.aborted ? 'abort' : timer.signal.aborted ? 'timeout' : 'network';
    return { ok: false, failure, error, durationMs: now() - started, ...(response && { response }) };
  } finally {
    clearTimeout(timeoutId);
    link?.dispose();
  }
}
