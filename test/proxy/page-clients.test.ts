/**
 * What a page sees through the proxy, with its `viaProxy` clients, on Node's server and as a
 * plain fetch handler: every operation works as it does straight against the service (pages,
 * multipart, bulk, typed errors), the server's client does the sending with its own keys,
 * and what the service answered reaches the page with only the headers a page may see.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  APIError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  MessagingClient,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
} from '../../src/index.js';
import { recordChannels } from '../support/channels.js';
import { type Harness, MODES, ORDER, startProxy } from './support.js';

describe.each(MODES)('a page through the proxy (%s)', (mode) => {
  let h: Harness;
  afterEach(() => h?.close());

  it('lists every shipment with for await, one page per request, each asked by the server client with its key and warehouse', async () => {
    h = await startProxy(mode);
    const names: string[] = [];
    for await (const shipment of h.pageWarehouse().shipments.list({ limit: 5, sort_key: 'name', sort_order: 'asc' }))
      names.push(shipment.name);
    expect(names).toHaveLength(12);
    expect(names).toEqual([...names].sort());
    const asked = h.warehouseMock.requests.all();
    expect(asked.map((r) => r.path)).toEqual([0, 5, 10].map((o) => `/api/v1/shipments?offset=${o}&limit=5&sort_key=name&sort_order=asc`));
    for (const request of asked) {
      expect(request.request.headers.authorization).toBe('ApiKey ••••');
      expect(request.request.headers['x-warehouse-id']).toBe(h.warehouseMock.warehouseId);
    }
  });

  it('awaits the first page of inbound orders, filtered, and pages on with getNextPage', async () => {
    h = await startProxy(mode);
    const first = await h.pageWarehouse().inbound.list({ limit: 4, fulfillment_types: ['fba', 'fbm'] });
    expect(first.items).toHaveLength(4);
    expect(first.items.every((o) => o.fulfillment_type === 'fba' || o.fulfillment_type === 'fbm')).toBe(true);
    const second = await first.getNextPage();
    expect(second.offset).toBe(4);
    expect(h.warehouseMock.requests.all().map((r) => r.path)).toEqual([
      '/api/v1/inbound?offset=0&limit=4&fulfillment_types=fba&fulfillment_types=fbm',
      '/api/v1/inbound?offset=4&limit=4&fulfillment_types=fba&fulfillment_types=fbm',
    ]);
  });

  it('retrieves a shipment in full', async () => {
    h = await startProxy(mode);
    const id = h.warehouseMock.state.shipments[3]!.shipment_id;
    const shipment = await h.pageWarehouse().shipments.retrieve(id);
    expect(shipment.shipment_id).toBe(id);
    expect(Array.isArray(shipment.boxes)).toBe(true);
  });

  it('sends a direct message, an announcement and a channel message, as the server client sends them', async () => {
    h = await startProxy(mode);
    const page = h.pageMessaging();
    const email = h.messagingMock.state.employees.find((e) => e.active)!.email;
    await page.sendDirectMessage({ to: { email }, body: 'Dock 3 is free' });
    const announcement = await page.postAnnouncement({ title: 'Stocktake', body: 'Friday from 6 am' });
    await page.postChannelMessage({ content: 'Low stock', embeds: [{ title: 'SKU 1042', color: 0xe67e22, timestamp: new Date() }] });
    expect(announcement.title).toBe('Stocktake');
    expect(h.messagingMock.state.directMessages.map((m) => m.body)).toEqual(['Dock 3 is free']);
    expect(h.messagingMock.state.channelMessages[0]).toMatchObject({ content: 'Low stock', embeds: [{ title: 'SKU 1042' }] });
    expect(h.messagingMock.requests.all().map((r) => [r.route, r.request.headers.authorization])).toEqual([
      ['POST /api/bot/messages', 'Bearer ••••'],
      ['POST /api/bot/announcements', 'Bearer ••••'],
      ['POST /api/automation/messages', 'Bearer ••••'],
    ]);
  });

  it("posts a page's channel message to the server's webhook URL when the server client has one", async () => {
    h = await startProxy(mode, {
      clients: ({ messagingMock }) => ({
        messaging: MessagingClient.fromWebhookUrl(messagingMock.webhookUrl, { fetch: messagingMock.fetch }),
        warehouse: undefined,
      }),
      allow: ['postChannelMessage'],
    });
    await h.pageMessaging().postChannelMessage({ content: 'Deploy finished' });
    expect(h.messagingMock.requests.all().map((r) => r.route)).toEqual(['POST /api/automation/webhooks/:channelId/:token']);
  });

  it('creates an order from a multipart form, label file and text byte for byte, and uploads a CSV in bulk', async () => {
    h = await startProxy(mode);
    const page = h.pageWarehouse();
    const label = new File(['%PDF-1.4 label'], 'label.pdf', { type: 'application/pdf' });
    const { order_id } = await page.inbound.create({ ...ORDER, shipping_label_files: label });
    const stored = h.warehouseMock.state.inboundOrders.find((o) => o.order_id === order_id)!;
    expect(stored.client_notes).toBe('line one\nline two');
    expect(stored.tracking_numbers).toEqual(ORDER.tracking_numbers);
    expect(stored.shipping_label_files).toEqual([{ name: 'label.pdf', size: 14, type: 'application/pdf' }]);
    const rows = [
      { ...ORDER, order_number: 'PO-7002', fulfillment_type: 'wfs' as const, client_notes: 'x' },
      { ...ORDER, order_number: 'PO-7003', fulfillment_type: 'wfs' as const, client_notes: 'y' },
    ];
    const bulk = await page.inbound.createBulk(rows);
    expect(bulk.data).toMatchObject({ count: 2 });
  });

  it("updates an order; a rule only the service can decide comes back as the service's BadRequestError", async () => {
    h = await startProxy(mode);
    const page = h.pageWarehouse();
    const inbound = h.warehouseMock.state.inboundOrders.find((o) => o.status === 'inbound')!;
    await page.inbound.update(inbound.order_id, { notes: 'recounted' });
    expect(h.warehouseMock.state.inboundOrders.find((o) => o.order_id === inbound.order_id)!.client_notes).toBe('recounted');
    const shipped = h.warehouseMock.state.inboundOrders.find((o) => o.status === 'outbound' && o.fulfillment_type !== 'fba')!;
    const error = await page.inbound.update(shipped.order_id, { fulfilledBy: 'fba' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).errors?.join(' ')).toMatch(/fulfilledBy/);
  });

  it('sends a bulk send of the page as its items, each allowed by the item operation', async () => {
    h = await startProxy(mode, { allow: ['sendDirectMessage', 'inbound.update'] });
    const emails = h.messagingMock.state.employees.filter((e) => e.active).map((e) => e.email);
    const results = await h.pageMessaging().sendDirectMessages(emails.map((email) => ({ to: { email }, body: 'Stocktake at 6' })));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    const orders = h.warehouseMock.state.inboundOrders.filter((o) => o.status === 'inbound').slice(0, 2);
    const updates = await h.pageWarehouse().inbound.updateMany(orders.map((o) => ({ order_id: o.order_id, patch: { notes: 'checked' } })));
    expect(updates.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(h.reached()).toBe(4);
  });

  it('raises the usual error classes: 401 when authorize says no, 403 for an operation not allowed, 404 for a service not served', async () => {
    h = await startProxy(mode, {
      clients: ({ messagingMock }) => ({
        warehouse: undefined,
        messaging: new MessagingClient({ baseUrl: messagingMock.baseUrl, botKey: messagingMock.botKey, fetch: messagingMock.fetch }),
      }),
      allow: ['postAnnouncement'],
      authorize: (_request, call) => call.operation === 'postAnnouncement' && call.input.title !== 'forbidden',
    });
    const page = h.pageMessaging();
    expect(await page.postAnnouncement({ title: 'forbidden', body: 'x' }).catch((e: unknown) => e)).toBeInstanceOf(AuthenticationError);
    const denied = await page.sendDirectMessage({ to: { email: 'a@example.test' }, body: 'x' }).catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(PermissionDeniedError);
    expect((denied as PermissionDeniedError).message).toMatch(/sendDirectMessage is not allowed/);
    expect(
      await h
        .pageWarehouse()
        .shipments.list()
        .catch((e: unknown) => e),
    ).toBeInstanceOf(NotFoundError);
    expect(h.reached()).toBe(0);
  });

  it("answers 400 with the server client's own pre-flight issues when it is stricter than the page's", async () => {
    h = await startProxy(mode, { server: { ...({ embedLimits: 'chat-platform' } as object) } });
    const field = { name: 'Notes', value: 'x'.repeat(1500) };
    const error = await h
      .pageMessaging()
      .postChannelMessage({ embeds: [{ title: 'Long', fields: [field] }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).errors).toEqual([expect.stringMatching(/^embeds\.0\.fields\.0\.value: /)]);
    expect(h.reached()).toBe(0);
  });

  it('sends with the server client: its hooks see every request, its retries answer a 503 before the page hears of it', async () => {
    const seen: string[] = [];
    h = await startProxy(mode, { server: { hooks: { onRequest: (e) => seen.push(`${e.method} ${e.attempt}`) } } });
    h.warehouseMock.faults.status('GET /api/v1/shipments', 503, { times: 1 });
    const page = await h.pageWarehouse({ maxRetries: 0 }).shipments.list({ limit: 3 });
    expect(page.items).toHaveLength(3);
    expect(seen).toEqual(['GET 1', 'GET 2']);
  });

  it("traces each page's call as the server client's own: its operation's name, its attempts, no key", async () => {
    h = await startProxy(mode);
    const recorder = recordChannels();
    try {
      await h.pageWarehouse().shipments.list({ limit: 2 });
      await h.pageMessaging().postAnnouncement({ title: 'Traced', body: 'through the proxy' });
    } finally {
      recorder.stop();
    }
    // The page's own clients trace too (in Node); the server's calls are those to the mocks' hosts (*.opslink.test).
    const serverCalls = recorder.events.filter(
      (e) => e.channel === 'request' && e.event === 'start' && String(e.copy.url).includes('opslink.test'),
    );
    expect(serverCalls.map((e) => [e.copy.operation, e.copy.urlTemplate])).toEqual([
      ['shipments.list', '/api/v1/shipments'],
      ['postAnnouncement', '/api/bot/announcements'],
    ]);
    expect(JSON.stringify(serverCalls.map((e) => e.copy))).not.toContain(h.messagingMock.botKey);
  });

  it('answers 502 when the service cannot be reached, and 504 when it does not answer in time', async () => {
    h = await startProxy(mode, {
      clients: ({ warehouseMock }) => ({
        warehouse: undefined,
        messaging: new MessagingClient({ baseUrl: 'http://127.0.0.1:1', botKey: warehouseMock.apiKey, maxRetries: 0 }),
      }),
      allow: ['postAnnouncement'],
    });
    const unreachable = await h
      .pageMessaging({ maxRetries: 0 })
      .postAnnouncement({ title: 't', body: 'b' })
      .catch((e: unknown) => e);
    expect(unreachable).toBeInstanceOf(InternalServerError);
    expect((unreachable as APIError).status).toBe(502);
    await h.close();
    h = await startProxy(mode, { server: { timeout: 100, maxRetries: 0 } });
    h.warehouseMock.faults.add({ route: 'GET /api/v1/shipments', fault: { hang: 2_000 } });
    const late = await h
      .pageWarehouse({ maxRetries: 0 })
      .shipments.list()
      .catch((e: unknown) => e);
    expect((late as APIError).status).toBe(504);
  });

  it("passes the service's 429 on, and answers 429 with Retry-After while the server client's gate refuses (rateLimit: 'reject')", async () => {
    h = await startProxy(mode, { server: { rateLimit: 'reject', maxRetries: 0 } });
    h.warehouseMock.faults.status('GET /api/v1/shipments', 429, { times: 1, retryAfter: 30 });
    // Each page its own client (its own gate): the page's client pauses after a 429 too.
    const page = () => h.pageWarehouse({ maxRetries: 0, rateLimit: 'reject' });
    const limited = await page()
      .shipments.list()
      .catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(RateLimitError);
    expect((limited as RateLimitError).retryAfter).toBe(30);
    const reached = h.reached();
    const shed = await page()
      .shipments.list()
      .catch((e: unknown) => e);
    expect(shed).toBeInstanceOf(RateLimitError);
    expect((shed as RateLimitError).retryAfter).toBeGreaterThanOrEqual(29);
    expect((shed as RateLimitError).message).toMatch(/paused/);
    expect(h.reached()).toBe(reached);
  });

  it('answers 413 as an APIError when a page sends more than maxBodyBytes', async () => {
    h = await startProxy(mode, { maxBodyBytes: 1_000 });
    const error = await h
      .pageMessaging()
      .postAnnouncement({ title: 'Long', body: 'x'.repeat(2_000) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).status).toBe(413);
    expect(h.reached()).toBe(0);
  });
});
