/**
 * `#transport` in Node: one attempt over `node:http`/`node:https` with a keep-alive agent
 * (agent.node.ts: connections), several times lighter than Node's `fetch` (no `Request`,
 * `Response`, `Headers` or web streams per request), its answers decoded as fetch decodes
 * them (decode.node.ts). Used unless the user's fetch is routed elsewhere: a replaced
 * `globalThis.fetch` (a mock in fetch mode, a wrapper) or an undici global dispatcher of
 * their own (a proxy, `NODE_USE_ENV_PROXY`, a `MockAgent`) — then `fetch` carries it.
 */
import type { ClientRequest, IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Readable, Transform } from 'node:stream';
import { bodyOfText, notText, readLimit, textOf, tooLarge } from '../internal/body-text.js';
import { decodeFailed, notDecoded } from '../internal/content-coding.js';
import { firstEvent } from '../internal/signals.js';
import { neverConnected } from '../internal/unsent.js';
import type { AttemptResult, FetchInit, FetchPath, HeaderView, PlatformTransport, ResponseHead } from '../seams/transport.js';
import { type Stack, stackFor } from './agent.node.js';
import { acceptEncoding, decodeFailure, decodersFor } from './decode.node.js';
import { routedElsewhere } from './fetch-routing.node.js';

const now = () => performance.now();
/** How much of an upload is read from its `Blob` at a time. */
const SLICE_BYTES = 256 * 1024;
/**
 * The longest a new connection may take to be made (name resolved, TCP and TLS handshakes
 * done), inside the attempt's own time: undici's default. A connect that never completes
 * (a host that drops packets) then fails as a connection never made, long before the
 * attempt's 30 s, and is not mistaken for a server slow to answer.
 */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The fetch path in Node (a `fetch` option, a fetch routed elsewhere): Node's fetch asks for
 * `gzip, deflate` alone over http, so opslink asks for `br` too (zstd only over its own
 * transport: Node 22's fetch does not decode it); a body whose decoder failed is told from a
 * lost connection.
 */
export const fetchPath: FetchPath = { acceptEncoding: 'gzip, deflate, br', decodeFailure, neverConnected };

export { followRedirects } from './redirects.js';

export const platformTransport: PlatformTransport = (url, init, timeoutMs, signal, maxBytes) => {
  const stack = routedElsewhere() ? undefined : stackFor(url.startsWith('https:') ? 'https:' : 'http:');
  return stack && new Promise<AttemptResult>((resolve) => new Exchange(stack, url, init, { timeoutMs, signal, maxBytes }, resolve));
};

/** Response headers as Node parsed them, read as the core reads `Headers`. */
class NodeHeaders implements HeaderView {
  readonly #raw: IncomingHttpHeaders;
  constructor(raw: IncomingHttpHeaders) {
    this.#raw = raw;
  }
  get(name: string): string | null {
    const value = this.#raw[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  }
  forEach(callback: (value: string, name: string) => void): void {
    for (const name of Object.keys(this.#raw)) callback(this.get(name) as string, name);
  }
}

/** The status and headers of a Node response; a `Response` is built only for `withResponse()`. */
class NodeResponseHead implements ResponseHead {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: NodeHeaders;
  readonly url: string;
  readonly redirected = false;
  readonly type = 'basic';
  readonly #statusText: string;
  readonly #rawHeaders: string[];

  constructor(message: IncomingMessage, url: string) {
    this.status = message.statusCode ?? 0;
    this.ok = this.status >= 200 && this.status < 300;
    this.headers = new NodeHeaders(message.headers);
    this.url = url;
    this.#statusText = message.statusMessage ?? '';
    this.#rawHeaders = message.rawHeaders;
  }

  /** A `Response` like fetch's once its body was read: same status, headers and URL, no body left. */
  toResponse(): Response {
    const headers = new Headers();
    const raw = this.#rawHeaders;
    for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
    const response = new Response(null, { status: this.status, statusText: this.#statusText, headers });
    return Object.defineProperty(response, 'url', { value: this.url, enumerable: true, configurable: true });
  }
}

/**
 * One request and its response. The body is read whole (the core parses it), decoded on the
 * way in from what `Content-Encoding` names (decode.node.ts), up to `maxBytes` decoded bytes:
 * past them the connection and the decoders are let go at once. The timer covers the response
 * body and its decoding too, so a server that sends headers and then stalls times out, and a
 * small answer that decodes for long stops when the attempt ends. A socket the server closed
 * while idle fails as `network` before any byte of the response: the retry policy then
 * repeats a GET or PUT and never a POST (it may have arrived). Every event of the exchange
 * settles it at most once, and none can throw out of it: whatever the server sends, the
 * attempt ends with a result.
 */
class Exchange {
  readonly #started = now();
  readonly #url: string;
  readonly #method: string;
  readonly #signal: AbortSignal | undefined;
  readonly #resolve: (result: AttemptResult) => void;
  readonly #request: ClientRequest;
  readonly #timer: ReturnType<typeof setTimeout>;
  readonly #timeoutMs: number;
  /** The client's `maxResponseBytes`. */
  readonly #maxResponseBytes: number;
  /** Decoded bytes read at most: the client's `maxResponseBytes`, less for an error status (`readLimit`). */
  #maxBytes: number;
  #failure: 'timeout' | 'abort' | undefined;
  #head: NodeResponseHead | undefined;
  #message: IncomingMessage | undefined;
  /** The decoders the body goes through: destroyed with the exchange, so none decodes on for nobody. */
  #decoders: Transform[] = [];
  #chunks: Buffer[] = [];
  /** Decoded bytes received so far. */
  #size = 0;
  /** A coding left undone (the body read as it came): named if that body is not JSON. */
  #undone: string | undefined;
  /** Why the body could not be decoded, once a decoder failed or the codings were refused. */
  #undecodable: string | undefined;
  #settled = false;
  /** Whether the socket this request went out on was connected (TLS established): until then nothing of it could reach the service. */
  #connected = false;

  constructor(
    stack: Stack,
    url: string,
    init: FetchInit,
    { timeoutMs, signal, maxBytes }: { timeoutMs: number; signal: AbortSignal | undefined; maxBytes: number },
    resolve: (result: AttemptResult) => void,
  ) {
    this.#url = url;
    this.#timeoutMs = timeoutMs;
    this.#maxBytes = maxBytes;
    this.#maxResponseBytes = maxBytes;
    this.#method = init.method;
    this.#signal = signal;
    this.#resolve = resolve;
    const headers = requestHeaders(init);
    this.#request = stack.request(url, { method: init.method, headers, agent: stack.agent });
    this.#request.on('response', this.#onResponse).on('error', this.#onError).once('socket', this.#onSocket);
    this.#timer = setTimeout(this.#onTimeout, timeoutMs);
    if (signal?.aborted) this.#onAbort();
    else signal?.addEventListener('abort', this.#onAbort, { once: true });
    writeBody(this.#request, init.body);
  }

  #onSocket = (socket: Socket): void => {
    // A kept-alive socket is connected already; a new one once its TCP (and TLS) handshake ends.
    if (this.#request.reusedSocket) {
      this.#connected = true;
      return;
    }
    const connect = this.#timeoutMs > CONNECT_TIMEOUT_MS ? setTimeout(this.#onConnectTimeout, CONNECT_TIMEOUT_MS) : undefined;
    socket.once('encrypted' in socket ? 'secureConnect' : 'connect', () => {
      clearTimeout(connect);
      this.#connected = true;
    });
    socket.once('close', () => clearTimeout(connect));
  };

  /** The connection was not made in time: a failure before anything was sent, with undici's code for it. */
  #onConnectTimeout = (): void => {
    const error = new Error(`the connection was not made within ${CONNECT_TIMEOUT_MS} ms`);
    this.#request.destroy(Object.assign(error, { code: 'UND_ERR_CONNECT_TIMEOUT' }));
  };

  /** The body is read through its decoders, chunk by chunk (no copy of the compressed page is kept), to its end. */
  #onResponse = (message: IncomingMessage): void => {
    const head = new NodeResponseHead(message, this.#url);
    this.#head = head;
    this.#maxBytes = readLimit(this.#maxBytes, head.ok);
    this.#message = message;
    message.on('error', this.#onError).on('close', this.#onClose);
    const decoding = decodersFor(message.headers['content-encoding'], this.#method, head.status);
    if ('refused' in decoding) {
      this.#drain(decoding.refused);
      return;
    }
    if ('undone' in decoding) this.#undone = decoding.undone;
    let sink: Readable = message;
    this.#decoders = Array.isArray(decoding) ? decoding : [];
    for (const decoder of this.#decoders) sink = sink.pipe(decoder).on('error', this.#onDecodeError);
    sink.on('data', this.#onData).on('end', this.#onEnd);
  };

  #onData = (chunk: Buffer): void => {
    if (this.#settled) return;
    this.#size += chunk.length;
    if (this.#size <= this.#maxBytes) this.#chunks.push(chunk);
    else this.#tooLarge(chunk);
  };

  /**
   * Past `maxBytes`: nothing more is read or decoded (the connection is dropped, the decoders
   * destroyed). An error status keeps its text up to the limit, for its `APIError`; a 2xx body
   * is not used.
   */
  #tooLarge(last: Buffer): void {
    const response = this.#head as NodeResponseHead;
    this.#chunks.push(last.subarray(0, last.length - (this.#size - this.#maxBytes)));
    let body: string | undefined;
    try {
      body = response.ok ? undefined : this.#text();
    } catch {} // longer than a string can be: the error goes without its body
    this.#request.destroy();
    this.#settle({
      ok: true,
      response,
      body,
      isJson: false,
      durationMs: now() - this.#started,
      undecodable: tooLarge(this.#maxBytes, this.#maxResponseBytes),
    });
  }

  #onEnd = (): void => {
    if (this.#settled) return;
    const response = this.#head as NodeResponseHead;
    const durationMs = now() - this.#started;
    let read: { body: unknown; isJson: boolean; unreadable?: string };
    try {
      read = this.#undecodable === undefined ? bodyOfText(this.#text()) : { body: undefined, isJson: false };
      if (read.unreadable !== undefined) this.#undecodable = read.unreadable;
    } catch (error) {
      // Past the longest string this runtime makes (with `maxResponseBytes: Infinity`).
      this.#undecodable = notText(error);
      read = { body: undefined, isJson: false };
    }
    const { body, isJson } = read;
    const undone = this.#undone === undefined ? undefined : notDecoded(this.#undone);
    const undecodable = this.#undecodable ?? (isJson ? undefined : undone);
    if (undecodable !== undefined) this.#settle({ ok: true, response, body: undefined, isJson: true, durationMs, undecodable });
    else this.#settle({ ok: true, response, body, isJson, durationMs, ...(undone && { unknownCoding: undone }) });
  };

  /** The body's text, its chunks let go as they are decoded. */
  #text(): string {
    const chunks = this.#chunks;
    this.#chunks = [];
    return chunks.length === 0 ? '' : chunks.length === 1 ? (chunks[0] as Buffer).toString() : textOf(chunks);
  }

  /** A decoder failed (a corrupt stream): the rest of the body is read and let go, so the connection can serve again. */
  #onDecodeError = (error: Error): void => {
    if (this.#undecodable === undefined) this.#drain(decodeFailed(this.#message?.headers['content-encoding'] ?? '', error.message));
  };

  #drain(why: string): void {
    const message = this.#message as IncomingMessage;
    this.#undecodable = why;
    this.#chunks = [];
    message.unpipe();
    if (message.complete) this.#onEnd();
    else message.on('end', this.#onEnd).resume();
  }

  /** The body stopped without an end: the server closed the connection mid-body. (Once it all arrived, its decoders may still be at work.) */
  #onClose = (): void => {
    if (!this.#settled && !this.#message?.complete)
      this.#onError(Object.assign(new Error('the connection closed before the body ended'), { code: 'ECONNRESET' }));
  };

  #onError = (error: unknown): void => {
    const failure = this.#failure ?? 'network';
    const unsent = !this.#head && (!this.#connected || neverConnected(error));
    this.#settle({
      ok: false,
      failure,
      error,
      durationMs: now() - this.#started,
      ...(this.#head && { response: this.#head }),
      ...(unsent && { connected: false }),
    });
  };

  // Settled here, not only by the request's 'error': a body that arrived whole may still be
  // decoding, and a request whose response ended emits no error when destroyed.
  #onTimeout = (): void => {
    this.#failure ??= 'timeout';
    this.#end(new Error('the attempt timed out'));
  };

  #onAbort = (): void => {
    this.#failure ??= 'abort';
    this.#end(this.#signal?.reason instanceof Error ? this.#signal.reason : new Error('aborted'));
  };

  #end(error: Error): void {
    this.#request.destroy(error);
    this.#onError(error);
  }

  #settle(result: AttemptResult): void {
    if (this.#settled) return;
    this.#settled = true;
    clearTimeout(this.#timer);
    this.#signal?.removeEventListener('abort', this.#onAbort);
    // A failed exchange leaves no socket half-read behind: it is destroyed, never reused; and
    // no decoder works on for nobody (a small answer may decode for long after it arrived).
    if (!result.ok) this.#request.destroy();
    for (const decoder of this.#decoders) decoder.destroy();
    this.#chunks = [];
    this.#resolve(result);
  }
}

/**
 * The request headers with `content-length` for a body, so it goes as one sized message, not
 * chunked, and `accept-encoding` (what decode.node.ts undoes) unless the caller set their own.
 */
function requestHeaders(init: FetchInit): Record<string, string> {
  const { body, headers } = init;
  const encoding = headers['accept-encoding'] === undefined ? { 'accept-encoding': acceptEncoding() } : undefined;
  if (body === undefined) return encoding ? { ...headers, ...encoding } : headers;
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.size;
  return { ...headers, ...encoding, 'content-length': String(length) };
}

/**
 * Sends the body: text at once, as UTF-8 bytes; a `Blob` (a multipart upload, a file)
 * streamed with backpressure, so it is never all in memory. Text goes as a `Buffer`, not a
 * string: Node joins the head to a first string chunk and writes both in that chunk's
 * encoding, so a Latin-1 header value (`café`) would leave as UTF-8 bytes; apart, the head
 * is written in Latin-1, as fetch writes it.
 */
function writeBody(request: ClientRequest, body: string | Blob | undefined): void {
  if (typeof body !== 'object') {
    request.end(body === undefined ? undefined : Buffer.from(body));
    return;
  }
  streamBlob(request, body).catch((error: unknown) => request.destroy(error instanceof Error ? error : new Error(String(error))));
}

/**
 * Slice by slice rather than `blob.stream()`, whose reads run ahead of the socket: one
 * slice in memory at a time, the next read only once the socket took the last.
 */
async function streamBlob(request: ClientRequest, blob: Blob): Promise<void> {
  for (let offset = 0; offset < blob.size && !request.destroyed; offset += SLICE_BYTES) {
    const slice = await blob.slice(offset, offset + SLICE_BYTES).arrayBuffer();
    // Once written, the slice's memory is let go at once (detached) rather than at the next
    // garbage collection, which waits for tens of MB of them.
    const written = !request.destroyed && request.write(new Uint8Array(slice), () => release(slice));
    if (!written && !request.destroyed) await firstEvent(request, ['drain', 'close']);
  }
  if (!request.destroyed) request.end();
}

function release(buffer: ArrayBuffer): void {
  (buffer as ArrayBuffer & { transfer?(length: number): ArrayBuffer }).transfer?.(0);
}
