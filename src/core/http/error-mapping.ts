/**
 * From a failed attempt to the typed error a caller branches on: an error status to its
 * `APIError` subclass with a short readable message (a proxy's HTML page gives its title,
 * the page itself stays in `body`), no response to `APIConnectionError` or its timeout
 * subclass, the caller's abort to `APIUserAbortError`. Secrets are scrubbed first.
 */
import type { Redactor } from '../../internal/redact.js';
import { shorten } from '../../internal/text.js';
import type { HeaderView } from '../../seams/transport.js';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '../errors/index.js';

const HTML = /^\s*<(?:!doctype\s+html|html|head|body|title)\b/i;
/** What no text body holds: control characters (but tab and line breaks) and bytes that were not UTF-8. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const BINARY = /[\u0000-\u0008\u000e-\u001f\ufffd]/;

/** Text of an HTML page: its `<title>`, else its visible text, without tags and white-space runs. */
function htmlSummary(page: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(page)?.[1];
  const text = (title ?? page.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' '))
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return shorten(text, 200);
}

function messageOf(record: Record<string, unknown>): string | undefined {
  const nested = record.error as { message?: unknown } | string | undefined;
  const candidates = [record.message, nested, typeof nested === 'object' && nested !== null ? nested.message : undefined];
  return candidates.find((c): c is string => typeof c === 'string' && c.length > 0);
}

/** A member of `errors` that is not text, as JSON; one too deep to write (a hostile body) said so. */
function jsonText(value: unknown): string {
  try {
    return String(JSON.stringify(value));
  } catch {
    return '(a value too deep to show)';
  }
}

/**
 * The message and `errors` of an error body whose shape the messaging document leaves open:
 * `message`, `error` or `error.message`; an `errors` array; an HTML page's title or text;
 * the first 200 characters of plain text; `HTTP <status>` saying so for bytes that are not
 * text; else `HTTP <status>`.
 */
export function describeErrorBody(body: unknown, status: number): { message: string; errors?: string[] } {
  const fallback = `HTTP ${status}`;
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    const errors = Array.isArray(record.errors) ? record.errors.map((e) => (typeof e === 'string' ? e : jsonText(e))) : undefined;
    const message = messageOf(record) ?? fallback;
    return errors ? { message, errors } : { message };
  }
  if (typeof body === 'string' && body.trim()) {
    // Bytes that are not text (compressed with no `Content-Encoding` saying so, an image) are no message.
    if (BINARY.test(body))
      return { message: `${fallback} (its body is not text: binary, or compressed with no Content-Encoding saying so)` };
    if (!HTML.test(body)) return { message: shorten(body.trim(), 200) };
    // A proxy's error page: its title usually names the status already ("502 Bad Gateway").
    const text = htmlSummary(body);
    return { message: !text ? fallback : text.startsWith(String(status)) ? text : `${fallback}: ${text}` };
  }
  return { message: fallback };
}

/** A copy of `headers` with every secret the redactor knows replaced (a server may echo a key). */
export function scrubHeaders(headers: HeaderView, redactor: Redactor): Headers {
  const copy = new Headers();
  headers.forEach((value, name) => {
    copy.append(name, redactor.text(value));
  });
  return copy;
}

/** The typed error of an error response, its body and headers scrubbed. */
export function errorFromResponse(
  init: { status: number; headers: HeaderView; body: unknown; method: string; path: string },
  redactor: Redactor,
): APIError {
  const body = redactor.value(init.body);
  const { message, errors } = describeErrorBody(body, init.status);
  return APIError.for({ ...init, message, errors, body, headers: scrubHeaders(init.headers, redactor) });
}

/** The innermost message of a network failure (undici wraps the socket error in `cause`). */
function rootMessage(error: unknown): string {
  let current = error;
  for (let depth = 0; depth < 5 && (current as { cause?: unknown } | null)?.cause instanceof Error; depth++) {
    current = (current as { cause: unknown }).cause;
  }
  if (!(current instanceof Error)) return String(current);
  const code = (current as { code?: unknown }).code;
  return typeof code === 'string' && !current.message.includes(code) ? `${current.message} (${code})` : current.message;
}

/**
 * A platform's network error may hold the full URL (with a webhook token) and the request
 * with its headers, so it never leaves the core: the cause users see is a scrubbed copy.
 */
export function scrubbedCause(error: unknown, redactor: Redactor): Error {
  const raw = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const copy = new Error(redactor.text(rootMessage(raw)));
  copy.name = raw instanceof Error ? raw.name : 'Error';
  const code = (raw as { code?: unknown } | null)?.code;
  if (typeof code === 'string') Object.assign(copy, { code });
  copy.stack = `${copy.name}: ${copy.message}`;
  return copy;
}

/** `APIConnectionError` for a network failure, scrubbed; `unsent` when no attempt of the call reached the service. */
export function connectionError(label: string, attempts: number, error: unknown, redactor: Redactor, unsent?: boolean): APIConnectionError {
  const after = attempts > 1 ? ` (after ${attempts} attempts)` : '';
  return marked(
    new APIConnectionError(`${label}: connection failed${after}: ${redactor.text(rootMessage(error))}`, {
      cause: scrubbedCause(error, redactor),
    }),
    unsent,
  );
}

/** `APIConnectionTimeoutError` for an attempt past its timeout, or a call past its deadline. */
export function timeoutError(label: string, why: string, attempts: number, unsent?: boolean): APIConnectionTimeoutError {
  return marked(new APIConnectionTimeoutError(`${label}: ${why}${attempts > 1 ? ` (after ${attempts} attempts)` : ''}`), unsent);
}

function marked<E extends Error>(error: E, unsent: boolean | undefined): E {
  if (unsent) Object.defineProperty(error, 'unsent', { value: true, enumerable: true });
  return error;
}

/** `APIUserAbortError` for the caller's abort; `unsent` when no attempt of the call reached the service. */
export function userAbort(label: string, signal: AbortSignal | undefined, unsent?: boolean): APIUserAbortError {
  return marked(new APIUserAbortError(`${label}: aborted by the caller's signal`, { cause: signal?.reason }), unsent);
}
