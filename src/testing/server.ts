/**
 * Serves the mocks over real HTTP on 127.0.0.1, so code in another process, another
 * language, or a browser page can use the same fake services. The only module of opslink
 * that uses a Node built-in, and it loads it only when a server is started.
 */
import type { MockTransport } from './mock-kit.js';

// The few parts of node:http and node:stream used here, typed locally so the published
// types of opslink/testing need no @types/node, and loaded with a computed specifier so
// browser and edge bundlers never try to bundle them.
interface IncomingMessage extends AsyncIterable<Uint8Array> {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
  socket: { destroy(): void };
}
interface ServerResponse {
  headersSent: boolean;
  writeHead(status: number, headers: Record<string, string | string[]>): void;
  write(chunk: Uint8Array): boolean;
  end(): void;
  destroy(): void;
  on(event: 'close', listener: () => void): void;
}
interface Server {
  keepAliveTimeout: number;
  once(event: 'error', listener: (error: Error) => void): void;
  listen(port: number, host: string, listening: () => void): void;
  address(): { port: number } | string | null;
  close(done: (error?: Error) => void): void;
  closeAllConnections(): void;
}
interface NodeHttp {
  createServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Server;
}
interface NodeStream {
  Readable: { toWeb(stream: IncomingMessage): ReadableStream<Uint8Array> };
}
const nodeModule = <T>(name: string): Promise<T> => import(/* @vite-ignore */ `node:${name}`) as Promise<T>;

/**
 * Options of {@link startMockServer}: which mocks to serve, and where.
 * @example
 * ```ts
 * const options: MockServerOptions = { warehouse: createWarehouseMock({ inboundOrders: 500 }), port: 4010 };
 * const server = await startMockServer(options);
 * console.log(`point the app at ${server.warehouseBaseUrl}`);
 * ```
 */
export interface MockServerOptions {
  /** The messaging mock to serve (`createMessagingMock()`). */
  messaging?: MockTransport;
  /** The warehouse mock to serve (`createWarehouseMock()`). */
  warehouse?: MockTransport;
  /** Port to listen on. @default 0 (any free port) */
  port?: number;
  /** Address to listen on. @default '127.0.0.1' */
  host?: string;
}

/**
 * A running mock server.
 * @example
 * ```ts
 * let server: MockServer;
 * beforeAll(async () => {
 *   server = await startMockServer({ messaging: createMessagingMock() });
 * });
 * afterAll(() => server.close());
 * ```
 */
export interface MockServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Base URL for a `MessagingClient` (includes the messaging mock's path prefix, if any). */
  messagingBaseUrl: string;
  /** Base URL for a `WarehouseClient` (ends in `/api/v1`). */
  warehouseBaseUrl: string;
  /** The messaging mock's channel webhook URL on this server, when a messaging mock is served. */
  webhookUrl: string | undefined;
  /** Stops listening and closes every open connection. */
  close(): Promise<void>;
}

const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, OPTIONS',
  'access-control-expose-headers': 'retry-after, content-type',
  'access-control-max-age': '600',
};

function prefixOf(transport: MockTransport): string {
  return new URL(transport.baseUrl).pathname.replace(/\/+$/, '');
}

async function toRequest(req: IncomingMessage, origin: string, signal: AbortSignal): Promise<Request> {
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

async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = { ...CORS_HEADERS };
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

/**
 * Starts an HTTP server on 127.0.0.1 serving the given mocks, with CORS for browser pages.
 * Routes go to the mock whose base path matches (the warehouse's `/api/v1` before the
 * messaging mock's root).
 * @example
 * ```ts
 * const server = await startMockServer({ messaging: createMessagingMock(), warehouse: createWarehouseMock() });
 * const client = new WarehouseClient({ baseUrl: server.warehouseBaseUrl, apiKey, warehouseId });
 * await server.close();
 * ```
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const { createServer } = await nodeModule<NodeHttp>('http');
  const mocks = [options.messaging, options.warehouse]
    .filter((m): m is MockTransport => m !== undefined)
    .sort((a, b) => prefixOf(b).length - prefixOf(a).length);
  const host = options.host ?? '127.0.0.1';

  const server: Server = createServer(async (req, res) => {
    const controller = new AbortController();
    // The client went away (a timeout, an abort): end any hang the mock is in.
    res.on('close', () => controller.abort());
    try {
      if (req.method === 'OPTIONS') {
        const asked = req.headers['access-control-request-headers'];
        res.writeHead(204, { ...CORS_HEADERS, 'access-control-allow-headers': asked ?? 'authorization, content-type, x-warehouse-id' });
        return void res.end();
      }
      const request = await toRequest(req, `http://${req.headers.host ?? host}`, controller.signal);
      for (const mock of mocks) {
        const response = await mock.handle(request);
        if (response === undefined) continue;
        if (response.type === 'error') return void req.socket.destroy();
        return await send(res, response);
      }
      await send(res, Response.json({ message: 'Not found' }, { status: 404 }));
    } catch (error) {
      if (!res.headersSent) await send(res, Response.json({ message: `Mock server error: ${(error as Error).message}` }, { status: 500 }));
      else res.destroy();
    }
  });
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const messagingPrefix = options.messaging ? prefixOf(options.messaging) : '';
  const webhook = (options.messaging as { webhookUrl?: string } | undefined)?.webhookUrl;

  return {
    url,
    messagingBaseUrl: `${url}${messagingPrefix}`,
    warehouseBaseUrl: `${url}${options.warehouse ? prefixOf(options.warehouse) : '/api/v1'}`,
    webhookUrl: webhook ? `${url}${new URL(webhook).pathname}` : undefined,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
