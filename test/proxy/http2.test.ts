/**
 * `toNodeListener` on Node's HTTP/2 server, as an app served over TLS is (browsers speak HTTP/2
 * to it) and as h2c: the host is named in `:authority`, not `Host`, and HTTP/2 has no place
 * for a connection's headers. A page's DM, a page of shipments, an order with a label file,
 * a refusal, and a refused body whose stream is dropped without the other streams of its
 * connection.
 */
import {
  type ClientHttp2Session,
  connect,
  createSecureServer,
  createServer,
  type Http2SecureServer,
  type Http2Server,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
} from 'node:http2';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WarehouseClient } from '../../src/index.js';
import { toNodeListener } from '../../src/proxy/index.js';
import { certificates, hasOpenssl } from '../support/tls-certs.js';
import { type Harness, ORDER, startProxy } from './support.js';

/** A certificate for 127.0.0.1 from a CA made for the tests (openssl); h2c alone where there is no openssl. */
const TLS = hasOpenssl ? certificates() : undefined;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

let h: Harness | undefined;
let server: Http2Server | Http2SecureServer | undefined;
let session: ClientHttp2Session | undefined;
afterEach(async () => {
  session?.destroy();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await h?.close();
  server = session = h = undefined;
});

/** The proxy over the mocks on an HTTP/2 server (TLS with HTTP/1.1 beside it, as an app's, or h2c), and a session to it. */
async function serve(tls: boolean, options: Parameters<typeof startProxy>[1] = {}): Promise<string> {
  h = await startProxy('fetch handler', options);
  const listener = toNodeListener(h.handle);
  server = tls
    ? createSecureServer({ ...TLS, allowHTTP1: true }, (req, res) => void listener(req, res))
    : createServer((req, res) => void listener(req, res));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const origin = `${tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  session = connect(origin, { ca: TLS?.ca });
  session.on('error', () => {});
  return origin;
}

/** One request on the session, as a browser on the app's own page sends it. */
function send(origin: string, method: string, path: string, headers: OutgoingHttpHeaders = {}, body?: string | Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = session!.request({ ':method': method, ':path': path, origin, 'sec-fetch-site': 'same-origin', ...headers });
    let status = 0;
    let responseHeaders: IncomingHttpHeaders = {};
    let text = '';
    stream.setEncoding('utf8');
    stream.on('response', (head) => {
      status = Number(head[':status']);
      responseHeaders = head;
    });
    stream.on('data', (chunk: string) => {
      text += chunk;
    });
    stream.on('end', () => resolve({ status, headers: responseHeaders, body: text }));
    stream.on('error', reject);
    stream.end(body);
  });
}

/** A page's `fetch` over the session: what a browser that speaks HTTP/2 to the app sends. */
function overHttp2(origin: string): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const headers: OutgoingHttpHeaders = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await send(origin, request.method, url.pathname + url.search, headers, body);
    const head = new Headers();
    for (const [name, value] of Object.entries(answer.headers))
      if (!name.startsWith(':') && value !== undefined) head.set(name, String(value));
    return new Response(answer.status === 204 ? null : answer.body, { status: answer.status, headers: head });
  }) as typeof fetch;
}

const DM = JSON.stringify({ to: { email: 'ada.active@example.test' }, body: 'Dock 3 is open' });

describe.each([...(TLS ? [['over TLS', true] as const] : []), ['h2c', false] as const])(
  "the proxy on Node's HTTP/2 server (%s)",
  (_name, tls) => {
    it("sends a page's DM and walks its shipments: the host is read from :authority", async () => {
      const origin = await serve(tls);
      const sent = await send(origin, 'POST', '/opslink/messaging/api/bot/messages', { 'content-type': 'application/json' }, DM);
      expect(sent.status, sent.body).toBe(201);
      expect(h!.messagingMock.requests.size).toBe(1);
      const page = await send(origin, 'GET', '/opslink/warehouse/api/v1/shipments?offset=0&limit=5');
      expect(page.status).toBe(200);
      expect(JSON.parse(page.body).data.shipments).toHaveLength(5);
    });

    it("serves a page's clients: an order with a label file, and every page of a for await", async () => {
      const origin = await serve(tls);
      const page = WarehouseClient.viaProxy(`${origin}/opslink`, { fetch: overHttp2(origin) });
      const label = new File(['%PDF-1.4 label'], 'label.pdf', { type: 'application/pdf' });
      const { order_id } = await page.inbound.create({ ...ORDER, shipping_label_files: label });
      const stored = h!.warehouseMock.state.inboundOrders.find((o) => o.order_id === order_id)!;
      expect(stored.shipping_label_files).toEqual([{ name: 'label.pdf', size: 14, type: 'application/pdf' }]);
      expect(stored.tracking_numbers).toEqual(ORDER.tracking_numbers);
      const ids: string[] = [];
      for await (const order of page.inbound.list({ limit: 7 })) ids.push(order.order_id);
      expect(ids).toHaveLength(31);
      expect(new Set(ids).size).toBe(31);
    });

    it("refuses another site's page (403) and a request whose Host contradicts :authority (400), sending nothing", async () => {
      const origin = await serve(tls);
      const foreign = await send(origin, 'POST', '/opslink/messaging/api/bot/messages', { origin: 'https://evil.test' }, DM);
      expect(foreign.status).toBe(403);
      const twoHosts = await send(
        origin,
        'POST',
        '/opslink/messaging/api/bot/messages',
        { ':authority': new URL(origin).host, host: 'evil.test', 'content-type': 'application/json' },
        DM,
      );
      expect(twoHosts.status).toBe(400);
      expect(h!.reached()).toBe(0);
    });

    it('answers 413 to a body over the limit and drops that stream only: a call beside it on the same connection is answered', async () => {
      const origin = await serve(tls, { maxBodyBytes: 1024 });
      const [tooLong, beside] = await Promise.all([
        send(
          origin,
          'POST',
          '/opslink/messaging/api/bot/announcements',
          { 'content-type': 'application/json' },
          Buffer.alloc(256 * 1024, 0x20),
        ),
        send(origin, 'POST', '/opslink/messaging/api/bot/messages', { 'content-type': 'application/json' }, DM),
      ]);
      expect(tooLong.status).toBe(413);
      expect(beside.status).toBe(201);
      expect(h!.messagingMock.requests.size).toBe(1);
      // The session is still good for another call.
      expect((await send(origin, 'GET', '/opslink/warehouse/api/v1/shipments?offset=0&limit=1')).status).toBe(200);
    });

    it("writes a handler's Response that names a connection's headers without them", async () => {
      h = await startProxy('fetch handler');
      const listener = toNodeListener(
        () => new Response('ok', { headers: { connection: 'keep-alive', 'keep-alive': 'timeout=5', 'x-kept': 'yes' } }),
      );
      server = tls
        ? createSecureServer({ ...TLS }, (req, res) => void listener(req, res))
        : createServer((req, res) => void listener(req, res));
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      const origin = `${tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`;
      session = connect(origin, { ca: TLS?.ca });
      session.on('error', () => {});
      const answer = await send(origin, 'GET', '/anything');
      expect(answer).toMatchObject({ status: 200, body: 'ok', headers: { 'x-kept': 'yes' } });
      expect(answer.headers.connection).toBeUndefined();
    });
  },
);
