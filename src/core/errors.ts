/**
 * Every error opslink throws extends {@link OpslinkError}, so one `instanceof` check
 * separates SDK failures from bugs in the caller's own code. None of them carries a key,
 * token or webhook secret: messages, bodies and stacks are scrubbed before they are built.
 */

import { inspectSymbol } from '../internal/inspect.js';

/**
 * One problem found in a request before it was sent.
 * @example
 * ```ts
 * const describe = (issue: ValidationIssue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`;
 * try {
 *   await messaging.postChannelMessage({ embeds: [] });
 * } catch (e) {
 *   if (e instanceof RequestValidationError) console.error(e.issues.map(describe).join('\n'));
 * }
 * ```
 */
export interface ValidationIssue {
  /** Where the problem is, e.g. `['embeds', 3, 'fields', 25]`. */
  path: (string | number)[];
  message: string;
}

/**
 * Base class of every opslink error.
 * @example
 * ```ts
 * try { await client.sendDirectMessage(msg) } catch (e) { if (e instanceof OpslinkError) report(e.message) }
 * ```
 */
export class OpslinkError extends Error {
  override name = 'OpslinkError';

  /** What `JSON.stringify` shows: the name, message and own data, never a request or headers. */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, message: this.message };
    for (const [key, value] of Object.entries(this)) {
      if (key !== 'name' && key !== 'headers' && key !== 'stack') out[key] = value;
    }
    return out;
  }
}

/**
 * The input broke a documented rule, found before any request was sent. `issues` lists
 * every problem at once, each with its path.
 * @example
 * ```ts
 * catch (e) { if (e instanceof RequestValidationError) for (const i of e.issues) console.log(i.path.join('.'), i.message) }
 * ```
 */
export class RequestValidationError extends OpslinkError {
  override name = 'RequestValidationError';
  readonly issues: ValidationIssue[];
  constructor(issues: ValidationIssue[], subject = 'request') {
    super(formatIssues(subject, issues));
    this.issues = issues;
  }
}

/**
 * A client option is missing, or has a value the client cannot use (a key with a line
 * break, a base URL that is not http(s), a negative timeout). Nothing was sent. `option`
 * names the first option at fault; `issues` lists them all.
 * @example
 * ```ts
 * catch (e) { if (e instanceof ConfigurationError) console.error(`check the ${e.option} option`) }
 * ```
 */
export class ConfigurationError extends RequestValidationError {
  override name = 'ConfigurationError';
  /** The option at fault, e.g. `botKey`. */
  readonly option: string;
  constructor(issues: ValidationIssue[], subject = 'client options') {
    super(issues, subject);
    this.option = String(issues[0]?.path[0] ?? '');
  }
}

/** Problems the message lists; `issues` keeps them all, however many. */
const LISTED_ISSUES = 20;

function formatIssues(subject: string, issues: ValidationIssue[]): string {
  const lines = issues
    .slice(0, LISTED_ISSUES)
    .map((issue) => `  - ${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`);
  if (issues.length > LISTED_ISSUES) lines.push(`  … and ${issues.length - LISTED_ISSUES} more (see .issues)`);
  const count = issues.length === 1 ? '1 problem' : `${issues.length} problems`;
  return `Invalid ${subject} (${count}, nothing was sent):\n${lines.join('\n')}`;
}

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

/**
 * The server answered with an error status (or, on the warehouse API, a `status: "failed"`
 * envelope). Subclasses name the common statuses so callers can branch on them.
 * @example
 * ```ts
 * catch (e) { if (e instanceof APIError && e.status === 409) resolveConflict(e.errors) }
 * ```
 */
export class APIError extends OpslinkError {
  override name = 'APIError';
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
  /** Response headers. Not enumerable, so logs and JSON of the error stay short. */
  declare readonly headers: Headers;

  /**
   * `message` is the server's own message as sent (the envelope's `message`, e.g.
   * "Unauthorized."), so code can compare it; the stack's first line adds the status,
   * method and path for whoever reads a log.
   */
  constructor(init: APIErrorInit) {
    super(init.message);
    const { status, errors, body, method, path } = init;
    Object.assign(this, { status, errors, body, method, path });
    Object.defineProperty(this, 'headers', { value: init.headers, enumerable: false });
  }

  /** The class that names `status`, e.g. `NotFoundError` for 404. */
  static for(init: APIErrorInit): APIError {
    const { status } = init;
    if (status === 400) return new BadRequestError(init);
    if (status === 401) return new AuthenticationError(init);
    if (status === 403) return new PermissionDeniedError(init);
    if (status === 404) return new NotFoundError(init);
    if (status === 409) return new ConflictError(init);
    if (status === 429) return new RateLimitError(init);
    if (status >= 500) return new InternalServerError(init);
    return new APIError(init);
  }
}

/**
 * 400: the server rejected the payload; `errors` lists each violated rule (on the warehouse
 * API, e.g. an fbm `amazonSKU` without the `PFL` prefix).
 * @example
 * ```ts
 * catch (e) { if (e instanceof BadRequestError) for (const rule of e.errors ?? []) console.warn(rule) }
 * ```
 */
export class BadRequestError extends APIError {
  override name = 'BadRequestError';
}
/**
 * 401: the key is missing, wrong or revoked (or the webhook token is not the channel's).
 * Keys do not expire, so this usually means a revoked or mistyped key: retrying will not help.
 * @example
 * ```ts
 * catch (e) { if (e instanceof AuthenticationError) alertOps('opslink key rejected: create a new one in the dashboard') }
 * ```
 */
export class AuthenticationError extends APIError {
  override name = 'AuthenticationError';
}
/**
 * 403: the key is valid but may not do this.
 * @example
 * ```ts
 * catch (e) { if (e instanceof PermissionDeniedError) console.error(`not allowed: ${e.message}`) }
 * ```
 */
export class PermissionDeniedError extends APIError {
  override name = 'PermissionDeniedError';
}
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
export class NotFoundError extends APIError {
  override name = 'NotFoundError';
}
/**
 * 409: the request conflicts with the resource's state.
 * @example
 * ```ts
 * catch (e) { if (e instanceof ConflictError) await reloadAndRetry() }
 * ```
 */
export class ConflictError extends APIError {
  override name = 'ConflictError';
}
/**
 * 500 and above: the server failed. GET and PUT requests are retried (`maxRetries`) before
 * this is thrown; a POST is not, since it may already have sent a message or created an order.
 * @example
 * ```ts
 * catch (e) { if (e instanceof InternalServerError) console.error(`server error ${e.status}, try again later`) }
 * ```
 */
export class InternalServerError extends APIError {
  override name = 'InternalServerError';
}

/**
 * 429, after the retries were spent or when the server asked for a longer wait than
 * `maxRetryAfter` allows.
 * @example
 * ```ts
 * catch (e) { if (e instanceof RateLimitError) scheduleLater(e.retryAfter ?? 60) }
 * ```
 */
export class RateLimitError extends APIError {
  override name = 'RateLimitError';
  /** Seconds the server asked to wait (`Retry-After`), when it said. */
  readonly retryAfter: number | undefined;
  constructor(init: APIErrorInit) {
    super(init);
    const waitMs = parseRetryAfterMs(init.headers.get('retry-after'), Date.now());
    this.retryAfter = waitMs === undefined ? undefined : Math.ceil(waitMs / 1000);
  }
}

/**
 * Milliseconds a `Retry-After` value asks for: delta-seconds or an HTTP date.
 * `undefined` when absent or unreadable.
 */
export function parseRetryAfterMs(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * The request never got a response: DNS, refused or reset connection, CORS in a browser.
 * @example
 * ```ts
 * catch (e) { if (e instanceof APIConnectionError) console.warn('network problem, try later') }
 * ```
 */
export class APIConnectionError extends OpslinkError {
  override name = 'APIConnectionError';
}

/**
 * No response within the per-attempt `timeout`.
 * @example
 * ```ts
 * try {
 *   await warehouse.shipments.retrieve(shipmentId, { timeout: 5_000 });
 * } catch (e) {
 *   if (e instanceof APIConnectionTimeoutError) console.warn('the warehouse API took longer than 5 s');
 * }
 * ```
 */
export class APIConnectionTimeoutError extends APIConnectionError {
  override name = 'APIConnectionTimeoutError';
}

/**
 * The caller's `AbortSignal` fired; `cause` is the signal's reason.
 * @example
 * ```ts
 * catch (e) { if (e instanceof APIUserAbortError) return }
 * ```
 */
export class APIUserAbortError extends OpslinkError {
  override name = 'APIUserAbortError';
}

/**
 * A successful response whose body breaks a documented member (or is not JSON). The
 * server may well have done the work: check before sending the same request again.
 * @example
 * ```ts
 * catch (e) { if (e instanceof ResponseValidationError) log(e.issues, e.body) }
 * ```
 */
export class ResponseValidationError extends OpslinkError {
  override name = 'ResponseValidationError';
  declare readonly status: number;
  declare readonly issues: ValidationIssue[];
  /** The body as received: parsed JSON, or text when it was not JSON (secrets scrubbed). */
  declare readonly body: unknown;
  constructor(init: { status: number; method: string; path: string; issues: ValidationIssue[]; body: unknown }) {
    const details = init.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
    super(`${init.status} ${init.method} ${init.path}: unexpected response body (${details})`);
    const { status, issues, body } = init;
    Object.assign(this, { status, issues, body });
  }
}

// Errors print as `Name: message` plus stack in Node; the custom inspect keeps it that way
// while hiding nothing a user needs and showing nothing (headers) that could grow noisy.
Object.defineProperty(OpslinkError.prototype, inspectSymbol, {
  value(this: OpslinkError) {
    const own = this.toJSON();
    delete own.message;
    const extra = Object.keys(own).length > 1 ? ` ${JSON.stringify(own)}` : '';
    return `${this.stack ?? `${this.name}: ${this.message}`}${extra}`;
  },
});
