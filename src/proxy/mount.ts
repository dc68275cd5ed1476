/**
 * What a handler made by `createProxy` tells `toNodeListener` when it is mounted in an app's
 * server: its `basePath` (in middleware mode the paths outside it are the app's, handed to
 * `next()`), and a way to say in the server client's log that the mount cannot work (a body
 * another middleware read first, an answer another handler sent first), with how to mount it.
 * Kept on the handler under `Symbol.for` keys, so a handler of a second copy of opslink (ESM
 * beside CommonJS) is read the same, and the handler's type stays a plain fetch handler.
 */
import { SERVER_SIDE, type ServerSide } from '../core/client-kit.js';
import type { Clients } from './operations.js';
import type { Service } from './routes.js';

const BASE_PATH: unique symbol = Symbol.for('opslink.proxy.basePath');
const REPORT: unique symbol = Symbol.for('opslink.proxy.report');

/** Says a mount error in the server's log; `service`, the one the path names, picks whose client's logger. */
export type Report = (line: string, service: Service | undefined) => void;

/** What a mounted handler is: its base path and its reporter, when `createProxy` made it. */
export interface Mount {
  basePath?: string;
  report?: Report;
}

/** Where the mounts are shown, server by server: the end of every mount error. */
const HOW_TO_MOUNT = 'opslink/docs/browser-apps.md, "Mounted in your server"';

/** The log line for a body another middleware read before the proxy: `request` is its method and path. */
export function readBeforeLine(request: string, evidence: string, basePath: string): string {
  return (
    `${request}: the body was already read before the proxy got the request (${evidence}), so the page was answered 500 and ` +
    'nothing was sent on. Mount the proxy before any body parser, so that it reads the body itself: in Express, ' +
    `app.use('${basePath || '/'}', toNodeListener(handle)) above app.use(express.json()); in Fastify, in a plugin of its own ` +
    'whose content-type parser leaves the body unread; in Koa, above the body parser; a fetch handler takes the Request ' +
    `unread (${HOW_TO_MOUNT}).`
  );
}

/** The log line for a listener mounted at a path outside the proxy's `basePath`: said once, as every call is passed on. */
export function misMountedLine(mountPath: string, basePath: string): string {
  return (
    `toNodeListener is mounted at ${mountPath}, outside the proxy's basePath '${basePath || '/'}', so it hands every request ` +
    `to next(). Mount it at the path the page's viaProxy names, and give createProxy that basePath: basePath: '${mountPath}' ` +
    `(${HOW_TO_MOUNT}).`
  );
}

/**
 * The log line for a request that names an operation once the proxy's `basePath` is put back:
 * a framework took the mount path off the URL (Hono's `app.mount`), so every call is a 404. Said once.
 */
export function strippedLine(request: string, basePath: string): string {
  return (
    `${request} reached the proxy without its basePath '${basePath}', so it answered 404: the framework took the mount path ` +
    "off the URL (Hono's app.mount does). Hand the proxy the request as the page sent it, in Hono " +
    `app.all('${basePath}/*', (c) => handle(c.req.raw)), or give createProxy basePath: '/' (${HOW_TO_MOUNT}).`
  );
}

/** The log line for an answer another handler sent while the proxy was at work: `request` is its method and path. */
export function answeredElsewhereLine(request: string): string {
  return (
    `${request}: another handler answered this request before the proxy could, so the page got its answer, not the ` +
    "proxy's, and the proxy stopped (a call it had already sent to the service may have gone through). Let the framework " +
    'wait for the listener: in Koa, return its promise from the middleware (app.use((ctx) => listener(ctx.req, ctx.res))) ' +
    `or set ctx.respond = false; elsewhere, answer nothing after handing the request to the proxy (${HOW_TO_MOUNT}).`
  );
}

/** Whether `pathname` is the proxy's: `basePath` itself or under it (`''`, a proxy at `/`, takes every path). */
export function isUnder(basePath: string, pathname: string): boolean {
  return pathname === basePath || pathname.startsWith(`${basePath}/`);
}

/**
 * A reporter over the server's clients: the logger of the client of the service the path
 * names (else the other's), at `error`; when it logs nothing (`logLevel: 'off'`, the default),
 * the console all the same, as a mount that cannot work is a fault of the server's, not
 * traffic. The lines name a method and a path, never a query, header or body.
 */
export function reporter(clients: Clients): Report {
  return (line, service) => {
    const given = (service && clients[service]) || clients.messaging || clients.warehouse;
    const log = serverSideOf(given)?.log.error ?? ((text: string) => globalThis.console.error(`[opslink] ${text}`));
    log(`proxy: ${line}`);
  };
}

/**
 * What the proxy uses of a server client (its redactor, its log sink), duck-typed as the clients
 * are (options.ts): a client of a second copy of opslink has the method under the same `Symbol.for`.
 */
export function serverSideOf(client: unknown): ServerSide | undefined {
  const method = (client as { [SERVER_SIDE]?: unknown } | undefined)?.[SERVER_SIDE];
  return typeof method === 'function' ? (method.call(client) as ServerSide) : undefined;
}

/** `handler` marked with what `toNodeListener` reads of it. */
export function markMount<H extends object>(handler: H, basePath: string, report: Report): H {
  return Object.defineProperties(handler, { [BASE_PATH]: { value: basePath }, [REPORT]: { value: report } });
}

/** What `handle` says of its mount; nothing for a handler `createProxy` did not make. */
export function mountOf(handle: object): Mount {
  const { [BASE_PATH]: basePath, [REPORT]: report } = handle as { [BASE_PATH]?: unknown; [REPORT]?: unknown };
  return {
    ...(typeof basePath === 'string' && { basePath }),
    ...(typeof report === 'function' && { report: report as Report }),
  };
}
