import { parseRetryAfterMs } from '../http/retry-policy.js';
import { nameErrorClasses, OpslinkError } from './opslink-error.js';

/**
 * What the HTTP core knows of a failed response when it builds an {@link APIError}.
 * @example
 * ```ts
 * // A test double that fails the way the SDK does:
 * const init: APIErrorInit = {
 *   status: 404,
 *   message: 'Shipment not found.',
 *   body: { status: 'failed', message: 'Shipment not found.' },
 *   headers: new Headers({ 'content-type': 'application/json' }),
 *   method: 'GET',
 *   path: '/api/v1/shipments/3f6c2a9e-8b1d-4c57-9e2a-6d4b1f0c8a71',
 * };
 * const error = APIError.for(init); // a NotFoundError
 * ```
 */
export interface APIErrorInit {
  status: number;
  message: string;
  errors?: string[] | undefined;
  body: unknown;
  headers: Headers;
  method: string;
  path: string;
}

/** A server message that names no cause: the warehouse's validation failure, or none at all (`HTTP 400`). */
const NAMES_NO_CAUSE = /^(?:an error occurred while processing (?:the|your) request\.?|HTTP \d{3})$/i;

/** The server's message, followed by the first of `errors` when the message alone names no cause. */
function explainedMessage({ message, errors = [] }: Pick<APIErrorInit, 'message' | 'errors'>): string {
  const first = errors.find((error) => error.trim() !== '');
  if (first === undefined || !NAMES_NO_CAUSE.test(message.trim()) || message.includes(first)) return message;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more in errors)` : '';
  return `${message}${/[.!?]$/.test(message) ? ' ' : ': '}${first}${more}`;
}

/**
 * The server answered with an error status (or, on the warehouse API, a `status: "failed"`
 * envelope). Subclasses name the common statuses so callers can branch on them.
 * @example
 * ```ts
 * await warehouse.inbound.update(order.order_id, { quantity: 24 }).catch((e: unknown) => {
 *   if (e instanceof APIError && e.status === 409) console.warn('changed meanwhile:', e.errors);
 *   else throw e;
 * });
 * ```
 */
export class APIError extends OpslinkError {
  /** HTTP status of the response. */
  declare readonly status: number;
  /** The warehouse envelope's `errors` array, one string per problem, when the body had one. */
  declare readonly errors: string[] | undefined;
  /** The response body: parsed JSON when it was JSON, else its text (secrets scrubbed). */
  declare readonly body: unknown;
  /** The request's method. */
  declare readonly method: string;
  /** The request's path (prefix included, secrets replaced), without the host. */
  declare readonly path: string;
  /** The service's request id (`x-request-id` or `request-id` header), when it sent one: quote it to support. */
  declare readonly requestId: string | undefined;
  /** Response headers. Not enumerable, so logs and JSON of the error stay short. */
  declare readonly headers: Headers;

  /**
   * `message` is the server's own message as sent (the envelope's `message`, e.g.
   * "Unauthorized."), so code can compare it; the stack's first line adds the status,
   * method and path for whoever reads a log. When that message names no cause (the
   * warehouse's generic "An error occurred while processing the request.", or no message at
   * all), the first of `errors` follows it, so `String(error)` explains the failure.
   */
  constructor(init: APIErrorInit) {
    super(explainedMessage(init));
    const { status, errors, body, method, path, headers } = init;
    const requestId = headers.get('x-request-id') ?? headers.get('request-id') ?? undefined;
    Object.assign(this, { status, errors, body, method, path, requestId });
    Object.defineProperty(this, 'headers', { value: headers, enumerable: false });
  }

  /** The class that names `status`, e.g. `NotFoundError` for 404. */
  static for(init: APIErrorInit): APIError {
    return new (classFor(init.status))(init);
  }
}

/** The class of `status`. A class named from inside its own body is renamed by bundlers (esbuild: `var X = class _X`), and its `name` with it: made here, outside it. */
function classFor(status: number): new (init: APIErrorInit) => APIError {
  return STATUS_CLASSES[status] ?? (status >= 500 ? InternalServerError : APIError);
}

/**
 * 400: the server rejected the payload; `errors` lists each violated rule (on the warehouse
 * API, e.g. an fbm `amazonSKU` without the `PFL` prefix).
 * @example
 * ```ts
 * await warehouse.inbound.update(order.order_id, { quantity: 24 }).catch((e: unknown) => {
 *   if (e instanceof BadRequestError) for (const rule of e.errors ?? []) console.warn(rule);
 * });
 * ```
 */
export class BadRequestError extends APIError {}
/**
 * 401: the key is missing, wrong or revoked (or the webhook token is not the channel's).
 * Keys do not expire, so this usually means a revoked or mistyped key: retrying will not help.
 * @example
 * ```ts
 * await messaging.postAnnouncement({ title: 'Hi', body: 'Hello team' }).catch((e: unknown) => {
 *   if (e instanceof AuthenticationError) console.error('opslink key rejected: create a new one in the dashboard');
 * });
 * ```
 */
export class AuthenticationError extends APIError {}
/**
 * 403: the key is valid but may not do this.
 * @example
 * ```ts
 * await messaging.postAnnouncement({ title: 'Hi', body: 'Hello team' }).catch((e: unknown) => {
 *   if (e instanceof PermissionDeniedError) console.error(`not allowed: ${e.message}`);
 * });
 * ```
 */
export class PermissionDeniedError extends APIError {}
/**
 * 404: no such resource (for a direct message: no employee matches `to`).
 * @example
 * ```ts
 * try {
 *   await messaging.sendDirectMessage({ to: { email: 'ana@example.com' }, body: 'Your shift starts at 9' });
 * } catch (e) {
 *   if (e instanceof NotFoundError) console.warn('no employee with that email');
 * }
 * ```
 */
export class NotFoundError extends APIError {}
/**
 * 409: the request conflicts with the resource's state.
 * @example
 * ```ts
 * await warehouse.inbound.update(order.order_id, { quantity: 24 }).catch((e: unknown) => {
 *   if (e instanceof ConflictError) console.warn('changed meanwhile: list it again, then update');
 * });
 * ```
 */
export class ConflictError extends APIError {}
/**
 * 500 and above: the server failed. GET and PUT requests are retried (`maxRetries`) before
 * this is thrown; a POST is not, since it may already have sent a message or created an order.
 * @example
 * ```ts
 * await messaging.postAnnouncement({ title: 'Hi', body: 'Hello team' }).catch((e: unknown) => {
 *   if (e instanceof InternalServerError) console.error(`server error ${e.status}, try again later`);
 * });
 * ```
 */
export class InternalServerError extends APIError {}

/**
 * 429, after the retries were spent, when the server asked for a longer wait than
 * `maxRetryAfter` allows, or at once with `rateLimit: 'reject'`.
 * @example
 * ```ts
 * await messaging.postAnnouncement({ title: 'Hi', body: 'Hello team' }).catch((e: unknown) => {
 *   if (e instanceof RateLimitError) console.warn(`try again in ${e.retryAfter ?? 60} s`);
 * });
 * ```
 */
export class RateLimitError extends APIError {
  /** Seconds the server asked to wait (`Retry-After`), when it said. */
  readonly retryAfter: number | undefined;
  constructor(init: APIErrorInit) {
    super(init);
    const waitMs = parseRetryAfterMs(init.headers.get('retry-after'), Date.now());
    this.retryAfter = waitMs === undefined ? undefined : Math.ceil(waitMs / 1000);
  }
}

const STATUS_CLASSES: Record<number, new (init: APIErrorInit) => APIError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  429: RateLimitError,
};

nameErrorClasses({
  APIError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  InternalServerError,
  RateLimitError,
});
