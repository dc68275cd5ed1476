/**
 * Tracing on `diagnostics_channel`, published from here only: `opslink:call` per SDK call,
 * `opslink:request` per HTTP attempt (both `TracingChannel`s, in `tracePromise`'s order), and
 * `opslink:rate-limit` per wait on the client's rate-limit pause. The module is asked for at
 * run time (`process.getBuiltinModule`), so the core imports no Node built-in and a runtime
 * without one publishes nothing. Nothing is built unless a channel has a subscriber.
 */
import type { Redactor } from '../../internal/redact.js';
import { sensitiveValues } from '../config.js';
import type { AttemptResult, FetchInit } from './attempt.js';
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
interface Channels {
  call: TracingChannel;
  request: TracingChannel;
  rateLimit: Channel;
  /** A function that runs others in the async context current when it was made (`AsyncLocalStorage.snapshot`). */
  snapshot: (() => Runner) | undefined;
}
type Builtins = { process?: { getBuiltinModule?(id: string): unknown } };

let found: Channels | null | undefined;

/** The channels, looked up once; `null` where the runtime has no `diagnostics_channel`. */
function channels(): Channels | null {
  if (found !== undefined) return found;
  found = null;
  try {
    const load = (globalThis as Builtins).process?.getBuiltinModule;
    const dc = load?.('node:diagnostics_channel') as
      | { tracingChannel?(name: string): TracingChannel; channel(name: string): Channel }
      | undefined;
    if (!dc?.tracingChannel) return found;
    const hooks = load?.('node:async_hooks') as { AsyncLocalStorage?: { snapshot?: () => Runner } } | undefined;
    const snapshot = hooks?.AsyncLocalStorage?.snapshot?.bind(hooks.AsyncLocalStorage);
    found = {
      call: dc.tracingChannel('opslink:call'),
      request: dc.tracingChannel('opslink:request'),
      rateLimit: dc.channel('opslink:rate-limit'),
      snapshot,
    };
  } catch {
    found = null;
  }
  return found;
}

function listening(channel: TracingChannel): boolean {
  const { start, end, asyncStart, asyncEnd, error } = channel;
  return start.hasSubscribers || end.hasSubscribers || asyncStart.hasSubscribers || asyncEnd.hasSubscribers || error.hasSubscribers;
}

/** Publishes `start` with the stores bound to it entered around `fn` (where the runtime has `runStores`). */
function runStores<T>(start: Channel, context: object, fn: () => T): T {
  if (start.runStores) return start.runStores(context, fn);
  start.publish(context);
  return fn();
}

/**
 * One call on `opslink:call` as it runs: {@link begin} publishes `start` and `end` around the
 * code that starts it; {@link finish} or {@link fail} the rest, once, in the call's async
 * context; {@link within} runs later work of the call (a list's next page) in that context.
 */
export class OpenCall {
  readonly context: CallContext;
  readonly #channel: TracingChannel;
  readonly #snapshot: (() => Runner) | undefined;
  #run: Runner = (fn) => fn();
  #ended = false;

  constructor(channels: Channels, trace: CallTrace) {
    this.context = { ...trace };
    this.#channel = channels.call;
    this.#snapshot = channels.snapshot;
  }

  begin<T>(fn: () => T): T {
    const { error, end } = this.#channel;
    try {
      return runStores(this.#channel.start, this.context, () => {
        if (this.#snapshot) this.#run = this.#snapshot();
        return fn();
      });
    } catch (thrown) {
      this.#ended = true;
      this.context.error = thrown;
      error.publish(this.context);
      throw thrown;
    } finally {
      end.publish(this.context);
    }
  }

  /** `run` as this call, from `start` to `asyncEnd`, as `TracingChannel#tracePromise` publishes it; `result` is `resultOf` its value. */
  trace<T>(run: () => Promise<T>, resultOf: (value: T) => unknown = (v) => v): Promise<T> {
    return this.begin(() =>
      run().then(
        (value) => {
          this.finish(resultOf(value));
          return value;
        },
        (error: unknown) => {
          this.fail(error);
          throw error;
        },
      ),
    );
  }

  within<T>(fn: () => T): T {
    return this.#run(fn);
  }

  get ended(): boolean {
    return this.#ended;
  }

  finish(result: unknown): void {
    if (this.#ended) return;
    this.context.result = result;
    this.#settle(false);
  }

  fail(error: unknown): void {
    if (this.#ended) return;
    this.context.error = error;
    this.#settle(true);
  }

  #settle(failed: boolean): void {
    this.#ended = true;
    const { error, asyncStart, asyncEnd } = this.#channel;
    this.#run(() => {
      if (failed) error.publish(this.context);
      asyncStart.publish(this.context);
      asyncEnd.publish(this.context);
    });
  }
}

/** A call to publish, or `undefined` when nobody subscribes to `opslink:call` (then nothing is built). */
export function openCall(trace: () => CallTrace): OpenCall | undefined {
  const found = channels();
  return found && listening(found.call) ? new OpenCall(found, trace()) : undefined;
}

/** Runs `run` as one call, as `TracingChannel#tracePromise` would; `run()` itself when nobody subscribes. */
export function traceCall<T>(trace: () => CallTrace, run: () => Promise<T>, resultOf?: (value: T) => unknown): Promise<T> {
  const call = openCall(trace);
  return call ? call.trace(run, resultOf) : run();
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
  const found = call.spec.trace && channels();
  if (!found || !listening(found.request)) return send(init);
  const mask = call.redactor.with(sensitiveValues(init.headers));
  const headers = new Headers();
  for (const [name, value] of Object.entries(init.headers)) headers.set(name, mask.text(value));
  const context: RequestContext = { ...(call.spec.trace as CallTrace), url: mask.text(call.url), attempt, headers };
  const { start, end, error, asyncStart, asyncEnd } = found.request;
  return runStores(start, context, () => {
    const sending = send(withAdded(init, headers));
    end.publish(context);
    return sending.then((result) => {
      settleAttempt(context, result, call, attempt);
      if (context.error !== undefined) error.publish(context);
      asyncStart.publish(context);
      asyncEnd.publish(context);
      return result;
    });
  });
}

/** `init` plus the headers a subscriber added to the published copy (names it did not have). */
function withAdded(init: FetchInit, published: Headers): FetchInit {
  const added = [...published].filter(([name]) => !(name in init.headers));
  return added.length ? { ...init, headers: { ...init.headers, ...Object.fromEntries(added) } } : init;
}

/** The attempt's outcome on its context: the status (and request id) of a response, else the error it ended with, scrubbed. */
function settleAttempt(context: RequestContext, result: AttemptResult, call: TracedCall, attempt: number): void {
  if (result.ok || result.response) {
    const response = result.response as Response;
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
export function requestIdOf(headers: Headers, redactor: Redactor): string | undefined {
  const id = headers.get('x-request-id') ?? headers.get('request-id');
  return id === null ? undefined : redactor.text(id);
}

/** Tells `opslink:rate-limit` that the call is about to wait `waitMs` for the client's pause. */
export function traceRateLimitWait(trace: CallTrace | undefined, waitMs: number): void {
  if (!trace || waitMs <= 0) return;
  const found = channels();
  if (found?.rateLimit.hasSubscribers) found.rateLimit.publish({ ...trace, waitMs } satisfies RateLimitWait);
}
