/**
 * Every answer the proxy gives: a refusal in the service's own error envelope (so the page's
 * client raises its usual error class), the service's answer passed on, and a failure of the
 * server's client turned into the status a gateway gives. Only `content-type`, `retry-after`
 * and the request id headers are passed on from the service; every secret the server's client
 * knows is masked in what is passed, as in its errors.
 */
import type { ValidationIssue } from '../core/errors/index.js';
import type { HeaderView } from '../seams/transport.js';
import type { Service } from './routes.js';

/**
 * The service headers a page may see, besides the content type. Everything else (cookies,
 * servers' own, hop-by-hop) stays behind.
 */
const PASSED_HEADERS = ['retry-after', 'x-request-id', 'request-id'] as const;
const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

/**
 * A refusal of the proxy's own, in the envelope of the service the path names: the
 * warehouse's `{ status: 'failed', message, data: null, errors }`, messaging's (and a path of
 * neither service's) `{ message, errors }`.
 */
export function refusal(service: Service | undefined, status: number, message: string, errors: string[] = [], headers = {}): Response {
  const body = service === 'warehouse' ? { status: 'failed', message, data: null, errors } : { message, errors };
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': JSON_TYPE, ...headers } });
}

/** Issues as the services word them in `errors`: `path: message`. */
export function describeIssues(issues: readonly ValidationIssue[]): string[] {
  return issues.map((issue) => `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`);
}

/** 400 for an input the pre-flight refuses, each problem in `errors`, the first in the message. */
export function invalid(service: Service, subject: string, issues: readonly ValidationIssue[]): Response {
  const errors = describeIssues(issues);
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more in errors)` : '';
  return refusal(service, 400, `Invalid ${subject}, nothing was sent: ${errors[0] ?? 'refused'}${more}`, errors);
}

/** An answer the service gave (its body as read, scrubbed), passed on with its status and the headers a page may see. */
export interface ServiceAnswer {
  status: number;
  headers: HeaderView;
  body: unknown;
  /** The body was JSON (else text, or `undefined` when empty). */
  isJson: boolean;
}

/**
 * The service's answer for the page: its status, its body as read (JSON written back as JSON,
 * anything else as text) and the headers a page may see. The content type is the body's, in
 * UTF-8 as it is written: `application/json`, or `text/plain` for anything else, so an HTML
 * page the service sent is never rendered at the app's origin (the page's client reads
 * either, whatever the type).
 */
export function passOn(answer: ServiceAnswer, scrub: (text: string) => string): Response {
  const headers: Record<string, string> = {};
  for (const name of PASSED_HEADERS) {
    const value = answer.headers.get(name);
    if (value !== null) headers[name] = scrub(value);
  }
  const { body } = answer;
  const text = body === undefined ? null : answer.isJson ? JSON.stringify(body) : String(body);
  if (text !== null) headers['content-type'] = answer.isJson ? JSON_TYPE : TEXT_TYPE;
  // A status a Response cannot carry (1xx, or past 599) is the service's fault: a gateway's 502.
  if (answer.status < 200 || answer.status > 599) return refusal(undefined, 502, 'The service answered with an unusable status.');
  return new Response(answer.status === 204 || answer.status === 205 || answer.status === 304 ? null : text, {
    status: answer.status,
    headers,
  });
}

/** What an error of the server's client carries when the service answered it: its status, scrubbed body and headers. */
interface Answered {
  name: string;
  /** A connection error's: `true` only when the request certainly never reached the service. */
  unsent?: true;
  status: number;
  body: unknown;
  headers: Headers;
  message: string;
  issues?: ValidationIssue[];
}

/**
 * The answer for a call the server's client did not resolve: the service's own error answer
 * when there was one; 429 with `Retry-After` when its gate refused it (`rateLimit: 'reject'`);
 * 502 when the connection failed, 504 when the service did not answer in time, each saying
 * the outcome is unknown unless the request certainly never reached the service; 400 when
 * the server client's own pre-flight is stricter than the page's (`embedLimits`); 500, with
 * no detail, for anything else (a credential the server's client lacks, a bug). Errors are
 * told apart by name, so a second copy of opslink (ESM beside CommonJS) reads the same.
 */
export function failure(service: Service, subject: string, error: unknown, scrub: <V>(value: V) => V): Response {
  const e = (error ?? {}) as Partial<Answered>;
  if (typeof e.status === 'number' && e.headers instanceof Headers) {
    if (e.status === 429 && e.body === undefined) {
      const wait = e.headers.get('retry-after') ?? '1';
      return refusal(service, 429, `Too many requests: the server's client is paused for ${wait} s`, [], { 'retry-after': wait });
    }
    // A redirect the server's client refused (another origin, a write moved) is not the page's to follow.
    if (e.status < 400) return refusal(service, 502, `The service answered ${e.status}, which the proxy does not follow`);
    // The error's body and headers are scrubbed of its own client's secrets already; `scrub` adds the other client's.
    return passOn(
      { status: e.status, headers: e.headers, body: scrub(e.body), isJson: e.body !== undefined && typeof e.body !== 'string' },
      scrub,
    );
  }
  // Only a request that certainly never reached the service (`unsent`) is said not to have: any
  // other may have been delivered, and a page told otherwise would send the write again.
  const unknown = e.unsent === true ? '' : ': the outcome is unknown, and the request may have been delivered';
  if (e.name === 'APIConnectionTimeoutError') return refusal(service, 504, `The service did not answer in time${unknown}.`);
  if (e.name === 'APIConnectionError')
    return refusal(
      service,
      502,
      e.unsent === true ? 'The service could not be reached.' : `The connection to the service failed${unknown}.`,
    );
  if (e.name === 'RequestValidationError' && Array.isArray(e.issues)) return invalid(service, subject, e.issues);
  return refusal(service, 500, 'The proxy could not complete the request.');
}
