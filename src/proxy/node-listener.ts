/**
 * `toNodeListener`: a fetch handler served on Node's own HTTP server (`http.createServer`),
 * after Hono's @hono/node-server and srvx. The request body streams in as the handler reads
 * it (one chunk ahead, the socket paused between), so a handler that stops at its byte limit
 * stops the reading; the answer streams out with backpressure (`drain`); a client that goes
 * away before its answer is whole aborts the request's signal, and with it the work. It uses
 * only the request and response objects Node hands it (typed here, so the package's types need
 * no @types/node): no Node module is loaded, and opslink/proxy runs unchanged elsewhere. The
 * target as written is checked before a `Request` is made of it (`node-request.ts`).
 */
import { firstEvent } from '../internal/signals.js';
import { refusal } from './answers.js';
import { type NodeRequest, serviceNamed, toRequest } from './node-request.js';

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
  /** Writes the status line and headers. */
  writeHead(status: number, headers: Record<string, string | string[]>): unknown;
  /** Writes a chunk of the body; `false` when Node's buffer is full (wait for `drain`). */
  write(chunk: Uint8Array): boolean;
  /** Ends the answer. */
  end(): unknown;
  /** Ends the answer and its connection at once. */
  destroy(): unknown;
  /** Listens once for `drain` or `close`. */
  once(event: string, listener: () => void): unknown;
  /** Stops listening. */
  off(event: string, listener: () => void): unknown;
}

/**
 * A listener for `http.createServer` (or `https.createServer`).
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createProxy, type NodeListener, toNodeListener } from 'opslink/proxy';
 * const listener: NodeListener = toNodeListener(createProxy({ warehouse, allow: ['shipments.list'], authorize: () => true }));
 * createServer(listener);
 * ```
 */
export type NodeListener = (req: NodeRequest, res: NodeResponse) => void;

/** How long, and how much, of a body nobody will read is taken off the socket after the answer, before the connection is closed. */
const DRAIN_MS = 500;
const DRAIN_BYTES = 16 * 1024 * 1024;

/**
 * Serves a fetch handler (`createProxy`'s, or any `(Request) => Response`) on Node's own HTTP
 * server: request bodies streamed in, answers streamed out with backpressure, an aborted
 * request aborting the handler's work (its `request.signal`).
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createProxy, toNodeListener } from 'opslink/proxy';
 * const handle = createProxy({ warehouse, allow: ['shipments.list'], authorize: () => true });
 * createServer(toNodeListener(handle)).listen(3000);
 * ```
 */
export function toNodeListener(handle: (request: Request) => Response | Promise<Response>): NodeListener {
  return (req, res) => {
    void serve(handle, req, res);
  };
}

async function serve(handle: (request: Request) => Response | Promise<Response>, req: NodeRequest, res: NodeResponse): Promise<void> {
  const controller = new AbortController();
  // 'close' also follows a finished answer: only one that was not whole means the client went away.
  res.once('close', () => {
    if (!res.writableFinished) controller.abort(new Error('the client closed the connection'));
  });
  const method = req.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? undefined : bodyOf(req);
  let response: Response;
  try {
    const request = toRequest(req, method, body?.stream, controller.signal);
    response = request instanceof Response ? request : await handle(request);
  } catch {
    // A handler's throw (createProxy's never throws), or a request the platform would not build:
    // in the envelope of the service the path names, so the page's client reads it as the proxy's own.
    response = refusal(serviceNamed(req.url ?? ''), 500, 'The server could not answer');
  }
  try {
    await write(res, response);
  } catch {
    res.destroy();
  }
  if (!req.complete) {
    body?.stop();
    drain(req);
  }
}

/**
 * The request body as a web stream, read from the socket only as the handler reads it: one
 * chunk is taken, then the socket waits until that one has been read. Cancelled (a handler at
 * its byte limit), the socket is paused, not destroyed (that would end the answer with it).
 */
function bodyOf(req: NodeRequest): { stream: ReadableStream<Uint8Array>; stop(): void } {
  let open = true;
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
        controller.enqueue(chunk);
        req.pause();
      });
      req.on('end', () => finish());
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

/** Writes `response` to `res`: its status and headers, then its body chunk by chunk, waiting for `drain` when Node's buffer is full. */
async function write(res: NodeResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
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
