/**
 * The proxy as an attacker in a page (or a page on another site) tries it, on Node's server
 * and as a plain fetch handler: each attempt is refused, and the mocks' request logs show
 * that nothing of it reached the service.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WarehouseClient } from '../../src/index.js';
import { bodyOf, type Harness, MODES, startProxy } from './support.js';

const DM = JSON.stringify({ to: { email: 'ada.active@example.test' }, body: 'Transfer the stock' });
const JSON_HEADERS = { 'content-type': 'application/json' };
const SHIPMENT_ID = '3f6c2a9e-8b1d-4c57-9e2a-6d4b1f0c8a71';

/** Paths an attacker builds to reach what lies beyond the base, or another operation than the one named. */
const ESCAPES = [
  '/opslink/../admin',
  '/opslink/%2e%2e/admin',
  '/opslink/warehouse/../../etc/passwd',
  '/opslink/warehouse/api/v1/shipments/..',
  '/opslink/warehouse/api/v1/shipments%2F..%2F..%2Finbound',
  '/opslink/warehouse/api/v1/shipments/..%2F..%2Finbound',
  '/opslink/warehouse/api/v1/shipments/%2e%2e%2f%2e%2e%2finbound',
  '/opslink/warehouse/api/v1/shipments/%252e%252e%252fadmin',
  '/opslink/warehouse%2Fapi%2Fv1%2Fshipments',
  '/opslink/warehouse%252Fapi%252Fv1%252Fshipments',
  `/opslink/warehouse/api/v1/shipments/${SHIPMENT_ID}%2F..`,
  `/opslink/warehouse/api/v1/shipments/${SHIPMENT_ID}%252F..%252F`,
  '/opslink/warehouse/api/v1/shipments\\..\\..\\admin',
  '/opslink//warehouse/api/v1/shipments',
  '/opslink/warehouse/api/v1/shipments/',
  '/opslink/warehouse/api/v1/SHIPMENTS',
  '/OPSLINK/warehouse/api/v1/shipments',
  '/opslinkwarehouse/api/v1/shipments',
  '/opslink-admin/warehouse/api/v1/shipments',
  '/opslink/warehouse/api/v2/shipments',
  '/opslink/warehouse/api/v1/shipments%3Foffset=0',
];

describe.each(MODES)('an attacker against the proxy (%s)', (mode) => {
  let h: Harness;
  afterEach(() => h?.close());

  it('gets 403 for an operation not in allow, and nothing is sent on', async () => {
    h = await startProxy(mode, { allow: ['shipments.list', 'inbound.create'] });
    const dm = await h.send('/opslink/messaging/api/bot/messages', { method: 'POST', headers: JSON_HEADERS, body: DM });
    expect(dm.status).toBe(403);
    expect(await bodyOf(dm)).toEqual({ message: 'sendDirectMessage is not allowed through this proxy', errors: [] });
    // A bulk upload shares the create's method and path: told apart by its form, and refused.
    const form = new FormData();
    form.append('bulk', 'true');
    form.append('file', new Blob(['date,retailer\n'], { type: 'text/csv' }), 'orders.csv');
    const bulk = await h.send('/opslink/warehouse/api/v1/inbound', { method: 'POST', body: form });
    expect(bulk.status).toBe(403);
    expect(await bodyOf(bulk)).toMatchObject({
      status: 'failed',
      message: 'inbound.createBulk is not allowed through this proxy',
      data: null,
    });
    expect(h.reached()).toBe(0);
  });

  it('gets 404 for every path that escapes the base or names no operation, and nothing is sent on', async () => {
    h = await startProxy(mode);
    for (const path of ESCAPES) {
      const answer = await h.send(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
    }
    expect(h.reached()).toBe(0);
  });

  it("sends the server's key and warehouse id whatever headers the page sets, and none of the page's headers", async () => {
    h = await startProxy(mode);
    const forged = {
      authorization: 'ApiKey wh_attacker_key_0000000000000',
      'x-warehouse-id': '00000000-0000-4000-8000-00000000dead',
      cookie: 'session=attacker',
      'x-forwarded-host': 'evil.example',
      'x-request-id': 'attacker-request',
    };
    const answer = await h.send('/opslink/warehouse/api/v1/shipments?offset=0&limit=2', { headers: forged });
    expect(answer.status).toBe(200);
    const [request] = h.warehouseMock.requests.all();
    expect(request!.request.headers['x-warehouse-id']).toBe(h.warehouseMock.warehouseId);
    expect(request!.request.headers.authorization).toBe('ApiKey ••••');
    // The server's client asks for compressed answers where it sets the header itself (Node's transport).
    const sent = Object.keys(request!.request.headers).filter((name) => name !== 'accept-encoding');
    expect(sent.sort()).toEqual(['accept', 'authorization', 'user-agent', 'x-warehouse-id']);
    expect(request!.request.headers['accept-encoding'] ?? 'gzip, deflate, br').toMatch(/^gzip, deflate, br(, zstd)?$/);
    const dm = await h.send('/opslink/messaging/api/bot/messages', {
      method: 'POST',
      headers: { ...JSON_HEADERS, authorization: 'Bearer bot_attacker_0000000000000' },
      body: DM,
    });
    expect(dm.status).toBe(201);
    expect(h.messagingMock.state.directMessages).toHaveLength(1);
    expect(h.messagingMock.requests.all()[0]!.request.headers).not.toHaveProperty('cookie');
  });

  it('refuses a forged credential when authorize says no, and nothing is sent on', async () => {
    h = await startProxy(mode, { authorize: (request) => request.headers.get('cookie') === 'session=ops' });
    const answer = await h.send('/opslink/warehouse/api/v1/shipments', {
      headers: { authorization: `ApiKey ${h.warehouseMock.apiKey}`, 'x-warehouse-id': h.warehouseMock.warehouseId },
    });
    expect(answer.status).toBe(401);
    expect(await bodyOf(answer)).toEqual({ status: 'failed', message: 'Not authorized to make this call', data: null, errors: [] });
    expect(h.reached()).toBe(0);
  });

  it('gets 413 for a body over maxBodyBytes, announced or chunked with no length, and nothing is sent on', async () => {
    h = await startProxy(mode, { maxBodyBytes: 64 * 1024 });
    const big = JSON.stringify({ title: 'x', body: 'y'.repeat(100_000) });
    const announced = await h.send('/opslink/messaging/api/bot/announcements', { method: 'POST', headers: JSON_HEADERS, body: big });
    expect(announced.status).toBe(413);
    let pulled = 0;
    const chunk = new Uint8Array(16 * 1024).fill(0x20);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.byteLength;
        if (pulled > 4 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const chunked = await h.send('/opslink/messaging/api/bot/announcements', {
      method: 'POST',
      headers: JSON_HEADERS,
      body: endless,
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await bodyOf(chunked)).toEqual({ message: 'The body is larger than the 65536 bytes the proxy takes', errors: [] });
    // Read as it arrives and stopped at the limit: never the whole body (4 MiB) first.
    if (mode === 'fetch handler') expect(pulled).toBeLessThan(64 * 1024 + 3 * chunk.byteLength);
    expect(h.reached()).toBe(0);
  });

  it('gets 403 with a forged Origin or a cross-site fetch, and nothing is sent on', async () => {
    h = await startProxy(mode);
    for (const headers of [
      { origin: 'https://evil.example' } as Record<string, string>,
      { origin: 'null' },
      { origin: h.origin.replace('http:', 'https:') },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      // What Node makes of two such headers, another letter case, a value no browser sends: only the exact ones pass.
      { 'sec-fetch-site': 'same-origin, cross-site' },
      { 'sec-fetch-site': 'cross-site, same-origin' },
      { 'sec-fetch-site': 'CROSS-SITE' },
      { 'sec-fetch-site': 'Same-Origin' },
      { 'sec-fetch-site': 'bogus' },
      { 'sec-fetch-site': '' },
    ]) {
      const answer = await h.send('/opslink/messaging/api/bot/messages', {
        method: 'POST',
        headers: { ...JSON_HEADERS, ...headers },
        body: DM,
      });
      expect({ headers, status: answer.status }).toEqual({ headers, status: 403 });
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    }
    const same = await h.send('/opslink/warehouse/api/v1/shipments', { headers: { origin: h.origin, 'sec-fetch-site': 'same-origin' } });
    expect(same.status).toBe(200);
    // `none`: the user's own doing (an address typed, a bookmark).
    expect((await h.send('/opslink/warehouse/api/v1/shipments', { headers: { 'sec-fetch-site': 'none' } })).status).toBe(200);
    expect(h.reached()).toBe(2);
  });

  it('gets 415 for a JSON body sent as a form or text (what a cross-site form can send without a preflight), and nothing is sent on', async () => {
    h = await startProxy(mode);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const answer = await h.send('/opslink/messaging/api/bot/messages', { method: 'POST', headers: { 'content-type': type }, body: DM });
      expect({ type, status: answer.status }).toEqual({ type, status: 415 });
    }
    expect(h.reached()).toBe(0);
  });

  it('answers a CORS preflight from an unlisted origin 403, with no Access-Control-Allow-Origin; a listed one gets CORS', async () => {
    h = await startProxy(mode, { cors: { origins: ['https://ops.example.com'] } });
    const ask = (origin: string) =>
      h.send('/opslink/messaging/api/bot/messages', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    const unlisted = await ask('https://evil.example');
    expect(unlisted.status).toBe(403);
    expect(unlisted.headers.get('access-control-allow-origin')).toBeNull();
    const listed = await ask('https://ops.example.com');
    expect(listed.status).toBe(204);
    expect(Object.fromEntries(listed.headers)).toMatchObject({
      'access-control-allow-origin': 'https://ops.example.com',
      'access-control-allow-methods': 'GET, POST, PUT',
      'access-control-allow-headers': 'content-type',
      vary: 'Origin',
    });
    const read = await h.send('/opslink/warehouse/api/v1/shipments', {
      headers: { origin: 'https://ops.example.com', 'sec-fetch-site': 'cross-site' },
    });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBe('https://ops.example.com');
    expect(read.headers.get('access-control-expose-headers')).toMatch(/retry-after/);
    expect(h.reached()).toBe(1);
  });

  it("gets 500 with no detail when authorize throws, and nothing is sent on; the server's log says authorize threw, not what it said", async () => {
    const logged: string[] = [];
    const logger = { debug() {}, info() {}, warn() {}, error: (line: string) => logged.push(line) };
    h = await startProxy(mode, {
      server: { logger, logLevel: 'error' },
      authorize: () => {
        throw new Error('session store down: redis://admin:hunter2@10.0.0.5');
      },
    });
    const answer = await h.send('/opslink/warehouse/api/v1/shipments');
    expect(answer.status).toBe(500);
    const text = await answer.text();
    expect(text).not.toMatch(/hunter2|redis|session store/);
    expect(JSON.parse(text)).toEqual({ status: 'failed', message: 'The proxy could not complete the request.', data: null, errors: [] });
    expect(h.reached()).toBe(0);
    expect(logged).toEqual([
      '[opslink] proxy: GET /opslink/warehouse/api/v1/shipments: authorize threw an Error; the page was answered 500',
    ]);
  });

  it('gets 400 with every problem for an input the pre-flight refuses, and nothing is sent on', async () => {
    h = await startProxy(mode);
    const dm = await h.send('/opslink/messaging/api/bot/messages', {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ to: { email: 'a@example.test', userId: 'x' }, body: '', extra: true }),
    });
    expect(dm.status).toBe(400);
    const { errors } = (await bodyOf(dm)) as { errors: string[] };
    expect(errors).toEqual(expect.arrayContaining([expect.stringMatching(/^body: /), expect.stringMatching(/unknown member "extra"/)]));
    const list = await h.send('/opslink/warehouse/api/v1/shipments?statuses=lost&limit=0&limit=2&admin=1');
    expect(list.status).toBe(400);
    expect(((await bodyOf(list)) as { errors: string[] }).errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^statuses\.0: /),
        expect.stringMatching(/^limit: /),
        expect.stringMatching(/"admin"/),
      ]),
    );
    const update = await h.send(`/opslink/warehouse/api/v1/inbound/${SHIPMENT_ID}`, {
      method: 'PUT',
      headers: JSON_HEADERS,
      body: '{"quantity":',
    });
    expect(update.status).toBe(400);
    expect(h.reached()).toBe(0);
  });
});

describe.each(MODES)('a list query member named like an Object.prototype member (%s)', (mode) => {
  let h: Harness;
  afterEach(() => h?.close());

  it('gets 400 unknown member in the warehouse envelope, as evil=1 does, and nothing is sent on', async () => {
    h = await startProxy(mode);
    for (const name of ['evil', '__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty']) {
      for (const list of ['shipments', 'inbound']) {
        const answer = await h.send(`/opslink/warehouse/api/v1/${list}?offset=0&limit=2&${name}=1`);
        const body = await bodyOf(answer);
        expect({ list, name, status: answer.status, body }).toEqual({
          list,
          name,
          status: 400,
          body: {
            status: 'failed',
            message: expect.stringMatching(/^Invalid .* list parameters, nothing was sent/),
            data: null,
            errors: [`unknown member "${name}"`],
          },
        });
      }
    }
    // A create's form fields are read the same way: such a field is unknown too, never a 500.
    const form = new FormData();
    for (const name of ['toString', 'constructor', '__proto__']) form.append(name, '1');
    const create = await h.send('/opslink/warehouse/api/v1/inbound', { method: 'POST', body: form });
    expect(create.status).toBe(400);
    expect(((await bodyOf(create)) as { errors: string[] }).errors).toEqual(
      expect.arrayContaining(['unknown members "toString", "constructor", "__proto__"']),
    );
    expect(h.reached()).toBe(0);
  });
});

describe("an attacker writing raw request targets to Node's server", () => {
  let h: Harness;
  afterEach(() => h?.close());

  it('gets 404 for raw dot segments and encoded slashes as written on the wire, and 400 for a target that is not a path', async () => {
    h = await startProxy("Node's server");
    for (const target of ESCAPES) {
      const answer = await h.raw('GET', target);
      expect({ target, status: answer.status }).toEqual({ target, status: 404 });
    }
    for (const target of [
      'http://127.0.0.1/opslink/warehouse/api/v1/shipments',
      '//evil.example/opslink/warehouse/api/v1/shipments',
      '*',
    ]) {
      const answer = await h.raw('GET', target);
      expect({ target, status: answer.status }).toEqual({ target, status: target.startsWith('//') ? 404 : 400 });
    }
    expect((await h.raw('GET', '/opslink/warehouse/api/v1/shipments', { host: 'evil.example/x' })).status).toBe(400);
    expect(h.reached()).toBe(0);
  });
});

describe.each(MODES)('a service answering HTML, behind the proxy (%s)', (mode) => {
  let h: Harness;
  afterEach(() => h?.close());

  it("passes its page on as text, never as HTML at the app's origin, and its JSON as JSON", async () => {
    const page = '<html><head><title>503 Service Unavailable</title></head><body><script>alert(document.cookie)</script></body></html>';
    h = await startProxy(mode, {
      clients: () => ({
        warehouse: new WarehouseClient({
          baseUrl: 'https://api.example.test',
          apiKey: 'wh_key_000000000000000001',
          warehouseId: 'wh-1',
          maxRetries: 0,
          fetch: (async (url: string) =>
            url.includes('/shipments/')
              ? new Response(page, { status: 503, headers: { 'content-type': 'text/html' } })
              : new Response('{"status":"success","message":"ok","data":{"shipments":[],"results":{"total_results":0}},"errors":null}', {
                  headers: { 'content-type': 'text/html; charset=iso-8859-1' },
                })) as typeof fetch,
        }),
        messaging: undefined,
      }),
      allow: ['shipments.retrieve', 'shipments.list'],
    });
    const html = await h.send(`/opslink/warehouse/api/v1/shipments/${SHIPMENT_ID}`);
    expect(html.status).toBe(503);
    expect(html.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await html.text()).toBe(page);
    const json = await h.send('/opslink/warehouse/api/v1/shipments');
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await json.json()).toMatchObject({ status: 'success', data: { shipments: [] } });
  });
});
