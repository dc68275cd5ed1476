/** `opslink/otel`: OpenTelemetry spans and metrics from opslink's tracing channels. */
export { DURATION_BUCKETS, OpslinkInstrumentation, type OpslinkInstrumentationConfig } from './instrumentation.js';
