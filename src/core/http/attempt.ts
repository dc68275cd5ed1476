/**
 * One attempt: the platform's (or the caller's) `fetch`, called as `fetch(url, init)` with
 * the body as built, and a timer that covers the whole response, body included, so a server
 * that sends headers and then stalls still times out.
 */
import { linkedSignal, untilAborted } from '../../internal/signals.js';

/** The request as it goes to `fetch`. Headers are a plain object, the body JSON text or a multipart `Blob` (its type the Content-Type). */
export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body: string | Blob | undefined;
}

export type AttemptResult =
  | { ok: true; response: Response; body: unknown; isJson: boolean; durationMs: number }
  | {
      ok: false;
      failure: 'timeout' | 'network' | 'abort';
      error: unknown;
      durationMs: number;
      /** Set when the status and headers arrived and the body did not (cut off, stalled or aborted). */
      response?: Response;
    };

const now = () => (globalThis.performance ?? Date).now();

/** The body as JSON when it parses, else its text; `undefined` when empty. */
async function readBody(response: Response): Promise<{ body: unknown; isJson: boolean }> {
  const text = await response.text();
  if (text.length === 0) return { body: undefined, isJson: true };
  try {
    return { body: JSON.parse(text), isJson: true };
  } catch {
    return { body: text, isJson: false };
  }
}

/** Cancels a response body nobody will read, so its connection is let go. */
function discardBody(response: Response): void {
  response.body?.cancel().catch(() => {});
}

/**
 * Sends once and reads the whole body. `timeoutMs` bounds the attempt; `signal` (the
 * caller's, joined with the call's deadline) ends it at once. A custom `fetch` that ignores
 * its signal is raced against it all the same.
 */
export async function attempt(
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
