/**
 * Redirects (API.md "Redirects"), against real servers on 127.0.0.1 (two ports, two
 * origins): a write is never re-sent as another method, nothing reaches another origin, a
 * read follows on its own origin, a URL that redirects to itself once is followed (as fetch
 * follows it), and a loop or a chain over 20 ends. What the servers
 * received is checked, not only what the client returned.
 */
import { inspect } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APIError, MessagingClient, WarehouseClient } from '../../src/index.js';
import { type Received, type RedirectServer, startRedirectServers } from '../support/redirect-server.js';
import { ORDER } from '../support/reliability.js';

const USER_SECRET = 'user-header-secret-7f3a';
let here: RedirectServer;
let other: RedirectServer;

beforeAll(async () => {
  [here, other] = await startRedirectServers();
});
afterAll(async () => {
  await Promise.all([here.close(), other.close()]);
});
beforeEach(() => {
  for (const server of [here, other]) {
    server.received.length = 0;
    server.warehouse.reset();
    server.messaging.reset();
  }
});

/** Clients whose base URL starts with `directive` (see redirect-server.ts), carrying a secret client header. */
function warehouse(directive: string) {
  const { apiKey, warehouseId } = here.warehouse;
  const headers = { 'x-api-key': USER_SECRET };
  return new WarehouseClient({ baseUrl: `${here.origin}/${directive}`, apiKey, warehouseId, headers, maxRetries: 0 });
}
function messaging(directive: string) {
  const headers = { 'x-api-key': USER_SECRET };
  return new MessagingClient({ baseUrl: `${here.origin}/${directive}`, botKey: here.messaging.botKey, headers, maxRetries: 0 });
}

/** The four writes, each as `directive` would send it; `path` is where it goes below the base URL. */
const WRITES: [string, string, (directive: string) => Promise<unknown>][] = [
  ['inbound.create', 'POST /api/v1/inbound', (d) => warehouse(d).inbound.create(ORDER)],
  ['inbound.createBulk', 'POST /api/v1/inbound', (d) => warehouse(d).inbound.createBulk([ORDER, { ...ORDER, order_number: 'PO-2' }])],
  [
    'sendDirectMessage',
    'POST /api/bot/messages',
    (d) => messaging(d).sendDirectMessage({ to: { email: 'ada.active@example.test' }, body: 'hi' }),
  ],
  [
    'inbound.update',
    'PUT /api/v1/inbound/{id}',
    (d) => warehouse(d).inbound.update(here.warehouse.state.inboundOrders[0]!.order_id, { color: 'teal' }),
  ],
];

const headersOf = (r: Received) => ({
  authorization: r.headers.authorization,
  'x-warehouse-id': r.headers['x-warehouse-id'],
  'x-api-key': r.headers['x-api-key'],
  'content-type': r.headers['content-type'],
});

async function refused(call: Promise<unknown>, status: number): Promise<APIError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(APIError);
  expect((error as APIError).status).toBe(status);
  return error as APIError;
}

describe('a write answered 301, 302 or 303', () => {
  describe.each(WRITES)('%s', (_name, route, send) => {
    it.each([301, 302, 303])('%i: APIError with that status naming the target; sent once, nothing created', async (status) => {
      const error = await refused(send(String(status)), status);
      const [method] = route.split(' ');
      expect(error.message).toContain(`redirect ${status} to ${here.origin}/ok/api/`);
      expect(error.message).toContain(`a ${method} is never re-sent as another method`);
      expect(here.received.map((r) => `${r.method} ${r.path.split('/')[1]}`)).toEqual([`${method} ${status}`]);
      expect(other.received).toEqual([]);
      expect([...here.warehouse.requests.all(), ...here.messaging.requests.all()]).toEqual([]);
    });
  });
});

describe('a write answered 307 or 308', () => {
  describe.each(WRITES)('%s', (_name, route, send) => {
    it.each([307, 308])('%i on the same origin: sent again there with the same method, headers and body', async (status) => {
      await expect(send(String(status))).resolves.toBeDefined();
      const [first, second] = here.received;
      expect(here.received).toHaveLength(2);
      expect(second!.path).toBe(first!.path.replace(`/${status}/`, '/ok/'));
      expect(second!.method).toBe(route.split(' ')[0]);
      expect(second!.body.equals(first!.body)).toBe(true);
      expect(second!.body.length).toBeGreaterThan(0);
      expect(headersOf(second!)).toEqual(headersOf(first!));
      expect(second!.headers.authorization).toMatch(/^(Bearer|ApiKey) .+/);
      expect(second!.headers['x-api-key']).toBe(USER_SECRET);
    });

    it('a 307 to its own URL (a server asking to try again) is followed once, as fetch follows it: sent twice, the same', async () => {
      await expect(send('again')).resolves.toBeDefined();
      const [first, second] = here.received;
      expect(here.received).toHaveLength(2);
      expect(second!.path).toBe(first!.path);
      expect(second!.method).toBe(route.split(' ')[0]);
      expect(second!.body.equals(first!.body)).toBe(true);
      expect(headersOf(second!)).toEqual(headersOf(first!));
    });

    it.each([307, 308])('%i to another origin: APIError with that status; the other origin gets nothing', async (status) => {
      const error = await refused(send(`${status}x`), status);
      expect(error.message).toContain(`redirect ${status} to ${other.origin}/ok/api/`);
      expect(error.message).toContain('another origin');
      expect(here.received).toHaveLength(1);
      expect(other.received).toEqual([]);
    });
  });
});

describe('a read', () => {
  const list = (directive: string) => warehouse(directive).shipments.list();

  it.each([301, 302, 303, 307, 308])('%i on the same origin is followed, with the same headers', async (status) => {
    const page = await list(String(status));
    expect(page.items).toHaveLength(3);
    expect(here.received.map((r) => r.method)).toEqual(['GET', 'GET']);
    expect(headersOf(here.received[1]!)).toEqual(headersOf(here.received[0]!));
    expect(here.received[1]!.headers['x-warehouse-id']).toBe(here.warehouse.warehouseId);
  });

  it.each([301, 302, 303, 307, 308])(
    '%i to another origin is refused: no key, warehouse id or client header reaches it',
    async (status) => {
      const error = await refused(list(`${status}x`), status);
      expect(error.message).toContain('another origin');
      expect(other.received).toEqual([]);
    },
  );

  it('a 307 to its own URL is followed', async () => {
    expect((await list('again')).items).toHaveLength(3);
    expect(here.received.map((r) => r.path.split('/')[1])).toEqual(['again', 'again']);
  });

  it('a loop ends with an APIError once the chain passes 20', async () => {
    const error = await refused(list('loop'), 302);
    expect(error.message).toContain('not followed: more than 20 redirects (a loop)');
    expect(here.received.map((r) => r.path.split('/')[1])).toEqual(Array.from({ length: 21 }, (_, i) => (i % 2 ? 'loop2' : 'loop')));
  });

  it('a chain of 20 redirects is followed; of 21 it ends with an APIError', async () => {
    await expect(list('chain20')).resolves.toBeDefined();
    expect(here.received).toHaveLength(21);
    here.received.length = 0;
    const error = await refused(list('chain21'), 302);
    expect(error.message).toContain('more than 20 redirects');
    expect(here.received).toHaveLength(21);
  });
});

describe('a webhook call', () => {
  const webhook = (directive: string) => here.messaging.webhookUrl.replace('/ok/', `/${directive}/`);
  const token = () => here.messaging.channelKey;

  it('followed on its own origin: withResponse().response.url carries no token', async () => {
    const hook = MessagingClient.fromWebhookUrl(webhook('308'));
    const { response } = await hook.postChannelMessage({ content: 'deployed' }).withResponse();
    expect(here.received.map((r) => r.path.split('/')[1])).toEqual(['308', 'ok']);
    expect(response.url).toMatch(new RegExp(`^${here.origin}/ok/api/automation/webhooks/[^/]+/\\[redacted\\]$`));
  });

  it('not redirected: withResponse().response.url carries no token', async () => {
    const hook = MessagingClient.fromWebhookUrl(here.messaging.webhookUrl);
    const { response } = await hook.postChannelMessage({ content: 'deployed' }).withResponse();
    expect(response.url).not.toContain(token());
    expect(response.url).toContain('/api/automation/webhooks/');
  });

  it("from a platform whose Response takes no property (edge-runtime's is a proxy): response.url carries no token all the same", async () => {
    // A fetch that hands back such a response: every property read passes to the real one, none can be defined.
    const sealed: typeof fetch = async (input, init) => {
      const real = await fetch(input, init);
      return new Proxy(real, {
        get: (target, name) => {
          const value: unknown = Reflect.get(target, name, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
        defineProperty: () => {
          throw new TypeError('Cannot redefine property: url');
        },
      });
    };
    const hook = MessagingClient.fromWebhookUrl(here.messaging.webhookUrl, { fetch: sealed });
    const { data, response } = await hook.postChannelMessage({ content: 'deployed' }).withResponse();
    expect(data).toBeDefined();
    expect(response.url).not.toContain(token());
    expect(response.url).toContain('/api/automation/webhooks/');
    expect([response.status, response.headers.get('content-type')]).toEqual([201, expect.stringContaining('json')]);
  });

  it('refused: the token is masked in the message, the Location header and the error as logged', async () => {
    const hook = MessagingClient.fromWebhookUrl(webhook('301'));
    const error = await refused(hook.postChannelMessage({ content: 'deployed' }), 301);
    expect(error.headers.get('location')).toContain('/[redacted]');
    for (const text of [error.message, String(error.stack), inspect(error), JSON.stringify(error), error.headers.get('location')]) {
      expect(text).not.toContain(token());
    }
  });
});

describe('with a custom fetch', () => {
  const base = 'https://api.example.test';
  const redirect = (status: number, location: string) => new Response(null, { status, headers: { location } });
  const ok = () =>
    Response.json({ status: 'success', message: 'ok', data: { shipments: [], results: { total_results: 0 } }, errors: null });

  function client(fetch: typeof globalThis.fetch, extra: Record<string, unknown> = {}) {
    return new WarehouseClient({ baseUrl: base, apiKey: 'wh-key', warehouseId: 'wh', fetch, maxRetries: 0, ...extra });
  }

  it('is asked not to follow (redirect: "manual"), and the core follows what it answers', async () => {
    const seen: { url: string; redirect: RequestRedirect | undefined }[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      seen.push({ url: String(input), redirect: init?.redirect });
      return seen.length === 1 ? redirect(301, '/moved/api/v1/shipments?offset=0&limit=200') : ok();
    };
    await client(fetch).shipments.list();
    expect(seen).toEqual([
      { url: `${base}/api/v1/shipments?offset=0&limit=200`, redirect: 'manual' },
      { url: `${base}/moved/api/v1/shipments?offset=0&limit=200`, redirect: 'manual' },
    ]);
  });

  it('one that followed a redirect on its own is refused for a write: nothing resolves as created', async () => {
    const fetch: typeof globalThis.fetch = async () => {
      const listed = ok();
      Object.defineProperty(listed, 'redirected', { value: true });
      return listed;
    };
    const error = await refused(client(fetch).inbound.create(ORDER), 200);
    expect(error.message).toContain('fetch followed it itself');
  });

  it('a browser’s opaque redirect (status 0, no Location) is an APIError, not followed', async () => {
    const fetch: typeof globalThis.fetch = async () => {
      const opaque = new Response(null, { status: 200 });
      Object.defineProperties(opaque, { type: { value: 'opaqueredirect' }, status: { value: 0 } });
      return opaque;
    };
    const error = await refused(client(fetch).shipments.list(), 0);
    expect(error.message).toContain('the browser hides its target');
  });

  it.each([
    ['no Location', {}],
    ['a Location that is not a URL', { location: 'http://[::1' }],
  ])('a redirect with %s is an APIError with its status', async (_name, headers) => {
    const fetch: typeof globalThis.fetch = async () => new Response(null, { status: 302, headers });
    const error = await refused(client(fetch).shipments.list(), 302);
    expect(error.message).toContain('not followed: no valid Location');
  });

  it('the whole chain counts against one attempt’s timeout', async () => {
    let hops = 0;
    const fetch: typeof globalThis.fetch = async () => {
      await new Promise((resolve) => setTimeout(resolve, 40));
      return redirect(302, `/hop${++hops}/api/v1/shipments`);
    };
    await expect(client(fetch, { timeout: 100 }).shipments.list()).rejects.toThrow(/no complete response within 100 ms/);
    expect(hops).toBeLessThanOrEqual(3);
  });
});
