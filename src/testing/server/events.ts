/**
 * `GET /_mock/events`: server-sent events to every open page. Each client is a stream the
 * server writes `event:`/`data:` frames into; it ends when the client goes away or the
 * server closes.
 */
import { PRIVATE_HEADERS } from './api-json.js';

const encoder = new TextEncoder();
const HEARTBEAT_MS = 15_000;

export class EventHub {
  readonly #clients = new Set<ReadableStreamDefaultController<Uint8Array>>();
  readonly #scrub: (frame: string) => string;
  #heartbeat: ReturnType<typeof setInterval> | undefined;

  /** `scrub` cleans every frame before it is sent (the server passes its secret scrubber). */
  constructor(scrub: (frame: string) => string = (frame) => frame) {
    this.#scrub = scrub;
  }

  /** An event-stream response for one client; `hello` is its first event. */
  connect(signal: AbortSignal, hello: unknown): Response {
    let client!: ReadableStreamDefaultController<Uint8Array>;
    const stream = new ReadableStream<Uint8Array>({
      start: (controller) => {
        client = controller;
        this.#clients.add(controller);
        controller.enqueue(encoder.encode(`retry: 1000\nevent: hello\ndata: ${JSON.stringify(hello)}\n\n`));
      },
      cancel: () => {
        this.#clients.delete(client);
      },
    });
    signal.addEventListener('abort', () => this.#drop(client), { once: true });
    this.#startHeartbeat();
    return new Response(stream, {
      headers: { ...PRIVATE_HEADERS, 'content-type': 'text/event-stream; charset=utf-8', connection: 'keep-alive' },
    });
  }

  get size(): number {
    return this.#clients.size;
  }

  /** Sends `data` as JSON under `event` to every client. */
  broadcast(event: string, data: unknown): void {
    if (this.#clients.size === 0) return;
    this.#write(this.#scrub(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
  }

  /** Ends every stream (the server is closing). */
  close(): void {
    for (const client of [...this.#clients]) this.#drop(client, true);
    clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
  }

  #write(frame: string): void {
    const bytes = encoder.encode(frame);
    for (const client of [...this.#clients]) {
      try {
        client.enqueue(bytes);
      } catch {
        this.#clients.delete(client);
      }
    }
  }

  #drop(client: ReadableStreamDefaultController<Uint8Array>, end = false): void {
    if (!this.#clients.delete(client)) return;
    try {
      if (end) client.close();
      else client.error(new Error('client went away'));
    } catch {
      // Already closed.
    }
  }

  #startHeartbeat(): void {
    if (this.#heartbeat) return;
    // A comment line keeps proxies and idle timeouts from closing a quiet stream.
    this.#heartbeat = setInterval(() => this.#write(': ping\n\n'), HEARTBEAT_MS);
    (this.#heartbeat as { unref?: () => void }).unref?.();
  }
}
