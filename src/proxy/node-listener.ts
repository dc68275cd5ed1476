/**
 * `toNodeListener`: a fetch handler served on Node's own HTTP server (`http.createServer`) and
 * as Connect/Express middleware, after Hono's @hono/node-server and srvx. The request body
 * streams in as the handler reads it (one chunk ahead, the socket paused between), so a handler
 * that stops at its byte or time limit stops the reading; the handler's `Response` is written
 * out with backpressure (`drain`); a client that goes away before its answer is whole aborts
 * the request's signal, and with it the work. Under a mount path it reads the target as
 * written (`req.originalUrl`); in middleware mode a path outside a proxy's `basePath` goes to
 * `next()`; a body another middleware already read is handed on as a stream that fails with
 * `BodyAlreadyReadError` when read. It uses only the request and response objects Node hands it
 * (typed here, so the package's types need no @types/node): no Node module is loaded, and
 * opslink/proxy runs unchanged elsewhere. The target as written is checked before a `Request`
 * is made of it (`node-request.ts`).
 */
import { firstEvent } from '../internal/signals.js';
import { refusal } from './answers.js';
import { BodyAlreadyReadError } from './body.js';
import { answeredElsewhereLine, isUnder, type Mount, misMountedLine, mountOf } from './mount.js';
import { type NodeRequest, readBefore, serviceNamed, targetOf, toRequest } from './node-request.js';

/**
 * The parts of Node's `http.ServerResponse` the listener writes.
 * @example
 * ```ts
 * import type { ServerResponse } from 'node:http';
 * import type { NodeResponse } from 'opslink/proxy';
 * const fits = (res: ServerResponse): NodeResponse => res;
 * ```
 */
export interface NodeResponse {
  /** Whether the whole answer has been handed to the socket. */
  readonly writableFinished: boolean;
  /** Whether the response (and its connection) was destroyed. */
  readonly destroyed: boolean;
  /** Whether a status line went out already: another handler answered (Koa's own 404, when its middleware did not wait). */
  readonly headersSent?: boolean | undefined;
  /** Writes the status line and headers. */
  writeHead(status: number, headers: Record<string, string | string[]>): unknown;
  /** Writes a chunk of the body; `false` when Node's buffer is full (wait for `drain`). */
  write(chunk: Uint8Array): boolean;
  /** Ends the answer. */
  end(): unknown;
  /** Ends the answer and its connection at once. */
  destroy(): unknown;
  /** Listens once for `drain`, `close` or `prefinish` (an answer ended: someone else's, if not the listener's). */
  once(event: string, listener: () => void): unknown;
  /** Stops listening. */
  off(event: string, listener: () => void): unknown;
}

/**
 * A listener for `http.createServer` (or `https.createServer`), and a Connect/Express, Koa or
 * Fastify middleware: `next` is called for a path that is not the proxy's. It resolves once the
 * answer is written (or the client went away), and never rejects; for a path handed to `next`,
 * it is what `next()` returned (Koa's promise), so a framework that waits on a middleware waits
 * on the proxy's answer.
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createProxy, type NodeListener, toNodeListener } from 'opslink/proxy';
 * const listener: NodeListener = toNodeListener(createProxy({ warehouse, allow: ['shipments.list'], authorize: () => true }));
 * createServer(listener);
 * ```
 */
export type NodeListener = (req: NodeRequest, res: NodeResponse, next?: (error?: unknown) => unknown) => Promise<void>;

/** How long, and how much, of a body nobody will read is taken off the socket after the answer, before the connection is closed. */
const DRAIN_MS = 500;
const DRAIN_BYTES = 16 * 1024 * 1024;

/**
 * Serves a fetch handler (`createProxy`'s, or any `(Request) => Response`) on Node's own HTTP
 * server or as middleware: request bodies streamed in, answers written out with backpressure,
 * an aborted request aborting the handler's work (its `request.signal`). As middleware under a
 * mount path (`app.use('/opslink', …)`) the handler is given the URL the page asked
 * (`req.originalUrl`); with a `next` (middleware mode), a path outside `createProxy`'s
 * `basePath` is the app's, handed to `next()` (any other handler answers every path itself).
 * Mount it before any body parser: a body another middleware read first is answered 500, with
 * the cause in the server client's log.
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createProxy, toNodeListener } from 'opslink/proxy';
 * const handle = createProxy({ warehouse, allow: ['shipments.list'], authorize: () => true });
 * createServer(toNodeListener(handle)).listen(3000);
 * // Express: app.use('/opslink', toNodeListener(handle)), before app.use(express.json())
 * ```
 */
export function toNodeListener(handle: (request: Request) => Response | Promise<Response>): NodeListener {
  const mount = mountOf(handle);
  let told = false;
  return async (req, res, next) => {
    const path = targetOf(req).split('?', 1)[0] as string;
    if (next && mount.basePath !== undefined && !isUnder(mount.basePath, path)) {
      // Mounted at a path (Express's `req.baseUrl`) that is not basePath: every page's call would go to `next()`.
      if (!told && typeof req.baseUrl === 'string' && req.baseUrl !== '' && !isUnder(mount.basePath, req.baseUrl)) {
        told = true;
        mount.report?.(misMountedLine(req.baseUrl, mount.basePath), serviceNamed(path));
      }
      await next();
      return;
    }
    await serve(handle, mount, req, res).catch(() => {});
  };
}

async function serve(handle: Parameters<typeof toNodeListener>[0], mount: Mount, req: NodeRequest, res: NodeResponse): Promise<void> {
  const controller = new AbortController();
  // 'close' also follows a finished answer: only one that was not whole means the client went away.
  res.once('close', () => {
    if (!res.writableFinished) controller.abort(new Error('the client closed the connection'));
  });
  const elsewhere = watchForeignAnswer(req, res, controller, mount);
  const method = req.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? undefined : bodyOf(req);
  let response: Response;
  try {
    const request = toRequest(req, method, body?.stream, controller.signal);
    response = request instanceof Response ? request : await handle(request);
  } catch {
    // A handler's throw (createProxy's never throws), or a request the platform would not build:
    // in the envelope of the service the path names, so the page's client reads it as the proxy's own.
    response = refusal(serviceNamed(targetOf(req)), 500, 'The server could not answer');
  }
  try {
    if (elsewhere.ours()) await write(res, response, req.httpVersionMajor === 2);
  } catch {
    res.destroy();
  }
  if (!req.complete) {
    body?.stop();
    drain(req);
  }
}

/**
 * Watches for an answer that is not the listener's: a framework that did not wait for it (a
 * Koa middleware that called the listener without returning its promise) ends the response
 * itself, at once (Koa's 404). The handler's work is then aborted, so a call not yet sent to
 * the service is not sent (the page already has an answer that says nothing of it), and the
 * server's log says what happened and how to mount the proxy. `ours()`, just before the
 * listener writes, tells whether the response is still its own to write.
 */
function watchForeignAnswer(req: NodeRequest, res: NodeResponse, controller: AbortController, mount: Mount) {
  let writing = false;
  let said = false;
  const foreign = () => {
    if (writing || said) return;
    said = true;
    controller.abort(new Error('another handler answered the request'));
    const path = targetOf(req).split('?', 1)[0] as string;
    mount.report?.(answeredElsewhereLine(`${req.method} ${path}`), serviceNamed(path));
  };
  // 'prefinish' comes out of the other handler's `end()` itself, before the handler's work goes on.
  res.once('prefinish', foreign);
  return {
    ours(): boolean {
      if (res.headersSent === true) foreign();
      writing = !said;
      return writing;
    },
  };
}

/**
 * The request body as a web stream, read from the socket only as the handler reads it: one
 * chunk is taken, then the socket waits until that one has been read. Cancelled (a handler at
 * its byte limit), the socket is paused, not destroyed (that would end the answer with it).
 */
function bodyOf(req: NodeRequest): { stream: ReadableStream<Uint8Array>; stop(): void } {
  const before = readBefore(req);
  if (before !== undefined) {
    // Not refused here: the handler decides (a 403 or 404 comes first), and fails only if it reads.
    const gone = new ReadableStream<Uint8Array>({ pull: (controller) => controller.error(new BodyAlreadyReadError(before)) });
    return { stream: gone, stop: () => {} };
  }
  let open = true;
  // What the body's length says: fewer bytes at its end means another middleware took some first.
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  let received = 0;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const finish = (error?: Error) => {
        if (!open) return;
        open = false;
        if (error) controller.error(error);
        else controller.close();
      };
      req.on('data', (chunk: Uint8Array) => {
        if (!open) return;
        received += chunk.byteLength;
        controller.enqueue(chunk);
        req.pause();
      });
      req.on('end', () =>
        finish(
          received < declared
            ? new BodyAlreadyReadError(
                `the request stream held ${received} of the ${declared} bytes its Content-Length announced: a middleware before the proxy read the rest`,
              )
            : undefined,
        ),
      );
      req.on('error', (error: Error) => finish(error));
      // A request closed before its body ended: the client went away mid-body.
      req.on('close', () => finish(req.complete ? undefined : new Error('the client closed the connection mid-body')));
      req.pause();
    },
    pull() {
      req.resume();
    },
    cancel() {
      open = false;
      req.pause();
    },
  });
  // After the answer, nothing reads the stream: it lets go of the socket for `drain`.
  return {
    stream,
    stop: () => {
      open = false;
    },
  };
}

/**
 * Headers of one HTTP/1.1 connection, which HTTP/2 has no place for: Node's HTTP/2 server
 * throws on them (`ERR_HTTP2_INVALID_CONNECTION_HEADERS`), so a handler's `Response` that names
 * one is written without it there.
 */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'http2-settings']);

/**
 * Writes `response` to `res`: its status and headers, then its body chunk by chunk, waiting for
 * `drain` when Node's buffer is full. Over HTTP/2, without the headers of a connection.
 */
async function write(res: NodeResponse, response: Response, http2: boolean): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (http2 && CONNECTION_HEADERS.has(name)) return;
    const had = headers[name];
    headers[name] = had === undefined ? value : [had, value].flat();
  });
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const stop = () => void reader.cancel().catch(() => {});
  res.once('close', stop);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || res.destroyed) break;
      if (!res.write(value)) await firstEvent(res, ['drain', 'close']);
    }
    res.end();
  } finally {
    res.off('close', stop);
  }
}

/**
 * The answer went out before the request body was whole (a 413, a refusal that never read
 * it): what is still coming is read and dropped for a moment, so the client reads the answer
 * rather than a reset, then the connection is closed, so no one holds it open with a body
 * nobody wants.
 */
function drain(req: NodeRequest): void {
  let bytes = 0;
  const close = () => {
    clearTimeout(timer);
    req.socket.destroy();
  };
  const timer = setTimeout(close, DRAIN_MS);
  (timer as { unref?: () => void }).unref?.();
  req.on('data', (chunk: Uint8Array) => {
    bytes += chunk.byteLength;
    if (bytes > DRAIN_BYTES) close();
  });
  req.on('end', () => clearTimeout(timer));
  req.resume();
}
