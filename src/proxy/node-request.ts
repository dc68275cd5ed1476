/**
 * From the request Node hands `toNodeListener` to the fetch `Request` a handler takes, or the
 * answer that refuses it. The adapter is the one place that sees the request target as written
 * on the wire: a URL parser resolves `..`, `%2e%2e` and `\` before any handler can tell, so
 * `/opslink/warehouse/../messaging/api/bot/messages` would reach the handler as a messaging
 * path while an app's own check on `req.url` read it as a warehouse one. A target the parser
 * would rewrite is therefore refused here and never handed on. Refusals come in the envelope of
 * the service the target names, as the handler's own do.
 */
import { refusal } from './answers.js';
import type { Service } from './routes.js';

/**
 * The parts of Node's `http.IncomingMessage` the listener reads.
 * @example
 * ```ts
 * import type { IncomingMessage } from 'node:http';
 * import type { NodeRequest } from 'opslink/proxy';
 * const fits = (req: IncomingMessage): NodeRequest => req;
 * ```
 */
export interface NodeRequest {
  /** The request's method. */
  method?: string | undefined;
  /** The request target as written on the wire (a path, for a request the listener serves); under a mount, what is left of it. */
  url?: string | undefined;
  /** The target as written, where Connect and Express keep it when a mount path (`app.use('/opslink', …)`) took it off `url`. */
  originalUrl?: string | undefined;
  /** Express's mount path of the middleware being run (`/opslink` under `app.use('/opslink', …)`). */
  baseUrl?: string | undefined;
  /** Whether the body has been read to its end (by someone: a body parser before the listener). */
  readableEnded?: boolean | undefined;
  /** What a body parser before the listener made of the body (express.json(), body-parser). */
  body?: unknown;
  /** The request's headers, names in lower case (over HTTP/2, the pseudo-headers too: `:authority`, `:path`…). */
  headers: Record<string, string | string[] | undefined>;
  /** 2 for a request of Node's HTTP/2 compatibility API (`http2.createServer`, `createSecureServer`), which names its host in `:authority`. */
  httpVersionMajor?: number | undefined;
  /** The headers as received, name and value in turn, a repeated one each time: two `Host` headers are refused. */
  rawHeaders?: string[] | undefined;
  /** Whether the whole body has been received. */
  complete: boolean;
  /** The connection: TLS or not, and a way to close it. */
  socket: {
    encrypted?: boolean;
    /** Closes the connection. */
    destroy(): void;
  };
  /** Listens for `data`, `end`, `error` and `close`. */
  on(event: string, listener: (...args: never[]) => void): unknown;
  /** Stops reading from the socket. */
  pause(): unknown;
  /** Reads from the socket again. */
  resume(): unknown;
}

/** One host (a name, an IPv4 or a bracketed IPv6 address) and a port: nothing a URL parser would read as a path, a user or another host. */
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** Methods a fetch `Request` cannot carry (the platform throws on them): no operation has one, so they name none. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

const NO_OPERATION = 'No operation answers this method and path';

/**
 * How many `Host` headers came: Node keeps the first of two, so `Host: evil.test` before the
 * real one would pass for the app's own origin (and a front proxy may have routed on the other).
 */
function hostCount(req: NodeRequest): number {
  const raw = req.rawHeaders;
  if (!raw) return req.headers.host === undefined ? 0 : 1;
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]?.toLowerCase() === 'host') count++;
  return count;
}

/**
 * The one host the request names, or `undefined` when it names none or more than one. HTTP/1.1
 * names it in `Host`, given once; HTTP/2 in `:authority` (RFC 9113 §8.3.1), with a `Host` that
 * may be there too only if it says the same.
 */
function hostOf(req: NodeRequest): string | undefined {
  const authority = req.headers[':authority'];
  const hosts = hostCount(req);
  if (typeof authority === 'string' && req.httpVersionMajor === 2)
    return hosts === 0 || (hosts === 1 && req.headers.host === authority) ? authority : undefined;
  const host = req.headers.host;
  return hosts === 1 && typeof host === 'string' ? host : undefined;
}

/**
 * The request target as written on the wire: under Connect/Express middleware mounted at a path
 * (`app.use('/opslink', …)`), `req.url` has lost the mount path and `req.originalUrl` keeps it,
 * so the proxy reads the path the page sent (its `basePath`), whatever it is mounted under.
 */
export function targetOf(req: NodeRequest): string {
  return typeof req.originalUrl === 'string' ? req.originalUrl : (req.url ?? '');
}

/**
 * How a body read before the listener shows, or `undefined` when it is there to read: the
 * stream already ended (every body parser reads to the end before it calls the next
 * middleware), `req.body` set saying which kind did. An announced empty body lost nothing.
 */
export function readBefore(req: NodeRequest): string | undefined {
  if (req.readableEnded !== true || req.headers['content-length'] === '0') return undefined;
  return req.body !== undefined
    ? 'req.body was set: express.json(), express.urlencoded() or another body-parser read it'
    : "the request stream had been read to its end: a body parser (Fastify's content-type parsers, koa-bodyparser…) read it";
}

/** The service a raw target names, for the envelope of a refusal: its first segment that is a service's name. */
export function serviceNamed(target: string): Service | undefined {
  const path = target.split(/[?#]/, 1)[0] as string;
  for (const segment of path.split(/[/\\]/)) if (segment === 'messaging' || segment === 'warehouse') return segment;
  return undefined;
}

/**
 * The fetch `Request` of a Node request, whose URL is the Host's origin and the target as
 * written; or the refusal of a request no handler should see: 400 for a target that is not a
 * path (`http://other/…`, `*`) or a `Host` (HTTP/2: `:authority`) that is not one host and port, given once; 404 for a method a
 * `Request` cannot carry (TRACE: API.md's "another method"), and for a target the URL parser
 * would rewrite (a dot segment `.` or `..`, also written `%2e` in any case, a
 * backslash, a character it would percent-encode): the path the handler reads must be the path
 * the client wrote.
 */
export function toRequest(
  req: NodeRequest,
  method: string,
  body: ReadableStream<Uint8Array> | undefined,
  signal: AbortSignal,
): Request | Response {
  const target = targetOf(req);
  const host = hostOf(req);
  const service = serviceNamed(target);
  if (!target.startsWith('/') || host === undefined || !HOST.test(host))
    return refusal(service, 400, 'Bad request: an origin-form target and one valid Host are required');
  if (FORBIDDEN_METHODS.has(method.toUpperCase())) return refusal(service, 404, NO_OPERATION);
  const origin = `${req.socket.encrypted ? 'https' : 'http'}://${host}`;
  // A target of `//other/x` stays a path here: only the origin comes from Host.
  const url = new URL(origin + target);
  if (url.pathname !== target.split('?', 1)[0]) return refusal(service, 404, `${NO_OPERATION}: the path is not as a URL parser reads it`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    // HTTP/2's pseudo-headers (`:path`, `:authority`…) are the target and host read above, not headers a `Request` can carry.
    if (name.startsWith(':')) continue;
    for (const item of value === undefined ? [] : [value].flat()) headers.append(name, item);
  }
  return new Request(url, { method, headers, signal, body, duplex: 'half' } as RequestInit);
}
