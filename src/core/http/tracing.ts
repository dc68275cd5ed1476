/**
 * Tracing on `diagnostics_channel`, asked for from here only: `opslink:call` per SDK call,
 * `opslink:request` per HTTP attempt, `opslink:rate-limit` per wait on the client's pause.
 * What publishes is `#tracing` (src/platform/tracing.channels.ts; a browser's bundle gets
 * `tracing.none.ts`, which publishes nothing), so a browser bundle carries none of it.
 */

import * as published from '#tracing';
import type { Redactor } from '../../internal/redact.js';
import type { AttemptTracing, CallTrace, OpenCall, PlatformTracing, TracedCall } from '../../seams/tracing.js';
import type { AttemptResult, FetchInit, HeaderView } from '../../seams/transport.js';
import { sensitiveValues } from '../config.js';
import { connectionError, timeoutError, userAbort } from './error-mapping.js';

/** The runtime's variant is held to the seam it must provide, by the types alone (a bundle keeps nothing of it). */
type Provides<T extends PlatformTracing> = T;
export type PublishedTracing = Provides<typeof published>;

const CORE: AttemptTracing = { sensitiveValues, requestIdOf, connectionError, timeoutError, userAbort };

/** Whether anyone subscribes to `opslink:call`. */
export const tracingCalls: () => boolean = published.tracingCalls;

/** A call to publish, or `undefined` when nobody subscribes to `opslink:call` (then nothing is built). */
export const openCall: (trace: () => CallTrace) => OpenCall | undefined = published.openCall;

/** Runs `run` as one call, as `TracingChannel#tracePromise` would; `run()` itself when nobody subscribes. */
export const traceCall: <T>(trace: () => CallTrace, run: () => Promise<T>, resultOf?: (value: T) => unknown) => Promise<T> =
  published.traceCall;

/** Tells `opslink:rate-limit` that the call is about to wait `waitMs` for the client's pause. */
export const traceRateLimitWait: (trace: CallTrace | undefined, waitMs: number) => void = published.traceRateLimitWait;

/**
 * One attempt on `opslink:request`: `send(init)` itself when nobody subscribes. Headers a
 * subscriber adds to the published (masked) `headers` at `start` are sent with the request.
 */
export function traceAttempt(
  call: TracedCall,
  attempt: number,
  init: FetchInit,
  send: (init: FetchInit) => Promise<AttemptResult>,
): Promise<AttemptResult> {
  return published.traceAttempt(call, attempt, init, send, CORE);
}

/** The response's request id (`x-request-id` or `request-id`), scrubbed: a proxy may echo anything into it. */
export function requestIdOf(headers: HeaderView, redactor: Redactor): string | undefined {
  const id = headers.get('x-request-id') ?? headers.get('request-id');
  return id === null ? undefined : redactor.text(id);
}
