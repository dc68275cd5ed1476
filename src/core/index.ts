/** What every entry point shares: the errors, APIPromise, option types and the text helper. */
export { codePointLength } from '../internal/text.js';
export { APIPromise, type WithResponse } from './api-promise.js';
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
  PermissionDeniedError,
  RateLimitError,
  RequestValidationError,
  ResponseValidationError,
  type ValidationIssue,
} from './errors.js';
export type { LimitRow } from './limits.js';
export type { CommonOptions, Logger, LogLevel, RequestOptions } from './options.js';
