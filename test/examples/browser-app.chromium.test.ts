/**
 * examples/browser-app in real Chromium (the system browser through playwright-core): its page,
 * bundled for a browser, lists shipments with `for await` and sends a direct message from a
 * form through the app's own opslink/proxy, without `dangerouslyAllowBrowser`; a pre-flight
 * error shows beside its field before any request; and no key (nor the warehouse id) is in
 * the page's scripts, its DOM, or anything it sends or receives.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBrowserApp } from '../../examples/browser-app/server.ts';
import { MessagingClient, WarehouseClient } from '../../src/index.js';
import { createMessagingMock, createWarehouseMock, type MockServer, startMockServer } from '../../src/testing/index.js';
import { launchChromium, runChromiumTests, watchPage } from '../support/chromium.js';

const messagingMock = createMessagingMock();
const warehouseMock = createWarehouseMock({ inboundOrders: 60, shipments: 45 });
let services: MockServer;
let app: Awaited<ReturnType<typeof startBrowserApp>>;
let browser: Browser;
let page: Page;
let watch: { problems: string[] };
/** Everything the page sent and received: each request's URL, headers and body, each response's headers and body. */
let traffic: string[];
let proxied: number;

const shipped = () => warehouseMock.state.shipments.filter((s) => s.status === 'shipped').length;
const reached = () => messagingMock.requests.size + warehouseMock.requests.size;

describe.runIf(runChromiumTests)('the browser app in Chromium', () => {
  beforeAll(async () => {
    services = await startMockServer({ messaging: messagingMock, warehouse: warehouseMock });
    app = await startBrowserApp({
      messaging: new MessagingClient({ baseUrl: services.messagingBaseUrl, botKey: messagingMock.botKey }),
      warehouse: new WarehouseClient({
        baseUrl: services.warehouseBaseUrl,
        apiKey: warehouseMock.apiKey,
        warehouseId: warehouseMock.warehouseId,
      }),
    });
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await services?.close();
  });
  beforeEach(async () => {
    messagingMock.reset();
    warehouseMock.reset();
    page = await browser.newPage();
    watch = watchPage(page);
    traffic = [];
    proxied = 0;
    page.on('request', (request) => {
      // Counted as it is made (traffic fills later, as headers and bodies are read), and only what
      // goes to the proxy: Chromium may ask for a favicon at any time.
      if (new URL(request.url()).pathname.startsWith('/opslink')) proxied += 1;
      void request
        .allHeaders()
        .then((headers) => traffic.push(`${request.method()} ${request.url()} ${JSON.stringify(headers)} ${request.postData() ?? ''}`));
    });
    page.on('response', (response) => {
      void response
        .body()
        .catch(() => Buffer.from(''))
        .then(async (body) => traffic.push(`${response.status()} ${JSON.stringify(await response.allHeaders())} ${body.toString('utf8')}`));
    });
  });
  afterEach(async () => {
    await page.close();
    expect(watch.problems).toEqual([]);
  });

  it('lists every shipped shipment with for await, one proxy request per page', async () => {
    await page.goto(`${app.url}/`);
    await expect.poll(() => page.textContent('#list-status'), { timeout: 10_000 }).toBe(`${shipped()} shipped shipments`);
    expect(await page.locator('#shipments tbody tr').count()).toBe(shipped());
    const asked = warehouseMock.requests.all().map((r) => r.path);
    expect(asked).toEqual(
      Array.from({ length: Math.ceil(shipped() / 10) }, (_, i) => `/api/v1/shipments?offset=${i * 10}&limit=10&statuses=shipped`),
    );
  });

  it('shows pre-flight errors beside the fields, before any request', async () => {
    await page.goto(`${app.url}/`);
    await expect.poll(() => page.textContent('#list-status'), { timeout: 10_000 }).toMatch(/shipped shipments/);
    const before = { proxied, reached: reached() };
    await page.fill('#body', 'x'.repeat(4001));
    await page.click('button[type=submit]');
    await expect.poll(() => page.textContent('#email-error')).toBe('must not be empty');
    expect(await page.textContent('#body-error')).toMatch(/4000/);
    expect(await page.textContent('#dm-status')).toBe('Not sent: check the fields above.');
    expect({ proxied, reached: reached() }).toEqual(before);
  });

  it('sends a direct message from the form, through the proxy, with the server key', async () => {
    await page.goto(`${app.url}/`);
    const email = messagingMock.state.employees.find((e) => e.active)!.email;
    await page.fill('#email', email);
    await page.fill('#body', 'Dock 3 is free 🚚');
    await page.click('button[type=submit]');
    await expect.poll(() => page.textContent('#dm-status'), { timeout: 10_000 }).toBe('Sent.');
    expect(messagingMock.state.directMessages.map((m) => m.body)).toEqual(['Dock 3 is free 🚚']);
    expect(messagingMock.requests.last()?.request.headers.authorization).toBe('Bearer ••••');
  });

  it('holds no key and no warehouse id: not in its scripts, its DOM, its requests or the answers it gets', async () => {
    await page.goto(`${app.url}/`);
    await expect.poll(() => page.textContent('#list-status'), { timeout: 10_000 }).toMatch(/shipped shipments/);
    await page.fill('#email', messagingMock.state.employees.find((e) => e.active)!.email);
    await page.fill('#body', 'hello');
    await page.click('button[type=submit]');
    await expect.poll(() => page.textContent('#dm-status'), { timeout: 10_000 }).toBe('Sent.');
    const scripts = await page.evaluate(async () => {
      const sources = [...document.scripts].map((s) => s.src).filter(Boolean);
      return (await Promise.all(sources.map(async (src) => (await fetch(src)).text()))).join('\n');
    });
    const everything = [scripts, await page.content(), ...traffic].join('\n');
    expect(scripts.length).toBeGreaterThan(10_000);
    expect(traffic.some((t) => t.includes('/opslink/warehouse/api/v1/shipments'))).toBe(true);
    for (const secret of [
      messagingMock.botKey,
      messagingMock.channelKey,
      messagingMock.webhookUrl,
      warehouseMock.apiKey,
      warehouseMock.warehouseId,
    ]) {
      expect(everything.includes(secret), 'a secret in the page').toBe(false);
    }
    // No credential header in anything the page sent (the SDK's own code names them, so its scripts are not searched for the names).
    const sent = traffic.filter((t) => /^(GET|POST|PUT) /.test(t));
    expect(sent.filter((t) => /"(authorization|x-warehouse-id)"/i.test(t))).toEqual([]);
    // opslink/proxy stays out of the page's bundle.
    expect(/is not allowed through this proxy|access-control-allow-origin/.test(scripts)).toBe(false);
    // Bundled as a browser app is: the fetch transport and no tracing channels.
    expect(/node:http|diagnostics_channel/.test(scripts)).toBe(false);
  });
});
