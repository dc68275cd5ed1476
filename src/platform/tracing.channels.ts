/**
 * `#tracing` where a runtime may have `diagnostics_channel` (Node, Deno, Bun, workers):
 * `opslink:call` per SDK call, `opslink:request` per HTTP attempt (both `TracingChannel`s, in
 * `tracePromise`'s order), and `opslink:rate-limit` per wait on the client's rate-limit pause.
 * The module is asked for at run time (`process.getBuiltinModule`), so nothing here imports a
 * Node built-in and a runtime without one publishes nothing. Nothing is built unless a channel
 * has a subscriber. Browsers load `tracing.none.ts` instead (src/platform/README.md).
 *
 * Built as a file of its own, it imports only types of the core: the errors an attempt ended
 * with and the masking rule come from the core through {@link AttemptTracing}, so every error
 * a subscriber sees is of the classes users import.
 */
import type {
  AttemptTracing,
  CallContext,
  CallTrace,
  OpenCall,
  RateLimitWait,
  RequestContext,
  Runner,
  TracedCall,
} from '../seams/tracing.js';
import type { AttemptResult, FetchInit, ResponseHead } from '../seams/transport.js';

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

/**
 * One attempt on `opslink:request`: `send(init)` itself when nobody subscribes. Headers a
 * subscriber adds to the published (masked) `headers` at `start` are sent with the request.
 */
export function traceAttempt(
  call: TracedCall,
  attempt: number,
  init: FetchInit,
  send: (init: FetchInit) => Promise<AttemptResult>,
  core: AttemptTracing,
): Promise<AttemptResult> {
  const found = call.spec.trace ? channels() : null;
  if (!listening(found, 'request')) return send(init);
  const mask = call.redactor.with(core.sensitiveValues(init.headers));
  const headers = new Headers();
  for (const [name, value] of Object.entries(init.headers)) headers.set(name, mask.text(value));
  const context: RequestContext = { ...(call.spec.trace as CallTrace), url: mask.text(call.url), attempt, headers };
  return begin(found.request, context, () =>
    send(withAdded(init, headers)).then((result) => {
      settleAttempt(context, result, call, attempt, core);
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
function settleAttempt(context: RequestContext, result: AttemptResult, call: TracedCall, attempt: number, core: AttemptTracing): void {
  if (result.ok || result.response) {
    const response = result.response as ResponseHead;
    context.status = response.status;
    const requestId = core.requestIdOf(response.headers, call.redactor);
    if (requestId !== undefined) context.requestId = requestId;
  }
  if (result.ok) return;
  context.error =
    result.failure === 'network'
      ? core.connectionError(call.label, attempt, result.error, call.redactor, result.connected === false)
      : result.failure === 'timeout'
        ? core.timeoutError(call.label, 'no complete response in time', attempt, result.connected === false)
        : core.userAbort(call.label, undefined);
}

/** Tells `opslink:rate-limit` that the call is about to wait `waitMs` for the client's pause. */
export function traceRateLimitWait(trace: CallTrace | undefined, waitMs: number): void {
  if (!trace || waitMs <= 0) return;
  const found = channels();
  if (found?.wait.hasSubscribers) found.wait.publish({ ...trace, waitMs } satisfies RateLimitWait);
}
