/**
 * `opslink/otel`: OpenTelemetry spans and metrics from opslink's tracing channels.
 * @module opslink/otel
 */
export { DURATION_BUCKETS, OpslinkInstrumentation, type OpslinkInstrumentationConfig } from './instrumentation.js';
