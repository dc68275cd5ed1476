/**
 * `viaProxy` on both clients: a client for a web page that holds no key, sends no credential
 * and no warehouse id, to the service's own paths under `<url>/messaging` and
 * `<url>/warehouse`; everything else as usual. (In a real page, without
 * `dangerouslyAllowBrowser`: test/examples/browser-app.chromium.test.ts.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigurationError, MessagingClient, RequestValidationError, WarehouseClient } from '../../src/index.js';

/** A fetch that records what was sent and answers as the services would. */
function recorder() {
  const sent: { url: string; headers: Record<string, string> }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    sent.push({ url, headers: init.headers as Record<string, string> });
    const page = url.includes('/shipments')
      ? { status: 'success', message: 'ok', data: { shipments: [], results: { offset: 0, limit: 200, total_results: 0 } }, errors: null }
      : { id: 'm1' };
    return new Response(JSON.stringify(page), {
      status: url.includes('/shipments') ? 200 : 201,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof globalThis.fetch;
  return { sent, fetch };
}

const location = (globalThis as { location?: unknown }).location;
afterEach(() => {
  (globalThis as { location?: unknown }).location = location;
});

describe('viaProxy', () => {
  it('sends to the service paths under <url>/messaging and <url>/warehouse, with no credential and no warehouse id', async () => {
    const { sent, fetch } = recorder();
    const messaging = MessagingClient.viaProxy('https://app.example.com/opslink/', { fetch });
    const warehouse = WarehouseClient.viaProxy(new URL('https://app.example.com/opslink'), { fetch });
    await messaging.sendDirectMessage({ to: { email: 'ana@example.com' }, body: 'hi' });
    await messaging.postChannelMessage({ content: 'no channel key needed' });
    await warehouse.shipments.list();
    expect(sent.map((s) => s.url)).toEqual([
      'https://app.example.com/opslink/messaging/api/bot/messages',
      'https://app.example.com/opslink/messaging/api/automation/messages',
      'https://app.example.com/opslink/warehouse/api/v1/shipments?offset=0&limit=200',
    ]);
    for (const { headers } of sent) {
      expect(Object.keys(headers).filter((name) => /authorization|warehouse/i.test(name))).toEqual([]);
    }
    expect(messaging.baseUrl).toBe('https://app.example.com/opslink/messaging');
    expect(warehouse.baseUrl).toBe('https://app.example.com/opslink/warehouse/api/v1');
    expect(warehouse.warehouseId).toBe('');
    expect(JSON.stringify(warehouse)).toBe(
      '{"baseUrl":"https://app.example.com/opslink/warehouse/api/v1","warehouseId":"","apiKey":"[not set]"}',
    );
  });

  it('resolves a path against the page, and refuses one outside a page with a ConfigurationError naming url', () => {
    expect(() => MessagingClient.viaProxy('/opslink')).toThrow(ConfigurationError);
    const error = (() => {
      try {
        WarehouseClient.viaProxy('/opslink');
      } catch (e) {
        return e as ConfigurationError;
      }
    })();
    expect(error?.option).toBe('url');
    expect(error?.message).toMatch(/url: must be an absolute http\(s\) URL, or a path in a web page/);
    (globalThis as { location?: unknown }).location = { href: 'https://app.example.com/shop/orders.html?tab=2' };
    expect(MessagingClient.viaProxy('/opslink').baseUrl).toBe('https://app.example.com/opslink/messaging');
    expect(WarehouseClient.viaProxy('opslink').baseUrl).toBe('https://app.example.com/shop/opslink/warehouse/api/v1');
  });

  it('refuses a URL that is not http(s), or that carries a query, naming url', () => {
    for (const url of [
      'ftp://files.example.com/opslink',
      'https://app.example.com/opslink?x=1',
      'https://user:pw@app.example.com/opslink',
    ]) {
      expect(() => MessagingClient.viaProxy(url), url).toThrow(/url: must/);
    }
  });

  it('refuses a credential passed anyway, naming it: the proxy adds the server one', () => {
    const given = { botKey: 'bot_key_00000000000001', webhookUrl: 'https://x.example/api/automation/webhooks/a/b' };
    expect(() => MessagingClient.viaProxy('https://app.example.com/opslink', given as never)).toThrow(
      /botKey: is not taken through a proxy[\s\S]*webhookUrl: is not taken through a proxy/,
    );
    expect(() => WarehouseClient.viaProxy('https://app.example.com/opslink', { apiKey: 'k', warehouseId: 'w' } as never)).toThrow(
      /apiKey: is not taken through a proxy[\s\S]*warehouseId: is not taken through a proxy/,
    );
  });

  it('checks input before sending, as every client does', async () => {
    const { sent, fetch } = recorder();
    const messaging = MessagingClient.viaProxy('https://app.example.com/opslink', { fetch });
    const error = await messaging.sendDirectMessage({ to: { email: 'ana@example.com' }, body: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toEqual([{ path: ['body'], message: expect.any(String) }]);
    const warehouse = WarehouseClient.viaProxy('https://app.example.com/opslink', { fetch });
    expect(await warehouse.shipments.retrieve('../admin').catch((e: unknown) => e)).toBeInstanceOf(RequestValidationError);
    expect(sent).toEqual([]);
  });

  it('stays a client through the proxy after withOptions, still sending no credential', async () => {
    const { sent, fetch } = recorder();
    const patient = WarehouseClient.viaProxy('https://app.example.com/opslink', { fetch }).withOptions({ timeout: 60_000 });
    await patient.shipments.list();
    expect(sent[0]!.headers).not.toHaveProperty('authorization');
    expect(sent[0]!.headers).not.toHaveProperty('x-warehouse-id');
  });
});
