/**
 * A write the service accepted resolves: a 2xx to a create, post or send means it took
 * effect, so a body the document would not write is returned as received (what can be read)
 * and reported at `warn`, and the caller is never invited to send it twice. A read is
 * measured by the document member by member: `null` where it says string, a number where it
 * says string, `2.5` where it says integer, a value outside a documented enumeration — each
 * reported by member (resolving as received), or, under `strictResponseValidation`, a
 * `ResponseValidationError` naming the member. An id the SDK puts in URLs is held in both.
 */
import { describe, expect, it, vi } from 'vitest';
import { MessagingClient, ResponseValidationError, WarehouseClient } from '../../src/index.js';
import { BOT_KEY, jsonResponse, ORDER_ID, SHIPMENT_DETAIL, scriptedFetch } from '../support/scripted-fetch.js';

const logger = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() });
const envelope = (data: unknown) => ({ status: 'success', message: 'ok', data, errors: null });
const ORDER = {
  date: '11/22/2026',
  retailer: 'R',
  order_number: 'PO',
  item_name: 'I',
  color: 'C',
  brand_sku: 'B',
  quantity: 1,
  unit_cost: 1,
  list_price: 2,
  fulfillment_type: 'wfs',
} as const;

describe('a write that got a 2xx resolves, sent once, with a warn line for an odd body', () => {
  const writes: [string, Response, (f: typeof fetch, log: ReturnType<typeof logger>) => PromiseLike<unknown>, unknown][] = [
    [
      'an announcement whose createdAt is a number',
      jsonResponse(201, { id: 'a1', title: 't', body: 'b', createdAt: 1_763_900_000, createdBy: 'Ops Bot', likeCount: 0 }),
      (fetch, log) =>
        new MessagingClient({
          baseUrl: 'https://chat.example.test',
          botKey: BOT_KEY,
          fetch,
          logger: log,
          logLevel: 'warn',
        }).postAnnouncement({ title: 't', body: 'b' }),
      { id: 'a1', title: 't', body: 'b', createdAt: 1_763_900_000, createdBy: 'Ops Bot', likeCount: 0, commentCount: undefined },
    ],
    [
      'an announcement with an empty 201',
      new Response(null, { status: 201 }),
      (fetch, log) =>
        new MessagingClient({
          baseUrl: 'https://chat.example.test',
          botKey: BOT_KEY,
          fetch,
          logger: log,
          logLevel: 'warn',
        }).postAnnouncement({ title: 't', body: 'b' }),
      { likeCount: undefined, commentCount: undefined },
    ],
    [
      'a direct message answered with a plain-text 201',
      new Response('Created', { status: 201, headers: { 'content-type': 'text/plain' } }),
      (fetch, log) =>
        new MessagingClient({
          baseUrl: 'https://chat.example.test',
          botKey: BOT_KEY,
          fetch,
          logger: log,
          logLevel: 'warn',
        }).sendDirectMessage({ to: { email: 'a@example.test' }, body: 'b' }),
      {},
    ],
    [
      'a create whose order_id is not a string',
      jsonResponse(200, envelope({ order_id: 42 })),
      (fetch, log) =>
        new WarehouseClient({
          baseUrl: 'https://api.example.test',
          apiKey: 'wh-key-1',
          warehouseId: 'wh',
          fetch,
          logger: log,
          logLevel: 'warn',
        }).inbound.create(ORDER),
      { order_id: 42 },
    ],
    [
      'an update answered with no envelope',
      jsonResponse(200, { ok: true }),
      (fetch, log) =>
        new WarehouseClient({
          baseUrl: 'https://api.example.test',
          apiKey: 'wh-key-1',
          warehouseId: 'wh',
          fetch,
          logger: log,
          logLevel: 'warn',
        }).inbound.update(ORDER_ID, { notes: 'n' }),
      { message: '' },
    ],
  ];

  it.each(writes)('%s', async (_name, response, call, expected) => {
    const fetch = scriptedFetch(response);
    const log = logger();
    await expect(call(fetch, log)).resolves.toEqual(expected);
    expect(fetch.calls).toHaveLength(1);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![0]).toMatch(/took effect, but its body is not as documented/);
  });

  it('a well-formed write logs nothing', async () => {
    const fetch = scriptedFetch(
      jsonResponse(201, { id: 'a1', title: 't', body: 'b', createdAt: '2026-11-23T12:00:00Z', createdBy: 'Ops Bot' }),
    );
    const log = logger();
    await new MessagingClient({
      baseUrl: 'https://chat.example.test',
      botKey: BOT_KEY,
      fetch,
      logger: log,
      logLevel: 'warn',
    }).postAnnouncement({ title: 't', body: 'b' });
    expect(log.warn).not.toHaveBeenCalled();
  });
});

describe('a read is held to the document member by member', () => {
  const tracking = {
    tracking_id: 't1',
    tracking_number: '1Z',
    carrier: 'UPS',
    tracking_status: 'in_transit',
    rate_id: 'r1',
    created_at: '2026-11-02T10:00:00Z',
  };
  const line = {
    order_id: ORDER_ID,
    item_name: 'Lamp',
    quantity_shipped: 2,
    asin: 'B0',
    amazon_sku: 'A-1',
    sold_as: 'individual',
    units_per_pack: 1,
  };
  const detail = (patch: Record<string, unknown>) =>
    jsonResponse(
      200,
      envelope({
        shipment: {
          ...SHIPMENT_DETAIL,
          trackings: [tracking],
          orders: [line],
          boxes: [{ box_id: 'b1', name: 'S', quantity: 1, price_per_unit: 1.5 }],
          ...patch,
        },
      }),
    );

  it.each([
    [
      'a tracking number that is null',
      { trackings: [{ ...tracking, tracking_number: null }] },
      ['data', 'shipment', 'trackings', 0, 'tracking_number'],
    ],
    ['a carrier that is a number', { trackings: [{ ...tracking, carrier: 7 }] }, ['data', 'shipment', 'trackings', 0, 'carrier']],
    ['an order line’s asin that is null', { orders: [{ ...line, asin: null }] }, ['data', 'shipment', 'orders', 0, 'asin']],
    [
      'a box id that is a number',
      { boxes: [{ box_id: 9, name: 'S', quantity: 1, price_per_unit: 1 }] },
      ['data', 'shipment', 'boxes', 0, 'box_id'],
    ],
    ['a quantity shipped of 2.5', { orders: [{ ...line, quantity_shipped: 2.5 }] }, ['data', 'shipment', 'orders', 0, 'quantity_shipped']],
    ['shipped_at that is null', { shipped_at: null }, ['data', 'shipment', 'shipped_at']],
    ['a status outside the documented five', { status: 'lost' }, ['data', 'shipment', 'status']],
  ])('%s', async (_name, patch, path) => {
    const strict = new WarehouseClient({
      baseUrl: 'https://api.example.test',
      apiKey: 'wh-key-1',
      warehouseId: 'wh',
      fetch: scriptedFetch(detail(patch)),
      strictResponseValidation: true,
    });
    const error = await strict.shipments.retrieve(ORDER_ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues.map((i) => i.path)).toEqual([path]);

    const onResponseMismatch = vi.fn();
    const tolerant = new WarehouseClient({
      baseUrl: 'https://api.example.test',
      apiKey: 'wh-key-1',
      warehouseId: 'wh',
      fetch: scriptedFetch(detail(patch)),
      hooks: { onResponseMismatch },
    });
    await expect(tolerant.shipments.retrieve(ORDER_ID)).resolves.toMatchObject(patch);
    expect(onResponseMismatch).toHaveBeenCalledTimes(1);
    expect(onResponseMismatch.mock.calls[0]![0].issues.map((i: { path: unknown }) => i.path)).toEqual([path]);
  });

  it('a shipment id that is not a UUID: rejected in every mode (the SDK puts it in URLs)', async () => {
    for (const strictResponseValidation of [false, true]) {
      const client = new WarehouseClient({
        baseUrl: 'https://api.example.test',
        apiKey: 'wh-key-1',
        warehouseId: 'wh',
        fetch: scriptedFetch(detail({ shipment_id: 42 })),
        strictResponseValidation,
      });
      const error = await client.shipments.retrieve(ORDER_ID).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect((error as ResponseValidationError).issues.map((i) => i.path)).toEqual([['data', 'shipment', 'shipment_id']]);
    }
  });

  it('an inbound order’s quantity of 2.5, and null where the document says string', async () => {
    const order = {
      order_id: ORDER_ID,
      date: '11/22/2026',
      retailer: 'R',
      order_number: 'PO',
      item_name: 'I',
      color: 'C',
      brand_sku: 'B',
      size: '',
      quantity: 2.5,
      asin: null,
      amazon_sku: '',
      unit_cost: 1,
      list_price: 2,
      client_notes: null,
      fulfillment_type: 'wfs',
      sold_as: 'individual',
      units_per_pack: 1,
      upc: null,
      tracking_numbers: [],
      status: 'inbound',
      created_at: '2026-11-22T10:00:00Z',
    };
    const body = envelope({ orders: [order], results: { total: 1, limit: 200, offset: 0 } });
    const options = { baseUrl: 'https://api.example.test', apiKey: 'wh-key-1', warehouseId: 'wh' };
    const strict = new WarehouseClient({ ...options, fetch: scriptedFetch(jsonResponse(200, body)), strictResponseValidation: true });
    const error = await strict.inbound.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    const expected = ['data.orders.0.quantity: must be an integer', 'data.orders.0.asin: must be a string, not null'];
    expect((error as ResponseValidationError).issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(expected);

    const log = logger();
    const tolerant = new WarehouseClient({ ...options, fetch: scriptedFetch(jsonResponse(200, body)), logger: log, logLevel: 'warn' });
    expect((await tolerant.inbound.list()).items).toEqual([order]);
    expect(log.warn).toHaveBeenCalledTimes(1);
    const line = log.warn.mock.calls[0]![0] as string;
    expect(line).toContain('data.orders[].quantity: must be an integer');
    expect(line).toContain('data.orders[].asin: must be a string, not null');
    expect(line).not.toContain('2.5');
  });
});
