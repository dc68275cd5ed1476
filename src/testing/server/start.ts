/**
 * Serves the mocks over real HTTP on 127.0.0.1, so code in another process, another
 * language, or a browser page can use the same fake services; and beside them the inbox
 * page at `/` and its JSON API under `/_mock`. The only part of opslink that uses a Node
 * built-in, and it loads it only when a server is started.
 */
import { scrub } from '../kit/mask.js';
import type { RequestLogEvent } from '../kit/request-log.js';
import type { MockTransport } from '../kit/transport.js';
import { API_PREFIX, mockApi } from './api.js';
import { listFaults } from './api-faults.js';
import { apiError } from './api-json.js';
import { ASSET_PREFIX, serveAsset } from './assets.js';
import { EventHub } from './events.js';
import { bracketed, refuseForeign } from './guard.js';
import { type IncomingMessage, type NodeHttp, nodeModule, type Server, type ServerResponse, send, toRequest } from './node-http.js';
import { type Served, secretsOf, servedMocks } from './served.js';

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
 * import { afterAll, beforeAll } from 'vitest';
 * let server: MockServer;
 * beforeAll(async () => {
 *   server = await startMockServer({ messaging: createMessagingMock() });
 * });
 * afterAll(() => server.close());
 * ```
 */
export interface MockServer {
  /** `http://127.0.0.1:<port>`: open it in a browser for the inbox page. */
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

/** The page and the `/_mock` API, for the developer's own machine only; `undefined` for other paths. */
type Inbox = (request: Request, url: URL) => Promise<Response | undefined>;

function inbox(served: Served, hub: EventHub, host: string): Inbox {
  const api = mockApi(served, hub, (service) => {
    if (service === 'faults') hub.broadcast('faults', { faults: listFaults(byName(served)) });
    else hub.broadcast('state', { service });
  });
  return async (request, url) => {
    const isApi = url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`);
    const isPage = url.pathname === '/' || url.pathname.startsWith(ASSET_PREFIX);
    if (!isApi && !isPage) return undefined;
    const refused = refuseForeign(request, host);
    if (refused) return refused;
    if (request.method === 'OPTIONS') return apiError(405, 'The inbox and its API take no cross-origin requests');
    if (isApi) return api(request, url);
    if (request.method !== 'GET' && request.method !== 'HEAD') return apiError(405, `${request.method} is not allowed on ${url.pathname}`);
    return serveAsset(url.pathname);
  };
}

function byName(served: Served): Record<string, MockTransport> {
  return Object.fromEntries(
    Object.entries({ messaging: served.messaging, warehouse: served.warehouse }).filter(([, m]) => m !== undefined),
  ) as Record<string, MockTransport>;
}

/** Tells open pages what each served mock's request log saw. Returns the unsubscribe. */
function relayLogs(served: Served, hub: EventHub): () => void {
  const stops = Object.values(byName(served)).map((mock) =>
    mock.requests?.subscribe((event: RequestLogEvent) => {
      if (hub.size === 0) return;
      if (event.type === 'cleared') return hub.broadcast('reset', { services: [event.service] });
      hub.broadcast('request', event.entry);
      const { entry } = event;
      if (event.type !== 'finished') return;
      if (entry.fault) hub.broadcast('faults', { faults: listFaults(byName(served)) });
      if (entry.method !== 'GET' && entry.status !== null && entry.status < 300) hub.broadcast('state', { service: entry.service });
    }),
  );
  return () => {
    for (const stop of stops) stop?.();
  };
}

/** The origin a request's `Host` names; the listening address when it names none (missing, empty, malformed). */
function originOf(hostHeader: string | string[] | undefined, host: string): string {
  const named = `http://${typeof hostHeader === 'string' ? hostHeader : ''}`;
  return named !== 'http://' && URL.canParse(named) ? named : `http://${bracketed(host)}`;
}

/** Answers one Node request: the page and its API, else the mock whose base path matches, else 404. */
async function answer(req: IncomingMessage, res: ServerResponse, mocks: MockTransport[], inboxOf: Inbox, host: string): Promise<void> {
  const controller = new AbortController();
  // The client went away (a timeout, an abort): end any hang the mock is in, and its event stream.
  // Not after an exchange that ended well: an abort makes a DOMException with its stack, a
  // tenth of a mock's CPU per request under load (test/testing/load-child.ts).
  res.on('close', () => {
    if (!(res.writableFinished && req.complete)) controller.abort();
  });
  try {
    const request = await toRequest(req, originOf(req.headers.host, host), controller.signal);
    const url = new URL(request.url);
    const page = await inboxOf(request, url);
    if (page) return await send(res, page);
    if (req.method === 'OPTIONS') {
      const asked = req.headers['access-control-request-headers'];
      res.writeHead(204, { ...CORS_HEADERS, 'access-control-allow-headers': asked ?? 'authorization, content-type, x-warehouse-id' });
      return void res.end();
    }
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
}

async function listen(server: Server, port: number, host: string): Promise<number | undefined> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return typeof address === 'object' && address ? address.port : port;
}

/**
 * Starts an HTTP server on 127.0.0.1 serving the given mocks, with CORS for browser pages,
 * and the inbox page at `/` with its JSON API under `/_mock`. Routes go to the mock whose
 * base path matches (the warehouse's `/api/v1` before the messaging mock's root).
 * @example
 * ```ts
 * const warehouseMock = createWarehouseMock();
 * const server = await startMockServer({ messaging: createMessagingMock(), warehouse: warehouseMock });
 * const client = new WarehouseClient({ baseUrl: server.warehouseBaseUrl, apiKey: warehouseMock.apiKey, warehouseId: warehouseMock.warehouseId });
 * console.log(`inbox: ${server.url}`);
 * await server.close();
 * ```
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const { createServer } = await nodeModule<NodeHttp>('http');
  const served = servedMocks(options.messaging, options.warehouse);
  const mocks = [...served.transports].sort((a, b) => prefixOf(b).length - prefixOf(a).length);
  const host = options.host ?? '127.0.0.1';
  const hub = new EventHub((frame) => scrub(frame, secretsOf(served)));
  const inboxOf = inbox(served, hub, host);
  const server: Server = createServer((req, res) => void answer(req, res, mocks, inboxOf, host));
  server.keepAliveTimeout = 5_000;
  const port = await listen(server, options.port ?? 0, host);
  const stopRelay = relayLogs(served, hub);
  const url = `http://${bracketed(host)}:${port}`;
  const webhook = (options.messaging as { webhookUrl?: string } | undefined)?.webhookUrl;

  return {
    url,
    messagingBaseUrl: `${url}${options.messaging ? prefixOf(options.messaging) : ''}`,
    warehouseBaseUrl: `${url}${options.warehouse ? prefixOf(options.warehouse) : '/api/v1'}`,
    webhookUrl: webhook ? `${url}${new URL(webhook).pathname}` : undefined,
    close: () =>
      new Promise<void>((resolve, reject) => {
        stopRelay();
        hub.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
