/**
 * From an operation's request to what `fetch` is given: the URL, the headers in their order
 * of precedence, and the body made once (JSON text or the multipart `Blob` as built) and sent as is
 * on every attempt.
 */

import type { CallTrace } from '../../seams/tracing.js';
import type { FetchInit } from '../../seams/transport.js';
import type { Credential } from '../options.js';

/** One request as an operation describes it. */
export interface RequestSpec {
  method: 'GET' | 'POST' | 'PUT';
  /** Path below the base URL, starting with `/`, its dynamic segments already checked. */
  path: string;
  query?: URLSearchParams | undefined;
  json?: unknown;
  /** A multipart body: its `type` (`multipart/form-data; boundary=…`) is the Content-Type fetch sends. */
  body?: Blob | undefined;
  /** The credential sent as `Authorization: <scheme> <value>`, and the option that holds it. */
  credential?: { option: string; value: Credential; scheme: string } | undefined;
  /** Another base URL than the client's (a webhook URL's own host and prefix). */
  baseUrl?: string | undefined;
  /** A write (send, post, create, update): a 2xx resolves even when its body is odd. */
  write: boolean;
  /** What names the call on the tracing channels. */
  trace?: CallTrace | undefined;
}

/** A copy of `headers` with every name in lower case, so a later `Authorization` replaces an earlier `authorization`. */
export function lowerCaseNames(headers: Record<string, string> | undefined): Record<string, string> {
  const lowered: Record<string, string> = {};
  for (const name of Object.keys(headers ?? {})) lowered[name.toLowerCase()] = (headers as Record<string, string>)[name] as string;
  return lowered;
}

/** The path part of a base URL (`https://host/prefix` → `/prefix`). */
function pathOf(baseUrl: string): string {
  const start = baseUrl.indexOf('/', baseUrl.indexOf('//') + 2);
  return start < 0 ? '' : baseUrl.slice(start);
}

/**
 * The URL, the path messages name (prefix included, no host) and the fetch init without its
 * `Authorization`, which is added per attempt (a credential function may rotate the key).
 * Headers, lowest precedence first: the client's `headers` option, the call's `headers`, the
 * service's own (the warehouse id) — so a call cannot swap the client's credentials.
 */
export function buildRequest(
  spec: RequestSpec,
  client: { baseUrl: string; headers: Record<string, string>; serviceHeaders: Record<string, string> },
  callHeaders: Record<string, string> | undefined,
): { url: string; path: string; init: FetchInit } {
  const base = spec.baseUrl ?? client.baseUrl;
  const query = spec.query?.toString();
  const headers = { ...client.headers, ...lowerCaseNames(callHeaders), ...client.serviceHeaders };
  let body: string | Blob | undefined = spec.body;
  if (spec.json !== undefined) {
    body = JSON.stringify(spec.json);
    headers['content-type'] = 'application/json';
  } else if (body !== undefined) {
    // The body's own type names its boundary; any other Content-Type would break it.
    headers['content-type'] = body.type;
  }
  return {
    url: `${base}${spec.path}${query ? `?${query}` : ''}`,
    path: pathOf(base) + spec.path,
    init: { method: spec.method, headers, body },
  };
}
