/** What every entry point shares: the errors, APIPromise, bulk results, option types and the text helper. */

export type { BulkJournal, ClaimRequest, JournalClaim, JournalOutcome } from '../seams/journal.js';
export type { Gate, GateRequest, RateLimitStore, SharedGateOptions } from '../seams/store.js';
export { APIPromise, type WithResponse } from './api-promise.js';
export { type BulkOptions, type BulkProgress, BulkPromise, type BulkResult } from './bulk.js';
export {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  type APIErrorInit,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConfigurationError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  OpslinkError,
  OutcomeUnknownError,
  PermissionDeniedError,
  RateLimitError,
  RequestValidationError,
  ResponseValidationError,
  type ValidationIssue,
} from './errors/index.js';
export type { LimitRow } from './limits.js';
export type {
  CommonOptions,
  Credential,
  Hooks,
  Logger,
  LogLevel,
  RateLimitEvent,
  RequestEvent,
  RequestOptions,
  ResponseEvent,
  ResponseMismatchEvent,
  RetryEvent,
} from './options.js';
export { codePointLength } from './text.js';
export { VERSION } from './version.js';
