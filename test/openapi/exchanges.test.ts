/**
 * Every endpoint of both documents, every status they document, through the SDK's clients
 * and raw requests to the mocks, including generated requests (valid and not): each exchange
 * is judged against `openapi/*.json` by a `fetch` wrapped round the mock's own, so scripted
 * faults (404, 409, 429 with Retry-After) are judged too. The document and the mock must agree
 * on every request (accepted ⇔ valid by the document, but for the rules the document states
 * in words), every answer must be one the document gives, and by the end every documented
 * (operation, status) pair must have been seen and found right.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { MessagingClient, WarehouseClient } from '../../src/index.js';
import { createMessagingMock, createWarehouseMock, type MessagingMock, type WarehouseMock } from '../../src/testing/index.js';
import { openApiDocuments, type Service } from './contract.ts';
import { judge } from './observe.ts';

type Json = Record<string, unknown>;

const RUNS = { numRuns: Number(process.env.OPENAPI_RUNS ?? 150) };
const findings: { exchange: string; problems: string[] }[] = [];
const covered = new Set<string>();

/** The mock's `fetch`, each exchange judged against the service's document. */
function judged(service: Service, mock: { fetch: typeof fetch }): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const copy = request.clone();
    const response = await mock.fetch(request);
    const verdict = await openApiDocuments()[service].check(copy, response.clone());
    const problems = judge(verdict, response.status);
    const url = new URL(request.url);
    if (problems.length) findings.push({ exchange: `${request.method} ${url.pathname}${url.search} → ${response.status}`, problems });
    else covered.add(`${service} ${verdict.operation} ${verdict.status}`);
    return response;
  };
}

const messaging: MessagingMock = createMessagingMock();
const warehouse: WarehouseMock = createWarehouseMock({ inboundOrders: 30, shipments: 12 });
const mfetch = judged('messaging', messaging);
const wfetch = judged('warehouse', warehouse);
const common = { maxRetries: 0 };
const bot = new MessagingClient({ baseUrl: messaging.baseUrl, botKey: messaging.botKey, fetch: mfetch, ...common });
const channel = new MessagingClient({ baseUrl: messaging.baseUrl, channelKey: messaging.channelKey, fetch: mfetch, ...common });
const hook = MessagingClient.fromWebhookUrl(messaging.webhookUrl, { fetch: mfetch, ...common });
const wh = new WarehouseClient({
  baseUrl: warehouse.baseUrl,
  apiKey: warehouse.apiKey,
  warehouseId: warehouse.warehouseId,
  fetch: wfetch,
  ...common,
});

const settled = (promise: PromiseLike<unknown>) =>
  Promise.resolve(promise).then(
    () => undefined,
    () => undefined,
  );

function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const init = { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
  return mfetch(path.startsWith('http') ? path : `${messaging.baseUrl}${path}`, init);
}
const botAuth = () => ({ authorization: `Bearer ${messaging.botKey}` });
const channelAuth = () => ({ authorization: `Bearer ${messaging.channelKey}` });
const whAuth = () => ({ authorization: `ApiKey ${warehouse.apiKey}`, 'x-warehouse-id': warehouse.warehouseId });
const whRequest = (path: string, init: RequestInit = {}, auth: Record<string, string> = whAuth()) =>
  wfetch(`${warehouse.baseUrl}${path}`, { ...init, headers: { ...auth, ...(init.headers as Record<string, string>) } });

/**
 * A form built as the document describes it (not with the SDK's encoder): a list as one part
 * per item, a field whose encoding is application/json as JSON text, a Blob as a file part.
 */
function documentForm(fields: Json): FormData {
  const media = openApiDocuments().warehouse.at<Json>('#/paths/~1api~1v1~1inbound/post/requestBody/content/multipart~1form-data');
  const encoding = media.encoding as Record<string, { contentType: string }>;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (encoding[name]?.contentType === 'application/json') form.append(name, JSON.stringify(value));
    else if (Array.isArray(value)) for (const item of value) form.append(name, item instanceof Blob ? item : String(item));
    else form.append(name, value instanceof Blob ? value : String(value));
  }
  return form;
}

const ORDER = {
  date: '11/22/2026',
  retailer: 'Target',
  order_number: 'PO-1001',
  item_name: 'Desk lamp',
  color: 'black',
  brand_sku: 'LAMP-BLK',
  quantity: 12,
  asin: 'B000TEST01',
  unit_cost: 9.5,
  list_price: 24.99,
  fulfillment_type: 'fba',
} as const;

afterAll(() => {
  warehouse.faults.reset();
  messaging.faults.reset();
});

describe('messaging: every endpoint and status', () => {
  const { email, id, phoneNumber } = messaging.employees.first;

  it('POST /api/bot/messages: 201, 400, 401, 404', async () => {
    for (const to of [{ email }, { userId: id }, { phoneNumber }]) await bot.sendDirectMessage({ to, body: 'Your shift starts at 9 😀' });
    await postJson('/api/bot/messages', { to: { email, userId: id }, body: 'two recipients' }, botAuth());
    await postJson('/api/bot/messages', { to: { email }, body: 'x'.repeat(4001) }, botAuth());
    await postJson('/api/bot/messages', { to: { email }, body: 'hi' }, { authorization: 'Bearer wrong' });
    await settled(bot.sendDirectMessage({ to: { email: 'nobody@example.test' }, body: 'hi' }));
  });

  it('POST /api/bot/announcements: 201, 400, 401', async () => {
    await bot.postAnnouncement({ title: 'Stocktake', body: 'Friday from 6 am.' });
    await postJson('/api/bot/announcements', { title: '', body: 'no title' }, botAuth());
    await postJson('/api/bot/announcements', { title: 'a', body: 'b' }, channelAuth());
  });

  const embed = {
    title: 'Deploy finished',
    description: 'All green',
    url: 'https://example.com/deploys/42',
    color: 0x2ecc71,
    timestamp: '2026-11-22T10:00:00Z',
    author: { name: 'CI', url: 'https://ci.example.com', icon_url: 'https://ci.example.com/i.png' },
    footer: { text: 'build 42', icon_url: 'https://ci.example.com/f.png' },
    image: { url: 'https://ci.example.com/big.png' },
    thumbnail: { url: 'http://10.0.0.1/small.png' },
    fields: [{ name: 'Version', value: '1.4.2', inline: true }],
  };

  it('POST /api/automation/messages: 201, 400, 401', async () => {
    await channel.postChannelMessage({
      content: 'Nightly export done',
      username: 'Export bot',
      avatar_url: 'https://example.com/a.png',
      embeds: [embed],
    });
    await channel.postChannelMessage({ embeds: [{ timestamp: new Date('2026-11-22T10:00:00Z') }] });
    await postJson('/api/automation/messages', { username: 'nobody' }, channelAuth());
    await postJson('/api/automation/messages', { content: 'hi' }, botAuth());
  });

  it('POST /api/automation/webhooks/{channelId}/{token}: 201, 400, 401', async () => {
    await hook.postChannelMessage({ content: 'via the webhook URL', embeds: [embed] });
    await postJson(messaging.webhookUrl, { content: '' });
    await postJson(`${messaging.baseUrl}/api/automation/webhooks/${messaging.channelId}/not-the-token`, { content: 'hi' });
  });
});

describe('warehouse: every endpoint and status', () => {
  const failed = (status: number) => ({ status: 'failed', message: `Injected ${status}.`, data: null, errors: [`injected ${status}`] });
  /** The 404, 409 and 429 the mock never answers by itself, as the document shapes them. */
  async function faults(route: string, call: () => PromiseLike<unknown>) {
    for (const status of [404, 409, 429]) {
      warehouse.faults.status(route, status, { body: failed(status), ...(status === 429 ? { retryAfter: 0 } : {}) });
      await settled(call());
    }
  }

  it('GET /api/v1/inbound: 200, 400, 401, 404, 409, 429', async () => {
    await wh.inbound.list({
      limit: 5,
      offset: 2,
      sort_key: 'quantity',
      sort_order: 'asc',
      fulfillment_types: ['fba', 'two-step'],
      lang: 'es',
    });
    await wh.inbound.list({ limit: -1 });
    await whRequest('/inbound?limit=0');
    await whRequest('/inbound?fulfillment_types=manual');
    await whRequest('/inbound', {}, { authorization: 'ApiKey wrong', 'x-warehouse-id': warehouse.warehouseId });
    await whRequest('/inbound', {}, { authorization: `ApiKey ${warehouse.apiKey}` });
    await faults('GET /api/v1/inbound', () => wh.inbound.list());
  });

  it('POST /api/v1/inbound: 2XX (single and bulk), 400, 401, 404, 409, 429', async () => {
    await wh.inbound.create({
      ...ORDER,
      fulfillment_type: 'two-step',
      sold_as: 'bundle',
      units_per_pack: 2,
      tracking_numbers: ['1Z999AA10123456784', '9400111899223856928499'],
      bundle_items: [{ quantity: 2, item_name: 'Bulb', color: 'warm', sku: 'B-1' }],
      shipping_label_files: [new File(['%PDF-1.7'], 'label.pdf', { type: 'application/pdf' }), new Blob(['%PDF'])],
      client_notes: 'Fragile',
      upc: '012345678905',
      size: 'M',
      amazon_sku: 'SKU-1',
    });
    await wh.inbound.createBulk([ORDER, { ...ORDER, order_number: 'PO-1002', tracking_numbers: ['A1', 'B2'] }]);
    await whRequest('/inbound', { method: 'POST', body: documentForm({ ...ORDER, asin: undefined }) });
    await whRequest('/inbound', {
      method: 'POST',
      body: documentForm({ bulk: 'true', file: new Blob(['date,retailer\r\n'], { type: 'text/csv' }) }),
    });
    await whRequest(
      '/inbound',
      { method: 'POST', body: documentForm(ORDER) },
      { authorization: 'ApiKey wrong', 'x-warehouse-id': warehouse.warehouseId },
    );
    await faults('POST /api/v1/inbound', () => wh.inbound.create(ORDER));
  });

  it('PUT /api/v1/inbound/{order_id}: 200, 400, 401, 404, 409, 429', async () => {
    const order = warehouse.state.inboundOrders.find((o) => o.status === 'inbound' && o.fulfillment_type !== 'fbm')!;
    await wh.inbound.update(order.order_id, { notes: 'recounted', trackingNumbers: ['1Z1'], date: '2026-11-23' });
    const put = (id: string, body: unknown, auth = whAuth()) =>
      whRequest(`/inbound/${id}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }, auth);
    await put(order.order_id, { fulfilledBy: 'fbm', amazonSKU: 'X-1', listPrice: 0 });
    await put(order.order_id, { orderNumber: 5 });
    await put('not-a-uuid', { notes: 'x' });
    await put('00000000-0000-4000-8000-000000000000', { notes: 'x' });
    await put(order.order_id, { notes: 'x' }, { authorization: 'ApiKey wrong', 'x-warehouse-id': warehouse.warehouseId });
    await faults('PUT /api/v1/inbound/:order_id', () => wh.inbound.update(order.order_id, { notes: 'again' }));
  });

  it('GET /api/v1/shipments: 200, 400, 401, 404, 409, 429', async () => {
    const shipment = warehouse.state.shipments[0]!;
    await wh.shipments.list({
      statuses: ['picked', 'shipped'],
      fulfillment_types: ['fba', 'manual'],
      sort_key: 'name',
      sort_order: 'asc',
      limit: 3,
    });
    await wh.shipments.list({ shipment_id: shipment.shipment_id });
    await whRequest('/shipments?statuses=lost');
    await whRequest('/shipments?limit=-1');
    await whRequest('/shipments', {}, { authorization: '', 'x-warehouse-id': warehouse.warehouseId });
    await faults('GET /api/v1/shipments', () => wh.shipments.list());
  });

  it('GET /api/v1/shipments/{shipment_id}: 200, 400, 401, 404, 409, 429', async () => {
    for (const shipment of warehouse.state.shipments) await wh.shipments.retrieve(shipment.shipment_id);
    await whRequest('/shipments/not-a-uuid');
    await settled(wh.shipments.retrieve('00000000-0000-4000-8000-000000000000'));
    await whRequest(
      `/shipments/${warehouse.state.shipments[0]!.shipment_id}`,
      {},
      { authorization: 'ApiKey wrong', 'x-warehouse-id': 'nope' },
    );
    await faults('GET /api/v1/shipments/:shipment_id', () => wh.shipments.retrieve(warehouse.state.shipments[0]!.shipment_id));
  });
});

describe('generated requests, valid and not: the document and the mock agree on each', () => {
  const maybe = <T>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<unknown>) =>
    fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: invalid });
  const text = (max: number) => fc.string({ maxLength: max, unit: 'grapheme' });
  const badType = fc.constantFrom(5, true, null, [], {} as unknown);
  const url = maybe(
    fc.constantFrom('https://example.com/a.png', 'http://127.0.0.1:8080/x', 'HTTPS://cdn.example.test/i.jpg?x=1#y'),
    fc.constantFrom('javascript:alert(1)', 'not a url', 'ftp://example.com/x', ''),
  );
  const timestamp = maybe(
    fc.constantFrom('2026-11-22', '2024-02-29T23:59:59.5+05:30', '2026-11-22T10:00'),
    fc.constantFrom('2025-02-29', '2026-11-22T24:00:00Z', 'yesterday'),
  );
  const embed = fc.record(
    {
      title: maybe(text(20), fc.constant('x'.repeat(257))),
      description: maybe(text(40), badType),
      url,
      color: maybe(fc.integer({ min: 0, max: 0xffffff }), fc.constantFrom(-1, 0x1000000, 1.5)),
      timestamp,
      author: fc.record({ name: text(10), url: text(10) }, { requiredKeys: [] }),
      image: fc.record({ url }, { requiredKeys: [] }),
      fields: maybe(
        fc.array(fc.record({ name: text(5), value: text(5), inline: fc.boolean() }, { requiredKeys: ['name', 'value'] }), { maxLength: 3 }),
        fc.constant(Array.from({ length: 26 }, () => ({ name: 'n', value: 'v' }))),
      ),
    },
    { requiredKeys: [] },
  );
  const channelMessage = fc.record(
    {
      content: maybe(text(30), fc.constant('😀'.repeat(2001))),
      username: maybe(text(20), badType),
      avatar_url: url,
      embeds: maybe(fc.array(embed, { maxLength: 3 }), fc.constant(Array.from({ length: 11 }, () => ({ title: 't' })))),
      extra: fc.constant('unknown member'),
    },
    { requiredKeys: [] },
  );

  it('channel messages, to both channel endpoints', async () => {
    await fc.assert(
      fc.asyncProperty(channelMessage, fc.boolean(), async (message, viaHook) => {
        const response = viaHook
          ? await postJson(messaging.webhookUrl, message)
          : await postJson('/api/automation/messages', message, channelAuth());
        return [201, 400].includes(response.status);
      }),
      RUNS,
    );
  });

  it('direct messages and announcements', async () => {
    const { email, id } = messaging.employees.first;
    const to = maybe(
      fc.constantFrom({ email }, { userId: id }, { email: email.toUpperCase() }),
      fc.constantFrom({}, { email, userId: id }, { userId: 'not-a-uuid' }, { phoneNumber: 5 }, { fax: '1' }),
    );
    await fc.assert(
      fc.asyncProperty(
        to,
        maybe(text(30), fc.constant('')),
        maybe(text(30), fc.constant('x'.repeat(151))),
        async (recipient, body, title) => {
          const dm = await postJson('/api/bot/messages', { to: recipient, body }, botAuth());
          const note = await postJson('/api/bot/announcements', { title, body }, botAuth());
          return [201, 400, 404].includes(dm.status) && [201, 400].includes(note.status);
        },
      ),
      RUNS,
    );
  });

  it('list queries of both lists', async () => {
    const value = fc.constantFrom(
      '0',
      '1',
      '5',
      '-1',
      '200',
      '1.5',
      'x',
      '',
      '1e2',
      'fba',
      'fbm',
      'manual',
      'two-step',
      'picked',
      'lost',
      'asc',
      'DESC',
      'quantity',
      'name',
      'en',
      'e',
      'ab_CD',
    );
    const name = fc.constantFrom(
      'offset',
      'limit',
      'sort_key',
      'sort_order',
      'fulfillment_types',
      'statuses',
      'lang',
      'shipment_id',
      'page',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(name, value), { maxLength: 4 }),
        fc.constantFrom('/inbound', '/shipments'),
        async (pairs, list) => {
          const response = await whRequest(`${list}?${new URLSearchParams(pairs)}`);
          return [200, 400].includes(response.status);
        },
      ),
      RUNS,
    );
  });

  it('single-order create forms', async () => {
    const order = fc.record(
      {
        date: maybe(fc.constantFrom('11/22/2026', '2/29/2024', '2026-11-22'), fc.constantFrom('02/30/2026', '2026-13-01', 'today')),
        retailer: maybe(fc.constantFrom('Target', 'Costco'), fc.constant('')),
        quantity: maybe(fc.integer({ min: 0, max: 500 }), fc.constantFrom(-1, 2.5, 'ten')),
        unit_cost: maybe(
          fc.double({ min: 0, max: 1000, noNaN: true }).map((n) => Math.round(n * 100) / 100),
          fc.constantFrom('cheap', '1e3'),
        ),
        fulfillment_type: maybe(fc.constantFrom('fba', 'fbm', 'wfs', 'two-step', 'shopify'), fc.constantFrom('manual', 'FBA')),
        asin: fc.option(fc.constantFrom('B000TEST01', ''), { nil: undefined }),
        sold_as: fc.option(maybe(fc.constantFrom('individual', 'bundle'), fc.constant('multi-pack')), { nil: undefined }),
        units_per_pack: fc.option(maybe(fc.constantFrom(1, 2, 12), fc.constantFrom(0, 'two')), { nil: undefined }),
        tracking_numbers: fc.option(fc.array(maybe(fc.constantFrom('1Z1', '94001'), fc.constant('')), { maxLength: 3 }), {
          nil: undefined,
        }),
        bundle_items: fc.option(
          fc.array(
            fc.record({ quantity: maybe(fc.nat(10), fc.constant(-2)), item_name: fc.constantFrom('Bulb', ''), color: fc.constant('warm') }),
            { maxLength: 2 },
          ),
          {
            nil: undefined,
          },
        ),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(order, async (fields) => {
        const response = await whRequest('/inbound', { method: 'POST', body: documentForm({ ...ORDER, asin: undefined, ...fields }) });
        return [200, 400].includes(response.status);
      }),
      RUNS,
    );
  });

  it('update patches', async () => {
    const patch = fc.record(
      {
        notes: maybe(text(10), badType),
        quantity: maybe(fc.integer({ min: 0, max: 48 }), fc.constantFrom(-1, 1.5)),
        sold_as: maybe(fc.constantFrom('individual', 'multi-pack', 'bundle'), fc.constant('pack')),
        units_per_pack: maybe(fc.constantFrom(1, 2, 3, 4), fc.constantFrom(0, -2, 1.5)),
        fulfilledBy: maybe(fc.constantFrom('fba', 'fbm', 'manual'), fc.constant('FBA')),
        amazonSKU: fc.constantFrom('PFL-1', 'X-1', ''),
        listPrice: fc.constantFrom(0, 19.99),
        date: maybe(fc.constantFrom('11/22/2026', '2026-11-22'), fc.constant('2026-02-30')),
        orderNum: fc.constant('misspelt'),
      },
      { requiredKeys: [] },
    );
    const ids = warehouse.state.inboundOrders.map((o) => o.order_id);
    await fc.assert(
      fc.asyncProperty(patch, fc.constantFrom(...ids), async (body, id) => {
        const response = await whRequest(`/inbound/${id}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return [200, 400].includes(response.status);
      }),
      RUNS,
    );
  });
});

describe('the verdict', () => {
  it('every exchange kept to the documents', () => {
    expect(findings).toEqual([]);
  });

  it('every documented answer of every operation was seen and found right', () => {
    const expected = (['messaging', 'warehouse'] as const).flatMap((service) =>
      openApiDocuments()[service].operations.flatMap((op) => op.statuses.map((status) => `${service} ${op.id} ${status}`)),
    );
    expect(expected.filter((pair) => !covered.has(pair))).toEqual([]);
  });
});
