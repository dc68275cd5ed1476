/**
 * `#transport` in a browser: every attempt goes over the browser's `fetch`, which sets and
 * decodes compression itself (`Accept-Encoding` is a header a page may not set) and tells a
 * page nothing of why a request failed. A browser answers `redirect: 'manual'` with an opaque
 * response that hides its target, so no redirect can be followed or checked: it is refused as
 * it comes, and none of the following code (`redirects.ts`) is in a page's bundle.
 */
import type { FetchPath, FollowRedirects, PlatformTransport } from '../seams/transport.js';

export const platformTransport: PlatformTransport | undefined = undefined;
export const fetchPath: FetchPath | undefined = undefined;

export const followRedirects: FollowRedirects = async (first, send, timeoutMs, method, refuse) => {
  const result = await send(first, timeoutMs);
  if (!result.ok) return result;
  const { type, redirected } = result.response;
  if (type === 'opaqueredirect') throw refuse(result, 'the browser hides its target', undefined);
  // A custom fetch that drops `redirect: 'manual'` may have sent the write on as a GET.
  if (redirected && method !== 'GET') throw refuse(result, 'fetch followed it itself', undefined);
  return result;
};
