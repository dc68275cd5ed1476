/**
 * `opslink/otel`: OpenTelemetry spans and metrics from opslink's tracing channels.
 *
 * Guide: [tracing, hooks and logs](../../docs/tracing.md).
 * @module opslink/otel
 */
export { DURATION_BUCKETS, OpslinkInstrumentation, type OpslinkInstrumentationConfig } from './instrumentation.js';
