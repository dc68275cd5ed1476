/**
 * The Express 5 and Next.js 16 examples of examples/servers/ in real Chromium (one browser for
 * the file): the same page (examples/servers/page.ts), served by each app at its own origin,
 * with the signed-in user's session cookie, lists shipped shipments with `for await`, sends a
 * direct message, creates an order with a label file chosen in a file input, shows a
 * pre-flight refusal beside the form before any request, and shows the 403 of an operation
 * the app does not allow pages. Express: the example's app (the proxy mounted at /opslink
 * before express.json()), with the page's two routes after them, bundled by esbuild. Next.js:
 * the example app built with `next build` and served by `next start`, as in production (the
 * route handler app/opslink/[...path]/route.ts, the page a client component bundled by Next),
 * in a process of its own; the build also holds the trap of its row: a route that made its
 * proxy when loaded would fail `next build`, where the services' variables are not set.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { createProxy } from 'opslink/proxy';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expressApp } from '../../examples/servers/express.ts';
import { proxyOptions } from '../../examples/servers/opslink.ts';
import { MESSAGING_ENV, WAREHOUSE_ENV } from '../../src/index.js';
import { createMessagingMock, createWarehouseMock, type MockServer, startMockServer } from '../../src/testing/index.js';
import { launchChromium, runChromiumTests, watchPage } from '../support/chromium.js';

const SESSION = 'ops-session-c41d';
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const EXAMPLES = here('../../examples/servers/');
const NEXT_APP = `${EXAMPLES}next`;
const NEXT_BIN = here('../../node_modules/next/dist/bin/next');

const messagingMock = createMessagingMock();
const warehouseMock = createWarehouseMock({ inboundOrders: 20, shipments: 45 });
let services: MockServer;
let browser: Browser;
const origins: Record<string, string> = {};
const stops: (() => Promise<void> | void)[] = [];
const shipped = () => warehouseMock.state.shipments.filter((s) => s.status === 'shipped').length;
const reached = () => messagingMock.requests.size + warehouseMock.requests.size;

/** The environment a deployed app has: its services, and the sessions its authorize takes. */
function appEnvironment(): Record<string, string> {
  return {
    [MESSAGING_ENV.baseUrl]: services.messagingBaseUrl,
    [MESSAGING_ENV.botKey]: messagingMock.botKey,
    [WAREHOUSE_ENV.baseUrl]: services.warehouseBaseUrl,
    [WAREHOUSE_ENV.apiKey]: warehouseMock.apiKey,
    [WAREHOUSE_ENV.warehouseId]: warehouseMock.warehouseId,
    OPS_SESSIONS: SESSION,
  };
}

/** Runs `next args` in the example app; resolves with its output once `until` shows in it (or it exits 0, with no `until`). */
function next(args: string[], env: Record<string, string>, until?: string): Promise<{ child: ChildProcess; output: string }> {
  const child = spawn(process.execPath, [NEXT_BIN, ...args], {
    cwd: NEXT_APP,
    env: { ...process.env, ...env, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      if (until && output.includes(until)) resolve({ child, output });
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) =>
      code === 0 && !until ? resolve({ child, output }) : reject(new Error(`next ${args[0]} exited ${code}:\n${output}`)),
    );
  });
}

/** A free port on 127.0.0.1 for `next start`, which takes one and cannot say which it took. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function startNext(): Promise<string> {
  // Built without the services' variables, as a build machine has none: the route makes its proxy at the first request.
  const withoutServices = Object.fromEntries(Object.keys(appEnvironment()).map((name) => [name, '']));
  await next(['build'], withoutServices);
  const port = await freePort();
  const { child } = await next(['start', '--port', String(port), '--hostname', '127.0.0.1'], appEnvironment(), 'Ready');
  stops.push(() => {
    child.kill('SIGTERM');
  });
  return `http://127.0.0.1:${port}`;
}

/** The Express example's app with the page's own routes after the proxy and the parser, as an app adds its pages. */
async function startExpress(): Promise<string> {
  for (const [name, value] of Object.entries(appEnvironment())) vi.stubEnv(name, value);
  const handle = createProxy(proxyOptions());
  vi.unstubAllEnvs();
  const bundle = await build({
    stdin: {
      contents: "import { startPage } from './page.ts';\nstartPage(document.querySelector('main')!);",
      resolveDir: EXAMPLES,
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    tsconfigRaw: '{}',
    write: false,
  });
  const app = expressApp(handle);
  app.get(
    '/',
    (_req, res) =>
      void res
        .type('html')
        .send(
          '<!doctype html><title>Ops</title><link rel="icon" href="data:,"><main></main><script type="module" src="/page.js"></script>',
        ),
  );
  app.get('/page.js', (_req, res) => void res.type('js').send(bundle.outputFiles[0]!.text));
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stops.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe.runIf(runChromiumTests)('the server examples in Chromium', () => {
  beforeAll(async () => {
    services = await startMockServer({ messaging: messagingMock, warehouse: warehouseMock });
    const [express, nextjs, launched] = await Promise.all([startExpress(), startNext(), launchChromium()]);
    origins['Express 5'] = express;
    origins['Next.js 16'] = nextjs;
    browser = launched;
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    for (const stop of stops) await stop();
    await services?.close();
  });

  describe.each(['Express 5', 'Next.js 16'])('the %s example', (name) => {
    let context: BrowserContext;
    let page: Page;
    let watch: { problems: string[] };
    /** Every request the page made to the proxy. */
    const proxied: string[] = [];

    beforeAll(async () => {
      messagingMock.reset();
      warehouseMock.reset();
      const origin = origins[name]!;
      context = await browser.newContext();
      // The signed-in user: the app's session cookie, as its sign-in would have set it.
      await context.addCookies([{ name: 'session', value: SESSION, url: origin, httpOnly: true, sameSite: 'Strict' }]);
      page = await context.newPage();
      // The 403 below is a refused request: Chromium says so on its console.
      watch = watchPage(page, [/status of 403/]);
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/opslink/')) proxied.push(`${request.method()} ${new URL(request.url()).pathname}`);
      });
      await page.goto(`${origin}/`);
      await page.waitForSelector('#list');
    }, 60_000);
    afterAll(async () => {
      await context?.close();
      expect(watch.problems).toEqual([]);
    });

    it('lists every shipped shipment with for await, one proxy request a page', async () => {
      await page.click('#list');
      await expect.poll(() => page.textContent('#list-status'), { timeout: 15_000 }).toBe(`${shipped()} shipped shipments`);
      expect(await page.locator('#shipments li').count()).toBe(shipped());
      expect(proxied).toEqual(Array.from({ length: Math.ceil(shipped() / 10) }, () => 'GET /opslink/warehouse/api/v1/shipments'));
    });

    it('shows a pre-flight refusal beside the form, and sends nothing', async () => {
      const before = { proxied: proxied.length, reached: reached() };
      await page.click('#dm button[type=submit]');
      await expect.poll(() => page.textContent('#dm-status')).toMatch(/^Not sent: to\.email: must not be empty; body: /);
      expect({ proxied: proxied.length, reached: reached() }).toEqual(before);
    });

    it("sends a direct message, through the app's proxy, with the server's key", async () => {
      await page.fill('#dm input[name=email]', messagingMock.state.employees.find((e) => e.active)!.email);
      await page.fill('#dm textarea[name=body]', `Dock 3 is free (${name}) 🚚`);
      await page.click('#dm button[type=submit]');
      await expect.poll(() => page.textContent('#dm-status'), { timeout: 15_000 }).toBe('Sent.');
      expect(messagingMock.state.directMessages.map((m) => m.body)).toEqual([`Dock 3 is free (${name}) 🚚`]);
      expect(messagingMock.requests.last()?.request.headers.authorization).toBe('Bearer ••••');
    });

    it('creates an order with the label file chosen in the page, as multipart', async () => {
      const pdf = Buffer.from('%PDF-1.4 a label the page chose');
      await page.fill('#order input[name=order_number]', `PO-${name.length}01`);
      await page.setInputFiles('#order input[name=label]', { name: 'label.pdf', mimeType: 'application/pdf', buffer: pdf });
      await page.click('#order button[type=submit]');
      await expect.poll(() => page.textContent('#order-status'), { timeout: 15_000 }).toMatch(/^Created [0-9a-f-]{36}$/);
      const id = (await page.textContent('#order-status'))!.slice('Created '.length);
      const stored = warehouseMock.state.inboundOrders.find((o) => o.order_id === id);
      expect(stored?.shipping_label_files).toEqual([{ name: 'label.pdf', size: pdf.length, type: 'application/pdf' }]);
    });

    it('shows the 403 of an operation the app does not allow pages, and nothing reached the service', async () => {
      const before = reached();
      await page.click('#announce');
      await expect
        .poll(() => page.textContent('#announce-status'), { timeout: 15_000 })
        .toBe('Refused (403): postAnnouncement is not allowed through this proxy');
      expect(reached()).toBe(before);
    });
  });
});
