/**
 * `#tracing` in a browser: no `diagnostics_channel` to publish on, so every call and attempt
 * runs untraced and the browser's bundle carries none of the channels' code. It provides the
 * seam every `#tracing` provides (`seams/tracing.ts`).
 */
import type { PlatformTracing } from '../seams/tracing.js';

export const tracingCalls: PlatformTracing['tracingCalls'] = () => false;
export const openCall: PlatformTracing['openCall'] = () => undefined;
export const traceCall: PlatformTracing['traceCall'] = (_trace, run) => run();
export const traceAttempt: PlatformTracing['traceAttempt'] = (_call, _attempt, init, send) => send(init);
export const traceRateLimitWait: PlatformTracing['traceRateLimitWait'] = () => {};
