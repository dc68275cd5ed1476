import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createWarehouseMock,
  type InboundOrderRecord,
  mockUpdateViolations,
  parseCsv,
  type WarehouseMock,
} from '../src/testing/warehouse-mock.js';
import { BULK_CSV_COLUMNS } from '../src/warehouse/schemas.js';
import { UPDATE_RULE_MESSAGES, VALIDATION_FAILURE_MESSAGE } from '../src/warehouse/update-rules.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const INBOUND_LIST_MEMBERS = [
  'order_id',
  'date',
  'retailer',
  'order_number',
  'item_name',
  'color',
  'brand_sku',
  'size',
  'quantity',
  'asin',
  'amazon_sku',
  'unit_cost',
  'list_price',
  'client_notes',
  'fulfillment_type',
  'sold_as',
  'units_per_pack',
  'upc',
  'tracking_numbers',
  'status',
  'created_at',
];
const SHIPMENT_LIST_MEMBERS = [
  'shipment_id',
  'status',
  'created_at',
  'shipped_at',
  'name',
  'fulfillment_type',
  'stage',
  'notes',
  'shipping_method',
  'shipping_address',
  'latest_ship_date',
  'total_quantity_shipped',
  'trackings',
  'tags',
  'full_name',
];
const SHIPMENT_DETAIL_MEMBERS = ['orders', 'boxes', 'services', 'seller_central_linked', 'wfs_linked', 'unit_services_summary'];

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected member by member
type Body = any;

function auth(mock: WarehouseMock): Record<string, string> {
  return { authorization: `ApiKey ${mock.apiKey}`, 'x-warehouse-id': mock.warehouseId };
}

async function send(mock: WarehouseMock, path: string, init: RequestInit = {}): Promise<{ status: number; body: Body }> {
  const response = await mock.fetch(`${mock.baseUrl}${path}`, {
    ...init,
    headers: { ...auth(mock), ...(init.headers as Record<string, string>) },
  });
  return { status: response.status, body: await response.json() };
}

function put(mock: WarehouseMock, orderId: string, patch: unknown) {
  return send(mock, `/inbound/${orderId}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(patch) });
}

function dateMs(mmddyyyy: string): number {
  const [m, d, y] = mmddyyyy.split('/').map(Number);
  return Date.UTC(y!, m! - 1, d!);
}

function find(mock: WarehouseMock, predicate: (order: InboundOrderRecord) => boolean): InboundOrderRecord {
  const order = mock.state.inboundOrders.find(predicate);
  if (!order) throw new Error('the seed has no such order');
  return order;
}

function validCreateForm(): FormData {
  const form = new FormData();
  form.append('date', '2025-03-09');
  form.append('retailer', 'Target');
  form.append('order_number', 'PO-NEW-1');
  form.append('item_name', 'Steel Thermos');
  form.append('color', 'Silver');
  form.append('brand_sku', 'BR-THERM');
  form.append('quantity', '12');
  form.append('asin', 'B0TESTASIN');
  form.append('unit_cost', '7.5');
  form.append('list_price', '19.99');
  form.append('fulfillment_type', 'fba');
  return form;
}

describe('the warehouse mock asks every request for its key and warehouse', () => {
  const mock = createWarehouseMock();
  const someOrder = mock.state.inboundOrders[0]!.order_id;
  const routes: [string, string][] = [
    ['GET', '/inbound'],
    ['POST', '/inbound'],
    ['PUT', `/inbound/${someOrder}`],
    ['GET', '/shipments'],
    ['GET', `/shipments/${mock.state.shipments[0]!.shipment_id}`],
  ];

  const cases: [string, Record<string, string>, string[]][] = [
    ['no Authorization header', { 'x-warehouse-id': mock.warehouseId }, ['Missing API key']],
    ['a wrong key', { authorization: 'ApiKey wh_test_wrong', 'x-warehouse-id': mock.warehouseId }, ['Invalid API key']],
    [
      'a Bearer token instead of ApiKey',
      { authorization: `Bearer ${mock.apiKey}`, 'x-warehouse-id': mock.warehouseId },
      ['Invalid API key'],
    ],
    ['no X-Warehouse-Id header', { authorization: `ApiKey ${mock.apiKey}` }, ['Missing X-Warehouse-Id header']],
    [
      'another warehouse',
      { authorization: `ApiKey ${mock.apiKey}`, 'x-warehouse-id': '00000000-0000-4000-8000-000000000000' },
      ['Unknown warehouse'],
    ],
    ['neither header', {}, ['Missing API key', 'Missing X-Warehouse-Id header']],
  ];

  for (const [what, headers, errors] of cases) {
    it(`answers 401 Unauthorized. naming the cause when a request has ${what}`, async () => {
      for (const [method, path] of routes) {
        const response = await mock.fetch(`${mock.baseUrl}${path}`, { method, headers });
        expect(response.status, `${method} ${path}`).toBe(401);
        expect(await response.json()).toEqual({ status: 'failed', message: 'Unauthorized.', data: null, errors });
      }
    });
  }

  it('accepts the scheme name in any case, as HTTP auth schemes are', async () => {
    const response = await mock.fetch(`${mock.baseUrl}/inbound`, {
      headers: { authorization: `apikey ${mock.apiKey}`, 'x-warehouse-id': mock.warehouseId },
    });
    expect(response.status).toBe(200);
  });

  it('uses the key and warehouse it was given', async () => {
    const custom = createWarehouseMock({ apiKey: 'wh_test_custom', warehouseId: '11111111-2222-4333-8444-555555555555' });
    expect((await send(custom, '/inbound?limit=1')).status).toBe(200);
    const stale = await custom.fetch(`${custom.baseUrl}/inbound`, { headers: auth(mock) });
    expect(stale.status).toBe(401);
  });

  it('answers an unknown path with a 404 envelope', async () => {
    const { status, body } = await send(mock, '/outbound');
    expect(status).toBe(404);
    expect(body).toMatchObject({ status: 'failed', data: null });
    expect(body.errors).toHaveLength(1);
  });
});

describe('the seeded data', () => {
  const mock = createWarehouseMock();
  const orders = mock.state.inboundOrders;
  const shipments = mock.state.shipments;

  it('has 25 inbound orders and 10 shipments by default, and the counts asked for otherwise', () => {
    expect(orders).toHaveLength(25);
    expect(shipments).toHaveLength(10);
    const big = createWarehouseMock({ inboundOrders: 1234, shipments: 300 });
    expect(big.state.inboundOrders).toHaveLength(1234);
    expect(big.state.shipments).toHaveLength(300);
    expect(new Set(big.state.inboundOrders.map((o) => o.order_id)).size).toBe(1234);
  });

  it('covers every fulfillment type, both statuses and every way of selling', () => {
    expect(new Set(orders.map((o) => o.fulfillment_type))).toEqual(new Set(['fba', 'fbm', 'wfs', 'two-step', 'shopify', 'manual']));
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(['inbound', 'outbound']));
    expect(new Set(orders.map((o) => o.sold_as))).toEqual(new Set(['individual', 'multi-pack', 'bundle']));
  });

  it('gives bundles children and multi-packs a pack size that divides the quantity', () => {
    for (const order of orders.filter((o) => o.sold_as === 'bundle')) {
      expect(order.bundle_items!.length).toBeGreaterThan(0);
      for (const child of order.bundle_items!)
        expect(child).toMatchObject({ quantity: expect.any(Number), item_name: expect.any(String), color: expect.any(String) });
    }
    const packs = orders.filter((o) => o.sold_as === 'multi-pack');
    expect(packs.length).toBeGreaterThan(0);
    for (const order of packs) {
      expect(order.units_per_pack).toBeGreaterThan(1);
      expect(order.quantity % order.units_per_pack).toBe(0);
    }
  });

  it('gives fbm orders a PFL seller SKU and a price, and two-step orders a label file', () => {
    for (const order of orders.filter((o) => o.fulfillment_type === 'fbm')) {
      expect(order.amazon_sku.startsWith('PFL')).toBe(true);
      expect(order.list_price).not.toBe(0);
    }
    for (const order of orders.filter((o) => o.fulfillment_type === 'two-step')) {
      expect(order.shipping_label_files?.[0]?.name).toMatch(/\.pdf$/);
    }
  });

  it('uses UUID ids, MM/DD/YYYY dates, tracking numbers and distinct ISO creation times', () => {
    for (const order of orders) {
      expect(order.order_id).toMatch(UUID);
      expect(order.date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(new Date(order.created_at).toISOString()).toBe(order.created_at);
    }
    expect(new Set(orders.map((o) => o.created_at)).size).toBe(orders.length);
    expect(orders.some((o) => o.tracking_numbers.length > 0)).toBe(true);
    // Dates cross a year boundary, so sorting them as text would be visibly wrong.
    expect(new Set(orders.map((o) => o.date.slice(6))).size).toBeGreaterThan(1);
  });

  it('has shipments in every status and fulfillment type with every documented member', () => {
    expect(new Set(shipments.map((s) => s.status))).toEqual(new Set(['working', 'requested', 'picking', 'picked', 'shipped']));
    expect(new Set(shipments.map((s) => s.fulfillment_type))).toEqual(new Set(['fba', 'fbm', 'manual', 'wfs', 'shopify']));
    for (const shipment of shipments) {
      expect(Object.keys(shipment).sort()).toEqual([...SHIPMENT_LIST_MEMBERS, ...SHIPMENT_DETAIL_MEMBERS].sort());
      expect(shipment.shipment_id).toMatch(UUID);
      expect(shipment.total_quantity_shipped).toBe(shipment.orders.reduce((sum, o) => sum + o.quantity_shipped, 0));
      expect(typeof shipment.shipping_address).toBe('object');
    }
    const trackings = shipments.flatMap((s) => s.trackings);
    expect(trackings.length).toBeGreaterThan(0);
    for (const t of trackings)
      expect(Object.keys(t).sort()).toEqual(['carrier', 'created_at', 'rate_id', 'tracking_id', 'tracking_number', 'tracking_status']);
    expect(shipments.flatMap((s) => s.tags)[0]).toEqual({ tag: expect.any(String), value: expect.any(String) });
    expect(shipments.some((s) => s.seller_central_linked)).toBe(true);
    expect(shipments.some((s) => s.wfs_linked)).toBe(true);
  });

  it('is the same data every time for the same options, and different for another seed', () => {
    const a = createWarehouseMock({ inboundOrders: 40, shipments: 12, seed: 7 });
    const b = createWarehouseMock({ inboundOrders: 40, shipments: 12, seed: 7 });
    expect(a.state).toEqual(b.state);
    expect(JSON.stringify(a.state)).toBe(JSON.stringify(b.state));
    const c = createWarehouseMock({ inboundOrders: 40, shipments: 12, seed: 8 });
    expect(c.state.inboundOrders[0]!.order_id).not.toBe(a.state.inboundOrders[0]!.order_id);
  });
});

describe('listing inbound orders', () => {
  const mock = createWarehouseMock();

  it('returns the first 200, newest first, with the total, by default', async () => {
    const { status, body } = await send(mock, '/inbound');
    expect(status).toBe(200);
    expect(body.status).toBe('success');
    expect(body.errors).toBeNull();
    expect(body.data.results).toEqual({ total: 25, limit: 200, offset: 0 });
    const created = body.data.orders.map((o: Body) => o.created_at);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('returns only the members of the list shape, not bundle children or label files', async () => {
    const { body } = await send(mock, '/inbound?limit=-1');
    for (const order of body.data.orders) expect(Object.keys(order)).toEqual(INBOUND_LIST_MEMBERS);
  });

  it('pages with offset and limit while total stays the number of matching orders', async () => {
    const all = (await send(mock, '/inbound?limit=-1')).body.data.orders.map((o: Body) => o.order_id);
    const { body } = await send(mock, '/inbound?offset=5&limit=7');
    expect(body.data.results).toEqual({ total: 25, limit: 7, offset: 5 });
    expect(body.data.orders.map((o: Body) => o.order_id)).toEqual(all.slice(5, 12));

    const walked: string[] = [];
    for (let offset = 0; offset < 25; offset += 10) {
      const next = await send(mock, `/inbound?offset=${offset}&limit=10`);
      walked.push(...next.body.data.orders.map((o: Body) => o.order_id));
    }
    expect(walked).toEqual(all);
  });

  it('returns every order for limit -1 and echoes the -1', async () => {
    const { body } = await send(mock, '/inbound?limit=-1&offset=20');
    expect(body.data.orders).toHaveLength(5);
    expect(body.data.results).toEqual({ total: 25, limit: -1, offset: 20 });
  });

  it('returns an empty page past the end', async () => {
    const { body } = await send(mock, '/inbound?offset=100');
    expect(body.data.orders).toEqual([]);
    expect(body.data.results.total).toBe(25);
  });

  it('filters by fulfillment types sent as repeated keys or one comma-separated value', async () => {
    const expected = mock.state.inboundOrders.filter((o) => o.fulfillment_type === 'fba' || o.fulfillment_type === 'two-step').length;
    const repeated = await send(mock, '/inbound?fulfillment_types=fba&fulfillment_types=two-step&limit=-1');
    expect(repeated.body.data.results.total).toBe(expected);
    expect(new Set(repeated.body.data.orders.map((o: Body) => o.fulfillment_type))).toEqual(new Set(['fba', 'two-step']));
    const comma = await send(mock, '/inbound?fulfillment_types=fba,two-step&limit=-1');
    expect(comma.body.data.orders).toEqual(repeated.body.data.orders);
  });

  it('sorts numbers as numbers both ways', async () => {
    const asc = (await send(mock, '/inbound?sort_key=quantity&sort_order=asc&limit=-1')).body.data.orders.map((o: Body) => o.quantity);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(new Set(asc.map((q: number) => String(q).length)).size).toBeGreaterThan(1);
    const desc = (await send(mock, '/inbound?sort_key=list_price&sort_order=desc&limit=-1')).body.data.orders.map(
      (o: Body) => o.list_price,
    );
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  it('sorts MM/DD/YYYY dates as dates, across years', async () => {
    const ascText = (await send(mock, '/inbound?sort_key=date&sort_order=asc&limit=-1')).body.data.orders.map((o: Body) => o.date);
    const asc = ascText.map(dateMs);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    // The seed makes text order and date order differ, so a text sort cannot pass.
    expect([...ascText].sort()).not.toEqual(ascText);
    const desc = (await send(mock, '/inbound?sort_key=date&limit=-1')).body.data.orders.map((o: Body) => dateMs(o.date));
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  it('sorts text and creation time both ways', async () => {
    const names = (await send(mock, '/inbound?sort_key=item_name&sort_order=asc&limit=-1')).body.data.orders.map((o: Body) => o.item_name);
    expect(names).toEqual([...names].sort());
    const oldest = (await send(mock, '/inbound?sort_key=created_at&sort_order=asc&limit=1')).body.data.orders[0];
    expect(oldest.order_id).toBe(mock.state.inboundOrders[0]!.order_id);
  });

  it('breaks ties by order_id so equal keys page the same way every time', async () => {
    const orders = (await send(mock, '/inbound?sort_key=status&sort_order=desc&limit=-1')).body.data.orders;
    const outbound = orders.filter((o: Body) => o.status === 'outbound').map((o: Body) => o.order_id);
    expect(orders[0].status).toBe('outbound');
    expect(outbound).toEqual([...outbound].sort());
  });

  it.each([
    ['offset=-1', 'offset'],
    ['offset=abc', 'offset'],
    ['limit=0', 'limit'],
    ['limit=-2', 'limit'],
    ['limit=ten', 'limit'],
    ['sort_order=up', 'sort_order'],
    ['sort_key=colour', 'sort_key'],
    ['fulfillment_types=shopify', 'fulfillment_types'],
    ['fulfillment_types=fba,,fbm', 'fulfillment_types'],
    ['sortKey=quantity', 'sortKey'],
  ])('rejects %s with a 400 naming %s', async (query, name) => {
    const { status, body } = await send(mock, `/inbound?${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: 'failed', message: VALIDATION_FAILURE_MESSAGE, data: null });
    expect(body.errors.join(' ')).toContain(name);
  });

  it('accepts a lang parameter', async () => {
    expect((await send(mock, '/inbound?lang=de')).status).toBe(200);
  });
});

describe('listing and retrieving shipments', () => {
  const mock = createWarehouseMock();

  it('names the count total_results and leaves detail members out of list items', async () => {
    const { status, body } = await send(mock, '/shipments');
    expect(status).toBe(200);
    expect(body.data.results).toEqual({ offset: 0, limit: 200, total_results: 10 });
    for (const shipment of body.data.shipments) {
      expect(Object.keys(shipment)).toEqual(SHIPMENT_LIST_MEMBERS);
      for (const t of shipment.trackings) expect(Object.keys(t)).toEqual(['tracking_number', 'carrier', 'tracking_status']);
    }
  });

  it('pages with offset and limit', async () => {
    const { body } = await send(mock, '/shipments?offset=8&limit=5');
    expect(body.data.shipments).toHaveLength(2);
    expect(body.data.results).toEqual({ offset: 8, limit: 5, total_results: 10 });
  });

  it('refuses limit -1, which only the inbound list documents', async () => {
    const { status, body } = await send(mock, '/shipments?limit=-1');
    expect(status).toBe(400);
    expect(body.errors[0]).toContain('limit');
  });

  it('filters by statuses and fulfillment types', async () => {
    const { body } = await send(mock, '/shipments?statuses=shipped&statuses=picked');
    const expected = mock.state.shipments.filter((s) => s.status === 'shipped' || s.status === 'picked');
    expect(body.data.results.total_results).toBe(expected.length);
    expect(new Set(body.data.shipments.map((s: Body) => s.status))).toEqual(new Set(['shipped', 'picked']));

    const wfs = await send(mock, '/shipments?fulfillment_types=wfs');
    expect(wfs.body.data.shipments.every((s: Body) => s.fulfillment_type === 'wfs')).toBe(true);
    expect(wfs.body.data.results.total_results).toBe(mock.state.shipments.filter((s) => s.fulfillment_type === 'wfs').length);

    expect((await send(mock, '/shipments?statuses=lost')).status).toBe(400);
    expect((await send(mock, '/shipments?fulfillment_types=two-step')).status).toBe(400);
  });

  it('restricts the list to one shipment by shipment_id', async () => {
    const target = mock.state.shipments[6]!;
    const { body } = await send(mock, `/shipments?shipment_id=${target.shipment_id}`);
    expect(body.data.shipments.map((s: Body) => s.shipment_id)).toEqual([target.shipment_id]);
    expect(body.data.results.total_results).toBe(1);
    const none = await send(mock, '/shipments?shipment_id=00000000-0000-4000-8000-000000000000');
    expect(none.body.data.results.total_results).toBe(0);
  });

  it('sorts shipments by any list member both ways', async () => {
    const asc = (await send(mock, '/shipments?sort_key=total_quantity_shipped&sort_order=asc')).body.data.shipments.map(
      (s: Body) => s.total_quantity_shipped,
    );
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const latest = (await send(mock, '/shipments?sort_key=latest_ship_date')).body.data.shipments.map((s: Body) =>
      Date.parse(s.latest_ship_date),
    );
    expect(latest).toEqual([...latest].sort((a, b) => b - a));
  });

  it('returns one shipment with its detail members', async () => {
    const target = mock.state.shipments.find((s) => s.trackings.length > 0)!;
    const { status, body } = await send(mock, `/shipments/${target.shipment_id}`);
    expect(status).toBe(200);
    expect(body.data.shipment).toEqual(JSON.parse(JSON.stringify(target)));
    expect(Object.keys(body.data.shipment.trackings[0]).sort()).toEqual([
      'carrier',
      'created_at',
      'rate_id',
      'tracking_id',
      'tracking_number',
      'tracking_status',
    ]);
  });

  it('answers 404 for a shipment that does not exist and 400 for an id that is not a UUID', async () => {
    const missing = await send(mock, '/shipments/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: 'failed', data: null });
    const malformed = await send(mock, '/shipments/not-a-uuid');
    expect(malformed.status).toBe(400);
  });
});

describe('creating inbound orders', () => {
  let mock: WarehouseMock;
  beforeEach(() => {
    mock = createWarehouseMock();
  });

  it('creates one order from a form with tracking numbers, bundle items and a label file', async () => {
    const form = validCreateForm();
    form.set('fulfillment_type', 'two-step');
    form.set('quantity', '6');
    form.append('sold_as', 'bundle');
    form.append('units_per_pack', '3');
    form.append('tracking_numbers', '1ZAAA');
    form.append('tracking_numbers', '1ZBBB');
    form.append('bundle_items', JSON.stringify([{ quantity: 6, item_name: 'Lid', color: 'Black', brand_sku: 'BR-LID' }]));
    form.append('shipping_label_files', new Blob(['%PDF-1.4 label'], { type: 'application/pdf' }), 'label-1.pdf');

    const { status, body } = await send(mock, '/inbound', { method: 'POST', body: form });
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'success',
      message: 'Inbound order created.',
      data: { order_id: expect.stringMatching(UUID) },
      errors: null,
    });

    const stored = mock.state.inboundOrders.find((o) => o.order_id === body.data.order_id)!;
    expect(stored).toMatchObject({
      date: '03/09/2025',
      quantity: 6,
      unit_cost: 7.5,
      list_price: 19.99,
      status: 'inbound',
      sold_as: 'bundle',
      units_per_pack: 3,
      tracking_numbers: ['1ZAAA', '1ZBBB'],
      client_notes: null,
      upc: null,
      bundle_items: [{ quantity: 6, item_name: 'Lid', color: 'Black', brand_sku: 'BR-LID' }],
      shipping_label_files: [{ name: 'label-1.pdf', size: 14, type: 'application/pdf' }],
    });
    const newest = (await send(mock, '/inbound?limit=1')).body.data.orders[0];
    expect(newest.order_id).toBe(body.data.order_id);
    expect((await send(mock, '/inbound')).body.data.results.total).toBe(26);
  });

  it('accepts a date written MM/DD/YYYY', async () => {
    const form = validCreateForm();
    form.set('date', '12/31/2024');
    const { body } = await send(mock, '/inbound', { method: 'POST', body: form });
    expect(mock.state.inboundOrders.find((o) => o.order_id === body.data.order_id)!.date).toBe('12/31/2024');
  });

  it('lists every missing or malformed field and creates nothing', async () => {
    const form = new FormData();
    form.append('fulfillment_type', 'fbm');
    form.append('quantity', '2.5');
    form.append('date', '2025-02-30');
    form.append('sold_as', 'bundle');
    form.append('nickname', 'x');
    const { status, body } = await send(mock, '/inbound', { method: 'POST', body: form });
    expect(status).toBe(400);
    expect(body.message).toBe(VALIDATION_FAILURE_MESSAGE);
    for (const expected of [
      'retailer is required',
      'quantity must be a positive integer',
      'date must be',
      'asin is required for fba and fbm',
      'units_per_pack is required when sold_as is bundle',
      "unknown field 'nickname'",
    ]) {
      expect(
        body.errors.some((e: string) => e.includes(expected)),
        expected,
      ).toBe(true);
    }
    expect(mock.state.inboundOrders).toHaveLength(25);
  });

  it('refuses a fulfillment type or sale kind that create does not take', async () => {
    const form = validCreateForm();
    form.set('fulfillment_type', 'manual');
    form.set('sold_as', 'multi-pack');
    const { status, body } = await send(mock, '/inbound', { method: 'POST', body: form });
    expect(status).toBe(400);
    expect(body.errors).toHaveLength(2);
  });

  it('refuses a body that is not multipart', async () => {
    const { status, body } = await send(mock, '/inbound', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ retailer: 'Target' }),
    });
    expect(status).toBe(400);
    expect(body.errors[0]).toContain('multipart/form-data');
  });

  it('creates every row of a bulk CSV, quoted commas, quotes and line breaks included', async () => {
    // Columns in another order than BULK_CSV_COLUMNS, CRLF line ends, RFC 4180 quoting.
    const columns = [...BULK_CSV_COLUMNS].reverse();
    const row = (values: Record<string, string>) =>
      columns
        .map((c) => values[c] ?? '')
        .map((v) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v))
        .join(',');
    const common = { date: '01/15/2025', retailer: 'Costco', brand_sku: 'BR-1', quantity: '4', unit_cost: '2', list_price: '5' };
    const csv = [
      columns.join(','),
      row({ ...common, order_number: 'A-1', item_name: 'Mug, large', color: 'Blue', fulfillment_type: 'wfs', tracking_numbers: '1ZA;1ZB' }),
      row({ ...common, order_number: 'A-2', item_name: '5" Frame', color: 'Oak', fulfillment_type: 'fba', asin: 'B0FRAME' }),
      row({
        ...common,
        order_number: 'A-3',
        item_name: 'Card',
        color: 'Red',
        fulfillment_type: 'shopify',
        client_notes: 'line one\r\nline two',
      }),
    ].join('\r\n');
    const form = new FormData();
    form.append('bulk', 'true');
    form.append('file', new Blob([`${csv}\r\n`], { type: 'text/csv' }), 'orders.csv');

    const { status, body } = await send(mock, '/inbound', { method: 'POST', body: form });
    expect(status).toBe(200);
    expect(body.message).toBe('3 inbound orders created.');
    expect(body.data.count).toBe(3);
    const created = body.data.order_ids.map((id: string) => mock.state.inboundOrders.find((o) => o.order_id === id)!);
    expect(created.map((o: InboundOrderRecord) => o.item_name)).toEqual(['Mug, large', '5" Frame', 'Card']);
    expect(created[0].tracking_numbers).toEqual(['1ZA', '1ZB']);
    expect(created[2].client_notes).toBe('line one\r\nline two');
    expect(created[1]).toMatchObject({ asin: 'B0FRAME', quantity: 4, date: '01/15/2025', status: 'inbound' });
  });

  it('rejects a bulk CSV with one error per bad row and creates none of it', async () => {
    const header = BULK_CSV_COLUMNS.join(',');
    const good = ['01/15/2025', 'Costco', 'A-1', 'Mug', 'Blue', 'BR-1', '4', 'B0X', '2', '5', 'fba', '', '', '', '', '', '', ''].join(',');
    const noQuantity = ['01/15/2025', 'Costco', 'A-2', 'Mug', 'Blue', 'BR-1', '', 'B0X', '2', '5', 'fba', '', '', '', '', '', '', ''].join(
      ',',
    );
    const badType = ['01/15/2025', 'Costco', 'A-3', 'Mug', 'Blue', 'BR-1', '4', '', '2', '5', 'rocket', '', '', '', '', '', '', ''].join(
      ',',
    );
    const form = new FormData();
    form.append('bulk', 'true');
    form.append('file', new Blob([[header, good, noQuantity, badType].join('\n')]), 'orders.csv');
    const { status, body } = await send(mock, '/inbound', { method: 'POST', body: form });
    expect(status).toBe(400);
    expect(body.errors).toHaveLength(2);
    expect(body.errors[0]).toMatch(/^Row 3: .*quantity/);
    expect(body.errors[1]).toMatch(/^Row 4: .*fulfillment_type/);
    expect(mock.state.inboundOrders).toHaveLength(25);
  });

  it('rejects a bulk upload whose CSV sent as text rather than a file, or with unknown columns', async () => {
    const asText = new FormData();
    asText.append('bulk', 'true');
    asText.append('file', 'date,retailer');
    expect((await send(mock, '/inbound', { method: 'POST', body: asText })).status).toBe(400);

    const unknown = new FormData();
    unknown.append('bulk', 'true');
    unknown.append('file', new Blob([`${BULK_CSV_COLUMNS.join(',')},colour\n`]), 'x.csv');
    const { body } = await send(mock, '/inbound', { method: 'POST', body: unknown });
    expect(body.errors).toContain("unknown CSV column 'colour'");
  });
});

describe('the CSV reader', () => {
  it('keeps quoted commas, doubled quotes and line breaks, and numbers rows as a spreadsheet does', () => {
    const result = parseCsv('\ufeffa,b\r\n"x, y","say ""hi"""\n\n"multi\nline",z\n');
    expect(result).toEqual({
      records: [
        { row: 1, fields: ['a', 'b'] },
        { row: 2, fields: ['x, y', 'say "hi"'] },
        { row: 4, fields: ['multi\nline', 'z'] },
      ],
    });
  });

  it('refuses an unclosed quote and a stray quote in an unquoted field', () => {
    expect(parseCsv('a\n"open')).toHaveProperty('error');
    expect(parseCsv('a\n5" frame')).toHaveProperty('error');
  });
});

describe('updating an inbound order', () => {
  let mock: WarehouseMock;
  beforeEach(() => {
    mock = createWarehouseMock();
  });

  it('changes the named members and answers with data null', async () => {
    const order = find(mock, (o) => o.status === 'inbound' && o.fulfillment_type === 'fba' && o.sold_as === 'individual');
    const { status, body } = await put(mock, order.order_id, {
      itemName: 'Renamed',
      brandSKU: 'BR-NEW',
      cogs: 3.25,
      notes: 'new note',
      trackingNumbers: ['1ZNEW'],
      date: '2025-04-01',
    });
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'success', message: 'Inbound order updated.', data: null, errors: null });
    expect(order).toMatchObject({
      item_name: 'Renamed',
      brand_sku: 'BR-NEW',
      unit_cost: 3.25,
      client_notes: 'new note',
      tracking_numbers: ['1ZNEW'],
      date: '04/01/2025',
    });
  });

  it('answers 404 for an order that does not exist', async () => {
    const { status, body } = await put(mock, '00000000-0000-4000-8000-000000000000', { color: 'Red' });
    expect(status).toBe(404);
    expect(body).toMatchObject({ status: 'failed', data: null });
  });

  it('refuses unknown members and wrong types without touching the order', async () => {
    const order = find(mock, (o) => o.sold_as === 'individual');
    const before = structuredClone(order);
    const { status, body } = await put(mock, order.order_id, { item_name: 'snake case', quantity: '3', trackingNumbers: 'one' });
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      "unknown member 'item_name'",
      'quantity must be a positive integer',
      'trackingNumbers must be an array of strings',
    ]);
    expect(order).toEqual(before);
  });

  it('refuses to change fulfilledBy once the order is outbound', async () => {
    const order = find(mock, (o) => o.status === 'outbound' && o.fulfillment_type === 'fba');
    const { status, body } = await put(mock, order.order_id, { fulfilledBy: 'wfs' });
    expect(status).toBe(400);
    expect(body).toEqual({
      status: 'failed',
      message: VALIDATION_FAILURE_MESSAGE,
      data: null,
      errors: [UPDATE_RULE_MESSAGES.fulfilled_by_after_shipping],
    });
    expect(order.fulfillment_type).toBe('fba');
    // Sending the value it already has is not a change.
    expect((await put(mock, order.order_id, { fulfilledBy: 'fba' })).status).toBe(200);
  });

  it('lets fulfilledBy change while the order is still inbound', async () => {
    const order = find(mock, (o) => o.status === 'inbound' && o.fulfillment_type === 'fba' && o.sold_as === 'individual');
    expect((await put(mock, order.order_id, { fulfilledBy: 'manual' })).status).toBe(200);
    expect(order.fulfillment_type).toBe('manual');
  });

  it('requires an fbm seller SKU to start with PFL, and fills in an empty one', async () => {
    const order = find(mock, (o) => o.fulfillment_type === 'fbm' && o.sold_as === 'individual');
    const bad = await put(mock, order.order_id, { amazonSKU: 'XYZ-1' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([UPDATE_RULE_MESSAGES.fbm_amazon_sku_prefix]);
    expect((await put(mock, order.order_id, { amazonSKU: 'PFL-OK' })).status).toBe(200);
    expect(order.amazon_sku).toBe('PFL-OK');
    expect((await put(mock, order.order_id, { amazonSKU: '' })).status).toBe(200);
    expect(order.amazon_sku).toMatch(/^PFL-/);
  });

  it('requires a non-zero list price on fbm orders, including one switched to fbm', async () => {
    const fbm = find(mock, (o) => o.fulfillment_type === 'fbm' && o.sold_as === 'individual');
    const { body } = await put(mock, fbm.order_id, { listPrice: 0 });
    expect(body.errors).toEqual([UPDATE_RULE_MESSAGES.fbm_list_price]);

    const other = find(mock, (o) => o.status === 'inbound' && o.fulfillment_type === 'fba' && o.sold_as === 'individual');
    other.list_price = 0;
    other.amazon_sku = 'PFL-1';
    const switched = await put(mock, other.order_id, { fulfilledBy: 'fbm' });
    expect(switched.body.errors).toEqual([UPDATE_RULE_MESSAGES.fbm_list_price]);
    expect(other.fulfillment_type).toBe('fba');
  });

  it('refuses fbm updates while the seller portal is not linked', async () => {
    const fbm = find(mock, (o) => o.fulfillment_type === 'fbm' && o.sold_as === 'individual');
    mock.settings.sellerPortalLinked = false;
    const { status, body } = await put(mock, fbm.order_id, { color: 'Teal' });
    expect(status).toBe(400);
    expect(body.errors).toEqual([UPDATE_RULE_MESSAGES.fbm_seller_portal]);
    expect(fbm.color).not.toBe('Teal');

    const unlinked = createWarehouseMock({ sellerPortalLinked: false });
    const fba = find(unlinked, (o) => o.fulfillment_type === 'fba' && o.sold_as === 'individual');
    expect((await put(unlinked, fba.order_id, { color: 'Teal' })).status).toBe(200);
  });

  it('requires a positive whole pack size and a divisible quantity when not sold individually', async () => {
    const pack = find(mock, (o) => o.sold_as === 'multi-pack' && o.fulfillment_type !== 'fbm');
    const zero = await put(mock, pack.order_id, { units_per_pack: 0 });
    expect(zero.body.errors).toEqual([UPDATE_RULE_MESSAGES.units_per_pack_positive]);
    const fraction = await put(mock, pack.order_id, { units_per_pack: 1.5 });
    expect(fraction.body.errors).toEqual([UPDATE_RULE_MESSAGES.units_per_pack_positive]);
    const uneven = await put(mock, pack.order_id, { quantity: pack.quantity + 1 });
    expect(uneven.body.errors).toEqual([UPDATE_RULE_MESSAGES.quantity_divisible]);

    const single = find(mock, (o) => o.sold_as === 'individual' && o.quantity % 2 === 1 && o.fulfillment_type !== 'fbm');
    const becomingPack = await put(mock, single.order_id, { sold_as: 'multi-pack', units_per_pack: 2 });
    expect(becomingPack.body.errors).toEqual([UPDATE_RULE_MESSAGES.quantity_divisible]);
    expect((await put(mock, single.order_id, { sold_as: 'multi-pack', units_per_pack: 2, quantity: single.quantity + 1 })).status).toBe(
      200,
    );
  });

  it('lists every violated rule at once, in a stable order, and changes nothing', async () => {
    const order = find(mock, (o) => o.status === 'outbound' && o.fulfillment_type !== 'fbm');
    mock.settings.sellerPortalLinked = false;
    const before = structuredClone(order);
    const { status, body } = await put(mock, order.order_id, {
      fulfilledBy: 'fbm',
      amazonSKU: 'AMZ-1',
      listPrice: 0,
      sold_as: 'multi-pack',
      units_per_pack: 4,
      quantity: 6,
      color: 'Never stored',
    });
    expect(status).toBe(400);
    expect(body.message).toBe(VALIDATION_FAILURE_MESSAGE);
    expect(body.errors).toEqual([
      UPDATE_RULE_MESSAGES.fulfilled_by_after_shipping,
      UPDATE_RULE_MESSAGES.fbm_amazon_sku_prefix,
      UPDATE_RULE_MESSAGES.fbm_list_price,
      UPDATE_RULE_MESSAGES.fbm_seller_portal,
      UPDATE_RULE_MESSAGES.quantity_divisible,
    ]);
    expect(order).toEqual(before);
  });

  it('keeps bundle children in step when the bundle quantity changes', async () => {
    const bundle = find(mock, (o) => o.sold_as === 'bundle' && o.fulfillment_type !== 'fbm');
    const ratios = bundle.bundle_items!.map((child) => child.quantity / bundle.quantity);
    const newQuantity = bundle.units_per_pack * 7;
    expect((await put(mock, bundle.order_id, { quantity: newQuantity })).status).toBe(200);
    expect(bundle.quantity).toBe(newQuantity);
    expect(bundle.bundle_items!.map((child) => child.quantity)).toEqual(ratios.map((r) => r * newQuantity));

    // A change refused by the rules leaves the children alone too.
    const children = structuredClone(bundle.bundle_items);
    await put(mock, bundle.order_id, { quantity: newQuantity + 1 });
    expect(bundle.bundle_items).toEqual(children);
  });

  it('decides the same rules as a pure function on the merged state', () => {
    const record = {
      status: 'outbound',
      fulfillment_type: 'fbm',
      amazon_sku: 'PFL-1',
      list_price: 5,
      sold_as: 'bundle',
      units_per_pack: 3,
      quantity: 9,
    } as const;
    expect(mockUpdateViolations(record, {}, { sellerPortalLinked: true })).toEqual([]);
    expect(mockUpdateViolations(record, { quantity: 10 }, { sellerPortalLinked: true })).toEqual(['quantity_divisible']);
    expect(mockUpdateViolations(record, { fulfilledBy: 'fba', listPrice: 0 }, { sellerPortalLinked: false })).toEqual([
      'fulfilled_by_after_shipping',
    ]);
    expect(
      mockUpdateViolations(record, { amazonSKU: 'x', sold_as: 'individual', units_per_pack: 0 }, { sellerPortalLinked: false }),
    ).toEqual(['fbm_amazon_sku_prefix', 'fbm_seller_portal']);
  });
});

describe('resetting the mock', () => {
  it('brings back the seeded orders, settings and no faults', async () => {
    const mock = createWarehouseMock();
    const pristine = structuredClone(mock.state);
    const orders = mock.state.inboundOrders;
    await send(mock, '/inbound', { method: 'POST', body: validCreateForm() });
    await put(mock, orders[0]!.order_id, { color: 'Changed' });
    mock.settings.sellerPortalLinked = false;
    mock.faults.status('GET /api/v1/shipments', 503, { times: 5 });
    expect(orders).toHaveLength(26);

    mock.reset();
    expect(mock.state).toEqual(pristine);
    expect(mock.state.inboundOrders).toBe(orders);
    expect(mock.settings.sellerPortalLinked).toBe(true);
    expect((await send(mock, '/shipments')).status).toBe(200);
  });

  it('hands out the same new ids after a reset, so replayed tests match', async () => {
    const mock = createWarehouseMock();
    const first = (await send(mock, '/inbound', { method: 'POST', body: validCreateForm() })).body.data.order_id;
    mock.reset();
    const again = (await send(mock, '/inbound', { method: 'POST', body: validCreateForm() })).body.data.order_id;
    expect(again).toBe(first);
  });
});

describe('the warehouse mock behind msw', () => {
  const mock = createWarehouseMock({ inboundOrders: 5, shipments: 3 });
  const server = setupServer(...mock.handlers);
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    mock.reset();
  });
  afterAll(() => server.close());

  it('answers the real fetch for a list, a create with a file, and an update', async () => {
    const headers = auth(mock);
    const list = await fetch(`${mock.baseUrl}/inbound?fulfillment_types=fba`, { headers });
    expect(list.status).toBe(200);
    expect((await list.json()).data.results.total).toBe(1);

    const form = validCreateForm();
    form.set('fulfillment_type', 'two-step');
    form.append('shipping_label_files', new Blob(['label'], { type: 'application/pdf' }), 'two-step.pdf');
    const created = await fetch(`${mock.baseUrl}/inbound`, { method: 'POST', headers, body: form });
    const { data } = await created.json();
    expect(created.status).toBe(200);
    expect(mock.state.inboundOrders.at(-1)!.shipping_label_files).toEqual([{ name: 'two-step.pdf', size: 5, type: 'application/pdf' }]);

    const updated = await fetch(`${mock.baseUrl}/inbound/${data.order_id}`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ quantity: 3 }),
    });
    expect(await updated.json()).toMatchObject({ status: 'success', data: null });
    expect(mock.state.inboundOrders.at(-1)!.quantity).toBe(3);
  });

  it('still asks for credentials through msw', async () => {
    const response = await fetch(`${mock.baseUrl}/shipments`);
    expect(response.status).toBe(401);
    expect((await response.json()).errors).toEqual(['Missing API key', 'Missing X-Warehouse-Id header']);
  });
});
