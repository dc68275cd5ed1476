import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APIConnectionError, APIConnectionTimeoutError, MessagingClient, NotFoundError, WarehouseClient } from '../../../src/index.js';
import { createMessagingMock, createWarehouseMock, type MockServer, startMockServer } from '../../../src/testing/index.js';
import { interrupt, startUntil } from '../../support/spawn.js';
import { TWO_STEP_ORDER } from '../../support/warehouse-mock.js';

describe('startMockServer serves both mocks over real HTTP', () => {
  const messaging = createMessagingMock();
  const warehouse = createWarehouseMock({ inboundOrders: 45, shipments: 12 });
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({ messaging, warehouse });
  });
  afterAll(() => server.close());

  it('listens on 127.0.0.1 on a free port and names a base URL for each client', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.warehouseBaseUrl).toBe(`${server.url}/api/v1`);
    expect(server.messagingBaseUrl).toBe(server.url);
    expect(server.webhookUrl).toBe(`${server.url}/api/automation/webhooks/${messaging.channelId}/${messaging.channelKey}`);
  });

  it('answers both clients with the global fetch', async () => {
    const bot = new MessagingClient({ baseUrl: server.messagingBaseUrl, botKey: messaging.botKey });
    await bot.sendDirectMessage({ to: { email: messaging.state.employees[0]!.email }, body: 'over HTTP' });
    await MessagingClient.fromWebhookUrl(server.webhookUrl!).postChannelMessage({ content: 'via webhook' });
    expect(messaging.state.directMessages.at(-1)?.body).toBe('over HTTP');
    expect(messaging.state.channelMessages.at(-1)?.content).toBe('via webhook');

    const wh = new WarehouseClient({ baseUrl: server.warehouseBaseUrl, apiKey: warehouse.apiKey, warehouseId: warehouse.warehouseId });
    const ids: string[] = [];
    for await (const order of wh.inbound.list({ limit: 10 })) ids.push(order.order_id);
    expect(ids).toHaveLength(45);
    const label = new File(['%PDF'], 'label.pdf', { type: 'application/pdf' });
    const created = await wh.inbound.create({ ...TWO_STEP_ORDER, shipping_label_files: label });
    expect(warehouse.state.inboundOrders.find((o) => o.order_id === created.order_id)?.shipping_label_files).toEqual([
      expect.objectContaining({ name: 'label.pdf', size: 4 }),
    ]);
    expect(await wh.shipments.retrieve('00000000-0000-4000-8000-000000000000').catch((e) => e)).toBeInstanceOf(NotFoundError);
  });

  it('answers a browser preflight with CORS headers', async () => {
    const response = await fetch(`${server.warehouseBaseUrl}/inbound`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,x-warehouse-id',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization,x-warehouse-id');
    const plain = await fetch(`${server.url}/api/bot/messages`, { method: 'POST' });
    expect(plain.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('drops the connection and hangs when a fault is scripted', async () => {
    const bot = new MessagingClient({ baseUrl: server.messagingBaseUrl, botKey: messaging.botKey });
    messaging.faults.add({ route: 'POST /api/bot/announcements', fault: { drop: true } });
    expect(await bot.postAnnouncement({ title: 't', body: 'b' }).catch((e) => e)).toBeInstanceOf(APIConnectionError);
    messaging.faults.add({ route: 'POST /api/bot/announcements', fault: { hang: 5_000 } });
    const started = Date.now();
    // The short timeout on the hung call only: on the client it also bounded the plain answer
    // below, which a busy machine can take longer than 100 ms to give.
    expect(await bot.postAnnouncement({ title: 't', body: 'b' }, { timeout: 100 }).catch((e) => e)).toBeInstanceOf(
      APIConnectionTimeoutError,
    );
    expect(Date.now() - started).toBeLessThan(4_000);
    expect((await bot.postAnnouncement({ title: 'after', body: 'faults' })).title).toBe('after');
  });

  it('retries a scripted 503 on a GET and returns the page', async () => {
    warehouse.faults.status('GET /api/v1/shipments', 503, { times: 1 });
    const wh = new WarehouseClient({ baseUrl: server.warehouseBaseUrl, apiKey: warehouse.apiKey, warehouseId: warehouse.warehouseId });
    const page = await wh.shipments.list({ limit: 5 });
    expect(page.items).toHaveLength(5);
    expect(page.total).toBe(12);
  });

  it('closes every connection on close()', async () => {
    const other = await startMockServer({ messaging: createMessagingMock() });
    await fetch(`${other.url}/api/bot/messages`, { method: 'POST' });
    await other.close();
    await expect(fetch(`${other.url}/api/bot/messages`, { method: 'POST' })).rejects.toThrow();
  });
});

describe('the opslink-mock command', () => {
  it('prints the URLs and keys and serves until stopped', async () => {
    // The command as published: the built bin of the package (npm test builds first).
    const { child, output: out } = await startUntil(['dist/cli/opslink-mock.js', '--orders', '7', '--port', '0'], 'Press Ctrl+C');
    const base = /Warehouse API\n {2}base URL {6}(\S+)/.exec(out)?.[1];
    const apiKey = /API key {7}(\S+)/.exec(out)?.[1];
    const warehouseId = /warehouse id {2}(\S+)/.exec(out)?.[1];
    expect(out).toMatch(/webhook URL {3}http:\/\/127\.0\.0\.1:\d+\/api\/automation\/webhooks\//);
    const response = await fetch(`${base}/inbound?limit=100`, {
      headers: { authorization: `ApiKey ${apiKey}`, 'x-warehouse-id': warehouseId! },
    });
    const body = await response.json();
    expect(body.data.results.total).toBe(7);
    const inbox = /Inbox {11}(\S+)/.exec(out)?.[1];
    expect(inbox).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const page = await fetch(inbox!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<script type="module" src="/_inbox/app.js">');
    const log = await (await fetch(`${inbox}_mock/requests`)).json();
    expect(log.requests.map((r: { path: string }) => r.path)).toEqual(['/api/v1/inbound?limit=100']);
    await interrupt(child);
  });
});
