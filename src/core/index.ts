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
export { CHAT_PLATFORM_EMBED_LIMITS, type LimitRow, MESSAGING_LIMITS, WAREHOUSE_LIMITS } from './limits.js';
export type { CommonOptions, Logger, LogLevel, RequestOptions } from './options.js';
export { Page, type PageFetcher, PagePromise, type PageResult, type PaginationOptions } from './pagination.js';
