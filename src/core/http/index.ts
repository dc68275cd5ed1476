export { CallDeadline } from './deadline.js';
export { userAbort } from './error-mapping.js';
export { RateLimitGate } from './gate.js';
export { type CallOptions, HttpClient, type HttpSettings, type RequestSpec, type ResponseParser } from './http-client.js';
export { memberPath, ResponseMismatches } from './mismatches.js';
export { type CheckPlan, checkBody, RawResponse } from './raw-response.js';
export { backoffMs, isRetryable, parseRetryAfterMs } from './retry-policy.js';
export { type Gate, type GateRequest, gateScope, type RateLimitStore, type SharedGateOptions } from './store-gate.js';
export {
  type CallContext,
  type CallTrace,
  type OpenCall,
  openCall,
  type RateLimitWait,
  type RequestContext,
  traceCall,
  tracingCalls,
} from './tracing.js';
