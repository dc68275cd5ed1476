/**
 * URL text as the SDK takes it: an http(s) URL written as RFC 3986 writes one, and as a
 * WHATWG URL parser (fetch, the service, a browser) reads it back, so what is checked is what
 * is sent. Plain functions, no zod: the schema kit's `httpUrl` runs them, the generated fast
 * checks call them, and the client options' base URL check shares `urlRewrite`.
 */
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
export const DOCUMENTED_URL_PATTERN = `^[Hh][Tt][Tt][Pp][Ss]?://${HOST}${PATH}(?:\\?${QCHAR}*)?${FRAGMENT}`;
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
 * Why `text` is not an absolute http(s) URL as `HTTP_URL_PATTERN` writes one, with a host a
 * WHATWG URL parser (and the service) reads, written as that parser reads it (see
 * {@link urlRewrite}); `undefined` when it is one.
 */
export function httpUrlProblem(text: string): string | undefined {
  const url = HTTP_URL.test(text) ? parsedUrl(text) : undefined;
  return url?.host ? urlRewrite(url, text) : 'must be an http(s) URL';
}

/** Text {@link httpUrlProblem} finds nothing wrong with. */
export function isHttpUrl(text: string): boolean {
  return httpUrlProblem(text) === undefined;
}
