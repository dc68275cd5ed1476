import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createWarehouseMock } from '../../../src/testing/index.js';
import { auth, put, send, validCreateForm } from '../../support/warehouse-mock.js';

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

  it.each([
    ['a default mock', {}],
    ['a mock of 11,000 records', { inboundOrders: 10_000, shipments: 1_000 }],
  ])('%s: records a test changed in place, nested lists too, come back as seeded, and none held from before is reused', (_, counts) => {
    const mock = createWarehouseMock(counts);
    const pristine = structuredClone(mock.state);
    const [order, shipment] = [mock.state.inboundOrders[0]!, mock.state.shipments[0]!];
    order.color = 'Changed';
    order.tracking_numbers.push('1Z-CHANGED');
    shipment.orders[0]!.item_name = 'Changed';
    shipment.orders.push({ ...shipment.orders[0]! });
    mock.reset();
    expect(mock.state).toEqual(pristine);
    expect(mock.state.inboundOrders[0]).not.toBe(order);
    expect(mock.state.shipments[0]!.orders).not.toBe(shipment.orders);
    // A second reset after changing the new ones: still as seeded.
    mock.state.inboundOrders[0]!.tracking_numbers.push('1Z-AGAIN');
    mock.reset();
    expect(mock.state).toEqual(pristine);
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

describe('a fault scripted without a body', () => {
  it('answers in the warehouse failure envelope, as every failure of the document does', async () => {
    const mock = createWarehouseMock();
    mock.faults.status('GET /api/v1/shipments', 503).status('GET /api/v1/inbound', 429, { retryAfter: 2 });
    const outage = await send(mock, '/shipments');
    expect(outage.status).toBe(503);
    expect(outage.body).toEqual({ status: 'failed', message: 'Injected fault 503', data: null, errors: ['Injected fault 503'] });
    const limited = await send(mock, '/inbound');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ status: 'failed', data: null, message: 'Too many requests (injected fault)' });
  });

  it('answers with the body the test gave, when it gave one', async () => {
    const mock = createWarehouseMock();
    mock.faults.status('GET /api/v1/shipments', 502, { body: '<html>Bad gateway</html>' });
    const response = await mock.fetch(`${mock.baseUrl}/shipments`, { headers: auth(mock) });
    expect(response.status).toBe(502);
    expect(await response.text()).toBe('<html>Bad gateway</html>');
  });
});
