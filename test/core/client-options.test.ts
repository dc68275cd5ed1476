/**
 * Options that fit real apps: credentials as functions called per request (a rotated key
 * takes effect on the next request and never appears anywhere), `withOptions` (a new client
 * sharing the rate-limit gate), and `fromEnv` reading the documented variables, options
 * passed winning.
 */
import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthenticationError, ConfigurationError, MessagingClient, WarehouseClient } from '../../src/index.js';
import { jsonResponse, ORDER_ID, SHIPMENT_DETAIL, scriptedFetch } from '../support/scripted-fetch.js';

const DM = { to: { email: 'ana@example.test' }, body: 'hi' };

describe('credentials as functions', () => {
  it('are called per request: a rotated key takes effect on the next request', async () => {
    let key = 'bot_FIRST_secret';
    const botKey = vi.fn(async () => key);
    const fetch = scriptedFetch(jsonResponse(201, {}));
    const client = new MessagingClient({ baseUrl: 'https://chat.example.test', botKey, fetch });
    await client.sendDirectMessage(DM);
    key = 'bot_SECOND_secret';
    await client.sendDirectMessage(DM);
    expect(fetch.calls.map((r) => r.headers.get('authorization'))).toEqual(['Bearer bot_FIRST_secret', 'Bearer bot_SECOND_secret']);
    expect(botKey).toHaveBeenCalledTimes(2);
  });

  it('are called again for a retry, and their values never appear in an error, a log or an inspect', async () => {
    const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const fetch = scriptedFetch((r) =>
      jsonResponse(401, { status: 'failed', message: `bad key ${r.headers.get('authorization')}`, data: null, errors: [r.url] }),
    );
    const apiKey = () => 'wh_ROTATED_secret_key';
    const client = new WarehouseClient({
      baseUrl: 'https://api.example.test',
      apiKey,
      warehouseId: 'wh',
      fetch,
      logger,
      logLevel: 'debug',
    });
    const error = await client.shipments.retrieve(ORDER_ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    const texts = [
      String(error),
      (error as Error).stack,
      JSON.stringify(error),
      inspect(error),
      inspect(client),
      JSON.stringify(client),
      ...logger.debug.mock.calls.flat(),
      ...logger.error.mock.calls.flat(),
    ];
    for (const text of texts) expect(text).not.toContain('wh_ROTATED_secret_key');
    expect((error as AuthenticationError).message).toBe('bad key ApiKey [redacted]');
    expect(JSON.stringify(client)).toContain('"apiKey":"[set]"');
  });

  it('a function that returns no usable key, or throws, is a ConfigurationError and nothing is sent', async () => {
    const fetch = scriptedFetch(jsonResponse(201, {}));
    const empty = new MessagingClient({ baseUrl: 'https://chat.example.test', botKey: () => '', fetch });
    const line = new MessagingClient({ baseUrl: 'https://chat.example.test', botKey: async () => 'key\r\nX-Injected: 1', fetch });
    const broken = new MessagingClient({
      baseUrl: 'https://chat.example.test',
      botKey: () => {
        throw new TypeError('vault unreachable');
      },
      fetch,
    });
    for (const client of [empty, line, broken]) {
      const error = await client.sendDirectMessage(DM).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as ConfigurationError).option).toBe('botKey');
    }
    expect(fetch.calls).toHaveLength(0);
  });
});

describe('options given as undefined', () => {
  // As `{ timeout: config.timeout }` passes them when the app's config leaves them out.
  const UNSET = { timeout: undefined, maxRetries: undefined, maxRetryAfter: undefined, maxConcurrency: undefined, rateLimit: undefined };
  const slow = async () => {
    await new Promise((resolve) => setTimeout(resolve, 30));
    return jsonResponse(201, {});
  };

  it('take their defaults, as options left out do: a 30 ms answer is not a timeout', async () => {
    const fetch = scriptedFetch(slow);
    const client = new MessagingClient({ baseUrl: 'https://chat.example.test', botKey: 'bot_key_undefined', fetch, ...UNSET });
    await expect(client.sendDirectMessage(DM, { timeout: undefined, maxRetries: undefined })).resolves.toBeDefined();
    expect(fetch.calls).toHaveLength(1);
  });

  it('keep the default retries of a read (2) on a warehouse client', async () => {
    const fetch = scriptedFetch(
      jsonResponse(503, {}),
      jsonResponse(503, {}),
      jsonResponse(200, { status: 'success', message: 'ok', data: { shipment: SHIPMENT_DETAIL }, errors: null }),
    );
    const client = new WarehouseClient({
      baseUrl: 'https://api.example.test',
      apiKey: 'wh-key-undefined',
      warehouseId: 'wh',
      fetch,
      ...UNSET,
    });
    await expect(client.shipments.retrieve(ORDER_ID)).resolves.toBeDefined();
    expect(fetch.calls).toHaveLength(3);
  });
});

describe('withOptions', () => {
  it('returns a new client with some options changed; the original keeps its own', async () => {
    const fetch = scriptedFetch(jsonResponse(201, {}));
    const client = new MessagingClient({ baseUrl: 'https://chat.example.test', botKey: 'bot-key-1', fetch, headers: { 'x-team': 'ops' } });
    const traced = client.withOptions({ headers: { 'x-team': 'ops', 'x-trace': 't-1' }, timeout: 5_000 });
    expect(traced).not.toBe(client);
    await traced.sendDirectMessage(DM);
    await client.sendDirectMessage(DM);
    expect(fetch.calls.map((r) => r.headers.get('x-trace'))).toEqual(['t-1', null]);
  });

  it('checks the changed options like the constructor does', () => {
    const client = new WarehouseClient({ domain: 'example.com', apiKey: 'k-123456', warehouseId: 'wh' });
    expect(() => client.withOptions({ timeout: -1 })).toThrow(ConfigurationError);
    expect(client.withOptions({ baseUrl: 'https://warehouse.internal' }).baseUrl).toBe('https://warehouse.internal/api/v1');
  });

  it('leaves an option given as undefined as it was, as one left out', async () => {
    const fetch = scriptedFetch(jsonResponse(201, {}));
    const client = new MessagingClient({ baseUrl: 'https://chat.example.test', botKey: 'bot-key-1', fetch });
    const same = client.withOptions({ botKey: undefined, baseUrl: undefined, timeout: undefined });
    await same.sendDirectMessage(DM);
    expect(fetch.calls[0]?.headers.get('authorization')).toBe('Bearer bot-key-1');
    expect(fetch.calls[0]?.url).toBe('https://chat.example.test/api/bot/messages');
    const warehouse = new WarehouseClient({ domain: 'example.com', apiKey: 'k-123456', warehouseId: 'wh' });
    expect(warehouse.withOptions({ apiKey: undefined, domain: undefined }).baseUrl).toBe(warehouse.baseUrl);
  });
});

describe('fromEnv', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('fromEnv and fromWebhookUrl refuse options that are not an object, at once (a long string is not read member by member)', () => {
    const WEBHOOK = 'https://chat.example.test/api/automation/webhooks/0b4a1c2e-1111-4222-8333-944455556666/tok';
    const long = 'a'.repeat(1 << 20);
    for (const make of [
      () => MessagingClient.fromEnv(long as never),
      () => WarehouseClient.fromEnv(long as never),
      () => MessagingClient.fromWebhookUrl(WEBHOOK, long as never),
      () => MessagingClient.fromWebhookUrl(WEBHOOK, null as never),
    ]) {
      // Before, a string was spread into an object of a member per character (seconds for 1 MB) and reported as other problems.
      expect(make).toThrow(ConfigurationError);
      expect(make).toThrow('options: must be an object');
    }
  });

  it('reads the messaging variables, options passed winning', () => {
    vi.stubEnv('OPSLINK_MESSAGING_URL', 'https://chat.example.test');
    vi.stubEnv('OPSLINK_BOT_KEY', 'bot-from-env');
    vi.stubEnv('OPSLINK_CHANNEL_KEY', 'chan-from-env');
    const client = MessagingClient.fromEnv();
    expect(client.toJSON()).toMatchObject({
      baseUrl: 'https://chat.example.test',
      botKey: '[set]',
      channelKey: '[set]',
      webhookUrl: '[not set]',
    });
    expect(MessagingClient.fromEnv({ baseUrl: 'https://other.example.test' }).baseUrl).toBe('https://other.example.test');
  });

  it('a channel key passed wins over a webhook URL in the environment (which would win over it in a client)', async () => {
    vi.stubEnv('OPSLINK_MESSAGING_URL', 'https://chat.example.test');
    vi.stubEnv('OPSLINK_WEBHOOK_URL', 'https://chat.example.test/api/automation/webhooks/0b9d7c4e-2f3a-4b5c-8d9e-0f1a2b3c4d5e/stale');
    const fetch = scriptedFetch(jsonResponse(201, { id: 'm1' }));
    const client = MessagingClient.fromEnv({ channelKey: 'chan-passed', fetch });
    expect(client.webhookChannelId).toBeUndefined();
    await client.postChannelMessage({ content: 'hi' });
    expect(fetch.calls[0]!.url).toBe('https://chat.example.test/api/automation/messages');
    expect(fetch.calls[0]!.headers.get('authorization')).toBe('Bearer chan-passed');
  });

  it('a missing key is named with the variable fromEnv reads it from', async () => {
    vi.stubEnv('OPSLINK_MESSAGING_URL', 'https://chat.example.test');
    vi.stubEnv('OPSLINK_BOT_KEY', '');
    vi.stubEnv('OPSLINK_CHANNEL_KEY', '');
    vi.stubEnv('OPSLINK_WEBHOOK_URL', '');
    const client = MessagingClient.fromEnv();
    const dm = await client.sendDirectMessage(DM).catch((e: unknown) => e);
    expect(dm).toBeInstanceOf(ConfigurationError);
    expect((dm as Error).message).toContain('needs the botKey option (MessagingClient.fromEnv reads it from OPSLINK_BOT_KEY)');
    const post = await client.postChannelMessage({ content: 'hi' }).catch((e: unknown) => e);
    expect((post as Error).message).toContain('OPSLINK_CHANNEL_KEY');
    expect((post as Error).message).toContain('or the webhookUrl option (OPSLINK_WEBHOOK_URL)');
  });

  it('a webhook URL alone is enough for messaging', () => {
    vi.stubEnv('OPSLINK_WEBHOOK_URL', 'https://chat.example.test/api/automation/webhooks/0b9d7c4e-2f3a-4b5c-8d9e-0f1a2b3c4d5e/tok');
    expect(MessagingClient.fromEnv().webhookChannelId).toBe('0b9d7c4e-2f3a-4b5c-8d9e-0f1a2b3c4d5e');
  });

  it('reads the warehouse variables: a URL, else a domain', async () => {
    vi.stubEnv('OPSLINK_WAREHOUSE_API_KEY', 'wh-from-env');
    vi.stubEnv('OPSLINK_WAREHOUSE_ID', 'wh-7');
    vi.stubEnv('OPSLINK_WAREHOUSE_DOMAIN', 'example.com');
    expect(WarehouseClient.fromEnv().baseUrl).toBe('https://api.example.com/api/v1');
    vi.stubEnv('OPSLINK_WAREHOUSE_URL', 'https://wh.internal');
    const fetch = scriptedFetch(jsonResponse(200, { status: 'success', message: 'ok', data: { shipment: SHIPMENT_DETAIL }, errors: null }));
    const client = WarehouseClient.fromEnv({ fetch });
    expect(client.baseUrl).toBe('https://wh.internal/api/v1');
    await client.shipments.retrieve(ORDER_ID);
    expect(fetch.calls[0]!.headers.get('authorization')).toBe('ApiKey wh-from-env');
    expect(fetch.calls[0]!.headers.get('x-warehouse-id')).toBe('wh-7');
    expect(WarehouseClient.fromEnv({ domain: 'example.org' }).baseUrl).toBe('https://api.example.org/api/v1');
  });

  it('names every missing variable at once', () => {
    for (const name of [
      'OPSLINK_WAREHOUSE_API_KEY',
      'OPSLINK_WAREHOUSE_ID',
      'OPSLINK_WAREHOUSE_URL',
      'OPSLINK_WAREHOUSE_DOMAIN',
      'OPSLINK_MESSAGING_URL',
      'OPSLINK_WEBHOOK_URL',
    ]) {
      vi.stubEnv(name, '');
    }
    const warehouse = (() => {
      try {
        WarehouseClient.fromEnv();
      } catch (e) {
        return e as ConfigurationError;
      }
    })();
    expect(warehouse).toBeInstanceOf(ConfigurationError);
    expect(warehouse!.issues.map((i) => i.message)).toEqual([
      'is required: set OPSLINK_WAREHOUSE_API_KEY or pass apiKey',
      'is required: set OPSLINK_WAREHOUSE_ID or pass warehouseId',
      'is required: set OPSLINK_WAREHOUSE_URL or OPSLINK_WAREHOUSE_DOMAIN, or pass baseUrl or domain',
    ]);
    expect(() => MessagingClient.fromEnv()).toThrow(/is required: set OPSLINK_MESSAGING_URL \(or OPSLINK_WEBHOOK_URL\), or pass baseUrl/);
  });
});

describe('rateLimitStore', () => {
  it('a value that is not a store is a ConfigurationError naming the option', () => {
    const error = (() => {
      try {
        return new MessagingClient({ baseUrl: 'https://chat.example.test', botKey: 'k', rateLimitStore: {} as never });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe('rateLimitStore');
  });

  it('the store is handed a hash of the service and credential, never the credential', async () => {
    const ids: string[] = [];
    const store = {
      gate: (options: { id: Promise<string>; local: unknown }) => {
        options.id.then((id) => ids.push(id));
        return options.local as never;
      },
    };
    const botKey = 'bot-key-never-in-a-store';
    new MessagingClient({ baseUrl: 'https://chat.example.test', botKey, rateLimitStore: store });
    new MessagingClient({ baseUrl: 'https://chat.example.test', botKey, rateLimitStore: store });
    new MessagingClient({ baseUrl: 'https://chat.example.test', botKey: 'another', rateLimitStore: store });
    await vi.waitFor(() => expect(ids).toHaveLength(3));
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[0]);
    expect(ids.join()).not.toContain(botKey);
    expect(ids[0]).toMatch(/^[0-9a-f]{32}$/);
  });
});
