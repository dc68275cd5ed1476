/**
 * What a runtime's tracing (`#tracing`, src/platform/) must provide, and the context objects
 * it publishes on `diagnostics_channel`: `opslink:call` per SDK call, `opslink:request` per
 * HTTP attempt, `opslink:rate-limit` per wait on a rate-limit pause. `opslink/otel` reads the
 * same context types.
 */
import type { Redactor } from '../internal/redact.js';
import type { AttemptResult, FetchInit, HeaderView } from './transport.js';

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

export type Runner = <T>(fn: () => T) => T;

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

/** What an attempt's tracing reads of a call in the HTTP client. */
export interface TracedCall {
  spec: { trace?: CallTrace | undefined };
  url: string;
  /** `METHOD /path`, secrets scrubbed. */
  label: string;
  redactor: Redactor;
}

/**
 * What the core hands `#tracing` to describe an attempt: its masking rule and builders of its
 * error classes, so every error a subscriber sees is of the classes users import and no class
 * is copied into the tracing's own file.
 */
export interface AttemptTracing {
  /** The header values of a request that are secrets. */
  sensitiveValues(headers: Record<string, string> | undefined): string[];
  /** The response's request id, scrubbed. */
  requestIdOf(headers: HeaderView, redactor: Redactor): string | undefined;
  connectionError(label: string, attempts: number, error: unknown, redactor: Redactor, unsent?: boolean): Error;
  timeoutError(label: string, why: string, attempts: number, unsent?: boolean): Error;
  userAbort(label: string, signal: AbortSignal | undefined): Error;
}

/** The module `#tracing` resolves to: `tracing.channels.ts` where a runtime may publish, `tracing.none.ts` in a browser. */
export interface PlatformTracing {
  /** Whether anyone subscribes to `opslink:call`. */
  tracingCalls(): boolean;
  /** A call to publish, or `undefined` when nobody subscribes to `opslink:call` (then nothing is built). */
  openCall(trace: () => CallTrace): OpenCall | undefined;
  /** Runs `run` as one call, as `TracingChannel#tracePromise` would; `run()` itself when nobody subscribes. */
  traceCall<T>(trace: () => CallTrace, run: () => Promise<T>, resultOf?: (value: T) => unknown): Promise<T>;
  /** One attempt on `opslink:request`: `send(init)` itself when nobody subscribes. */
  traceAttempt(
    call: TracedCall,
    attempt: number,
    init: FetchInit,
    send: (init: FetchInit) => Promise<AttemptResult>,
    core: AttemptTracing,
  ): Promise<AttemptResult>;
  /** Tells `opslink:rate-limit` that the call is about to wait `waitMs`. */
  traceRateLimitWait(trace: CallTrace | undefined, waitMs: number): void;
}
