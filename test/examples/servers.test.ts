/**
 * examples/servers/: opslink/proxy mounted in Express 5, Fastify 5, Koa 3, Hono (on
 * @hono/node-server) and Node's own server, each as its example file mounts it, with the
 * example's own options (the server's clients from the environment, its `allow`, its session
 * check), over real HTTP to the mock services. A page's clients (`viaProxy`, with the page's
 * session cookie) send a direct message, walk every page of a list with `for await`, create an
 * order with a file, are refused before sending (pre-flight) and by the proxy (400 with every
 * issue, for a request that skips the pre-flight), and get 403 for an operation not allowed.
 * The app's own routes beside the proxy keep working; each server's trap (issue 43's table)
 * is answered. Every server is started once for the file. The Express and Next.js examples
 * in real Chromium: servers.chromium.test.ts.
 */
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import express from 'express';
import Fastify from 'fastify';
import { createProxy, type ProxyHandler, toNodeListener } from 'opslink/proxy';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { expressApp } from '../../examples/servers/express.ts';
import { fastifyApp } from '../../examples/servers/fastify.ts';
import { honoApp } from '../../examples/servers/hono.ts';
import { koaApp } from '../../examples/servers/koa.ts';
import { nodeServer } from '../../examples/servers/node-http.ts';
import { proxyOptions } from '../../examples/servers/opslink.ts';
import {
  MESSAGING_ENV,
  MessagingClient,
  PermissionDeniedError,
  RequestValidationError,
  WAREHOUSE_ENV,
  WarehouseClient,
} from '../../src/index.js';
import { createMessagingMock, createWarehouseMock, type MockServer, startMockServer } from '../../src/testing/index.js';
import { ORDER } from '../proxy/support.js';
import { blocksOf } from '../support/doc-snippets.js';

const SESSION = 'ops-session-7f3a';
const messagingMock = createMessagingMock();
const warehouseMock = createWarehouseMock({ inboundOrders: 20, shipments: 45 });
let services: MockServer;
const reached = () => messagingMock.requests.size + warehouseMock.requests.size;
const shipped = () => warehouseMock.state.shipments.filter((s) => s.status === 'shipped').length;
const anEmployee = () => messagingMock.state.employees.find((e) => e.active)!.email;

/** A server of the test's own on 127.0.0.1: its origin, and a way to close it. */
async function listen(server: Server): Promise<{ origin: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The app's own routes, beside the proxy: Node's server example hands them everything outside /opslink. */
const appRoutes: RequestListener = (req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => {
    body += chunk;
  });
  req.on('end', () => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ saved: JSON.parse(body) })));
};

interface Running {
  origin: string;
  close(): Promise<void>;
}

/** Each example as its file mounts it, given the example's own proxy. */
const SERVERS: Record<string, (handle: ProxyHandler) => Promise<Running>> = {
  'Express 5': (handle) => listen(createServer(expressApp(handle))),
  'Fastify 5': async (handle) => {
    const app = fastifyApp(handle);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, close: () => app.close() };
  },
  'Koa 3': (handle) => listen(createServer(koaApp(handle).callback())),
  'Hono on @hono/node-server': (handle) => listen(createAdaptorServer({ fetch: honoApp(handle).fetch }) as Server),
  'node:http': (handle) => listen(nodeServer(handle, appRoutes)),
};
const running: Record<string, Running> = {};
// @hono/node-server puts its own Request and Response in place of the platform's, as it does in a user's app.
const platform = { Request: globalThis.Request, Response: globalThis.Response };

beforeAll(async () => {
  services = await startMockServer({ messaging: messagingMock, warehouse: warehouseMock });
  // The environment a deployed app has: the example's proxyOptions() reads it.
  vi.stubEnv(MESSAGING_ENV.baseUrl, services.messagingBaseUrl);
  vi.stubEnv(MESSAGING_ENV.botKey, messagingMock.botKey);
  vi.stubEnv(WAREHOUSE_ENV.baseUrl, services.warehouseBaseUrl);
  vi.stubEnv(WAREHOUSE_ENV.apiKey, warehouseMock.apiKey);
  vi.stubEnv(WAREHOUSE_ENV.warehouseId, warehouseMock.warehouseId);
  vi.stubEnv('OPS_SESSIONS', `someone-else,${SESSION}`);
  const handle = createProxy(proxyOptions());
  vi.unstubAllEnvs();
  for (const [name, start] of Object.entries(SERVERS)) running[name] = await start(handle);
}, 30_000);

afterAll(async () => {
  await Promise.all(Object.values(running).map((server) => server.close()));
  await services?.close();
  for (const [name, value] of Object.entries(platform))
    Object.defineProperty(globalThis, name, { value, writable: true, configurable: true });
});

beforeEach(() => {
  messagingMock.reset();
  warehouseMock.reset();
});

/** The page's clients, as a signed-in page of the app at `origin` has them: its session cookie on every request. */
function page(origin: string, session = SESSION) {
  const withSession = ((url: string, init: RequestInit) =>
    fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), cookie: `session=${session}` } })) as typeof fetch;
  return {
    messaging: MessagingClient.viaProxy(`${origin}/opslink`, { fetch: withSession }),
    warehouse: WarehouseClient.viaProxy(`${origin}/opslink`, { fetch: withSession }),
  };
}

const label = () => new File(['%PDF-1.4 label for PO-8001'], 'label-PO-8001.pdf', { type: 'application/pdf' });

describe.each(Object.keys(SERVERS))('the %s example', (name) => {
  const origin = () => running[name]!.origin;

  it('sends a direct message with the server key, for a page with a session only', async () => {
    await page(origin()).messaging.sendDirectMessage({ to: { email: anEmployee() }, body: `From ${name}` });
    expect(messagingMock.state.directMessages.map((m) => m.body)).toEqual([`From ${name}`]);
    expect(messagingMock.requests.last()?.request.headers.authorization).toBe('Bearer ••••');
    const stranger = page(origin(), 'made-up');
    await expect(stranger.messaging.sendDirectMessage({ to: { email: anEmployee() }, body: 'x' })).rejects.toMatchObject({ status: 401 });
    expect(messagingMock.requests.size).toBe(1);
  });

  it('walks every page of a list with for await, one proxy request a page', async () => {
    const names: string[] = [];
    for await (const shipment of page(origin()).warehouse.shipments.list({ statuses: ['shipped'], limit: 10 })) names.push(shipment.name);
    expect(names).toHaveLength(shipped());
    expect(warehouseMock.requests.size).toBe(Math.ceil(shipped() / 10));
  });

  it('creates an order from a multipart form with a label file, byte for byte', async () => {
    const { order_id } = await page(origin()).warehouse.inbound.create({
      ...ORDER,
      order_number: 'PO-8001',
      shipping_label_files: label(),
    });
    const stored = warehouseMock.state.inboundOrders.find((o) => o.order_id === order_id);
    expect(stored?.shipping_label_files).toEqual([{ name: 'label-PO-8001.pdf', size: 26, type: 'application/pdf' }]);
  });

  it('refuses before sending in the page, and with 400 and every issue at the proxy for a page that skips the pre-flight', async () => {
    const refused = await page(origin())
      .messaging.sendDirectMessage({ to: { email: '' }, body: '' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RequestValidationError);
    expect((refused as RequestValidationError).issues.map((i) => i.path.join('.'))).toEqual(['to.email', 'body']);
    const answer = await fetch(`${origin()}/opslink/messaging/api/bot/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `session=${SESSION}` },
      body: JSON.stringify({ to: { email: '' }, body: '' }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ errors: [expect.stringMatching(/^to\.email: /), expect.stringMatching(/^body: /)] });
    expect(reached()).toBe(0);
  });

  it('answers 403 for an operation the app does not allow pages', async () => {
    const error = await page(origin())
      .messaging.postAnnouncement({ title: 'Dock 3', body: 'Closed' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect((error as PermissionDeniedError).message).toMatch(/postAnnouncement is not allowed through this proxy/);
    expect(reached()).toBe(0);
  });

  it("leaves the app's own routes (and their body parser) working beside the proxy", async () => {
    const answer = await fetch(`${origin()}/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'restock lamps' }),
    });
    expect([answer.status, await answer.json()]).toEqual([200, { saved: { text: 'restock lamps' } }]);
  });
});

describe("each server's trap (issue 43)", () => {
  it("Express 5: app.all('/opslink/*') is Express's own PathError at startup; '/opslink/*splat' serves the proxy", async () => {
    const handle = createProxy(withSessions());
    expect(() => express().all('/opslink/*', toNodeListener(handle))).toThrow(/Missing parameter name at index \d+: \/opslink\/\*/);
    const app = express();
    app.all('/opslink/*splat', toNodeListener(handle));
    const server = await listen(createServer(app));
    try {
      await page(server.origin).messaging.sendDirectMessage({ to: { email: anEmployee() }, body: 'via *splat' });
      expect(messagingMock.state.directMessages.map((m) => m.body)).toEqual(['via *splat']);
    } finally {
      await server.close();
    }
  });

  it("Fastify 5: with Fastify's own parsers a create is refused 415 by Fastify itself (why the example's plugin parses nothing)", async () => {
    const handle = createProxy(withSessions());
    const listener = toNodeListener(handle);
    const app = Fastify();
    app.all('/opslink/*', (request, reply) => {
      reply.hijack();
      return listener(request.raw, reply.raw);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const error = await page(origin)
        .warehouse.inbound.create({ ...ORDER, shipping_label_files: label() })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 415, body: { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' } });
      expect(reached()).toBe(0);
    } finally {
      await app.close();
    }
  });

  it("node:http: a page that sends its body a trickle at a time is answered 408 after bodyTimeout, and the app's routes still answer", async () => {
    const server = await listen(nodeServer(createProxy({ ...withSessions(), bodyTimeout: 300 }), appRoutes));
    try {
      const status = await trickle(server.origin, '/opslink/messaging/api/bot/messages');
      expect(status).toBe(408);
      expect(reached()).toBe(0);
    } finally {
      await server.close();
    }
  });
});

/** The example's options, with the test's session, from the environment the app has. */
function withSessions() {
  vi.stubEnv(MESSAGING_ENV.baseUrl, services.messagingBaseUrl);
  vi.stubEnv(MESSAGING_ENV.botKey, messagingMock.botKey);
  vi.stubEnv(WAREHOUSE_ENV.baseUrl, services.warehouseBaseUrl);
  vi.stubEnv(WAREHOUSE_ENV.apiKey, warehouseMock.apiKey);
  vi.stubEnv(WAREHOUSE_ENV.warehouseId, warehouseMock.warehouseId);
  vi.stubEnv('OPS_SESSIONS', SESSION);
  try {
    return proxyOptions();
  } finally {
    vi.unstubAllEnvs();
  }
}

/** Sends a body a byte every 50 ms (for 10 s at most); resolves with the status of the answer that stops it. */
function trickle(origin: string, path: string): Promise<number> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method: 'POST', path, headers: { 'content-type': 'application/json', cookie: `session=${SESSION}` } },
      (res) => {
        res.resume();
        resolve(res.statusCode!);
      },
    );
    req.on('error', reject);
    let sent = 0;
    const timer = setInterval(() => {
      if (req.destroyed || sent++ >= 200) return clearInterval(timer);
      req.write('{');
    }, 50);
    req.on('close', () => clearInterval(timer));
  });
}

describe('the guide "Browser apps and the proxy" (docs/browser-apps.md)', () => {
  /** The lines of `file` between its `#region guide` markers, dedented: what the guide must show as they are. */
  const recipeOf = (file: string) => {
    const text = readFileSync(new URL(`../../examples/servers/${file}`, import.meta.url), 'utf8');
    const region = /^( *)\/\/ #region guide\n([\s\S]*?)^ *\/\/ #endregion guide$/m.exec(text);
    expect(region, `${file} marks the lines the guide shows`).not.toBeNull();
    const indent = region![1]!.length;
    return region![2]!
      .split('\n')
      .map((line) => line.slice(indent))
      .join('\n');
  };

  it("shows each server example's mount as the example has it, in a block of its own", () => {
    const blocks = blocksOf('docs/browser-apps.md').map((block) => block.code);
    for (const file of ['express.ts', 'fastify.ts', 'koa.ts', 'hono.ts', 'node-http.ts', 'next/app/opslink/[...path]/route.ts']) {
      const recipe = recipeOf(file);
      expect(blocks.filter((block) => block.includes(recipe)).length, `blocks of the guide holding ${file}'s recipe:\n${recipe}`).toBe(1);
    }
  });
});
