/**
 * `#tracing` in a browser: no `diagnostics_channel` to publish on, so every call and attempt
 * runs untraced and the browser's bundle carries none of the channels' code. The same
 * signatures as `tracing.channels.ts`, checked by the types below.
 */
import type * as Channels from './tracing.channels.js';

export const tracingCalls: typeof Channels.tracingCalls = () => false;
export const openCall: typeof Channels.openCall = () => undefined;
export const traceCall: typeof Channels.traceCall = (_trace, run) => run();
export const traceAttempt: typeof Channels.traceAttempt = (_call, _attempt, init, send) => send(init);
export const traceRateLimitWait: typeof Channels.traceRateLimitWait = () => {};
