/**
 * In Node the clients send over node:http with a keep-alive agent: one connection serves
 * call after call. A server that closes an idle connection at the worst moment (as the next
 * request arrives on it, before any byte of the answer) costs a GET or PUT a retry on a new
 * connection, and a POST a clean APIConnectionError: it may have arrived, so it is never
 * sent twice.
 */

import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { platformTransport } from '#transport';
import { APIConnectionError, MessagingClient, WarehouseClient } from '../../src/index.js';
import { routedElsewhere } from '../../src/platform/fetch-routing.node.js';
import { API_KEY, BOT_KEY, ORDER_ID, SHIPMENT_DETAIL, WAREHOUSE_ID } from '../support/scripted-fetch.js';

const DETAIL = JSON.stringify({ status: 'success', message: 'ok', data: { shipment: SHIPMENT_DETAIL }, errors: null });
const DM = JSON.stringify({ id: 'm1' });

interface Arrival {
  connection: number;
  head: string;
}

let server: Server;
let baseUrl: string;
const arrivals: Arrival[] = [];
let connections = 0;
/** When set, a connection is dropped as its second request arrives, unanswered. */
let dropReused = false;
const sockets = new Set<Socket>();

/** An HTTP/1.1 server by hand: it answers each request in full and keeps the connection, or drops a reused one. */
function serve(socket: Socket): void {
  const connection = ++connections;
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
  let buffered = '';
  let served = 0;
  socket.on('data', (chunk) => {
    buffered += chunk.toString('latin1');
    for (;;) {
      const end = buffered.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = buffered.slice(0, end);
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
      if (buffered.length < end + 4 + length) return;
      buffered = buffered.slice(end + 4 + length);
      arrivals.push({ connection, head });
      if (dropReused && served > 0) {
        socket.destroy();
        return;
      }
      served++;
      const body = head.startsWith('GET') ? DETAIL : DM;
      socket.write(
        `HTTP/1.1 ${head.startsWith('POST') ? 201 : 200} OK\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nkeep-alive: timeout=30\r\n\r\n${body}`,
      );
    }
  });
}

// A server of its own for each test, on a port of its own: the agent keeps idle sockets per
// origin, so no test can start on a socket a test before it left (waiting a fixed time for the
// agent to see a close lost that race on a busy machine).
beforeEach(async () => {
  arrivals.length = 0;
  connections = 0;
  dropReused = false;
  server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const warehouse = (maxRetries = 2) => new WarehouseClient({ baseUrl, apiKey: API_KEY, warehouseId: WAREHOUSE_ID, maxRetries });
const messaging = () => new MessagingClient({ baseUrl, botKey: BOT_KEY });
const dm = { to: { email: 'ana@example.com' }, body: 'Truck 4 is at door 2' };

describe.runIf(platformTransport !== undefined)('the Node transport', () => {
  it('sends call after call on one kept-alive connection, without the headers fetch adds', async () => {
    const client = warehouse();
    for (let i = 0; i < 3; i++) expect((await client.shipments.retrieve(ORDER_ID)).shipment_id).toBe(ORDER_ID);
    await messaging().sendDirectMessage(dm);
    expect(arrivals.map((a) => a.connection)).toEqual([1, 1, 1, 1]);
    expect(arrivals[0]!.head).not.toMatch(/sec-fetch-mode/i);
  });

  it('a GET on a connection the server closed as it arrived is retried on a new one', async () => {
    const client = warehouse();
    await client.shipments.retrieve(ORDER_ID);
    dropReused = true;
    expect((await client.shipments.retrieve(ORDER_ID)).shipment_id).toBe(ORDER_ID);
    expect(arrivals.map((a) => a.connection)).toEqual([1, 1, 2]);
  });

  it('a POST on a connection the server closed as it arrived fails as a connection error and is not sent again', async () => {
    const client = messaging();
    await client.sendDirectMessage(dm);
    dropReused = true;
    const error = await client.sendDirectMessage(dm).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toMatch(/^POST \/api\/bot\/messages: connection failed/);
    expect(arrivals.filter((a) => a.head.startsWith('POST'))).toHaveLength(2);
    // The next call opens a new connection and goes through.
    await client.sendDirectMessage(dm);
    expect(arrivals.map((a) => a.connection)).toEqual([1, 1, 2]);
  });

  it('withResponse() still gives a Response, built when asked', async () => {
    const { data, response } = await warehouse().shipments.retrieve(ORDER_ID).withResponse();
    expect(data.shipment_id).toBe(ORDER_ID);
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.url).toBe(`${baseUrl}/api/v1/shipments/${ORDER_ID}`);
  });
});

describe.runIf(platformTransport !== undefined)('which transport sends', () => {
  const DISPATCHER = Symbol.for('undici.globalDispatcher.1');
  const global = globalThis as unknown as Record<symbol | string, unknown>;

  it("fetch, once the user's fetch goes through a proxy or a mock agent of undici's", () => {
    const before = global[DISPATCHER];
    expect(routedElsewhere()).toBe(false);
    try {
      for (const name of ['ProxyAgent', 'EnvHttpProxyAgent', 'MockAgent']) {
        global[DISPATCHER] = new { [name]: class {} }[name]!();
        expect(routedElsewhere(), name).toBe(true);
      }
    } finally {
      global[DISPATCHER] = before;
    }
    expect(routedElsewhere()).toBe(false);
  });

  it('fetch, once globalThis.fetch is replaced (a wrapper, a mock in fetch mode)', async () => {
    const native = globalThis.fetch;
    const seen: string[] = [];
    globalThis.fetch = (input, init) => {
      seen.push(String(input));
      return native(input, init);
    };
    try {
      await warehouse().shipments.retrieve(ORDER_ID);
    } finally {
      globalThis.fetch = native;
    }
    expect(seen).toEqual([`${baseUrl}/api/v1/shipments/${ORDER_ID}`]);
    expect(arrivals[0]!.head).toMatch(/sec-fetch-mode/i);
  });
});
