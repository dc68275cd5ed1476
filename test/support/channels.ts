/**
 * A plain `diagnostics_channel` subscriber to opslink's channels, as a user would write one:
 * every event in order, with a copy of its context as it stood then.
 */
import diagnostics from 'node:diagnostics_channel';

const EVENTS = ['start', 'end', 'asyncStart', 'asyncEnd', 'error'] as const;

export interface Recorded {
  channel: 'call' | 'request' | 'rate-limit';
  event: string;
  /** The context object itself (the same object from start to asyncEnd). */
  context: Record<string, unknown>;
  /** Its members at the time of the event; `headers` as a plain object. */
  copy: Record<string, unknown>;
}

function copyOf(context: Record<string, unknown>): Record<string, unknown> {
  const headers = context.headers instanceof Headers ? Object.fromEntries(context.headers) : undefined;
  return { ...context, ...(headers && { headers }) };
}

/** Subscribes to `opslink:call`, `opslink:request` and `opslink:rate-limit` until `stop()`. */
export function recordChannels(onRequestStart?: (context: Record<string, unknown>) => void) {
  const events: Recorded[] = [];
  const unsubscribe: (() => void)[] = [];
  for (const channel of ['call', 'request'] as const) {
    const tracing = diagnostics.tracingChannel(`opslink:${channel}`);
    const handlers = Object.fromEntries(
      EVENTS.map((event) => [
        event,
        (context: Record<string, unknown>) => {
          events.push({ channel, event, context, copy: copyOf(context) });
          if (channel === 'request' && event === 'start') onRequestStart?.(context);
        },
      ]),
    );
    // biome-ignore lint/suspicious/noExplicitAny: the handler set is built by name
    tracing.subscribe(handlers as any);
    // biome-ignore lint/suspicious/noExplicitAny: the same set
    unsubscribe.push(() => tracing.unsubscribe(handlers as any));
  }
  const onWait = (message: unknown) => {
    const context = message as Record<string, unknown>;
    events.push({ channel: 'rate-limit', event: 'publish', context, copy: copyOf(context) });
  };
  diagnostics.subscribe('opslink:rate-limit', onWait);
  unsubscribe.push(() => diagnostics.unsubscribe('opslink:rate-limit', onWait));
  return {
    events,
    /** `channel:event` names in order, optionally of one channel only. */
    names: (only?: Recorded['channel']) => events.filter((e) => !only || e.channel === only).map((e) => `${e.channel}:${e.event}`),
    stop: () => {
      for (const off of unsubscribe) off();
    },
  };
}
