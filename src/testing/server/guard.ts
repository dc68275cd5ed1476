/**
 * Keeps the page and the `/_mock` API to the developer's own machine: a request whose `Host`
 * is not a loopback name (DNS rebinding) or whose `Origin` is another site (a page the
 * developer has open elsewhere) is refused. The services themselves keep their CORS.
 */
import { apiError } from './api-json.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

function hostnameOf(host: string): string {
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':')[0] ?? '');
}

export function isLoopback(host: string): boolean {
  return LOOPBACK.has(host) || host.startsWith('127.');
}

/** The 403 for a request from elsewhere; `undefined` for the developer's own. */
export function refuseForeign(request: Request, boundHost: string): Response | undefined {
  const host = request.headers.get('host') ?? '';
  // Bound to a loopback address, only loopback names reach it honestly.
  if (isLoopback(boundHost) && !isLoopback(hostnameOf(host))) {
    return apiError(403, `Host '${hostnameOf(host)}' is not this machine`);
  }
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== `http://${host}`) return apiError(403, 'Requests from other origins are refused');
  return undefined;
}
