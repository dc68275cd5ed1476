/**
 * The HTTP core both clients stand on: the one ky instance, the retry loop, timeouts,
 * aborts, error mapping, logging and redaction. Clients describe a request (method, path,
 * body, auth header) and a parser for its successful body; everything between the wire
 * and a typed result or a typed error happens here.
 */
import ky, { type KyInstance } from 'ky';
import { APIPromise, type WithResponse } from '../core/api-promise.js';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  OpslinkError,
  ResponseValidationError,
  type ValidationIssue,
} from '../core/errors.js';
import type { RequestOptions } from '../core/options.js';
import { checkRequestOptions, type ResolvedCommon, sensitiveValues } from './config.js';
import type { Redactor } from './redact.js';
import { backoffMs, type Failure, isRetryable, retryAfterMs, sleep } from './retry.js';
import { anySignal, untilAborted } from './signals.js';

export type Method = 'GET' | 'POST' | 'PUT';

/** One request as a client describes it. */
export interface RequestSpec {
  method: Method;
  /** Path below the base URL, starting with `/`, its dynamic segments already checked. */
  path: string;
  query?: URLSearchParams | undefined;
  json?: unknown;
  body?: FormData | undefined;
  /** The `Authorization` header value, when the endpoint takes one. */
  authorization?: string | undefined;
  /** Another base URL than the client's (a webhook URL's own host and prefix). */
  baseUrl?: string | undefined;
}

/**
 * A response as read off the wire, handed to a client's parser. Its `invalid` and
 * `failed` build the errors a parser throws, with secrets scrubbed from the body.
 */
export class RawResponse {
  declare readonly status: number;
  declare readonly headers: Headers;
  declare readonly method: Method;
  /** The path with secrets scrubbed, for messages. */
  declare readonly path: string;
  /** Parsed JSON when the body was JSON, its text when not, `undefined` when empty. */
  declare readonly body: unknown;
  /** False when the body was not empty but did not parse as JSON. */
  declare readonly isJson: boolean;
  readonly #redactor: Redactor;

  constructor(
    init: { status: number; headers: Headers; method: Method; path: string; body: unknown; isJson: boolean },
    redactor: Redactor,
  ) {
    Object.assign(this, init);
    this.#redactor = redactor;
  }

  /** The error for a body that breaks the documented shape. */
  invalid(issues: ValidationIssue[]): ResponseValidationError {
    const { status, method, path } = this;
    return new ResponseValidationError({ status, method, path, issues, body: this.#redactor.value(this.body) });
  }

  /** The error for a body that reports failure (a `status: "failed"` envelope) under any status. */
  failed(): APIError {
    return errorFromBody(this.status, scrubHeaders(this.headers, this.#redactor), this.#redactor.value(this.body), this.method, this.path);
  }
}

/** The typed error for an error response, its body and headers already scrubbed. */
function errorFromBody(status: number, headers: Headers, body: unknown, method: Method, path: string): APIError {
  const { message, errors } = describeErrorBody(body, `HTTP ${status}`);
  return APIError.for({ status, message, errors, body, headers, method, path });
}

/** A copy of `headers` with every secret the redactor knows replaced (a server may echo a key). */
function scrubHeaders(headers: Headers, redactor: Redactor): Headers {
  const copy = new Headers();
  headers.forEach((value, name) => {
    copy.append(name, redactor.text(value));
  });
  return copy;
}

export type ResponseParser<T> = (raw: RawResponse) => T;

export interface HttpSettings extends ResolvedCommon {
  baseUrl: string;
  /** Headers every request of this client carries (e.g. `X-Warehouse-Id`). */
  serviceHeaders?: Record<string, string>;
  redactor: Redactor;
}

/** Reads the message and `errors` from an error body whose shape the documents leave open. */
export function describeErrorBody(body: unknown, fallback: string): { message: string; errors?: string[] } {
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    const errors = Array.isArray(record.errors) ? record.errors.map((e) => (typeof e === 'string' ? e : JSON.stringify(e))) : undefined;
    const nested = record.error;
    const message =
      typeof record.message === 'string' && record.message
        ? record.message
        : typeof nested === 'string' && nested
          ? nested
          : nested !== null && typeof nested === 'object' && typeof (nested as { message?: unknown }).message === 'string'
            ? (nested as { message: string }).message
            : fallback;
    return errors ? { message, errors } : { message };
  }
  if (typeof body === 'string' && body.trim()) {
    const text = body.trim();
    return { message: text.length > 200 ? `${text.slice(0, 200)}…` : text };
  }
  return { message: fallback };
}

async function readBody(response: Response): Promise<{ body: unknown; isJson: boolean }> {
  const text = await response.text();
  if (text.length === 0) return { body: undefined, isJson: true };
  try {
    return { body: JSON.parse(text), isJson: true };
  } catch {
    return { body: text, isJson: false };
  }
}

const now = () => (globalThis.performance ?? Date).now();

export class HttpClient {
  readonly #settings: HttpSettings;
  readonly #ky: KyInstance;
  readonly #redactor: Redactor;
  /** The client's `headers` option (and `accept`), names in lower case, under each call's own. */
  readonly #clientHeaders: Record<string, string>;
  /** The service's own headers (the warehouse key and id), over each call's: a call cannot swap them. */
  readonly #serviceHeaders: Record<string, string>;

  constructor(settings: HttpSettings) {
    this.#settings = settings;
    this.#redactor = settings.redactor;
    this.#clientHeaders = lowerCaseNames({ accept: 'application/json', ...settings.headers });
    this.#serviceHeaders = lowerCaseNames(settings.serviceHeaders ?? {});
    this.#ky = ky.create({
      retry: 0, // opslink runs its own retry loop: the rules differ per method and status.
      throwHttpErrors: false,
      // opslink's own per-attempt timer covers the body as well as the headers.
      timeout: false,
    });
  }

  /** An APIPromise that rejects with `error` (a check that failed before any request). */
  static reject<T>(error: unknown): APIPromise<T> {
    return new APIPromise<T>(Promise.reject(error));
  }

  /** Sends `spec` with retries and returns its parsed result as an {@link APIPromise}. */
  request<T>(spec: RequestSpec, options: RequestOptions | undefined, parse: ResponseParser<T>): APIPromise<T> {
    // Captured now, while the caller's frames are on the stack, so a failure seconds later
    // still points at the line that made the call.
    const callSite = new Error();
    return new APIPromise(
      this.#send(spec, options, parse).catch((error: unknown) => {
        throw withCallSite(error, callSite);
      }),
    );
  }

  async #send<T>(spec: RequestSpec, options: RequestOptions | undefined, parse: ResponseParser<T>): Promise<WithResponse<T>> {
    checkRequestOptions(options);
    const settings = this.#settings;
    const redactor = options?.headers ? this.#redactor.with(sensitiveValues(options.headers)) : this.#redactor;
    const { method } = spec;
    const base = spec.baseUrl ?? settings.baseUrl;
    // Messages name the whole path (prefix included) but never the host or a secret.
    const path = redactor.text(pathOf(base) + spec.path);
    const signal = options?.signal;
    const maxRetries = options?.maxRetries ?? settings.maxRetries;
    const query = spec.query?.toString();
    const url = `${base}${spec.path}${query ? `?${query}` : ''}`;
    const headers = {
      ...this.#clientHeaders,
      ...(options?.headers && lowerCaseNames(options.headers)),
      ...this.#serviceHeaders,
    };
    if (spec.authorization !== undefined) headers.authorization = spec.authorization;
    // The body is made once, here, and sent as is on every attempt (FormData re-serialises).
    let requestBody: string | FormData | undefined = spec.body;
    if (spec.json !== undefined) {
      requestBody = JSON.stringify(spec.json);
      headers['content-type'] = 'application/json';
    } else if (requestBody !== undefined) {
      // fetch writes a multipart Content-Type with the boundary; any other value breaks the body.
      delete headers['content-type'];
    }
    const timeout = options?.timeout ?? settings.timeout;
    const customFetch = settings.fetch;
    const send = customFetch
      ? // A custom fetch (a test double) may ignore its signal: the attempt's timeout and the
        // caller's abort end the wait for it all the same.
        (input: string, init: RequestInit & { signal: AbortSignal }) => untilAborted(customFetch(input, init), init.signal, discardBody)
      : // Looked up per call: a mock (MSW) may patch globalThis.fetch after the client is made.
        (input: string, init: RequestInit) => globalThis.fetch(input, init);
    const log = settings.log;

    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) throw userAbort(signal, method, path);
      const started = now();
      log.debug?.(`→ ${method} ${path}${attempt ? ` (retry ${attempt} of ${maxRetries})` : ''}`);
      let response: Response;
      let read: { body: unknown; isJson: boolean };
      const timer = new AbortController();
      const timeoutId = setTimeout(() => timer.abort(), timeout);
      try {
        const attemptSignal = signal ? anySignal([signal, timer.signal]) : timer.signal;
        // ky runs the request, but fetch is called the way it usually is, `(url, init)`, with the
        // body as built (JSON text or FormData) and the attempt's signal. ky's own Request
        // carries neither: fetch(Request) makes undici copy it (~40 µs a request), and a
        // FormData body stream ky would make, and cancel unread, makes undici throw.
        // Headers are copied per attempt: a custom fetch that edits them does not edit the retry.
        const init = { method, headers: { ...headers }, body: requestBody, signal: attemptSignal };
        response = await this.#ky(url, { method, fetch: () => send(url, init) });
        read = await readBody(response);
      } catch (error) {
        if (signal?.aborted) throw userAbort(signal, method, path);
        const failure: Failure = timer.signal.aborted ? { kind: 'timeout' } : { kind: 'network' };
        const elapsed = Math.round(now() - started);
        if (attempt < maxRetries && isRetryable(method, failure)) {
          const wait = backoffMs(attempt);
          log.warn?.(
            `${method} ${path} ${failure.kind === 'timeout' ? 'timed out' : 'failed to connect'} after ${elapsed} ms; retry ${attempt + 1} of ${maxRetries} in ${wait} ms`,
          );
          await this.#wait(wait, signal, method, path);
          continue;
        }
        const attempts = attempt ? ` (after ${attempt + 1} attempts)` : '';
        const connectionError =
          failure.kind === 'timeout'
            ? new APIConnectionTimeoutError(`${method} ${path}: no complete response within ${timeout} ms${attempts}`)
            : new APIConnectionError(`${method} ${path}: connection failed${attempts}: ${redactor.text(rootMessage(error))}`, {
                cause: scrubbedCause(error, redactor),
              });
        log.error?.(connectionError.message);
        throw connectionError;
      } finally {
        clearTimeout(timeoutId);
      }
      const elapsed = Math.round(now() - started);
      const { status } = response;

      if (response.ok) {
        log.info?.(`← ${status} ${method} ${path} in ${elapsed} ms`);
        const raw = new RawResponse({ status, headers: response.headers, method, path, body: read.body, isJson: read.isJson }, redactor);
        try {
          return { data: parse(raw), response };
        } catch (error) {
          log.error?.(`← ${status} ${method} ${path}: ${(error as Error).message}`);
          throw error;
        }
      }

      const body = redactor.value(read.body);
      const failure: Failure = { kind: 'status', status };
      if (attempt < maxRetries && isRetryable(method, failure)) {
        const asked = status === 429 ? retryAfterMs(response.headers) : undefined;
        if (asked !== undefined && asked > settings.maxRetryAfter) {
          const error = errorFromBody(status, scrubHeaders(response.headers, redactor), body, method, path);
          log.error?.(`${error.message} (Retry-After ${Math.ceil(asked / 1000)} s is over maxRetryAfter)`);
          throw error;
        }
        const wait = asked ?? backoffMs(attempt);
        log.warn?.(`← ${status} ${method} ${path} in ${elapsed} ms; retry ${attempt + 1} of ${maxRetries} in ${Math.round(wait)} ms`);
        await this.#wait(wait, signal, method, path);
        continue;
      }
      const error = errorFromBody(status, scrubHeaders(response.headers, redactor), body, method, path);
      log.error?.(`← ${error.message} in ${elapsed} ms`);
      throw error;
    }
  }

  async #wait(ms: number, signal: AbortSignal | undefined, method: Method, path: string): Promise<void> {
    try {
      await sleep(ms, signal);
    } catch {
      throw userAbort(signal, method, path);
    }
  }
}

/** Cancels a response body nobody will read, so its connection is let go. */
function discardBody(response: Response): void {
  response.body?.cancel().catch(() => {});
}

/** A copy of `headers` with every name in lower case, so a later `Authorization` replaces an earlier `authorization`. */
function lowerCaseNames(headers: Record<string, string>): Record<string, string> {
  const lowered: Record<string, string> = {};
  for (const name of Object.keys(headers)) lowered[name.toLowerCase()] = headers[name] as string;
  return lowered;
}

/** The path part of a base URL (`https://host/prefix` → `/prefix`). */
function pathOf(baseUrl: string): string {
  const start = baseUrl.indexOf('/', baseUrl.indexOf('//') + 2);
  return start < 0 ? '' : baseUrl.slice(start);
}

function userAbort(signal: AbortSignal | undefined, method: Method, path: string): APIUserAbortError {
  return new APIUserAbortError(`${method} ${path}: aborted by the caller's signal`, { cause: signal?.reason });
}

/** The innermost message of a network failure (undici wraps the socket error in `cause`). */
function rootMessage(error: unknown): string {
  let current = error;
  for (let depth = 0; depth < 5; depth++) {
    const cause = (current as { cause?: unknown } | null)?.cause;
    if (cause instanceof Error) current = cause;
    else break;
  }
  if (current instanceof Error) {
    const code = (current as { code?: unknown }).code;
    return typeof code === 'string' && !current.message.includes(code) ? `${current.message} (${code})` : current.message;
  }
  return String(current);
}

/**
 * ky's own errors hold the full URL (with a webhook token) and the request with its
 * headers, so they never leave this module; the cause users see is a scrubbed copy.
 */
function scrubbedCause(error: unknown, redactor: Redactor): Error {
  const raw = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const copy = new Error(redactor.text(rootMessage(raw)));
  copy.name = raw instanceof Error ? raw.name : 'Error';
  const code = (raw as { code?: unknown } | null)?.code ?? (raw as { cause?: { code?: unknown } } | null)?.cause?.code;
  if (typeof code === 'string') Object.assign(copy, { code });
  copy.stack = `${copy.name}: ${copy.message}`;
  return copy;
}

/** Gives an SDK error the stack of the call that started the request. */
function withCallSite(error: unknown, callSite: Error): unknown {
  if (!(error instanceof OpslinkError)) return error;
  const frames = callSite.stack?.split('\n').slice(1).join('\n');
  const head =
    error instanceof APIError
      ? `${error.name}: ${error.message} (${error.status} ${error.method} ${error.path})`
      : `${error.name}: ${error.message}`;
  if (frames) error.stack = `${head}\n${frames}`;
  return error;
}
