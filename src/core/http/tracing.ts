/**
 * Tracing on `diagnostics_channel`, asked for from here only: `opslink:call` per SDK call,
 * `opslink:request` per HTTP attempt, `opslink:rate-limit` per wait on the client's pause.
 * What publishes is `#tracing` (src/platform/tracing.channels.ts; a browser's bundle gets
 * `tracing.none.ts`, which publishes nothing), so a browser bundle carries none of it.
 */

import * as published from '#tracing';
import type { Redactor } from '../../internal/redact.js';
import { sensitiveValues } from '../config.js';
import type { AttemptResult, FetchInit, HeaderView } from './attempt.js';
import { connectionError, timeoutError, userAbort } from './error-mapping.js';

/** What names a call in every context object: never a key or token (the template names the parameters). */
export interface CallTrace {
  service: 'messaging' | 'warehouse';
  /** The method's path on the client: `sendDirectMessage`, `inbound.update`, `shipments.list`. */
  operation: string;
  method: string;
  /** The path as the documents write it, parameters named: `/api/v1/inbound/{order_id}`. */
  urlTemplate: string;
}

/** The context of `opslink:call`. */
export interface CallContext extends CallTrace {
  result?: unknown;
  error?: unknown;
}

/** The context of `opslink:request`, one HTTP attempt. */
export interface RequestContext extends CallTrace {
  /** The URL sent, secrets masked. */
  url: string;
  /** From 1. */
  attempt: number;
  /** The request headers, secrets masked. A header a subscriber adds at `start` (`traceparent`) is sent; the others cannot be changed. */
  headers: Headers;
  status?: number;
  requestId?: string;
  error?: unknown;
}

/** The message of `opslink:rate-limit`: a call's next attempt waits `waitMs` for the client's pause after a 429. */
export interface RateLimitWait extends CallTrace {
  waitMs: number;
}

type Runner = <T>(fn: () => T) => T;

/**
 * One call on `opslink:call` as it runs: {@link OpenCall.begin} publishes `start` and `end`
 * around the code that starts it; {@link OpenCall.end} the rest, once, in the call's async
 * context; {@link OpenCall.within} runs later work of the call (a list's next page) in it.
 */
export interface OpenCall {
  begin: Runner;
  within: Runner;
  /** Ends the call, once: with `outcome` as its `error` when `failed`, else as its `result`. */
  end(failed: boolean, outcome: unknown): void;
  ended?: boolean;
  /** An iteration took the call over (a list's): it ends with the iteration. */
  iterating?: boolean;
}

/** What {@link traceAttempt} reads of a call in the HTTP client. */
export interface TracedCall {
  spec: { trace?: CallTrace | undefined };
  url: string;
  /** `METHOD /path`, secrets scrubbed. */
  label: string;
  redactor: Redactor;
}

/** What `#tracing` takes of the core to describe an attempt: its masking rule and its error classes. */
export interface AttemptTracing {
  sensitiveValues: typeof sensitiveValues;
  requestIdOf: typeof requestIdOf;
  connectionError: typeof connectionError;
  timeoutError: typeof timeoutError;
  userAbort: typeof userAbort;
}
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
