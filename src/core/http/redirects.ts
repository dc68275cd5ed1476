/**
 * Redirects, followed here rather than by fetch (which is asked for `redirect: 'manual'`):
 * fetch would re-send a POST answered 301, 302 or 303 as a GET (a create turned into a list
 * that resolves) and carry every client header but `Authorization` to another host. Here a
 * redirect is followed only to the same origin, and a write only on 307/308, with the same
 * method, headers (the credential included) and body; anything else is an `APIError` with
 * the 3xx status that names the target, secrets masked (API.md "Redirects"). A chain ends
 * after 20 redirects, a loop with it; a URL that redirects to itself is followed as fetch follows it.
 */
import type { Redactor } from '../../internal/redact.js';
import type { AttemptResult, ResponseHead } from '../../seams/transport.js';
import type { APIError } from '../errors/index.js';
import { errorFromResponse } from './error-mapping.js';

/** More redirects than this in one attempt end it with an `APIError` (fetch's own limit). */
export const MAX_REDIRECTS = 20;
const REDIRECT_STATUSES = [301, 302, 303, 307, 308];
/** What fetch would turn a POST into a GET for (303 any method but GET and HEAD). */
const METHOD_CHANGING = [301, 302, 303];

/** What a refusal names: the request's method and path, and the secrets to mask. */
export interface RedirectContext {
  method: string;
  path: string;
  redactor: Redactor;
}

type Hop = { follow: string } | { refuse: string; target?: string };

/**
 * Sends to `first` and follows what redirects may be followed, all within `timeoutMs`.
 * Resolves with the first answer that is not a redirect (or a failed attempt); throws the
 * `APIError` of a redirect it refuses.
 */
export async function followRedirects(
  first: string,
  send: (url: string, timeoutMs: number) => Promise<AttemptResult>,
  timeoutMs: number,
  context: RedirectContext,
): Promise<AttemptResult> {
  const end = Date.now() + timeoutMs;
  const visited = [first];
  for (;;) {
    const url = visited[visited.length - 1] as string;
    const result = await send(url, Math.max(0, end - Date.now()));
    // After a redirect the service has seen the request: a later hop that fails may not say it never arrived.
    if (!result.ok) return visited.length > 1 && result.connected === false ? { ...result, connected: undefined } : result;
    const hop = nextHop(context.method, url, result.response, visited);
    if (hop === undefined) return result;
    if ('refuse' in hop) throw refusal(result, hop, context);
    visited.push(hop.follow);
  }
}

/** Where a response sends the request next, why it may not go there, or `undefined` when it is no redirect. */
function nextHop(method: string, url: string, response: ResponseHead, visited: readonly string[]): Hop | undefined {
  // A browser answers `redirect: 'manual'` with an opaque response: status 0, no Location.
  if (response.type === 'opaqueredirect') return { refuse: 'the browser hides its target' };
  const write = method !== 'GET';
  // A fetch that followed on its own (a custom one that drops `redirect: 'manual'`) may have sent the write as a GET.
  if (response.redirected && write) return { refuse: 'fetch followed it itself' };
  if (!REDIRECT_STATUSES.includes(response.status)) return undefined;
  const location = response.headers.get('location');
  const target = location ? resolved(location, url) : undefined;
  if (target === undefined) return { refuse: 'no valid Location', target: location ?? undefined };
  // A URL may redirect to itself (a server asking to try again), as fetch follows it: a loop ends at the count.
  const why =
    write && METHOD_CHANGING.includes(response.status)
      ? `a ${method} is never re-sent as another method`
      : new URL(target).origin !== new URL(url).origin
        ? 'another origin gets no credential or header'
        : visited.length > MAX_REDIRECTS
          ? `more than ${MAX_REDIRECTS} redirects${visited.includes(target) ? ' (a loop)' : ''}`
          : undefined;
  return why ? { refuse: why, target } : { follow: target };
}

/** `location` as an absolute URL, read against `base`; `undefined` when it is not a URL. */
function resolved(location: string, base: string): string | undefined {
  try {
    return new URL(location, base).href;
  } catch {
    return undefined;
  }
}

/** The `APIError` of a refused redirect: its status, headers and body, and a message naming the target. */
function refusal(result: AttemptResult & { ok: true }, hop: { refuse: string; target?: string }, context: RedirectContext): APIError {
  const { redactor, method, path } = context;
  const { status, headers } = result.response;
  const error = errorFromResponse({ status, headers, body: result.body, method, path }, redactor);
  error.message = `redirect ${status}${hop.target ? ` to ${redactor.text(hop.target)}` : ''} not followed: ${hop.refuse}`;
  return error;
}
