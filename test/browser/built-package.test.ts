/**
 * Runs in real Chromium against the BUILT package (dist/), the way a browser app bundles
 * it: both clients, retries, typed errors and redaction with the platform's own fetch,
 * FormData and AbortSignal. A page's main thread needs `dangerouslyAllowBrowser` for a client
 * with a credential (see browser-guard.test.ts); these tests pass it.
 */
import { describe, expect, it } from 'vitest';
import {
  APIUserAbortError,
  AuthenticationError,
  MessagingClient,
  RateLimitError,
  RequestValidationError,
  WarehouseClient,
} from '../../dist/index.js';
import { createMessagingMock, createWarehouseMock } from '../../dist/testing/index.js';

describe('opslink in Chromium', () => {
  it('runs in a real browser', () => {
    expect(navigator.userAgent).toMatch(/Chrome/);
  });

  it('sends a direct message and posts an embed through a webhook URL', async () => {
    const mock = createMessagingMock();
    const bot = new MessagingClient({ baseUrl: mock.baseUrl, botKey: mock.botKey, fetch: mock.fetch, dangerouslyAllowBrowser: true });
    const sent = await bot.sendDirectMessage({ to: { email: mock.state.employees[0]!.email.toUpperCase() }, body: 'Hi from Chromium 👋' });
    expect(sent).toHaveProperty('id');
    const hook = MessagingClient.fromWebhookUrl(mock.webhookUrl, { fetch: mock.fetch, dangerouslyAllowBrowser: true });
    await hook.postChannelMessage({ embeds: [{ title: 'Browser build', color: 0x2ecc71, timestamp: new Date() }] });
    expect(mock.state.channelMessages).toHaveLength(1);
  });

  it('retries a 429 and reports a wrong key as AuthenticationError without the key', async () => {
    const mock = createMessagingMock();
    mock.faults.status('POST /api/bot/announcements', 429, { retryAfter: 0 });
    const bot = new MessagingClient({ baseUrl: mock.baseUrl, botKey: mock.botKey, fetch: mock.fetch, dangerouslyAllowBrowser: true });
    const announcement = await bot.postAnnouncement({ title: 'Stocktake', body: 'Friday' });
    expect(announcement.title).toBe('Stocktake');
    const wrong = new MessagingClient({
      baseUrl: mock.baseUrl,
      botKey: 'bot_WRONG_SECRET',
      fetch: mock.fetch,
      dangerouslyAllowBrowser: true,
    });
    const error = await wrong.postAnnouncement({ title: 't', body: 'b' }).catch((e) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(`${error.message} ${error.stack} ${JSON.stringify(error)}`).not.toContain('WRONG_SECRET');
    mock.faults.status(undefined, 429, { retryAfter: 3600 });
    expect(await bot.postAnnouncement({ title: 't', body: 'b' }).catch((e) => e)).toBeInstanceOf(RateLimitError);
  });

  it('uploads a multipart order with a Blob label and walks pages', async () => {
    const mock = createWarehouseMock({ inboundOrders: 30 });
    const warehouse = new WarehouseClient({
      baseUrl: mock.baseUrl,
      apiKey: mock.apiKey,
      warehouseId: mock.warehouseId,
      fetch: mock.fetch,
      dangerouslyAllowBrowser: true,
    });
    const { order_id } = await warehouse.inbound.create({
      date: new Date(Date.UTC(2026, 10, 2)),
      retailer: 'Target',
      order_number: 'PO-7',
      item_name: 'Lamp',
      color: 'black',
      brand_sku: 'LAMP-1',
      quantity: 2,
      unit_cost: 3,
      list_price: 9,
      fulfillment_type: 'two-step',
      shipping_label_files: new File(['%PDF-1.4'], 'label.pdf', { type: 'application/pdf' }),
    });
    expect(order_id).toMatch(/^[0-9a-f-]{36}$/);
    const ids: string[] = [];
    for await (const order of warehouse.inbound.list({ limit: 7 })) ids.push(order.order_id);
    expect(ids).toHaveLength(31);
    expect(new Set(ids).size).toBe(31);
  });

  it('catches a mistake before sending and aborts on a signal', async () => {
    const mock = createMessagingMock();
    const bot = new MessagingClient({ baseUrl: mock.baseUrl, botKey: mock.botKey, fetch: mock.fetch, dangerouslyAllowBrowser: true });
    const invalid = await bot.sendDirectMessage({ to: { email: 'a@b.c' }, body: 'x'.repeat(4001) }).catch((e) => e);
    expect(invalid).toBeInstanceOf(RequestValidationError);
    expect(invalid.issues[0].path).toEqual(['body']);
    const aborted = await bot.sendDirectMessage({ to: { email: 'a@b.c' }, body: 'x' }, { signal: AbortSignal.abort() }).catch((e) => e);
    expect(aborted).toBeInstanceOf(APIUserAbortError);
  });
});
