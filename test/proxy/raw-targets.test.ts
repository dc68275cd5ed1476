/**
 * Request targets as written on the wire, on Node's server (`toNodeListener`): the adapter is
 * the one place that sees them before a URL parser resolves `..`, `%2e%2e` and `\`. A target
 * the parser would rewrite names no operation (404, in the envelope of the service it names,
 * nothing sent on), so what an app's own check on `req.url` reads is what the proxy serves; a
 * method a fetch `Request` cannot carry is another method (404); two `Host` headers are a 400.
 * A plain fetch handler is given a URL the runtime has already resolved: an app's check on
 * `request.url` and the proxy read the same path, and on every target written plainly both
 * ways answer alike.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type NodeRequest, type NodeResponse, toNodeListener } from '../../src/proxy/index.js';
import { type Harness, MODES, startProxy } from './support.js';

const DM = JSON.stringify({ to: { email: 'ada.active@example.test' }, body: 'not from a manager' });
const JSON_HEADERS = { 'content-type': 'application/json' };
const UUID = '3f6c2a9e-8b1d-4c57-9e2a-6d4b1f0c8a71';

/** Targets that a URL parser resolves onto an operation the proxy serves: each must be refused as written. */
const DETOURS = [
  '/opslink/warehouse/api/v1/shipments/../inbound?offset=0&limit=2',
  '/opslink/warehouse/api/v1/shipments/%2e%2e/inbound?offset=0&limit=2',
  '/opslink/warehouse/api/v1/shipments/%2E%2e/inbound',
  '/opslink/warehouse/api/v1/shipments/.%2E/inbound',
  '/opslink/warehouse/api/v1/shipments\\..\\inbound?offset=0&limit=2',
  '/opslink\\warehouse\\api\\v1\\shipments?offset=0&limit=2',
  '/opslink/warehouse/api/v1/./shipments',
  '/opslink/warehouse/api/v1/%2e/shipments',
  '/opslink/warehouse/api/v1/shipments/.',
  '/opslink/messaging/../warehouse/api/v1/shipments?offset=0&limit=2',
  '/x/../opslink/warehouse/api/v1/shipments?offset=0&limit=2',
  '/opslink/warehouse/api/v1/shipments#/../../inbound',
];

/** Writes `head` (request line and headers, CRLF-separated) and `body` to the server as they are; the status line and body read back. */
function rawSocket(port: number, head: string[], body = ''): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${head.join('\r\n')}\r\nConnection: close\r\n\r\n${body}`));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', rest = ''] = [text.slice(0, text.indexOf('\r\n\r\n')), text.slice(text.indexOf('\r\n\r\n') + 4)];
      resolve({ status: Number(head.split(' ')[1]), body: /transfer-encoding: chunked/i.test(head) ? unchunk(rest) : rest });
    });
  });
}

/** A chunked body's data (ASCII here: sizes count characters). */
function unchunk(text: string): string {
  let out = '';
  for (let at = 0; ; ) {
    const end = text.indexOf('\r\n', at);
    const size = Number.parseInt(text.slice(at, end), 16);
    if (!size) return out;
    out += text.slice(end + 2, end + 2 + size);
    at = end + 2 + size + 2;
  }
}

/** The service whose envelope a refusal of `target` comes in: the first segment that names one. */
const namedIn = (target: string) => /\b(messaging|warehouse)\b/.exec(target)?.[1];

const warehouseEnvelope = (message: string) => ({ status: 'failed', message, data: null, errors: [] });

describe("raw request targets on Node's server", () => {
  let h: Harness;
  afterEach(() => h?.close());

  it('answers 404 for a target with dot segments or backslashes that would land on an operation, and sends nothing on', async () => {
    h = await startProxy("Node's server");
    for (const target of DETOURS) {
      const answer = await h.raw('GET', target);
      expect({ target, status: answer.status }).toEqual({ target, status: 404 });
      // Refused in the envelope of the service the path names, so the page's client reads it as usual.
      const envelope =
        namedIn(target) === 'warehouse' ? warehouseEnvelope(expect.any(String)) : { message: expect.any(String), errors: [] };
      expect({ target, body: JSON.parse(answer.body) }).toEqual({ target, body: envelope });
    }
    const dm = await h.raw('POST', '/../opslink/messaging/api/bot/messages', JSON_HEADERS, DM);
    expect(dm.status).toBe(404);
    expect(JSON.parse(dm.body)).toEqual({ message: expect.stringMatching(/^No operation answers/), errors: [] });
    expect(h.messagingMock.state.directMessages).toHaveLength(0);
    expect(h.reached()).toBe(0);
    // The same operations written plainly are served.
    expect((await h.raw('GET', '/opslink/warehouse/api/v1/inbound?offset=0&limit=2')).status).toBe(200);
  });

  it("keeps an app's own guard on req.url: /opslink/warehouse/../messaging/… sends no message past a messaging-only rule", async () => {
    h = await startProxy("Node's server");
    const proxy = toNodeListener(h.handle);
    const app: Server = createServer((req, res) => {
      // The app's own rule, on the raw target as docs/browser-apps.md mounts the proxy: only managers may message.
      if (req.url?.startsWith('/opslink/messaging/') && req.headers['x-role'] !== 'manager') {
        res.writeHead(403).end('managers only');
        return;
      }
      if (req.url?.startsWith('/opslink/')) proxy(req, res);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    const { port } = app.address() as AddressInfo;
    try {
      const post = (target: string) =>
        rawSocket(
          port,
          [`POST ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Content-Type: application/json', `Content-Length: ${DM.length}`],
          DM,
        );
      expect((await post('/opslink/messaging/api/bot/messages')).status).toBe(403);
      for (const target of [
        '/opslink/warehouse/../messaging/api/bot/messages',
        '/opslink/warehouse/%2e%2e/messaging/api/bot/messages',
        '/opslink/warehouse\\..\\messaging/api/bot/messages',
      ]) {
        const answer = await post(target);
        expect({ target, status: answer.status }).toEqual({ target, status: 404 });
        expect(JSON.parse(answer.body)).toMatchObject({ status: 'failed', data: null });
      }
      expect(h.messagingMock.state.directMessages).toHaveLength(0);
    } finally {
      app.closeAllConnections();
      await new Promise((resolve) => app.close(resolve));
    }
  });

  it('answers TRACE (a method a fetch Request cannot carry) 404 in the envelope of the service named, and sends nothing on', async () => {
    h = await startProxy("Node's server");
    const trace = await h.raw('TRACE', '/opslink/warehouse/api/v1/shipments?offset=0&limit=2');
    expect(trace.status).toBe(404);
    expect(JSON.parse(trace.body)).toEqual(warehouseEnvelope('No operation answers this method and path'));
    // CONNECT and TRACK never reach a listener through Node's parser; handed one anyway, the adapter answers them alike.
    for (const method of ['CONNECT', 'TRACK']) {
      const answer = await callListener(toNodeListener(h.handle), method, '/opslink/messaging/api/bot/messages');
      expect({ method, ...answer }).toEqual({
        method,
        status: 404,
        body: { message: 'No operation answers this method and path', errors: [] },
      });
    }
    expect(h.reached()).toBe(0);
  });

  it('gives its own 500 in the envelope of the service the path names, with no detail', async () => {
    const failing = toNodeListener(() => {
      throw new Error('handler bug: secret detail');
    });
    const warehouse = await callListener(failing, 'GET', '/opslink/warehouse/api/v1/shipments');
    expect(warehouse).toEqual({ status: 500, body: warehouseEnvelope('The server could not answer') });
    const messaging = await callListener(failing, 'POST', '/opslink/messaging/api/bot/messages');
    expect(messaging).toEqual({ status: 500, body: { message: 'The server could not answer', errors: [] } });
  });

  it('answers 400 for two Host headers, whichever comes first, and neither authorizes nor sends', async () => {
    let asked = 0;
    h = await startProxy("Node's server", {
      authorize: () => {
        asked++;
        return true;
      },
    });
    const { port } = new URL(h.origin);
    const list = 'GET /opslink/warehouse/api/v1/shipments?offset=0&limit=2 HTTP/1.1';
    for (const hosts of [
      ['Host: evil.test', `Host: 127.0.0.1:${port}`],
      [`Host: 127.0.0.1:${port}`, 'Host: evil.test'],
      [`Host: evil.test, 127.0.0.1:${port}`],
    ]) {
      const answer = await rawSocket(Number(port), [list, ...hosts, 'Origin: http://evil.test']);
      expect({ hosts, status: answer.status }).toEqual({ hosts, status: 400 });
    }
    expect(asked).toBe(0);
    expect(h.reached()).toBe(0);
    expect((await rawSocket(Number(port), [list, `Host: 127.0.0.1:${port}`])).status).toBe(200);
  });
  it("lets a DNS-rebinding page's request past the origin rule, and an authorize that checks the host (docs/browser-apps.md) refuses it", async () => {
    const hosts = new Set<string>();
    h = await startProxy("Node's server", {
      authorize: (request) => {
        hosts.add(new URL(request.url).host);
        return new URL(request.url).host === new URL(h.origin).host;
      },
    });
    const { port } = new URL(h.origin);
    const rebound = `rebind.evil.test:${port}`;
    const answer = await rawSocket(Number(port), [
      'GET /opslink/warehouse/api/v1/shipments?offset=0&limit=2 HTTP/1.1',
      `Host: ${rebound}`,
      `Origin: http://${rebound}`,
      'Sec-Fetch-Site: same-origin',
      'Cookie: session=set-by-the-rebinding-page',
    ]);
    // Same origin as far as the proxy can tell (API.md's options name no expected host): authorize was asked, and said no.
    expect([...hosts]).toEqual([rebound]);
    expect(answer.status).toBe(401);
    expect(h.reached()).toBe(0);
  });
});

/** Calls `listener` with a request and response of its own (a method Node's parser would not let through), and reads the answer. */
async function callListener(listener: ReturnType<typeof toNodeListener>, method: string, url: string) {
  let status = 0;
  let text = '';
  const done = new Promise<void>((resolve) => {
    const res: NodeResponse = {
      writableFinished: false,
      destroyed: false,
      writeHead: (code: number) => {
        status = code;
      },
      write: (chunk: Uint8Array) => {
        text += new TextDecoder().decode(chunk);
        return true;
      },
      end: () => resolve(),
      destroy: () => resolve(),
      once: () => {},
      off: () => {},
    };
    const req: NodeRequest = {
      method,
      url,
      headers: { host: 'app.test' },
      rawHeaders: ['Host', 'app.test'],
      complete: true,
      socket: { destroy: () => {} },
      on: () => {},
      pause: () => {},
      resume: () => {},
    };
    listener(req, res);
  });
  await done;
  return { status, body: JSON.parse(text) as unknown };
}

describe("Node's server and a plain fetch handler", () => {
  const harnesses: Partial<Record<(typeof MODES)[number], Harness>> = {};
  afterEach(async () => {
    for (const h of Object.values(harnesses)) await h?.close();
  });

  it('answer every target written plainly alike: status and envelope', async () => {
    for (const mode of MODES) harnesses[mode] = await startProxy(mode, { allow: ['shipments.list', 'shipments.retrieve', 'inbound.list'] });
    const node = harnesses["Node's server"]!;
    const handler = harnesses['fetch handler']!;
    for (const target of [
      '/opslink/warehouse/api/v1/shipments?offset=0&limit=2',
      `/opslink/warehouse/api/v1/shipments/${UUID}`,
      '/opslink/warehouse/api/v1/inbound?offset=0&limit=2&statuses=pending',
      '/opslink/warehouse/api/v1/inbound?offset=0&limit=2&evil=1',
      '/opslink/warehouse/api/v1/shipments/..%2Finbound',
      '/opslink/warehouse/api/v1/shipments%2F..%2Finbound',
      '/opslink/warehouse/api/v1/shipments/%252e%252e/inbound',
      '/opslink/messaging/api/bot/messages',
      '/opslink/admin',
      '/elsewhere',
    ]) {
      const viaNode = await node.raw('GET', target);
      const viaHandler = await handler.send(target);
      const shape = (body: string) => Object.keys(JSON.parse(body) as object).sort();
      expect({ target, status: viaNode.status, shape: shape(viaNode.body) }).toEqual({
        target,
        status: viaHandler.status,
        shape: shape(await viaHandler.text()),
      });
    }
  });

  it("hand an app's check the path the proxy serves: a fetch handler is given the URL already resolved, as the check reads it", async () => {
    const h = await startProxy('fetch handler');
    harnesses['fetch handler'] = h;
    // The guide's pattern for a fetch handler (docs/browser-apps.md): the check reads request.url, the URL the runtime resolved.
    const app = (request: Request) =>
      new URL(request.url).pathname.startsWith('/opslink/messaging/') && request.headers.get('x-role') !== 'manager'
        ? new Response('managers only', { status: 403 })
        : h.handle(request);
    for (const path of [
      '/opslink/messaging/api/bot/messages',
      '/opslink/warehouse/../messaging/api/bot/messages',
      '/opslink/warehouse/%2e%2e/messaging/api/bot/messages',
    ]) {
      const request = new Request(`${h.origin}${path}`, { method: 'POST', headers: JSON_HEADERS, body: DM });
      expect(new URL(request.url).pathname).toBe('/opslink/messaging/api/bot/messages');
      expect((await app(request)).status).toBe(403);
    }
    expect(h.messagingMock.state.directMessages).toHaveLength(0);
  });
});
