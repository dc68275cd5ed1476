/**
 * The `/_mock` JSON API of startMockServer, over real HTTP: every route's JSON, its 400s,
 * the live events, and that no key or token ever leaves the server.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MessagingClient, WarehouseClient } from '../../../src/index.js';
import { createMessagingMock, createWarehouseMock, type MockServer, startMockServer } from '../../../src/testing/index.js';
import { readEvents } from '../../support/mock-server.js';

const messaging = createMessagingMock();
const warehouse = createWarehouseMock({ inboundOrders: 240, shipments: 60 });
let server: MockServer;
const secrets = () => [...messaging.state.bots.map((b) => b.key), ...messaging.state.channels.map((c) => c.key), warehouse.apiKey];

beforeAll(async () => {
  server = await startMockServer({ messaging, warehouse });
});
afterAll(() => server.close());
beforeEach(() => {
  messaging.reset();
  warehouse.reset();
});

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are inspected member by member
async function api(path: string, init: RequestInit = {}): Promise<{ status: number; body: any; text: string; headers: Headers }> {
  const response = await fetch(`${server.url}/_mock${path}`, init);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, text, headers: response.headers };
}

const post = (path: string, body: unknown, method = 'POST') =>
  api(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** The status of a request sent with exactly this `Host` header (`undefined`: none at all). */
function statusWithHost(url: string, host: string | undefined, method = 'GET', body?: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const headers = { ...(host !== undefined && { host }), ...(body && { 'content-type': 'application/json' }) };
    const req = httpRequest(url, { method, headers, setHost: false }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The mask as a query string carries it. */
const MASKED = encodeURIComponent('••••');

function expectNoSecret(text: string): void {
  for (const secret of secrets()) expect(text).not.toContain(secret);
}

async function sendSome(): Promise<void> {
  const bot = new MessagingClient({ baseUrl: server.messagingBaseUrl, botKey: messaging.botKey, channelKey: messaging.channelKey });
  await bot.sendDirectMessage({ to: { email: messaging.employees.first.email }, body: `my key is ${messaging.botKey}` });
  await bot.postChannelMessage({ content: 'deploy', embeds: [{ title: 'Done', footer: { text: messaging.channelKey } }] });
  await MessagingClient.fromWebhookUrl(server.webhookUrl!).postChannelMessage({ content: 'via hook' });
  const wh = new WarehouseClient({ baseUrl: server.warehouseBaseUrl, apiKey: warehouse.apiKey, warehouseId: warehouse.warehouseId });
  await wh.inbound.list({ limit: 3 });
}

describe('GET /_mock and /_mock/state', () => {
  it('names the services, their routes and every endpoint', async () => {
    const { status, body, headers } = await api('');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('access-control-allow-origin')).toBeNull();
    expect(body.services.messaging.routes).toContain('POST /api/automation/webhooks/:channelId/:token');
    expect(body.services.warehouse.routes).toContain('GET /api/v1/inbound');
    expect(body.endpoints).toEqual(
      expect.arrayContaining(['GET /_mock/state', 'GET /_mock/requests', 'POST /_mock/reset', 'GET /_mock/events']),
    );
  });

  it('shows both services with every key and token masked', async () => {
    await sendSome();
    const { status, body, text } = await api('/state');
    expect(status).toBe(200);
    expect(body.messaging.bots[0]).toMatchObject({ name: 'Ops Bot', key: '••••', revoked: false });
    expect(body.messaging.channels[0].webhookUrl).toBe(`${server.url}/api/automation/webhooks/${messaging.channelId}/••••`);
    expect(body.messaging.directMessages[0].body).toBe('my key is ••••');
    expect(body.messaging.channelMessages).toHaveLength(2);
    expect(body.warehouse).toMatchObject({
      apiKey: '••••',
      warehouseId: warehouse.warehouseId,
      counts: { inboundOrders: 240, shipments: 60 },
    });
    expect(body.warehouse.inboundOrders).toHaveLength(240);
    expectNoSecret(text);
    expect(Object.keys((await api('/state?service=messaging')).body)).toEqual(['messaging']);
    expect((await api('/state?service=nope')).status).toBe(400);
  });
});

describe('GET /_mock/requests', () => {
  it('merges both logs oldest first, masked, and filters by service and id', async () => {
    await sendSome();
    const { body, text } = await api('/requests');
    expect(body.requests.map((r: { service: string; method: string }) => `${r.service} ${r.method}`)).toEqual([
      'messaging POST',
      'messaging POST',
      'messaging POST',
      'warehouse GET',
    ]);
    expect(body.requests[2].path).toBe(`/api/automation/webhooks/${messaging.channelId}/••••`);
    expect(body.requests[3].request.headers.authorization).toBe('ApiKey ••••');
    expectNoSecret(text);
    const after = body.requests[1].id;
    const later = (await api(`/requests?after=${after}&service=messaging`)).body.requests;
    expect(later).toHaveLength(1);
    expect((await api('/requests?limit=0')).body.problems).toEqual(["limit: must be an integer from 1 to 100000 (got '0')"]);
    // Without `after`, the newest `limit`; with it, the next `limit` after that id.
    expect((await api('/requests?limit=2')).body.requests.map((r: { id: number }) => r.id)).toEqual(
      body.requests.slice(-2).map((r: { id: number }) => r.id),
    );
    const next = (await api(`/requests?after=${body.requests[0].id}&limit=2`)).body;
    expect(next.requests.map((r: { id: number }) => r.id)).toEqual(body.requests.slice(1, 3).map((r: { id: number }) => r.id));
    expect(next.total).toBe(body.requests.length - 1);
  });

  it('a poller that moves `after` to the last id it got, a few at a time, gets every entry once, in order', async () => {
    const bot = new MessagingClient({ baseUrl: server.messagingBaseUrl, botKey: messaging.botKey });
    const to = { email: messaging.employees.first.email };
    await Promise.all(Array.from({ length: 11 }, (_, i) => bot.sendDirectMessage({ to, body: `poll ${i}` })));
    const all = (await api('/requests')).body.requests.map((r: { id: number }) => r.id) as number[];
    const polled: number[] = [];
    for (let after = 0, page: number[] = [0]; page.length > 0; after = polled.at(-1) ?? after) {
      page = (await api(`/requests?after=${after}&limit=3`)).body.requests.map((r: { id: number }) => r.id);
      polled.push(...page);
    }
    expect(polled).toEqual(all);
    expect(all.length).toBeGreaterThanOrEqual(11);
  });

  it('masks query parameters and headers named like a credential, such as auth, sig and x-auth', async () => {
    await fetch(`${server.url}/api/bot/messages?auth=q-auth12&sig=q-sig123&access_token=q-tok123&keyword=deploy`, {
      method: 'POST',
      headers: { 'x-auth': 'h-auth12', 'x-api-key': 'h-key123', 'x-request-id': 'r-1' },
    });
    const { body, text } = await api('/requests?service=messaging');
    const [entry] = body.requests;
    expect(entry.path).toBe(`/api/bot/messages?auth=${MASKED}&sig=${MASKED}&access_token=${MASKED}&keyword=deploy`);
    expect(entry.request.headers).toMatchObject({ 'x-auth': '••••', 'x-api-key': '••••', 'x-request-id': 'r-1' });
    for (const value of ['q-auth12', 'q-sig123', 'q-tok123', 'h-auth12', 'h-key123']) expect(text).not.toContain(value);
  });
});

describe('POST /_mock/reset', () => {
  it('brings both services back to the seed and empties the logs', async () => {
    await sendSome();
    messaging.faults.status(undefined, 503);
    const { status, body } = await post('/reset', {});
    expect(status).toBe(200);
    expect(body).toEqual({ reset: ['messaging', 'warehouse'] });
    expect(messaging.state.directMessages).toHaveLength(0);
    expect(messaging.faults.list()).toEqual([]);
    expect((await api('/requests')).body.requests).toEqual([]);
  });

  it('resets one service when named, takes an empty body, and refuses anything else', async () => {
    await sendSome();
    expect((await api('/reset', { method: 'POST' })).status).toBe(200);
    await sendSome();
    expect((await post('/reset', { service: 'warehouse' })).body).toEqual({ reset: ['warehouse'] });
    expect(messaging.state.directMessages).toHaveLength(1);
    expect((await post('/reset', { service: 'mail' })).status).toBe(400);
    expect((await post('/reset', { everything: true })).body.problems[0]).toMatch(/^everything: not a member/);
    expect((await api('/reset', { method: 'POST', body: '{"service":' })).status).toBe(400);
    expect((await api('/reset', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[1' })).status).toBe(400);
    expect((await api('/reset')).status).toBe(405);
  });
});

describe('fault injection', () => {
  it('adds each kind on a route, lists it, and the service answers with it', async () => {
    const added = await post('/faults', { service: 'messaging', route: 'POST /api/bot/messages', kind: '429', retryAfter: 2, times: 2 });
    expect(added.status).toBe(201);
    expect(added.body.fault).toMatchObject({ service: 'messaging', route: 'POST /api/bot/messages', left: 2, fault: { status: 429 } });
    await post('/faults', { service: 'warehouse', kind: '5xx', status: 502 });
    await post('/faults', { service: 'warehouse', route: 'GET /api/v1/shipments', kind: 'hang', ms: 50 });
    await post('/faults', { service: 'messaging', route: '*', kind: 'drop' });
    const listed = await api('/faults');
    expect(listed.body.faults.map((f: { service: string; route?: string }) => `${f.service} ${f.route ?? '*'}`)).toEqual([
      'messaging POST /api/bot/messages',
      'messaging *',
      'warehouse *',
      'warehouse GET /api/v1/shipments',
    ]);
    expect(listed.body.kinds).toEqual(['429', '5xx', 'hang', 'drop']);
    const limited = await fetch(`${server.messagingBaseUrl}/api/bot/messages`, { method: 'POST' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect((await fetch(`${server.warehouseBaseUrl}/inbound`)).status).toBe(502);
  });

  it('removes one fault and clears them all', async () => {
    const { body } = await post('/faults', { service: 'messaging', kind: 'drop' });
    await post('/faults', { service: 'warehouse', kind: '5xx' });
    expect((await api(`/faults/messaging/${body.fault.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await api(`/faults/messaging/${body.fault.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await api('/faults/__proto__/1', { method: 'DELETE' })).status).toBe(404);
    expect((await api('/faults', { method: 'DELETE' })).body).toEqual({ cleared: 1 });
    expect(warehouse.faults.list()).toEqual([]);
  });

  it('answers 400 with every problem of a bad fault', async () => {
    const { status, body } = await post('/faults', { service: 'mail', kind: 'fire', times: 0, colour: 'red' });
    expect(status).toBe(400);
    expect(body.problems).toEqual([
      'colour: not a member this endpoint takes (it takes service, route, kind, retryAfter, status, ms, times)',
      'service: must be one of messaging, warehouse',
      'kind: must be one of 429, 5xx, hang, drop',
      'times: must be an integer from 1 to 1000',
    ]);
    const badRoute = await post('/faults', { service: 'warehouse', route: 'GET /nope', kind: '5xx', status: 404 });
    expect(badRoute.body.problems).toEqual([
      expect.stringMatching(/^route: must be '\*' or one of GET \/api\/v1\/inbound, /),
      'status: must be an integer from 500 to 599',
    ]);
  });
});

describe('messaging controls', () => {
  it('adds an employee a direct message then reaches, and refuses a taken email or a bad one', async () => {
    const { status, body } = await post('/messaging/employees', {
      name: 'Carla Diaz',
      email: 'carla@example.test',
      phoneNumber: '+15550100009',
    });
    expect(status).toBe(201);
    expect(body.employee).toMatchObject({ name: 'Carla Diaz', active: true });
    const bot = new MessagingClient({ baseUrl: server.messagingBaseUrl, botKey: messaging.botKey });
    await bot.sendDirectMessage({ to: { email: 'CARLA@example.test' }, body: 'Welcome' });
    expect((await post('/messaging/employees', { email: 'carla@example.test', phoneNumber: '+1999' })).status).toBe(409);
    const bad = await post('/messaging/employees', { email: 'not-an-email', phoneNumber: '', active: 'yes', boss: true });
    expect(bad.status).toBe(400);
    expect(bad.body.problems).toEqual([
      expect.stringMatching(/^boss: not a member/),
      'phoneNumber: must be a non-empty string',
      'email: must look like name@domain',
      'active: must be true or false',
    ]);
  });

  it('revokes a bot or a channel key by id, after which its requests answer 401', async () => {
    const revoked = await post('/messaging/revoke', { bot: messaging.state.bots[0]!.id });
    expect(revoked.body).toEqual({ revoked: { kind: 'bot', id: messaging.state.bots[0]!.id, name: 'Ops Bot' } });
    const dm = await fetch(`${server.messagingBaseUrl}/api/bot/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${messaging.botKey}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(dm.status).toBe(401);
    await post('/messaging/revoke', { channel: messaging.channelId });
    expect((await fetch(server.webhookUrl!, { method: 'POST', body: '{}' })).status).toBe(401);
    expect((await post('/messaging/revoke', { bot: 'nobody' })).status).toBe(404);
    // The short names API.md gives reach the same routes.
    expect((await post('/revoke', { bot: 'nobody' })).status).toBe(404);
    expect((await post('/employees', { email: 'dora@example.test', phoneNumber: '+15550199' })).status).toBe(201);
    expect((await post('/messaging/revoke', { bot: 'a', channel: 'b' })).status).toBe(400);
    expect((await post('/messaging/revoke', { key: messaging.botKey })).text).not.toContain(messaging.botKey);
  });
});

describe('warehouse tables', () => {
  it('pages, sorts, filters by status and fulfillment type, and searches inbound orders', async () => {
    const page = await api('/warehouse/inbound?limit=20&offset=40&sort=quantity&order=asc&status=outbound&fulfillment_type=fba,fbm');
    const expected = warehouse.state.inboundOrders.filter((o) => o.status === 'outbound' && ['fba', 'fbm'].includes(o.fulfillment_type));
    expect(page.body).toMatchObject({ offset: 40, limit: 20, sort: 'quantity', order: 'asc', total: expected.length });
    const quantities = page.body.items.map((o: { quantity: number }) => o.quantity);
    expect(quantities).toEqual([...quantities].sort((a, b) => a - b));
    for (const item of page.body.items) expect(['fba', 'fbm']).toContain(item.fulfillment_type);
    const one = warehouse.state.inboundOrders[7]!;
    const found = await api(`/warehouse/inbound?q=${one.order_number}`);
    expect(found.body.items.map((o: { order_id: string }) => o.order_id)).toEqual([one.order_id]);
  });

  it('opens an order with its bundle items, files and shipments, and a shipment with everything', async () => {
    const bundle = warehouse.state.inboundOrders.find((o) => o.bundle_items)!;
    const order = await api(`/warehouse/inbound/${bundle.order_id}`);
    expect(order.body.order.bundle_items).toEqual(bundle.bundle_items);
    const shipped = warehouse.state.shipments[0]!;
    const inShipment = await api(`/warehouse/inbound/${shipped.orders[0]!.order_id}`);
    expect(inShipment.body.shipments).toContainEqual({ shipment_id: shipped.shipment_id, name: shipped.name, status: shipped.status });
    const shipment = await api(`/warehouse/shipments/${shipped.shipment_id.toUpperCase()}`);
    expect(Object.keys(shipment.body.shipment)).toEqual(expect.arrayContaining(['orders', 'boxes', 'trackings', 'services', 'tags']));
    expect((await api('/warehouse/shipments/nope')).status).toBe(404);
    expect((await api('/warehouse/inbound/nope')).status).toBe(404);
  });

  it('pages shipments by status and answers 400 for a bad query', async () => {
    const picked = await api('/warehouse/shipments?status=picked,shipped&limit=5&sort=name');
    expect(picked.body.total).toBe(warehouse.state.shipments.filter((s) => ['picked', 'shipped'].includes(s.status)).length);
    expect(picked.body.items).toHaveLength(5);
    const bad = await api('/warehouse/shipments?status=lost&sort=colour&order=up&limit=501');
    expect(bad.status).toBe(400);
    expect(bad.body.problems).toHaveLength(4);
  });
});

describe('GET /_mock/events', () => {
  it('streams hello, each request, state changes, faults and resets, secrets scrubbed', async () => {
    const events = await readEvents(`${server.url}/_mock/events`);
    try {
      expect((await events.next('hello')).data).toEqual({ services: ['messaging', 'warehouse'] });
      await sendSome();
      const request = await events.next('request', (data) => data.outcome === 'answered' && data.method === 'POST');
      expect(request.data.path).toBe('/api/bot/messages');
      expect((await events.next('state')).data).toEqual({ service: 'messaging' });
      await post('/faults', { service: 'warehouse', kind: 'drop' });
      expect((await events.next('faults')).data.faults).toHaveLength(1);
      await post('/reset', {});
      expect((await events.next('reset')).data.services).toHaveLength(1);
      expectNoSecret(events.text());
    } finally {
      events.close();
    }
  });
});

describe('only from this machine', () => {
  it('refuses another origin, a foreign Host, and cross-origin preflights; the services keep their CORS', async () => {
    expect((await api('/state', { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect((await api('/state', { headers: { origin: server.url } })).status).toBe(200);
    // fetch will not send another Host: node:http does, as a rebinding DNS name would arrive.
    expect(await statusWithHost(`${server.url}/_mock/state`, 'attacker.example')).toBe(403);
    expect(await statusWithHost(`${server.url}/`, 'localhost:1234')).toBe(200);
    expect((await api('/reset', { method: 'OPTIONS', headers: { origin: server.url } })).status).toBe(405);
    const service = await fetch(`${server.warehouseBaseUrl}/inbound`, { method: 'OPTIONS', headers: { origin: 'https://app.example' } });
    expect(service.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('refuses a DNS name that only starts with 127. (DNS rebinding), and a request without a Host', async () => {
    const { port } = new URL(server.url);
    const fault = JSON.stringify({ service: 'messaging', kind: '5xx' });
    for (const name of ['127.attacker.example', '127.0.0.1.attacker.example', '127.0.0.1.', '127.0.0.256', 'localhost.attacker.example']) {
      expect(await statusWithHost(`${server.url}/_mock/state`, `${name}:${port}`), name).toBe(403);
      expect(await statusWithHost(`${server.url}/_mock/faults`, `${name}:${port}`, 'POST', fault), name).toBe(403);
      expect(await statusWithHost(`${server.url}/`, name), name).toBe(403);
    }
    expect((await api('/faults')).body.faults).toEqual([]);
    expect(await statusWithHost(`${server.url}/_mock/state`, '')).toBe(403);
    expect(await statusWithHost(`${server.url}/_mock/state`, '  ')).toBe(403);
    expect([400, 403]).toContain(await statusWithHost(`${server.url}/_mock/state`, undefined));
    expect(await statusWithHost(`${server.warehouseBaseUrl}/inbound`, '')).toBe(401); // the services answer as ever, never a 500
  });

  it('takes every loopback name: localhost, a name under .localhost, 127.x.y.z and [::1]', async () => {
    const { port } = new URL(server.url);
    for (const name of ['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '127.1.2.255', '[::1]']) {
      expect(await statusWithHost(`${server.url}/_mock/state`, `${name}:${port}`), name).toBe(200);
      expect(await statusWithHost(`${server.url}/`, name), name).toBe(200);
    }
  });

  it('answers an unknown endpoint 404 and a wrong method 405, both as JSON', async () => {
    expect(await api('/nope')).toMatchObject({ status: 404, body: { error: 'No endpoint at /_mock/nope' } });
    expect(await api('/state', { method: 'DELETE' })).toMatchObject({ status: 405 });
  });
});
