/**
 * Serves the mocks over real HTTP on 127.0.0.1, so code in another process, another
 * language, or a browser page can use the same fake services. The only part of opslink
 * that uses a Node built-in, and it loads it only when a server is started.
 */
import type { MockTransport } from '../kit/transport.js';
import { type NodeHttp, nodeModule, type Server, send, toRequest } from './node-http.js';

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
        return await send(res, response, CORS_HEADERS);
      }
      await send(res, Response.json({ message: 'Not found' }, { status: 404 }), CORS_HEADERS);
    } catch (error) {
      if (!res.headersSent)
        await send(res, Response.json({ message: `Mock server error: ${(error as Error).message}` }, { status: 500 }), CORS_HEADERS);
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
