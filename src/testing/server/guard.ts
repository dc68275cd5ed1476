/**
 * Keeps the page and the `/_mock` API to the developer's own machine: a request whose `Host`
 * is not a loopback name (DNS rebinding) or whose `Origin` is another site (a page the
 * developer has open elsewhere) is refused. The services themselves keep their CORS.
 */
import { apiError } from './api-json.js';

/** `127.x.y.z`: four decimal octets 0–255, the first 127. */
const LOOPBACK_IPV4 = /^127(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** `localhost` and any name under it (`app.localhost`), which resolve to this machine only. */
const LOCALHOST = /^(?:[a-z\d](?:[a-z\d-]*[a-z\d])?\.)*localhost$/;
/** A `Host` header: a name or IPv4 literal, or an IPv6 literal in brackets; then an optional port. */
const HOST_HEADER = /^(\[[\da-f:.]+\]|[^:[\]]+)(?::\d*)?$/;

/** The host part of a `Host` header, lower-cased, its port stripped (an IPv6 literal keeps its brackets); '' if it is malformed. */
function hostnameOf(host: string): string {
  return HOST_HEADER.exec(host.trim().toLowerCase())?.[1] ?? '';
}

/**
 * Whether a host name (an IPv6 literal in brackets) is this machine: exactly `localhost`, a
 * name ending in `.localhost`, an IPv4 literal `127.x.y.z`, or `[::1]`. A DNS name that
 * merely starts with `127.` (`127.0.0.1.attacker.example`) is not.
 */
export function isLoopback(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return name === '[::1]' || LOOPBACK_IPV4.test(name) || LOCALHOST.test(name);
}

/** The address the server listens on, as a `Host` header names it (`::1` → `[::1]`). */
export function bracketed(boundHost: string): string {
  return boundHost.includes(':') && !boundHost.startsWith('[') ? `[${boundHost}]` : boundHost;
}

/** The 403 for a request from elsewhere; `undefined` for the developer's own. */
export function refuseForeign(request: Request, boundHost: string): Response | undefined {
  const host = request.headers.get('host') ?? '';
  // Bound to a loopback address, only loopback names reach it honestly. Bound elsewhere
  // (`--host 0.0.0.0`), the user chose to be reached by other names: only Origin is checked.
  if (isLoopback(bracketed(boundHost)) && !isLoopback(hostnameOf(host))) {
    return apiError(403, host ? `Host '${host}' is not this machine` : 'A request without a Host is refused');
  }
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== `http://${host}`) return apiError(403, 'Requests from other origins are refused');
  return undefined;
}
