/**
 * Tracing on `diagnostics_channel`, published from here only: `opslink:call` per SDK call,
 * `opslink:request` per HTTP attempt (both `TracingChannel`s, in `tracePromise`'s order), and
 * `opslink:rate-limit` per wait on the client's rate-limit pause. The module is asked for at
 * run time (`process.getBuiltinModule`), so the core imports no Node built-in and a runtime
 * without one publishes nothing. Nothing is built unless a channel has a subscriber.
 */
import type { Redactor } from '../../internal/redact.js';
import { sensitiveValues } from '../config.js';
import type { AttemptResult, FetchInit, HeaderView, ResponseHead } from './attempt.js';
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

interface Channel {
  readonly hasSubscribers: boolean;
  publish(message: unknown): void;
  runStores?<T>(message: unknown, fn: () => T): T;
}
interface TracingChannel {
  start: Channel;
  end: Channel;
  asyncStart: Channel;
  asyncEnd: Channel;
  error: Channel;
}
type Runner = <T>(fn: () => T) => T;
type Channels = {
  call: TracingChannel;
  request: TracingChannel;
  wait: Channel;
  /** `AsyncLocalStorage`, whose `snapshot()` runs later work in the async context current when it was taken. */
  storage: { snapshot?(): Runner } | undefined;
};
type Load = (id: string) => unknown;

let found: Channels | null | undefined;

/** The channels, looked up once; `null` where the runtime has no `diagnostics_channel`. */
function channels(): Channels | null {
  if (found === undefined) found = lookUp((globalThis as { process?: { getBuiltinModule?: Load } }).process?.getBuiltinModule);
  return found;
}

function lookUp(load: Load | undefined): Channels | null {
  try {
    const dc = load?.('node:diagnostics_channel') as { tracingChannel?(name: string): TracingChannel; channel(name: string): Channel };
    if (!dc?.tracingChannel) return null;
    const hooks = load?.('node:async_hooks') as { AsyncLocalStorage?: Channels['storage'] } | undefined;
    const traced = (name: string) => (dc.tracingChannel as (name: string) => TracingChannel)(`opslink:${name}`);
    return { call: traced('call'), request: traced('request'), wait: dc.channel('opslink:rate-limit'), storage: hooks?.AsyncLocalStorage };
  } catch {
    return null;
  }
}

/** Whether anyone subscribes to any of `channel`'s events (Bun's TracingChannel has no `hasSubscribers` of its own). */
function listening(found: Channels | null, name: 'call' | 'request'): found is Channels {
  const channel = found?.[name];
  return !!channel && [channel.start, channel.end, channel.asyncStart, channel.asyncEnd, channel.error].some((c) => c.hasSubscribers);
}

/** `start` with the stores bound to it entered around `fn`, then `end`: how `tracePromise` begins. */
function begin<T>(channel: TracingChannel, context: object, fn: () => T): T {
  const { start } = channel;
  try {
    if (start.runStores) return start.runStores(context, fn);
    start.publish(context);
    return fn();
  } finally {
    channel.end.publish(context);
  }
}

/** `error` (when it failed), `asyncStart`, `asyncEnd`: how `tracePromise` ends. */
function close(channel: TracingChannel, context: object, failed: boolean): void {
  if (failed) channel.error.publish(context);
  channel.asyncStart.publish(context);
  channel.asyncEnd.publish(context);
}

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

/** Whether anyone subscribes to `opslink:call`. */
export function tracingCalls(): boolean {
  return listening(channels(), 'call');
}

/** A call to publish, or `undefined` when nobody subscribes to `opslink:call` (then nothing is built). */
export function openCall(trace: () => CallTrace): OpenCall | undefined {
  const found = channels();
  if (!listening(found, 'call')) return undefined;
  const context: CallContext = trace();
  let within: Runner = (fn) => fn();
  const call: OpenCall = {
    begin: (fn) =>
      begin(found.call, context, () => {
        within = found.storage?.snapshot?.() ?? within;
        return fn();
      }),
    within: (fn) => within(fn),
    end(failed, outcome) {
      if (call.ended) return;
      call.ended = true;
      if (failed) context.error = outcome;
      else context.result = outcome;
      within(() => close(found.call, context, failed));
    },
  };
  return call;
}

/** Runs `run` as one call, as `TracingChannel#tracePromise` would; `run()` itself when nobody subscribes. */
export function traceCall<T>(trace: () => CallTrace, run: () => Promise<T>, resultOf: (value: T) => unknown = (v) => v): Promise<T> {
  const call = openCall(trace);
  return call
    ? call.begin(() =>
        run().then(
          (value) => {
            call.end(false, resultOf(value));
            return value;
          },
          (error: unknown) => {
            call.end(true, error);
            throw error;
          },
        ),
      )
    : run();
}

/** What {@link traceAttempt} reads of a call in the HTTP client. */
interface TracedCall {
  spec: { trace?: CallTrace | undefined };
  url: string;
  /** `METHOD /path`, secrets scrubbed. */
  label: string;
  redactor: Redactor;
}

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
  const found = call.spec.trace ? channels() : null;
  if (!listening(found, 'request')) return send(init);
  const mask = call.redactor.with(sensitiveValues(init.headers));
  const headers = new Headers();
  for (const [name, value] of Object.entries(init.headers)) headers.set(name, mask.text(value));
  const context: RequestContext = { ...(call.spec.trace as CallTrace), url: mask.text(call.url), attempt, headers };
  return begin(found.request, context, () =>
    send(withAdded(init, headers)).then((result) => {
      settleAttempt(context, result, call, attempt);
      close(found.request, context, context.error !== undefined);
      return result;
    }),
  );
}

/** `init` plus the headers a subscriber added to the published copy (names it did not have). */
function withAdded(init: FetchInit, published: Headers): FetchInit {
  const added = [...published].filter(([name]) => !(name in init.headers));
  return added.length ? { ...init, headers: { ...init.headers, ...Object.fromEntries(added) } } : init;
}

/** The attempt's outcome on its context: the status (and request id) of a response, else the error it ended with, scrubbed. */
function settleAttempt(context: RequestContext, result: AttemptResult, call: TracedCall, attempt: number): void {
  if (result.ok || result.response) {
    const response = result.response as ResponseHead;
    context.status = response.status;
    const requestId = requestIdOf(response.headers, call.redactor);
    if (requestId !== undefined) context.requestId = requestId;
  }
  if (result.ok) return;
  context.error =
    result.failure === 'network'
      ? connectionError(call.label, attempt, result.error, call.redactor)
      : result.failure === 'timeout'
        ? timeoutError(call.label, 'no complete response in time', attempt)
        : userAbort(call.label, undefined);
}

/** The response's request id (`x-request-id` or `request-id`), scrubbed: a proxy may echo anything into it. */
export function requestIdOf(headers: HeaderView, redactor: Redactor): string | undefined {
  const id = headers.get('x-request-id') ?? headers.get('request-id');
  return id === null ? undefined : redactor.text(id);
}

/** Tells `opslink:rate-limit` that the call is about to wait `waitMs` for the client's pause. */
export function traceRateLimitWait(trace: CallTrace | undefined, waitMs: number): void {
  if (!trace || waitMs <= 0) return;
  const found = channels();
  if (found?.wait.hasSubscribers) found.wait.publish({ ...trace, waitMs } satisfies RateLimitWait);
}
