export {
  APIError,
  type APIErrorInit,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
} from './api-error.js';
export { APIConnectionError, APIConnectionTimeoutError, APIUserAbortError } from './connection-errors.js';
export { OpslinkError } from './opslink-error.js';
export { OutcomeUnknownError } from './outcome-unknown-error.js';
export { ConfigurationError, RequestValidationError, type ValidationIssue } from './request-validation-error.js';
export { describeIssues, ResponseValidationError } from './response-validation-error.js';
