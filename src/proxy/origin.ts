/**
 * Same origin by default, CORS only for the origins the server lists. A browser names the
 * page a request comes from in `Origin` (every POST and PUT, and every cross-origin request)
 * and marks where it comes from in `Sec-Fetch-Site`; a page on another origin is refused
 * unless listed, so another site cannot make a visitor's browser call the proxy with the
 * visitor's cookies. A listed origin gets the CORS headers, on refusals too, so its page can
 * read why; an unlisted one gets none.
 */

/** How a request stands: refused, from a listed origin (answered with CORS headers for it), or from the proxy's own origin. */
export type OriginVerdict = { refused: true } | { refused: false; listed?: string };

/**
 * The origins the proxy takes for its own: its URL's, and the `Host` the request was sent to
 * with the URL's scheme. A framework may build the URL from its own settings, not from the
 * request: Next.js's `next start` names `localhost` and its port whatever host the page is on,
 * so by its URL alone every write of a page (a POST names its `Origin`) would come from another
 * origin. A browser sets `Host` (and `Origin`) itself, so another site's page can pass for
 * neither.
 */
export function ownOrigins(request: Request, url: URL): string[] {
  const host = request.headers.get('host');
  return host ? [url.origin, `${url.protocol}//${host}`] : [url.origin];
}

/**
 * `request`'s origin against the proxy's own (`own`, `ownOrigins`) and the listed
 * ones. Without a listed `Origin`, a `Sec-Fetch-Site` passes only as exactly `same-origin` or
 * `none` (the user's own doing) or absent (a client that is no browser): anything else is
 * refused as `cross-site` is, `same-site` (a sibling subdomain is another origin too), another
 * letter case, and a list (`same-origin, cross-site`, what Node makes of two such headers).
 */
export function checkOrigin(request: Request, own: readonly string[], listed: ReadonlySet<string>): OriginVerdict {
  const origin = request.headers.get('origin');
  if (origin !== null && listed.has(origin)) return { refused: false, listed: origin };
  if (origin !== null && !own.includes(origin)) return { refused: true };
  const site = request.headers.get('sec-fetch-site');
  return site === null || site === 'same-origin' || site === 'none' ? { refused: false } : { refused: true };
}

/** The headers a page on a listed origin needs to read an answer: the request id and `Retry-After` included. */
export function corsHeaders(origin: string): Record<string, string> {
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': 'retry-after, x-request-id, request-id',
    vary: 'Origin',
  };
}

const HEADER_LIST = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(?:\s*,\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$/;

/**
 * The answer to a CORS preflight from a listed origin: the methods the service paths take,
 * and the headers the page asked to send (none of them is sent on: the proxy reads only its
 * body, and `authorize` what it likes).
 */
export function preflight(request: Request, origin: string): Response {
  const asked = request.headers.get('access-control-request-headers')?.trim();
  const headers: Record<string, string> = {
    ...corsHeaders(origin),
    'access-control-allow-methods': 'GET, POST, PUT',
    'access-control-max-age': '600',
  };
  if (asked && HEADER_LIST.test(asked)) headers['access-control-allow-headers'] = asked;
  return new Response(null, { status: 204, headers });
}
