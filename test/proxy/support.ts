/**
 * A proxy between a page and the mock services, run two ways: as a plain fetch handler
 * (what Deno, Bun, Workers and a Next.js route call) and on Node's own server
 * (`toNodeListener`). Each way gives the page's clients (`viaProxy`), a way to send any
 * request a page (or an attacker in one) could, and the mocks' request logs, which tell what
 * reached the services.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CommonOptions, type InboundOrderCreate, MessagingClient, WarehouseClient } from '../../src/index.js';
import { createProxy, type ProxyHandler, type ProxyOptions, toNodeListener } from '../../src/proxy/index.js';
import { createMessagingMock, createWarehouseMock } from '../../src/testing/index.js';

/** An order a page creates through the proxy (a label file added where a test needs one). */
export const ORDER: InboundOrderCreate = {
  date: '2026-11-22',
  retailer: 'Target',
  order_number: 'PO-7001',
  item_name: 'Desk lamp',
  color: 'black',
  brand_sku: 'LAMP-BLK',
  quantity: 12,
  unit_cost: 9.5,
  list_price: 24.99,
  fulfillment_type: 'two-step',
  tracking_numbers: ['1Z999AA10123456784', '9400111899223856928499'],
  client_notes: 'line one\nline two',
};

export type Mode = 'fetch handler' | "Node's server";
export const MODES: Mode[] = ['fetch handler', "Node's server"];

/** A raw answer to a raw request (a target no URL parser touched). */
export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface Harness {
  mode: Mode;
  /** The proxy's own origin: what a same-origin page's requests come from. */
  origin: string;
  handle: ProxyHandler;
  messagingMock: ReturnType<typeof createMessagingMock>;
  warehouseMock: ReturnType<typeof createWarehouseMock>;
  /** The server's clients, the ones the proxy sends with. */
  messaging: MessagingClient;
  warehouse: WarehouseClient;
  /** A request as a page (or an attacker) sends it, to `path` under the proxy's origin. */
  send(path: string, init?: RequestInit): Promise<Response>;
  /** A request whose target goes on the wire as written (Node's server only). */
  raw(method: string, target: string, headers?: Record<string, string>, body?: string): Promise<RawAnswer>;
  /** The page's clients, through the proxy. */
  pageMessaging(options?: CommonOptions): MessagingClient;
  pageWarehouse(options?: CommonOptions): WarehouseClient;
  /** How many requests reached the services. */
  reached(): number;
  close(): Promise<void>;
}

export const ALL_OPERATIONS: ProxyOptions['allow'] = [
  'sendDirectMessage',
  'postAnnouncement',
  'postChannelMessage',
  'inbound.create',
  'inbound.createBulk',
  'inbound.list',
  'inbound.update',
  'shipments.list',
  'shipments.retrieve',
];

type Setup = Partial<ProxyOptions> & {
  /** Options of the server's clients. */
  server?: CommonOptions;
  /** Made from the mocks, in place of the default server clients. */
  clients?: (mocks: { messagingMock: Harness['messagingMock']; warehouseMock: Harness['warehouseMock'] }) => Partial<ProxyOptions>;
};

/** A proxy over fresh mocks, served `mode`'s way. Every operation is allowed and authorized unless `setup` says otherwise. */
export async function startProxy(mode: Mode, setup: Setup = {}): Promise<Harness> {
  const messagingMock = createMessagingMock();
  const warehouseMock = createWarehouseMock({ inboundOrders: 30, shipments: 12 });
  const { server: serverOptions, clients, ...proxyOptions } = setup;
  const messaging = new MessagingClient({
    baseUrl: messagingMock.baseUrl,
    botKey: messagingMock.botKey,
    channelKey: messagingMock.channelKey,
    fetch: messagingMock.fetch,
    ...serverOptions,
  });
  const warehouse = new WarehouseClient({
    baseUrl: warehouseMock.baseUrl,
    apiKey: warehouseMock.apiKey,
    warehouseId: warehouseMock.warehouseId,
    fetch: warehouseMock.fetch,
    ...serverOptions,
  });
  const handle = createProxy({
    messaging,
    warehouse,
    allow: ALL_OPERATIONS,
    authorize: () => true,
    ...clients?.({ messagingMock, warehouseMock }),
    ...proxyOptions,
  });
  const reached = () => messagingMock.requests.size + warehouseMock.requests.size;
  const base = { mode, handle, messagingMock, warehouseMock, messaging, warehouse, reached };
  return mode === 'fetch handler' ? viaFetch(base) : await viaNode(base);
}

type Base = Pick<Harness, 'mode' | 'handle' | 'messagingMock' | 'warehouseMock' | 'messaging' | 'warehouse' | 'reached'>;

function viaFetch(base: Base): Harness {
  const origin = 'http://app.test';
  const pageFetch = ((url: string, init: RequestInit) => base.handle(new Request(url, init))) as typeof fetch;
  return {
    ...base,
    origin,
    send: (path, init) => base.handle(new Request(`${origin}${path}`, init)),
    raw: () => Promise.reject(new Error('raw targets need a server')),
    pageMessaging: (options) => MessagingClient.viaProxy(`${origin}/opslink`, { fetch: pageFetch, ...options }),
    pageWarehouse: (options) => WarehouseClient.viaProxy(`${origin}/opslink`, { fetch: pageFetch, ...options }),
    close: async () => {},
  };
}

async function viaNode(base: Base): Promise<Harness> {
  const server: Server = createServer(toNodeListener(base.handle));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    ...base,
    origin,
    send: (path, init) => fetch(`${origin}${path}`, init),
    raw: (method, target, headers = {}, body) => rawRequest(port, method, target, headers, body),
    pageMessaging: (options) => MessagingClient.viaProxy(`${origin}/opslink`, options),
    pageWarehouse: (options) => WarehouseClient.viaProxy(`${origin}/opslink`, options),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function rawRequest(port: number, method: string, target: string, headers: Record<string, string>, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: target, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A body the service's envelope holds, parsed. */
export async function bodyOf(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}
