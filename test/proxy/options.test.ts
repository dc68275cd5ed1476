/** `createProxy`'s options: every one it cannot use is a `ConfigurationError` naming it, before any request. */
import { describe, expect, it } from 'vitest';
import { ConfigurationError, MessagingClient, WarehouseClient } from '../../src/index.js';
import { createProxy, DEFAULT_MAX_BODY_BYTES, PROXY_OPERATIONS, type ProxyOptions } from '../../src/proxy/index.js';

const warehouse = new WarehouseClient({ baseUrl: 'https://api.example.test', apiKey: 'wh_key_0000000000000001', warehouseId: 'wh-1' });
const messaging = new MessagingClient({ baseUrl: 'https://chat.example.test', botKey: 'bot_key_0000000000000001' });
const valid: ProxyOptions = { warehouse, messaging, allow: ['shipments.list'], authorize: () => true };

/** The issues of the `ConfigurationError` that `createProxy(options)` throws, as `path: message`. */
function problems(options: unknown): string[] {
  try {
    createProxy(options as ProxyOptions);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return (error as ConfigurationError).issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  }
  throw new Error('createProxy did not throw');
}

describe('createProxy options', () => {
  it('makes a handler from valid options, with the documented defaults', async () => {
    const handle = createProxy(valid);
    expect(typeof handle).toBe('function');
    expect(DEFAULT_MAX_BODY_BYTES).toBe(25 * 1024 * 1024);
    // The default base path is /opslink: anything else is not the proxy's.
    expect((await handle(new Request('http://app.test/api/v1/shipments'))).status).toBe(404);
  });

  it('refuses a proxy without allow or authorize, naming each', () => {
    const { allow: _allow, authorize: _authorize, ...rest } = valid;
    expect(problems(rest)).toEqual([
      expect.stringMatching(/^allow: is required: a list of the operations pages may call \(sendDirectMessage, /),
      expect.stringMatching(/^authorize: is required: a function/),
    ]);
    expect(problems({ ...valid, allow: [] })).toEqual([expect.stringMatching(/^allow: is required/)]);
    expect(problems({ ...valid, authorize: true })).toEqual([expect.stringMatching(/^authorize: is required/)]);
  });

  it('names an operation it does not know, pointing a bulk send to its items', () => {
    expect(problems({ ...valid, allow: ['shipments.list', 'sendDirectMessages', 'inbound.updateMany', 'deleteEverything'] })).toEqual([
      'allow.1: is not an operation of the proxy: a bulk send is its items, allow sendDirectMessage',
      'allow.2: is not an operation of the proxy: a bulk update is its items, allow inbound.update',
      `allow.3: is not an operation of the proxy (${PROXY_OPERATIONS.join(', ')})`,
    ]);
  });

  it('refuses an operation of a service it was given no client for, or one the server client cannot send', () => {
    expect(problems({ warehouse, allow: ['sendDirectMessage'], authorize: () => true })).toEqual([
      'allow.0: is a messaging operation, and no messaging client was given',
    ]);
    const channelOnly = new MessagingClient({ baseUrl: 'https://chat.example.test', channelKey: 'chan_key_000000000000001' });
    expect(problems({ messaging: channelOnly, allow: ['postChannelMessage', 'postAnnouncement'], authorize: () => true })).toEqual([
      "allow.1: needs the messaging client's botKey, which it does not have (a page's client, viaProxy, is not the server's)",
    ]);
    expect(problems({ messaging, allow: ['postChannelMessage'], authorize: () => true })).toEqual([
      "allow.0: needs the messaging client's channelKey or webhookUrl, which it does not have (a page's client, viaProxy, is not the server's)",
    ]);
  });

  it("refuses a page's client (viaProxy) handed to it as the server's: it has no key or warehouse id to send with", () => {
    const pageWarehouse = WarehouseClient.viaProxy('https://app.example.test/opslink');
    const pageMessaging = MessagingClient.viaProxy('https://app.example.test/opslink');
    expect(
      problems({
        warehouse: pageWarehouse,
        messaging: pageMessaging,
        allow: ['shipments.list', 'sendDirectMessage'],
        authorize: () => true,
      }),
    ).toEqual([
      "allow.0: needs the warehouse client's apiKey, which it does not have (a page's client, viaProxy, is not the server's)",
      "allow.1: needs the messaging client's botKey, which it does not have (a page's client, viaProxy, is not the server's)",
    ]);
  });

  it('needs a server client, and one of the right kind', () => {
    expect(problems({ allow: ['shipments.list'], authorize: () => true })).toEqual([
      'messaging: or warehouse is required: the server client the proxy sends with',
      'allow.0: is a warehouse operation, and no warehouse client was given',
    ]);
    expect(problems({ ...valid, warehouse: { inbound: {} }, messaging: 'client' })).toEqual([
      'messaging: must be a MessagingClient',
      'warehouse: must be a WarehouseClient',
    ]);
  });

  it('takes a base path of plain segments, and refuses one a URL parser would read otherwise', () => {
    for (const basePath of ['/', '/api/opslink', '/v1.2/ops_link']) expect(() => createProxy({ ...valid, basePath })).not.toThrow();
    for (const basePath of ['opslink', '/opslink/', '/ops/../x', '/ops%2Flink', '/ops link', '/ops?x', '//opslink', 7]) {
      expect(problems({ ...valid, basePath })).toEqual([expect.stringMatching(/^basePath: must be a path such as '\/opslink'/)]);
    }
  });

  it('takes CORS origins as exact origins, never a wildcard', () => {
    expect(() => createProxy({ ...valid, cors: { origins: ['https://ops.example.com', 'http://localhost:5173'] } })).not.toThrow();
    expect(problems({ ...valid, cors: { origins: ['*', 'https://ops.example.com/', 'ops.example.com', 'ftp://x.example'] } })).toEqual(
      [0, 1, 2, 3].map((i) => expect.stringMatching(new RegExp(`^cors\\.origins\\.${i}: must be an origin`))),
    );
    expect(problems({ ...valid, cors: ['https://ops.example.com'] })).toEqual([expect.stringMatching(/^cors\.origins: must be a list/)]);
  });

  it('takes maxBodyBytes as a whole number of bytes', () => {
    for (const maxBodyBytes of [0, -1, 1.5, Number.POSITIVE_INFINITY, '1000']) {
      expect(problems({ ...valid, maxBodyBytes })).toEqual(['maxBodyBytes: must be a whole number of bytes, 1 or more']);
    }
  });

  it('takes bodyTimeout as whole milliseconds a timer can wait, or Infinity', () => {
    for (const bodyTimeout of [0, -1, 1.5, 2 ** 31, Number.NaN, '30000', null]) {
      expect(problems({ ...valid, bodyTimeout })).toEqual([
        'bodyTimeout: must be a whole number of milliseconds from 1 to 2147483647, or Infinity for no limit',
      ]);
    }
    for (const bodyTimeout of [1, 30_000, 2 ** 31 - 1, Number.POSITIVE_INFINITY, undefined]) {
      expect(typeof createProxy({ ...valid, bodyTimeout })).toBe('function');
    }
  });

  it('refuses options that are not an object', () => {
    expect(problems(undefined)).toEqual(['options: must be an object']);
  });

  it('answers 500 with no detail, never throws, when something inside fails', async () => {
    const handle = createProxy(valid);
    const broken = { url: 'not a url', headers: new Headers(), method: 'GET' } as unknown as Request;
    const answer = await handle(broken);
    expect(answer.status).toBe(500);
    expect(await answer.json()).toEqual({ message: 'The proxy could not complete the request.', errors: [] });
  });
});
