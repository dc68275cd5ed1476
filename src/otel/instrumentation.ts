/**
 * OpenTelemetry for opslink, by subscribing to its tracing channels (as the contrib
 * instrumentation-undici does with undici's) rather than by patching: a span per call, a
 * CLIENT span per attempt by the HTTP semantic conventions, rate-limit waits as events, the
 * `http.client.request.duration` histogram, and `traceparent` on each request.
 */
import {
  type Attributes,
  type Context,
  context,
  type Histogram,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
  ValueType,
} from '@opentelemetry/api';
import { InstrumentationBase, type InstrumentationConfig } from '@opentelemetry/instrumentation';
import { VERSION } from '../core/version.js';
import type { CallContext, RateLimitWait, RequestContext } from '../seams/tracing.js';

/**
 * Options of {@link OpslinkInstrumentation}.
 * @example
 * ```ts
 * import { registerInstrumentations } from '@opentelemetry/instrumentation';
 * import { OpslinkInstrumentation, type OpslinkInstrumentationConfig } from 'opslink/otel';
 * const config: OpslinkInstrumentationConfig = { propagate: false };
 * registerInstrumentations({ instrumentations: [new OpslinkInstrumentation(config)] });
 * ```
 */
export interface OpslinkInstrumentationConfig extends InstrumentationConfig {
  /**
   * Send the W3C trace context (`traceparent`, by the global propagator) with each request.
   * @default true
   */
  propagate?: boolean;
}

/**
 * The bucket boundaries the HTTP semantic conventions advise for `http.client.request.duration`,
 * in seconds: what the instrumentation asks its histogram for.
 * @example
 * ```ts
 * import { AggregationType, MeterProvider } from '@opentelemetry/sdk-metrics';
 * import { DURATION_BUCKETS } from 'opslink/otel';
 * // The same buckets for every library's `http.client.request.duration`, not only opslink's.
 * const view = { instrumentName: 'http.client.request.duration', aggregation: { type: AggregationType.EXPLICIT_BUCKET_HISTOGRAM, options: { boundaries: DURATION_BUCKETS } } } as const;
 * const meterProvider = new MeterProvider({ views: [view] });
 * ```
 */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

interface Channel {
  subscribe(handler: (message: unknown) => void): void;
  unsubscribe(handler: (message: unknown) => void): void;
  bindStore(store: Store, transform: (message: unknown) => Context): void;
  unbindStore(store: Store): void;
}
interface Store {
  run<T>(value: Context, fn: () => T): T;
}
type Handlers = Record<'start' | 'end' | 'asyncStart' | 'asyncEnd' | 'error', (message: unknown) => void>;
interface Diagnostics {
  channel(name: string): Channel;
  tracingChannel(name: string): Record<keyof Handlers, Channel> & { subscribe(h: Handlers): void; unsubscribe(h: Handlers): void };
}

/** The runtime's `diagnostics_channel`, asked for at run time like the core does; `undefined` where there is none. */
function diagnostics(): Diagnostics | undefined {
  try {
    const load = (globalThis as { process?: { getBuiltinModule?(id: string): unknown } }).process?.getBuiltinModule;
    return load?.('node:diagnostics_channel') as Diagnostics | undefined;
  } catch {
    return undefined;
  }
}

const now = () => performance.now();
const nameOf = (error: unknown) => (error instanceof Error ? error.constructor.name || error.name : typeof error);

/**
 * Turns opslink's `opslink:call` and `opslink:request` channels into spans and metrics.
 * @example
 * ```ts
 * import { registerInstrumentations } from '@opentelemetry/instrumentation';
 * import { OpslinkInstrumentation } from 'opslink/otel';
 * registerInstrumentations({ instrumentations: [new OpslinkInstrumentation()] });
 * ```
 */
export class OpslinkInstrumentation extends InstrumentationBase<OpslinkInstrumentationConfig> {
  // `declare`: the base constructor calls enable() and _updateMetricInstruments() before a
  // field initializer would run, and an initializer would then wipe what they set.
  declare private _subscriptions: (() => void)[] | undefined;
  declare private _duration: Histogram | undefined;
  declare private _spans: WeakMap<object, Span>;
  declare private _started: WeakMap<object, number>;

  constructor(config: OpslinkInstrumentationConfig = {}) {
    super('opslink', VERSION, config);
  }

  protected override init(): void {}

  protected override _updateMetricInstruments(): void {
    this._duration = this.meter.createHistogram('http.client.request.duration', {
      description: 'Duration of HTTP client requests.',
      unit: 's',
      valueType: ValueType.DOUBLE,
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    });
  }

  /** Subscribes to the channels (done by the constructor unless `enabled: false`); a second call changes nothing. */
  override enable(): void {
    super.enable();
    if (this._subscriptions?.length) return;
    const dc = diagnostics();
    if (!dc?.tracingChannel) {
      this._diag.debug('no diagnostics_channel in this runtime: nothing to trace');
      return;
    }
    this._spans ??= new WeakMap();
    this._started ??= new WeakMap();
    this._subscriptions = [
      this._trace(dc, 'opslink:call', (c) => this._startCall(c as CallContext), {
        asyncEnd: (c) => this._endCall(c as CallContext),
      }),
      this._trace(dc, 'opslink:request', (c) => this._startRequest(c as RequestContext), {
        asyncEnd: (c) => this._endRequest(c as RequestContext),
      }),
      this._listen(dc, 'opslink:rate-limit', (m) => this._rateLimitWait(m as RateLimitWait)),
    ];
  }

  /** Unsubscribes: no span, event or metric until {@link enable} is called again. */
  override disable(): void {
    super.disable();
    for (const unsubscribe of this._subscriptions ?? []) unsubscribe();
    this._subscriptions = [];
  }

  /**
   * Subscribes to a TracingChannel: `start` makes the span (in the store bound to it, so
   * what the call does next runs with its span active), `asyncEnd` ends it.
   */
  private _trace(dc: Diagnostics, name: string, start: (c: object) => Span, on: { asyncEnd: (c: object) => void }): () => void {
    const channel = dc.tracingChannel(name);
    const store: Store = { run: (value, fn) => context.with(value, fn) };
    const noop = () => {};
    const handlers: Handlers = {
      start: (c) => void start(c as object),
      end: noop,
      asyncStart: noop,
      error: noop,
      asyncEnd: (c) => on.asyncEnd(c as object),
    };
    channel.start.bindStore(store, (c) => trace.setSpan(context.active(), start(c as object)));
    channel.subscribe(handlers);
    return () => {
      channel.start.unbindStore(store);
      channel.unsubscribe(handlers);
    };
  }

  private _listen(dc: Diagnostics, name: string, handler: (message: unknown) => void): () => void {
    const channel = dc.channel(name);
    channel.subscribe(handler);
    return () => channel.unsubscribe(handler);
  }

  /** The span of a context: made once, by the store's transform or (where the runtime has no stores) by `start`. */
  private _spanOf(key: object, make: () => Span): Span {
    let span = this._spans.get(key);
    if (!span) {
      span = make();
      this._spans.set(key, span);
    }
    return span;
  }

  private _startCall(call: CallContext): Span {
    return this._spanOf(call, () => this.tracer.startSpan(`opslink.${call.service}.${call.operation}`, { kind: SpanKind.INTERNAL }));
  }

  private _endCall(call: CallContext): void {
    const span = this._spans.get(call);
    if (!span) return;
    if (call.error !== undefined) {
      span.setAttribute('error.type', nameOf(call.error));
      span.setStatus({ code: SpanStatusCode.ERROR, message: (call.error as Error)?.message });
    }
    span.end();
  }

  private _startRequest(request: RequestContext): Span {
    return this._spanOf(request, () => {
      const span = this.tracer.startSpan(`${request.method} ${request.urlTemplate}`, {
        kind: SpanKind.CLIENT,
        attributes: requestAttributes(request),
      });
      this._started.set(request, now());
      if (this.getConfig().propagate !== false) {
        propagation.inject(trace.setSpan(context.active(), span), request.headers, {
          set: (headers, name, value) => headers.set(name, value),
        });
      }
      return span;
    });
  }

  private _endRequest(request: RequestContext): void {
    const span = this._spans.get(request);
    if (!span) return;
    const outcome: Attributes = {};
    if (request.status !== undefined) outcome['http.response.status_code'] = request.status;
    const failed = (request.status ?? 0) >= 400 || request.error !== undefined;
    if (failed) outcome['error.type'] = request.status && request.status >= 400 ? String(request.status) : nameOf(request.error);
    span.setAttributes(outcome);
    if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
    const started = this._started.get(request);
    if (started !== undefined) this._duration?.record((now() - started) / 1000, { ...metricAttributes(request), ...outcome });
  }

  /** An event on the call's span (the active one where the wait is published). */
  private _rateLimitWait(wait: RateLimitWait): void {
    trace.getSpan(context.active())?.addEvent('opslink.rate_limit.wait', { 'opslink.wait_ms': wait.waitMs });
  }
}

/** Where a request goes, by the conventions: host and port from the (masked) URL. */
function server(url: string): Attributes {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return {};
  }
  const port = parsed.port ? Number(parsed.port) : parsed.protocol === 'https:' ? 443 : 80;
  return { 'server.address': parsed.hostname, 'server.port': port };
}

/** The low-cardinality attributes: a span's and the histogram's. */
function metricAttributes(request: RequestContext): Attributes {
  return { 'http.request.method': request.method, 'url.template': request.urlTemplate, ...server(request.url) };
}

function requestAttributes(request: RequestContext): Attributes {
  const attributes: Attributes = { ...metricAttributes(request), 'url.full': request.url };
  if (request.attempt > 1) attributes['http.request.resend_count'] = request.attempt - 1;
  return attributes;
}
