/**
 * The few parts of node:http and node:stream the mock server uses, typed locally so the
 * published types of opslink/testing need no @types/node, and loaded with a computed
 * specifier so browser and edge bundlers never try to bundle them; and the conversions
 * between a Node request/response and a fetch `Request`/`Response`.
 */

export interface IncomingMessage extends AsyncIterable<Uint8Array> {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
  socket: { destroy(): void };
  /** The whole body has arrived. */
  complete: boolean;
}
export interface ServerResponse {
  headersSent: boolean;
  /** The whole answer has been handed to the socket. */
  writableFinished: boolean;
  writeHead(status: number, headers: Record<string, string | string[]>): void;
  write(chunk: Uint8Array | string): boolean;
  end(): void;
  destroy(): void;
  on(event: 'close', listener: () => void): void;
}
export interface Server {
  keepAliveTimeout: number;
  once(event: 'error', listener: (error: Error) => void): void;
  listen(port: number, host: string, listening: () => void): void;
  address(): { port: number } | string | null;
  close(done: (error?: Error) => void): void;
  closeAllConnections(): void;
}
export interface NodeHttp {
  createServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Server;
}
interface NodeStream {
  Readable: { toWeb(stream: IncomingMessage): ReadableStream<Uint8Array> };
}
export const nodeModule = <T>(name: string): Promise<T> => import(/* @vite-ignore */ `node:${name}`) as Promise<T>;

/** A fetch `Request` of a Node request; its body streams from the socket. */
export async function toRequest(req: IncomingMessage, origin: string, signal: AbortSignal): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const { Readable } = await nodeModule<NodeStream>('stream');
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(req), duplex: 'half' } : {}),
  } as RequestInit);
}

/** Writes a fetch `Response` to a Node response, with `extraHeaders` first (the response's own win). */
export async function send(res: ServerResponse, response: Response, extraHeaders: Record<string, string> = {}): Promise<void> {
  const headers: Record<string, string | string[]> = { ...extraHeaders };
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  if (!response.body) return void res.end();
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    res.write(value);
  }
  res.end();
}
