/**
 * The few zod/mini building blocks both services' schemas are made of. Refinements stand in
 * for zod's enums, integer, uuid and url schemas: each of those adds half a kilobyte to a
 * browser bundle, and these say the same with a clearer message. What a refinement means in
 * JSON Schema (an enum, an integer range, a format) is noted beside it in
 * {@link jsonSchemaHints}, which the OpenAPI documents are generated with.
 */
import * as z from 'zod/mini';
import { isUuid } from '../internal/path.js';
import type { LimitRow } from './limits.js';
import { kindOf } from './validation.js';

/** @internal The JSON Schema a refined schema stands for, read when the OpenAPI documents are built. */
export const jsonSchemaHints: WeakMap<object, Record<string, unknown>> = new WeakMap();

function hinted<S extends object>(schema: S, hint: Record<string, unknown>): S {
  jsonSchemaHints.set(schema, hint);
  return schema;
}

/**
 * For a rule between members: run it whenever the value is an object, even when a member has
 * already failed its own check, so every problem is reported at once (zod skips such rules by
 * default).
 */
export const onAnyObject = {
  when: (payload: { value: unknown }) => payload.value !== null && typeof payload.value === 'object' && !Array.isArray(payload.value),
};

/** A string of at most (and at least) the row's characters, counted in code points. */
export function text(row: Pick<LimitRow, 'min' | 'max'>) {
  const max = z.maxLength(row.max, `must be at most ${row.max} characters (code points)`);
  if (!row.min) return z.string().check(max);
  return z.string().check(z.minLength(row.min, row.min === 1 ? 'must not be empty' : `must be at least ${row.min} characters`), max);
}

/** A string that is not empty. */
export const nonEmpty = z.string().check(z.minLength(1, 'must not be empty'));

/** A finite number (zod's number already refuses NaN and ±Infinity). */
export const finite = z.number();

/** How far a whole number can go and keep every digit, on the wire and in JSON. */
const SAFE = Number.MAX_SAFE_INTEGER;

/** An integer, optionally within `[min, max]`; never past ±2^53 − 1, where a number loses digits. */
export function integer(min = -SAFE, max = SAFE) {
  return hinted(
    z.number().check(
      z.refine<number>(Number.isInteger, 'must be an integer'),
      z.refine<number>((n) => n >= min, `must be at least ${min}`),
      z.refine<number>((n) => n <= max, `must be at most ${max}${max === SAFE ? ' (past it a whole number loses digits)' : ''}`),
    ),
    { type: 'integer', minimum: min, maximum: max },
  );
}

/** A custom check whose message says "is required" when the member is missing. */
export function custom<T>(check: (value: unknown) => boolean, message: string, hint: Record<string, unknown> = {}) {
  // Not aborting: the rules between members still run, so every problem is reported at once.
  return hinted(z.custom<T>(check, { error: (issue) => (issue.input === undefined ? 'is required' : message), abort: false }), hint);
}

/** One of `values`. */
export function oneOf<const T extends readonly string[]>(values: T) {
  return custom<T[number]>((v) => values.includes(v as string), `must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}`, {
    type: 'string',
    enum: [...values],
  });
}

/**
 * A string `pattern` matches. A refinement, not `z.regex`, which adds zod's format check to a
 * browser bundle for one member (≈0.17 KB); the pattern is the JSON Schema's, as `z.regex` gives it.
 */
export function matching(pattern: RegExp, message: string) {
  return hinted(z.string().check(z.refine((s) => pattern.test(s), message)), { pattern: pattern.source });
}

/**
 * `true` or `false`, with `z.boolean()`'s message: a custom check, not `z.boolean()`, which
 * adds zod's boolean type to a browser bundle (≈0.1 KB).
 */
export const boolean = hinted(
  z.custom<boolean>((v) => typeof v === 'boolean', {
    error: (issue) => (issue.input === undefined ? 'is required' : `must be a boolean, not ${kindOf(issue.input)}`),
  }),
  { type: 'boolean' },
);

/** A UUID in its 8-4-4-4-12 hexadecimal form, as the documents' `(uuid)` ids are. */
export const uuid = hinted(z.string().check(z.refine(isUuid, 'must be a UUID (8-4-4-4-12 hexadecimal)')), { format: 'uuid' });

/**
 * An http(s) URL as RFC 3986 writes one (and the OpenAPI documents state it): the scheme and
 * `//` as given, then only characters a URI may hold, `%` only before two hex digits. The
 * platform's URL parser alone would take `http:/x`, a leading space, a backslash or a raw
 * space, and send them as written.
 */
/** A character of a URI path segment: unreserved, sub-delims, `:` and `@`, or a `%` and two hex digits. */
const PCHAR = "(?:[A-Za-z0-9\\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})";
/** A character of a query: as a path's, but `'`, which URL parsers percent-encode there (a rewrite). */
const QCHAR = '(?:[A-Za-z0-9\\-._~!$&()*+,;=:@/?]|%[0-9A-Fa-f]{2})';
const HOST = `(?:\\[[0-9A-Fa-f:.]+\\](?::[0-9]*)?|${PCHAR}*)`; // an IPv6 literal, or name, user and port
const PATH = `(?:/${PCHAR}*)*`;
const FRAGMENT = `(?:#(?:${PCHAR}|[/?])*)?$`;
const HTTP_URL_PATTERN = `^[Hh][Tt][Tt][Pp][Ss]?://${HOST}${PATH}(?:\\?(?:${PCHAR}|[/?])*)?${FRAGMENT}`;
/**
 * What the OpenAPI documents say of a URL member: the pattern above with the part of
 * {@link urlRewrite} a pattern can say (no `'` in a query), so every text the SDK takes is
 * valid by its document. The scheme in either case, as RFC 3986 reads it.
 */
const DOCUMENTED_URL_PATTERN = `^[Hh][Tt][Tt][Pp][Ss]?://${HOST}${PATH}(?:\\?${QCHAR}*)?${FRAGMENT}`;
const HTTP_URL = new RegExp(HTTP_URL_PATTERN);

/**
 * Why `text` is not the URL text a WHATWG parser (fetch, the service, a browser) reads back
 * from it, or `undefined` when it is: the parser drops a default port and dot segments, reads
 * `0x7f.1` as `127.0.0.1`, decodes `%41` in a host, percent-encodes `'` in a query, strips
 * tabs and line breaks. Such text would be checked as one thing and read as another, so it is
 * refused, with the form to write instead. No rewrite: the scheme and host in another case
 * (`HTTPS://EXAMPLE.COM/`: both are case-insensitive, RFC 3986 §3.1 and §3.2.2, so it names
 * the same resource), the `/` a parser puts after a bare host (`https://x.example` →
 * `https://x.example/`), and trailing slashes when they are `'ignored'` (a base URL's are).
 */
export function urlRewrite(url: URL, text: string, trailingSlashes?: 'ignored'): string | undefined {
  const trim = (t: string) => (trailingSlashes ? t.replace(/\/+$/, '') : t);
  const written = text.replace(
    /^([A-Za-z][\w+.-]*:\/\/)([^/?#@]*@)?([^/?#]*)(?=(\/?))/,
    (_, scheme: string, user = '', host: string, slash: string) => `${scheme.toLowerCase()}${user}${host.toLowerCase()}${slash ? '' : '/'}`,
  );
  if (trim(url.href) === trim(written)) return undefined;
  // A password is not repeated in a message.
  return `is rewritten by URL parsers${url.password ? '' : ` to ${JSON.stringify(url.href)}`}: write it as they read it`;
}

const parsedUrl = (text: string): URL | undefined => {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
};

/**
 * An absolute http(s) URL: written as `HTTP_URL_PATTERN` says, with a host a WHATWG URL
 * parser (and the service) reads, and written as that parser reads it (see {@link urlRewrite}).
 * Not `z.httpUrl()`: its host check refuses `localhost`, single-label hosts and IP addresses,
 * which are valid URLs for images on an internal dashboard. (`z.url()` takes `javascript:`.)
 */
export const httpUrl = hinted(
  z.string().check(
    z.superRefine((s, ctx) => {
      const url = HTTP_URL.test(s) ? parsedUrl(s) : undefined;
      const message = url?.host ? urlRewrite(url, s) : 'must be an http(s) URL';
      if (message) ctx.addIssue({ code: 'custom', message, input: s });
    }),
  ),
  { format: 'uri', pattern: DOCUMENTED_URL_PATTERN },
);

/** JSON Schema of ISO 8601 date or date-time text, as `isIsoDateTime` reads it (the calendar checks aside). */
export const ISO_DATE_TIME_HINT = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}([.,]\\d+)?)?(Z|[+-]\\d{2}(:?\\d{2})?)?)?$',
};
