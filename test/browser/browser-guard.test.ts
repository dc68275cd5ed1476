/**
 * Safe in browsers: in a web page's main thread, a client with a bot key, channel key,
 * webhook URL or warehouse API key throws a ConfigurationError that says why and what to do,
 * unless `dangerouslyAllowBrowser: true`. What needs no credential (the schemas of
 * `opslink/schemas`, `checkInboundUpdate`, `parseWebhookUrl`, a client with no key) works unchanged, and a Web
 * Worker is not a page's main thread. Real Chromium, the built package.
 */
import { describe, expect, it } from 'vitest';
import { ConfigurationError, checkInboundUpdate, MessagingClient, parseWebhookUrl, WarehouseClient } from '../../dist/index.js';
import { channelMessageSchema } from '../../dist/schemas/index.js';

const WEBHOOK = 'https://chat.example.com/api/automation/webhooks/0b9d7c4e-2f3a-4b5c-8d9e-0f1a2b3c4d5e/tok_SECRET';

function refusal(make: () => unknown): ConfigurationError {
  try {
    make();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return error as ConfigurationError;
  }
  throw new Error('the client was made');
}

describe('in a page’s main thread', () => {
  it.each([
    ['botKey', () => new MessagingClient({ baseUrl: 'https://chat.example.com', botKey: 'bot-key-123456' })],
    ['channelKey', () => new MessagingClient({ baseUrl: 'https://chat.example.com', channelKey: () => 'rotated-key' })],
    ['webhookUrl', () => MessagingClient.fromWebhookUrl(WEBHOOK)],
    ['apiKey', () => new WarehouseClient({ domain: 'example.com', apiKey: 'wh-key-123456', warehouseId: 'wh' })],
  ])('a client with %s throws ConfigurationError, saying why and what to do', (option, make) => {
    const error = refusal(make);
    expect(error.option).toBe(option);
    expect(error.message).toMatch(/every visitor can read it/);
    expect(error.message).toMatch(/call the API from your server \(or a proxy that adds the key\), or pass dangerouslyAllowBrowser: true/);
    expect(error.message).not.toContain('bot-key-123456');
    expect(error.message).not.toContain('tok_SECRET');
  });

  it('with dangerouslyAllowBrowser: true, the same clients are made', () => {
    expect(
      new MessagingClient({ baseUrl: 'https://chat.example.com', botKey: 'bot-key-123456', dangerouslyAllowBrowser: true }).baseUrl,
    ).toBe('https://chat.example.com');
    expect(MessagingClient.fromWebhookUrl(WEBHOOK, { dangerouslyAllowBrowser: true }).webhookChannelId).toBe(
      '0b9d7c4e-2f3a-4b5c-8d9e-0f1a2b3c4d5e',
    );
    expect(
      new WarehouseClient({ domain: 'example.com', apiKey: 'k-123456', warehouseId: 'wh', dangerouslyAllowBrowser: true }).baseUrl,
    ).toBe('https://api.example.com/api/v1');
  });

  it('a client through a proxy (viaProxy) is made without dangerouslyAllowBrowser, a path resolved against the page', () => {
    expect(MessagingClient.viaProxy('/opslink').baseUrl).toBe(`${location.origin}/opslink/messaging`);
    expect(WarehouseClient.viaProxy('/opslink').baseUrl).toBe(`${location.origin}/opslink/warehouse/api/v1`);
  });

  it('checks that need no credential work unchanged', () => {
    expect(channelMessageSchema.safeParse({ embeds: [{ title: 'ok', color: 0x2ecc71 }] }).success).toBe(true);
    expect(channelMessageSchema.safeParse({}).success).toBe(false);
    expect(checkInboundUpdate({ amazonSKU: 'X-1' }, { fulfillment_type: 'fbm', list_price: 10 }).map((v) => v.rule)).toEqual([
      'fbm_amazon_sku_prefix',
    ]);
    expect(parseWebhookUrl(WEBHOOK).channelId).toBe('0b9d7c4e-2f3a-4b5c-8d9e-0f1a2b3c4d5e');
    // A client without a key holds nothing to steal: it is made, and says what it lacks when used.
    const keyless = new MessagingClient({ baseUrl: 'https://chat.example.com' });
    return expect(keyless.sendDirectMessage({ to: { email: 'a@example.com' }, body: 'hi' })).rejects.toThrow(/needs the botKey option/);
  });
});

describe('in a Web Worker', () => {
  it('a client with a key is made without the flag: a worker is no page visitors read', async () => {
    const dist = new URL('../../dist/index.js', import.meta.url).href;
    const source = `import(${JSON.stringify(dist)}).then(({ MessagingClient }) => {
      try { new MessagingClient({ baseUrl: 'https://chat.example.com', botKey: 'bot-key-123456' }); postMessage('made'); }
      catch (e) { postMessage(e.name + ': ' + e.message); }
    });`;
    const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })), { type: 'module' });
    const result = await new Promise((resolve) => {
      worker.onmessage = (event) => resolve(event.data);
      worker.onerror = (event) => resolve(`error: ${event.message}`);
    });
    worker.terminate();
    expect(result).toBe('made');
  });
});
