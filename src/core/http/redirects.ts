/**
 * Redirects, followed here rather than by fetch (which is asked for `redirect: 'manual'`):
 * fetch would re-send a POST answered 301, 302 or 303 as a GET (a create turned into a list
 * that resolves) and carry every client header but `Authorization` to another host. Here a
 * redirect is followed only to the same origin, and a write only on 307/308, with the same
 * method, headers (the credential included) and body; anything else is an `APIError` with
 * the 3xx status that names the target, secrets masked (API.md "Redirects").
 */
import type { Redactor } from '../../internal/redact.js';
import { APIError } from '../errors/index.js';
import type { AttemptResult } from './attempt.js';
import { scrubHeaders } from './error-mapping.js';

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
    if (!result.ok) return result;
    const hop = nextHop(context.method, url, result.response, visited);
    if (hop === undefined) return result;
    if ('refuse' in hop) throw refusal(result, hop, context);
    visited.push(hop.follow);
  }
}

/** Where a response sends the request next, why it may not go there, or `undefined` when it is no redirect. */
function nextHop(method: string, url: string, response: Response, visited: readonly string[]): Hop | undefined {
  if (response.type === 'opaqueredirect') {
    return { refuse: 'the runtime does not show where it leads (a browser hides the target of a redirect), so it is not followed' };
  }
  const write = method !== 'GET' && method !== 'HEAD';
  // A fetch that followed on its own (a custom one that drops `redirect: 'manual'`) may have sent the write as a GET.
  if (response.redirected && write) return { refuse: 'the fetch function followed a redirect itself; a write is never re-sent elsewhere' };
  if (!REDIRECT_STATUSES.includes(response.status)) return undefined;
  const location = response.headers.get('location');
  if (location === null) return { refuse: 'it has no Location header' };
  let target: URL;
  try {
    target = new URL(location, url);
  } catch {
    return { refuse: 'its Location is not a URL', target: location };
  }
  const refuse = (why: string): Hop => ({ refuse: why, target: target.href });
  if (write && METHOD_CHANGING.includes(response.status)) return refuse(`a ${method} is never re-sent as another method`);
  if (target.origin !== new URL(url).origin) return refuse('it leads to another origin, which gets no credential or client header');
  if (visited.includes(target.href)) return refuse('it loops back to a URL already requested');
  if (visited.length > MAX_REDIRECTS) return refuse(`more than ${MAX_REDIRECTS} redirects`);
  return { follow: target.href };
}

function refusal(result: AttemptResult & { ok: true }, hop: { refuse: string; target?: string }, context: RedirectContext): APIError {
  const { redactor } = context;
  const { status, headers } = result.response;
  const to = hop.target === undefined ? '' : ` to ${redactor.text(hop.target)}`;
  return APIError.for({
    status,
    message: `redirect ${status}${to} not followed: ${hop.refuse}`,
    body: redactor.value(result.body),
    headers: scrubHeaders(headers, redactor),
    method: context.method,
    path: context.path,
  });
}
