/**
 * `toNodeListener` mounted as apps mount things: as Connect/Express middleware under a mount
 * path (the page keeps sending to `basePath`), beside an app's own routes (`next()` for what is
 * not the proxy's), after a body parser that already read the body (500, the cause in the
 * server's log, nothing sent on: never a 400 that blames the page), and as the promise Koa
 * waits on. Each with the real framework and its real parsers; the page is the SDK's own
 * `viaProxy` client.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bodyParser as koaBodyParser } from '@koa/bodyparser';
import express from 'express';
import Fastify, { type FastifyInstance } from 'fastify';
import { Hono } from 'hono';
import Koa from 'koa';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BadRequestError, InternalServerError, MessagingClient, NotFoundError, WarehouseClient } from '../../src/index.js';
import { toNodeListener } from '../../src/proxy/index.js';
import { type Harness, ORDER, startProxy } from './support.js';

const FAILED = 'The proxy could not complete the request.';
const label = () => new File(['%PDF-1.4 label'], 'label.pdf', { type: 'application/pdf' });

let h: Harness;
let close: () => Promise<void> = async () => {};
/** Every line the server clients' logger was given, by level. */
let lines: string[];
afterEach(async () => {
  await close();
  close = async () => {};
  await h?.close();
  vi.restoreAllMocks();
});

const logger = {
  debug: (line: string) => lines.push(`debug ${line}`),
  info: (line: string) => lines.push(`info ${line}`),
  warn: (line: string) => lines.push(`warn ${line}`),
  error: (line: string) => lines.push(`error ${line}`),
};

/** A proxy over fresh mocks whose server clients log at `error` into `lines`. */
async function proxy() {
  lines = [];
  h = await startProxy('fetch handler', { server: { logger, logLevel: 'error' } });
  return h.handle;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const serve = (listener: RequestListener) => listen(createServer(listener));

async function serveFastify(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  close = () => app.close();
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const page = (origin: string) => ({
  messaging: MessagingClient.viaProxy(`${origin}/opslink`),
  warehouse: WarehouseClient.viaProxy(`${origin}/opslink`),
});

const anEmployee = () => h.messagingMock.state.employees.find((e) => e.active)!.email;

/** What a page gets for a DM whose body a parser ate: a 500 with no detail, never the page's fault; and nothing sent on. */
async function expectBodyAlreadyRead(origin: string, evidence: RegExp) {
  const error = await page(origin)
    .messaging.sendDirectMessage({ to: { email: anEmployee() }, body: 'Dock 3 is free' }, { maxRetries: 0 })
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InternalServerError);
  expect(error).not.toBeInstanceOf(BadRequestError);
  expect((error as InternalServerError).status).toBe(500);
  expect((error as InternalServerError).body).toEqual({ message: FAILED, errors: [] });
  expect(h.reached()).toBe(0);
  const reported = lines.filter((line) => line.startsWith('error '));
  expect(reported).toHaveLength(1);
  expect(reported[0]).toMatch(/POST \/opslink\/messaging\/api\/bot\/messages/);
  expect(reported[0]).toMatch(/already read/);
  expect(reported[0]).toMatch(evidence);
  expect(reported[0]).toMatch(/before any body parser/);
  expect(reported[0]).toMatch(/nothing was sent on/i);
}

describe('toNodeListener as Express middleware', () => {
  it("serves the page under app.use('/opslink', …): it reads req.originalUrl, so basePath stays the page's path", async () => {
    const handle = await proxy();
    const app = express();
    app.use('/opslink', toNodeListener(handle));
    const origin = await serve(app);
    const { messaging, warehouse } = page(origin);
    await messaging.sendDirectMessage({ to: { email: anEmployee() }, body: 'Dock 3 is free' });
    let shipments = 0;
    for await (const _ of warehouse.shipments.list({ limit: 5 })) shipments++;
    expect(shipments).toBe(12);
    expect(h.messagingMock.state.directMessages.map((m) => m.body)).toEqual(['Dock 3 is free']);
  });

  it("hands next() every path outside basePath (the app's own routes), and answers its own 404 inside it", async () => {
    const handle = await proxy();
    const app = express();
    app.use(toNodeListener(handle));
    app.get('/health', (_req, res) => void res.send('ok'));
    const origin = await serve(app);
    const health = await fetch(`${origin}/health`);
    expect([health.status, await health.text()]).toEqual([200, 'ok']);
    const missing = await fetch(`${origin}/elsewhere`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toMatch(/Cannot GET \/elsewhere/); // Express's own 404: the proxy passed it on
    await expect(page(origin).warehouse.shipments.retrieve('not-a-uuid')).rejects.toThrow(); // pre-flight in the page
    const ours = await fetch(`${origin}/opslink/warehouse/api/v1/nothing`);
    expect(ours.status).toBe(404);
    expect(await ours.json()).toMatchObject({ status: 'failed', data: null });
  });

  it("says once, in the server's log, that it is mounted outside basePath (every call would go to next())", async () => {
    const handle = await proxy();
    const app = express();
    app.use('/api/opslink', toNodeListener(handle));
    const origin = await serve(app);
    const pageAtMount = MessagingClient.viaProxy(`${origin}/api/opslink`);
    for (let i = 0; i < 2; i++)
      await expect(pageAtMount.sendDirectMessage({ to: { email: anEmployee() }, body: 'hi' })).rejects.toThrow(NotFoundError);
    expect(lines).toEqual([
      expect.stringMatching(
        /^error \[opslink\] proxy: toNodeListener is mounted at \/api\/opslink, outside the proxy's basePath '\/opslink'.*basePath: '\/api\/opslink'/,
      ),
    ]);
    expect(h.reached()).toBe(0);
  });

  it('refuses a target written with dot segments under a mount as on its own server (the original URL is checked)', async () => {
    const handle = await proxy();
    const app = express();
    app.use('/opslink', toNodeListener(handle));
    const origin = await serve(app);
    const { port } = new URL(origin);
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method: 'GET', path: '/opslink/messaging/../warehouse/api/v1/shipments' }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(404);
    expect(h.reached()).toBe(0);
  });

  it('is still a plain Node listener: without next, a path outside basePath is its own 404', async () => {
    const handle = await proxy();
    const origin = await serve(toNodeListener(handle));
    const answer = await fetch(`${origin}/health`);
    expect(answer.status).toBe(404);
    await expect(page(origin).warehouse.shipments.list({ limit: 5 })).resolves.toMatchObject({ total: 12 });
  });
});

describe('a body another middleware read first', () => {
  it('express.json() before the proxy: a DM answers 500 (not 400), the log says so and how to mount; a create still goes', async () => {
    const handle = await proxy();
    const app = express();
    app.use(express.json());
    app.use(express.urlencoded());
    app.use('/opslink', toNodeListener(handle));
    const origin = await serve(app);
    await expectBodyAlreadyRead(origin, /req\.body was set/);
    // The page's forms are multipart: express.json() and express.urlencoded() leave them unread.
    await expect(page(origin).warehouse.inbound.create({ ...ORDER, shipping_label_files: label() })).resolves.toHaveProperty('order_id');
  });

  it("body-parser's raw and text parsers for every type: a create answers 500, the cause logged", async () => {
    for (const parser of [express.raw({ type: '*/*' }), express.text({ type: '*/*' })]) {
      const handle = await proxy();
      const app = express();
      app.use(parser);
      app.use('/opslink', toNodeListener(handle));
      const origin = await serve(app);
      const error = await page(origin)
        .warehouse.inbound.create({ ...ORDER, shipping_label_files: label() }, { maxRetries: 0 })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InternalServerError);
      expect(h.reached()).toBe(0);
      expect(lines).toEqual([expect.stringMatching(/^error .*POST \/opslink\/warehouse\/api\/v1\/inbound.*already read/)]);
      await close();
      await h.close();
    }
  });

  it('a middleware that read only the first chunk: a bulk upload answers 500 (not a 400 or 403 blaming the page), the log names the cause', async () => {
    const handle = await proxy();
    const app = express();
    // Takes the body's first chunk, then hands on: the rest reaches the proxy, short of its length.
    app.use((req, _res, next) => {
      req.once('data', () => {
        req.pause();
        next();
      });
    });
    app.use('/opslink', toNodeListener(handle));
    const origin = await serve(app);
    const csv = `date,retailer,order_number,item_name,color,brand_sku,quantity,unit_cost,list_price,fulfillment_type\r\n${'11/22/2026,Target,PO-1,Desk lamp,black,LAMP-BLK,12,9.5,24.99,wfs\r\n'.repeat(4_000)}`;
    const error = await page(origin)
      .warehouse.inbound.createBulk(csv, { maxRetries: 0 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(h.reached()).toBe(0);
    expect(lines).toEqual([
      expect.stringMatching(/^error .*POST \/opslink\/warehouse\/api\/v1\/inbound.*bytes its Content-Length announced/),
    ]);
  });

  it("Fastify's default parsers on a route: a DM answers 500, the log names the cause", async () => {
    const handle = await proxy();
    const listener = toNodeListener(handle);
    const app = Fastify();
    app.all('/opslink/*', (request, reply) => {
      reply.hijack();
      return listener(request.raw, reply.raw);
    });
    const origin = await serveFastify(app);
    await expectBodyAlreadyRead(origin, /read to its end/);
  });

  it('@koa/bodyparser before the proxy: a DM answers 500, the log names the cause', async () => {
    const handle = await proxy();
    const listener = toNodeListener(handle);
    const app = new Koa();
    app.use(koaBodyParser());
    app.use((ctx) => listener(ctx.req, ctx.res));
    const origin = await serve(app.callback());
    await expectBodyAlreadyRead(origin, /read to its end/);
  });

  it("a fetch handler handed a Request whose body was used (Hono's c.req.json() first): 500, the cause logged", async () => {
    const handle = await proxy();
    const app = new Hono();
    app.use('/opslink/*', async (c, next) => {
      if (c.req.header('content-type')?.startsWith('application/json')) await c.req.json();
      await next();
    });
    app.all('/opslink/*', (c) => handle(c.req.raw));
    const pageFetch = ((url: string, init: RequestInit) => app.fetch(new Request(url, init))) as typeof fetch;
    const messaging = MessagingClient.viaProxy('http://app.test/opslink', { fetch: pageFetch, maxRetries: 0 });
    const error = await messaging.sendDirectMessage({ to: { email: anEmployee() }, body: 'hello' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(h.reached()).toBe(0);
    expect(lines).toEqual([expect.stringMatching(/^error .*POST \/opslink\/messaging\/api\/bot\/messages.*already (read|used)/)]);
  });

  it("Hono's app.mount('/opslink', handle) takes the mount path off: a 404, and the log says once why and how to mount it", async () => {
    const handle = await proxy();
    const app = new Hono();
    app.mount('/opslink', handle);
    const pageFetch = ((url: string, init: RequestInit) => app.fetch(new Request(url, init))) as typeof fetch;
    const warehouse = WarehouseClient.viaProxy('http://app.test/opslink', { fetch: pageFetch, maxRetries: 0 });
    for (let i = 0; i < 2; i++) await expect(warehouse.shipments.list({ limit: 1 })).rejects.toBeInstanceOf(NotFoundError);
    expect(h.reached()).toBe(0);
    expect(lines).toEqual([
      expect.stringMatching(
        /^error .*GET \/warehouse\/api\/v1\/shipments reached the proxy without its basePath '\/opslink'.*app\.mount.*app\.all\('\/opslink\/\*'/,
      ),
    ]);
    // Mounted as the log says, the same page is served.
    const right = new Hono();
    right.all('/opslink/*', (c) => handle(c.req.raw));
    const served = WarehouseClient.viaProxy('http://app.test/opslink', {
      fetch: ((url: string, init: RequestInit) => right.fetch(new Request(url, init))) as typeof fetch,
    });
    await expect(served.shipments.list({ limit: 1 })).resolves.toMatchObject({ total: 12 });
  });

  it('says it on the console when the server clients log nothing (logLevel off): a mount error is not traffic', async () => {
    lines = [];
    h = await startProxy('fetch handler');
    const said = vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = express();
    app.use(express.json());
    app.use('/opslink', toNodeListener(h.handle));
    const origin = await serve(app);
    await expect(page(origin).messaging.sendDirectMessage({ to: { email: anEmployee() }, body: 'hi' })).rejects.toThrow(
      InternalServerError,
    );
    expect(said.mock.calls.map((call) => String(call[0]))).toEqual([expect.stringMatching(/^\[opslink\] .*already read/)]);
  });

  it('never logs a key, a token or the query a page sent', async () => {
    const handle = await proxy();
    const app = express();
    app.use(express.json());
    app.use('/opslink', toNodeListener(handle));
    const origin = await serve(app);
    await fetch(`${origin}/opslink/messaging/api/bot/messages?secret=page-said-this`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${h.messagingMock.botKey}` },
      body: JSON.stringify({ to: { email: anEmployee() }, body: 'x' }),
    });
    expect(lines).toHaveLength(1);
    for (const secret of [h.messagingMock.botKey, h.warehouseMock.apiKey, 'page-said-this']) expect(lines[0]).not.toContain(secret);
  });
});

describe('a framework whose Request URL names another host than the page (Next.js: localhost)', () => {
  it("takes the Host the page sent to for the proxy's own origin, and still refuses another site's page", async () => {
    const handle = await proxy();
    const write = (origin: string) =>
      handle(
        new Request('http://localhost:3000/opslink/messaging/api/bot/messages', {
          method: 'POST',
          headers: { host: 'ops.example.test', origin, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
          body: JSON.stringify({ to: { email: anEmployee() }, body: 'Dock 3 is free' }),
        }),
      );
    expect((await write('http://ops.example.test')).status).toBe(201);
    expect((await write('https://evil.example')).status).toBe(403);
    expect((await write('http://ops.example.test:8080')).status).toBe(403);
    expect(h.messagingMock.state.directMessages).toHaveLength(1);
  });
});

describe('toNodeListener as the promise Koa waits on', () => {
  it('answers from a plain Koa middleware (no ctx.respond = false): Koa waits, then leaves the answer alone', async () => {
    const handle = await proxy();
    const listener = toNodeListener(handle);
    const app = new Koa();
    app.use((ctx) => listener(ctx.req, ctx.res));
    const origin = await serve(app.callback());
    const { messaging, warehouse } = page(origin);
    await messaging.sendDirectMessage({ to: { email: anEmployee() }, body: 'From Koa' });
    expect((await warehouse.shipments.list({ limit: 5 })).items).toHaveLength(5);
    await expect(messaging.postAnnouncement({ title: 'x', body: 'y' })).resolves.toBeDefined();
    const missing = await page(origin)
      .warehouse.shipments.retrieve('3f6c2a9e-8b1d-4c57-9e2a-6d4b1f0c8a71')
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NotFoundError);
  });

  it('stops, and says how to mount it, when Koa answers first (a middleware that does not wait): nothing sent on', async () => {
    const handle = await proxy();
    const listener = toNodeListener(handle);
    const app = new Koa();
    app.use((ctx) => {
      void listener(ctx.req, ctx.res);
    });
    const origin = await serve(app.callback());
    const error = await page(origin)
      .messaging.sendDirectMessage({ to: { email: anEmployee() }, body: 'Dock 3 is free' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError); // Koa's own 404: the page heard from Koa, not from the proxy
    // The server client logs its aborted call as any failed call; the proxy says why, once.
    await expect.poll(() => lines.filter((line) => line.includes('proxy: ')).length).toBe(1);
    expect(lines.find((line) => line.includes('proxy: '))).toMatch(
      /^error \[opslink\] proxy: POST \/opslink\/messaging\/api\/bot\/messages: another handler answered/,
    );
    expect(lines.join('\n')).toMatch(/return its promise from the middleware .* or set ctx\.respond = false/);
    // The body was still arriving when Koa answered: the call was stopped before it was sent.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(h.reached()).toBe(0);
  });

  it("passes what is not the proxy's to Koa's next, and waits for it", async () => {
    const handle = await proxy();
    const listener = toNodeListener(handle);
    const app = new Koa();
    app.use((ctx, next) => listener(ctx.req, ctx.res, next));
    app.use(async (ctx) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      ctx.body = 'the app';
    });
    const origin = await serve(app.callback());
    const answer = await fetch(`${origin}/dashboard`);
    expect([answer.status, await answer.text()]).toEqual([200, 'the app']);
    await expect(page(origin).warehouse.shipments.list({ limit: 5 })).resolves.toMatchObject({ total: 12 });
  });
});
