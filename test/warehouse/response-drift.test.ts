/**
 * Response drift: the real mock's answers, rewritten on the way back. Members the document
 * does not name are kept on every response type. What the SDK needs to work (`data.orders`
 * an array, `results.total` a count, `data` an object) is a `ResponseValidationError` in
 * every mode, carrying the body and the path, at the `await` or the `for await`. Any other
 * documented member of the wrong kind (`quantity: "three"`, `trackings: {}`) resolves as
 * received and is reported once per client and member; with `strictResponseValidation` it
 * is a `ResponseValidationError` — never a crash later, inside the caller's own code.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type CommonOptions,
  type InboundOrder,
  MessagingClient,
  OpslinkError,
  type ResponseMismatchEvent,
  ResponseValidationError,
  type Shipment,
  type ShipmentDetail,
  WarehouseClient,
} from '../../src/index.js';
import { createMessagingMock, createWarehouseMock, type MockTransport } from '../../src/testing/index.js';
import { drainMacrotasks, ORDER, rejectionOf, unhandledRejections } from '../support/reliability.js';

type Json = Record<string, unknown>;
type Mutate = (body: Json, url: URL) => void;

/** The mock's own answer, rewritten by `mutate`; `last` keeps the body as sent. */
function drifting(transport: MockTransport) {
  const state: { mutate: Mutate; last: unknown } = { mutate: () => {}, last: undefined };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const response = await transport.fetch(request);
    const body = (await response.json()) as Json;
    state.mutate(body, new URL(request.url));
    state.last = structuredClone(body);
    return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
  };
  return { fetch, state };
}

const messaging = createMessagingMock();
const warehouse = createWarehouseMock({ inboundOrders: 120, shipments: 40 });
const m = drifting(messaging);
const w = drifting(warehouse);
const common = { maxRetries: 0 };
const strict = { strictResponseValidation: true };
const bot = new MessagingClient({ baseUrl: messaging.baseUrl, botKey: messaging.botKey, fetch: m.fetch, ...common });
const channel = new MessagingClient({ baseUrl: messaging.baseUrl, channelKey: messaging.channelKey, fetch: m.fetch, ...common });
const hook = MessagingClient.fromWebhookUrl(messaging.webhookUrl, { fetch: m.fetch, ...common });
const wh = new WarehouseClient({
  baseUrl: warehouse.baseUrl,
  apiKey: warehouse.apiKey,
  warehouseId: warehouse.warehouseId,
  fetch: w.fetch,
  ...common,
});

type Logger = Pick<Console, 'debug' | 'info' | 'warn' | 'error'>;
const logged = (logger?: Logger) => (logger ? { logger, logLevel: 'warn' as const } : {});
const botWith = (logger?: Logger) =>
  new MessagingClient({ baseUrl: messaging.baseUrl, botKey: messaging.botKey, fetch: m.fetch, ...common, ...logged(logger) });
const whWith = (logger?: Logger, options: CommonOptions = {}) =>
  new WarehouseClient({
    baseUrl: warehouse.baseUrl,
    apiKey: warehouse.apiKey,
    warehouseId: warehouse.warehouseId,
    fetch: w.fetch,
    ...common,
    ...logged(logger),
    ...options,
  });
const whStrict = whWith(undefined, strict);

const updatable = () => warehouse.state.inboundOrders.find((o) => o.fulfillment_type !== 'fbm' && o.sold_as === 'individual')!.order_id;
const firstShipment = () => warehouse.state.shipments[0]!.shipment_id;

const unhandled = unhandledRejections();
beforeAll(() => unhandled.install());
afterAll(() => unhandled.uninstall());
afterEach(async () => {
  m.state.mutate = () => {};
  w.state.mutate = () => {};
  messaging.reset();
  warehouse.reset();
  await drainMacrotasks();
  expect(unhandled.seen).toEqual([]);
});

const EXTRA = { added_later: { nested: [1, 'two', { deep: true }] }, flag: false, note: null };
const data = (body: Json) => body.data as Json;

describe('members the document does not name are kept, on every response type', () => {
  it('created direct message and channel messages (key and webhook): the whole object as sent', async () => {
    m.state.mutate = (body) => Object.assign(body, EXTRA);
    const dm = await bot.sendDirectMessage({ to: { email: messaging.employees.first.email }, body: 'hi' });
    expect(dm).toEqual(m.state.last);
    expect(dm).toMatchObject(EXTRA);
    for (const client of [channel, hook]) {
      const created = await client.postChannelMessage({ content: 'hi' });
      expect(created).toEqual(m.state.last);
      expect(created).toMatchObject(EXTRA);
    }
  });

  it('announcement: unknown members kept, a like count under another name read and kept', async () => {
    m.state.mutate = (body) => {
      Object.assign(body, EXTRA, { likes_count: 3, comments: 2 });
      delete body.likeCount;
      delete body.commentCount;
    };
    const a = await bot.postAnnouncement({ title: 'T', body: 'B' });
    expect(a).toMatchObject({ ...EXTRA, likes_count: 3, comments: 2, likeCount: 3, commentCount: 2, title: 'T', body: 'B' });
  });

  it('inbound.create, createBulk and update: data and envelope extras kept or harmless', async () => {
    w.state.mutate = (body) => {
      Object.assign(body, { request_id: 'r-1', meta: EXTRA });
      if (body.data) Object.assign(data(body), EXTRA);
    };
    const created = await wh.inbound.create(ORDER);
    expect(created).toMatchObject({ ...EXTRA, order_id: expect.any(String) });
    const bulk = await wh.inbound.createBulk([ORDER, ORDER]);
    expect(bulk.data).toMatchObject({ ...EXTRA, count: 2 });
    expect(await wh.inbound.update(updatable(), { notes: 'n' })).toEqual({ message: expect.any(String) });
  });

  it('inbound list: extra members on every order, in data and in results', async () => {
    w.state.mutate = (body) => {
      Object.assign(data(body), { facets: { fba: 3 } });
      Object.assign(data(body).results as Json, { next_cursor: 'abc' });
      for (const order of data(body).orders as Json[]) Object.assign(order, EXTRA, { warehouse_zone: 'B7' });
    };
    const page = await wh.inbound.list({ limit: 30 });
    const sent = (data(w.state.last as Json).orders as Json[]) ?? [];
    expect(page.items).toEqual(sent);
    expect(page.items[0]).toMatchObject({ ...EXTRA, warehouse_zone: 'B7' });
    let count = 0;
    for await (const order of wh.inbound.list({ limit: 30 })) {
      expect(order).toMatchObject(EXTRA);
      count++;
    }
    expect(count).toBe(120);
  });

  it('shipment list and detail: extras at every level (trackings, tags, address, orders, boxes, services, summary)', async () => {
    w.state.mutate = (body) => {
      const items = (data(body).shipments as Json[] | undefined) ?? [data(body).shipment as Json];
      for (const s of items) {
        Object.assign(s, EXTRA);
        Object.assign(s.shipping_address as Json, { plus_four: '1234' });
        for (const key of ['trackings', 'tags', 'orders', 'boxes', 'services']) {
          for (const entry of (s[key] as Json[] | undefined) ?? []) Object.assign(entry, { vendor_extra: key });
        }
        if (s.unit_services_summary) Object.assign(s.unit_services_summary as Json, { vendor_extra: 'summary' });
      }
    };
    const page = await wh.shipments.list({ limit: 10 });
    expect(page.items).toEqual(data(w.state.last as Json).shipments);
    expect(page.items[0]).toMatchObject({ ...EXTRA, shipping_address: { plus_four: '1234' } });
    const detail = await wh.shipments.retrieve(firstShipment());
    const sent = data(w.state.last as Json).shipment as Json;
    expect(detail).toEqual(sent);
    expect(detail).toMatchObject(EXTRA);
    expect(detail.unit_services_summary).toMatchObject({ vendor_extra: 'summary' });
    for (const key of ['trackings', 'orders', 'boxes', 'services'] as const) {
      for (const entry of detail[key] as Json[]) expect(entry.vendor_extra).toBe(key);
    }
  });
});

// ---------------------------------------------------------------------------------------

interface Drift {
  name: string;
  service: 'messaging' | 'warehouse';
  mutate: Mutate;
  call: (logger?: Logger, client?: WarehouseClient) => PromiseLike<unknown>;
  /** A write: a 2xx took effect, so an odd body resolves (logged at warn) rather than reject. */
  write?: boolean;
  /** What the SDK needs to work: a `ResponseValidationError` in every mode. */
  essential?: boolean;
  /** Iterates, for the list endpoints. */
  iterate?: (client?: WarehouseClient) => AsyncIterable<unknown>;
  path: (string | number)[];
}

const firstOrders = (body: Json) => data(body).orders as Json[];
const firstShipments = (body: Json) => data(body).shipments as Json[];
const detailOf = (body: Json) => data(body).shipment as Json;

const DRIFTS: Drift[] = [
  {
    name: 'inbound list: data.orders is not an array',
    essential: true,
    service: 'warehouse',
    mutate: (b) => {
      data(b).orders = { 0: 'x' };
    },
    call: (_logger, client = wh) => client.inbound.list({ limit: 10 }),
    iterate: (client = wh) => client.inbound.list({ limit: 10 }),
    path: ['data', 'orders'],
  },
  {
    name: 'inbound list: quantity is "three"',
    service: 'warehouse',
    mutate: (b) => {
      firstOrders(b)[3]!.quantity = 'three';
    },
    call: (_logger, client = wh) => client.inbound.list({ limit: 10 }),
    iterate: (client = wh) => client.inbound.list({ limit: 10 }),
    path: ['data', 'orders', 3, 'quantity'],
  },
  {
    name: 'inbound list: results.total is "x"',
    essential: true,
    service: 'warehouse',
    mutate: (b) => {
      (data(b).results as Json).total = 'x';
    },
    call: (_logger, client = wh) => client.inbound.list({ limit: 10 }),
    iterate: (client = wh) => client.inbound.list({ limit: 10 }),
    path: ['data', 'results', 'total'],
  },
  {
    name: 'inbound list: created_at is "yesterday" (the document says ISO 8601 timestamp)',
    service: 'warehouse',
    mutate: (b) => {
      firstOrders(b)[1]!.created_at = 'yesterday';
    },
    call: (_logger, client = wh) => client.inbound.list({ limit: 10 }),
    iterate: (client = wh) => client.inbound.list({ limit: 10 }),
    path: ['data', 'orders', 1, 'created_at'],
  },
  {
    name: 'inbound list: date is 2026-01-01 (the document says month/day/year)',
    service: 'warehouse',
    mutate: (b) => {
      firstOrders(b)[2]!.date = '2026-01-01';
    },
    call: (_logger, client = wh) => client.inbound.list({ limit: 10 }),
    iterate: (client = wh) => client.inbound.list({ limit: 10 }),
    path: ['data', 'orders', 2, 'date'],
  },
  {
    name: 'inbound list: date is 02/30/2026 (no such day)',
    service: 'warehouse',
    mutate: (b) => {
      firstOrders(b)[2]!.date = '02/30/2026';
    },
    call: (_logger, client = wh) => client.inbound.list({ limit: 10 }),
    iterate: (client = wh) => client.inbound.list({ limit: 10 }),
    path: ['data', 'orders', 2, 'date'],
  },
  {
    name: 'inbound list: tracking_numbers is a string',
    service: 'warehouse',
    mutate: (b) => {
      firstOrders(b)[0]!.tracking_numbers = '1Z999';
    },
    call: (_logger, client = wh) => client.inbound.list({ limit: 10 }),
    iterate: (client = wh) => client.inbound.list({ limit: 10 }),
    path: ['data', 'orders', 0, 'tracking_numbers'],
  },
  {
    name: 'inbound list: data is an array',
    essential: true,
    service: 'warehouse',
    mutate: (b) => {
      b.data = [];
    },
    call: (_logger, client = wh) => client.inbound.list({ limit: 10 }),
    iterate: (client = wh) => client.inbound.list({ limit: 10 }),
    path: ['data'],
  },
  {
    name: 'shipment list: trackings is an object',
    service: 'warehouse',
    mutate: (b) => {
      firstShipments(b)[1]!.trackings = {};
    },
    call: (_logger, client = wh) => client.shipments.list({ limit: 10 }),
    iterate: (client = wh) => client.shipments.list({ limit: 10 }),
    path: ['data', 'shipments', 1, 'trackings'],
  },
  {
    name: 'shipment list: results.total_results is "x"',
    essential: true,
    service: 'warehouse',
    mutate: (b) => {
      (data(b).results as Json).total_results = 'x';
    },
    call: (_logger, client = wh) => client.shipments.list({ limit: 10 }),
    iterate: (client = wh) => client.shipments.list({ limit: 10 }),
    path: ['data', 'results', 'total_results'],
  },
  {
    name: 'shipment list: a tag value is a number',
    service: 'warehouse',
    mutate: (b) => {
      firstShipments(b)[0]!.tags = [{ tag: 'priority', value: 5 }];
    },
    call: (_logger, client = wh) => client.shipments.list({ limit: 10 }),
    iterate: (client = wh) => client.shipments.list({ limit: 10 }),
    path: ['data', 'shipments', 0, 'tags', 0, 'value'],
  },
  {
    name: 'shipment list: shipped_at is 22/11/2026 (not ISO 8601)',
    service: 'warehouse',
    mutate: (b) => {
      firstShipments(b)[0]!.shipped_at = '22/11/2026';
    },
    call: (_logger, client = wh) => client.shipments.list({ limit: 10 }),
    iterate: (client = wh) => client.shipments.list({ limit: 10 }),
    path: ['data', 'shipments', 0, 'shipped_at'],
  },
  {
    name: 'shipment detail: latest_ship_date has hour 24',
    service: 'warehouse',
    mutate: (b) => {
      detailOf(b).latest_ship_date = '2026-11-22T24:00:00Z';
    },
    call: (_logger, client = wh) => client.shipments.retrieve(firstShipment()),
    path: ['data', 'shipment', 'latest_ship_date'],
  },
  {
    name: 'shipment detail: trackings is an object',
    service: 'warehouse',
    mutate: (b) => {
      detailOf(b).trackings = {};
    },
    call: (_logger, client = wh) => client.shipments.retrieve(firstShipment()),
    path: ['data', 'shipment', 'trackings'],
  },
  {
    name: 'shipment detail: a box quantity is "x"',
    service: 'warehouse',
    mutate: (b) => {
      detailOf(b).boxes = [{ box_id: 'b1', name: 'Small', quantity: 'x', price_per_unit: 1 }];
    },
    call: (_logger, client = wh) => client.shipments.retrieve(firstShipment()),
    path: ['data', 'shipment', 'boxes', 0, 'quantity'],
  },
  {
    name: 'shipment detail: seller_central_linked is "yes"',
    service: 'warehouse',
    mutate: (b) => {
      detailOf(b).seller_central_linked = 'yes';
    },
    call: (_logger, client = wh) => client.shipments.retrieve(firstShipment()),
    path: ['data', 'shipment', 'seller_central_linked'],
  },
  {
    name: 'shipment detail: data.shipment is an array',
    essential: true,
    service: 'warehouse',
    mutate: (b) => {
      data(b).shipment = [];
    },
    call: (_logger, client = wh) => client.shipments.retrieve(firstShipment()),
    path: ['data', 'shipment'],
  },
  {
    name: 'inbound.create: data.order_id is a number',
    write: true,
    service: 'warehouse',
    mutate: (b) => {
      data(b).order_id = 5;
    },
    call: (logger?: Logger) => whWith(logger).inbound.create(ORDER),
    path: ['data', 'order_id'],
  },
  {
    name: 'inbound.create: status is "ok"',
    write: true,
    service: 'warehouse',
    mutate: (b) => {
      b.status = 'ok';
    },
    call: (logger?: Logger) => whWith(logger).inbound.create(ORDER),
    path: ['status'],
  },
  {
    name: 'inbound.update: no status',
    write: true,
    service: 'warehouse',
    mutate: (b) => {
      delete b.status;
    },
    call: (logger?: Logger) => whWith(logger).inbound.update(updatable(), { notes: 'n' }),
    path: ['status'],
  },
  {
    name: 'announcement: title is 5',
    write: true,
    service: 'messaging',
    mutate: (b) => {
      b.title = 5;
    },
    call: (logger?: Logger) => botWith(logger).postAnnouncement({ title: 'T', body: 'B' }),
    path: ['title'],
  },
];

const reads = DRIFTS.filter((d) => !d.write);
const memberOf = (path: (string | number)[]) =>
  path
    .map((p) => (typeof p === 'number' ? '[]' : `.${p}`))
    .join('')
    .slice(1);

describe('a read the SDK cannot use, or any drift under strictResponseValidation, is a ResponseValidationError with the body and the path', () => {
  const cases = [
    ...reads.filter((d) => d.essential).map((d) => ({ ...d, mode: 'default', client: () => wh })),
    ...reads.map((d) => ({ ...d, mode: 'strict', client: () => whStrict })),
  ];

  it.each(cases)('$name ($mode): at the await', async (drift) => {
    const target = drift.service === 'messaging' ? m : w;
    target.state.mutate = drift.mutate;
    const error = await rejectionOf(drift.call(undefined, drift.client()));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error).toBeInstanceOf(OpslinkError);
    const rve = error as ResponseValidationError;
    expect(rve.issues.map((i) => i.path)).toContainEqual(drift.path);
    expect(rve.message).toContain(drift.path.join('.'));
    expect(rve.body).toEqual(target.state.last);
    expect(rve.status).toBeGreaterThanOrEqual(200);
    expect(rve.status).toBeLessThan(300);
  });

  it.each(cases.filter((d) => d.iterate))('$name ($mode): at the for await', async (drift) => {
    w.state.mutate = drift.mutate;
    let bodyRan = 0;
    const error = await rejectionOf(
      (async () => {
        for await (const _ of drift.iterate!(drift.client())) bodyRan++;
      })(),
    );
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues.map((i) => i.path)).toContainEqual(drift.path);
    expect(bodyRan).toBe(0); // the loop body never saw an item of the broken page
  });
});

describe('by default, a read whose member drifted resolves as received and reports the member once', () => {
  it.each(reads.filter((d) => !d.essential))('$name', async (drift) => {
    w.state.mutate = drift.mutate;
    const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const onResponseMismatch = vi.fn();
    const client = whWith(logger, { hooks: { onResponseMismatch } });
    const first = await drift.call(undefined, client);
    const sent = data(w.state.last as Json);
    expect(first).toMatchObject(
      'orders' in sent ? { items: sent.orders } : 'shipments' in sent ? { items: sent.shipments } : (sent.shipment as Json),
    );
    await drift.call(undefined, client); // the same member again: not reported again
    expect(onResponseMismatch).toHaveBeenCalledTimes(1);
    const event = onResponseMismatch.mock.calls[0]![0] as ResponseMismatchEvent;
    expect(event).toMatchObject({ method: 'GET', status: 200, url: expect.stringContaining('/api/v1/') });
    expect(event.issues.map((i) => i.path)).toEqual([drift.path]);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0]![0]).toContain(`${memberOf(drift.path)}:`);
  });
});

describe('a write whose 2xx body breaks the document resolves, says so at warn, and is sent once', () => {
  // The write took effect: rejecting would invite the caller to send it again.
  it.each(DRIFTS.filter((d) => d.write))('$name', async (drift) => {
    const target = drift.service === 'messaging' ? m : w;
    target.state.mutate = drift.mutate;
    const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const sent = await drift.call(logger);
    expect(sent).toBeTypeOf('object');
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0]![0]).toContain(`${drift.path.join('.') || '(body)'}:`);
    expect(logger.error).not.toHaveBeenCalled();
  });
});

describe('drift on a later page', () => {
  const brokenAt = 60; // the fourth page of 20
  const breakPage: Mutate = (body, url) => {
    if (Number(url.searchParams.get('offset')) === brokenAt) firstOrders(body)[2]!.quantity = 'three';
  };

  it.each([1, 4])('strict, concurrency %i: items of pages 1-3, then the error; every item seen was well-formed', async (concurrency) => {
    w.state.mutate = breakPage;
    const seen: InboundOrder[] = [];
    const error = await rejectionOf(
      (async () => {
        for await (const order of whStrict.inbound.list({ limit: 20 }, { concurrency })) {
          // The caller's own code: it relies on the documented types.
          expect(Number.isInteger(order.quantity)).toBe(true);
          seen.push(order);
        }
      })(),
    );
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues.map((i) => i.path)).toContainEqual(['data', 'orders', 2, 'quantity']);
    expect(seen).toHaveLength(brokenAt);
  });

  it('strict, by hand: getNextPage() rejects at the broken page', async () => {
    w.state.mutate = breakPage;
    let page = await whStrict.inbound.list({ limit: 20 });
    for (let i = 0; i < 2; i++) page = await page.getNextPage();
    expect(page.offset).toBe(40);
    const error = await rejectionOf(page.getNextPage());
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).body).toEqual(w.state.last);
  });

  it.each([1, 4])('by default, concurrency %i: every item, the drifted one as received, reported once', async (concurrency) => {
    w.state.mutate = breakPage;
    const onResponseMismatch = vi.fn();
    const quantities: unknown[] = [];
    for await (const order of whWith(undefined, { hooks: { onResponseMismatch } }).inbound.list({ limit: 20 }, { concurrency })) {
      quantities.push(order.quantity);
    }
    expect(quantities).toHaveLength(120);
    expect(quantities.filter((q) => q === 'three')).toHaveLength(1);
    expect(onResponseMismatch).toHaveBeenCalledTimes(1);
    expect(onResponseMismatch.mock.calls[0]![0].issues).toEqual([
      { path: ['data', 'orders', 2, 'quantity'], message: 'must be a number, not a string' },
    ]);
  });
});

// ---------------------------------------------------------------------------------------

/**
 * The response types promise a value (`quantity: number`, `trackings: Tracking[]`) where
 * the document names a plain type; only some members are "or null" (`client_notes`, `upc`,
 * `stage`...). A server that sends null, or leaves such a member out, must not hand the
 * caller a value its type says cannot be there unannounced: under `strictResponseValidation`
 * the SDK refuses the body or what it returns fits the declared type; by default it refuses
 * it (an id, the items) or reports the member (`onResponseMismatch`) as it hands it over.
 */
describe('null or missing where the type promises a value', () => {
  const ORDER_MEMBERS: Record<string, 'string' | 'number' | 'array'> = {
    order_id: 'string',
    date: 'string',
    retailer: 'string',
    order_number: 'string',
    item_name: 'string',
    color: 'string',
    brand_sku: 'string',
    quantity: 'number',
    unit_cost: 'number',
    list_price: 'number',
    fulfillment_type: 'string',
    tracking_numbers: 'array',
    status: 'string',
    created_at: 'string',
  };
  const SHIPMENT_MEMBERS: Record<string, 'string' | 'number' | 'array' | 'object' | 'boolean'> = {
    shipment_id: 'string',
    status: 'string',
    created_at: 'string',
    name: 'string',
    fulfillment_type: 'string',
    shipping_address: 'object',
    total_quantity_shipped: 'number',
    trackings: 'array',
    tags: 'array',
    full_name: 'string',
  };
  const DETAIL_MEMBERS = {
    ...SHIPMENT_MEMBERS,
    orders: 'array',
    boxes: 'array',
    services: 'array',
    seller_central_linked: 'boolean',
    wfs_linked: 'boolean',
  } as const;

  function fits(value: unknown, kind: string): boolean {
    if (kind === 'array') return Array.isArray(value);
    if (kind === 'object') return value !== null && typeof value === 'object';
    return typeof value === kind;
  }

  async function offenders(
    members: Record<string, string>,
    setItem: (body: Json, member: string, how: 'null' | 'missing') => void,
    call: (client: WarehouseClient) => Promise<Json>,
  ): Promise<string[]> {
    const out: string[] = [];
    for (const [member, kind] of Object.entries(members)) {
      for (const how of ['null', 'missing'] as const) {
        w.state.mutate = (body) => setItem(body, member, how);
        for (const mode of ['strict', 'default'] as const) {
          const onResponseMismatch = vi.fn();
          const client = whWith(undefined, { strictResponseValidation: mode === 'strict', hooks: { onResponseMismatch } });
          const result = await call(client).then(
            (value) => ({ value }),
            (error: unknown) => ({ error }),
          );
          const reported = onResponseMismatch.mock.calls.some(([e]) =>
            (e as ResponseMismatchEvent).issues.some((i) => i.path.at(-1) === member),
          );
          if ('error' in result) {
            if (!(result.error instanceof ResponseValidationError)) out.push(`${member} ${how} (${mode}): ${String(result.error)}`);
          } else if (!fits(result.value[member], kind) && (mode === 'strict' || !reported)) {
            out.push(`${member} ${how} (${mode}): handed out as ${JSON.stringify(result.value[member]) ?? 'undefined'}, typed ${kind}`);
          }
        }
      }
    }
    return out;
  }

  const apply = (item: Json, member: string, how: 'null' | 'missing') => {
    if (how === 'null') item[member] = null;
    else delete item[member];
  };

  it('inbound orders (InboundOrder)', async () => {
    const problems = await offenders(
      ORDER_MEMBERS,
      (body, member, how) => apply(firstOrders(body)[0]!, member, how),
      async (client) => (await client.inbound.list({ limit: 5 })).items[0] as Json,
    );
    expect(problems).toEqual([]);
  });

  it('shipments (Shipment)', async () => {
    const problems = await offenders(
      SHIPMENT_MEMBERS,
      (body, member, how) => apply(firstShipments(body)[0]!, member, how),
      async (client) => (await client.shipments.list({ limit: 5 })).items[0] as Shipment as unknown as Json,
    );
    expect(problems).toEqual([]);
  });

  it('shipment detail (ShipmentDetail)', async () => {
    const problems = await offenders(
      DETAIL_MEMBERS,
      (body, member, how) => apply(detailOf(body), member, how),
      async (client) => (await client.shipments.retrieve(firstShipment())) as ShipmentDetail as unknown as Json,
    );
    expect(problems).toEqual([]);
  });
});

describe("ISO 8601's own timestamp forms in a response are read, never a mismatch (even under strictResponseValidation)", () => {
  it.each(['2016-12-31T23:59:60Z', '2026-11-22T10:00:00,5Z', '2026-11-22T12:00:00+02'])('shipped_at %j', async (shippedAt) => {
    w.state.mutate = (b) => {
      for (const shipment of (b.data as Json).shipments as Json[]) shipment.shipped_at = shippedAt;
    };
    const page = await whStrict.shipments.list({ limit: 5 });
    expect(page.items.map((s) => s.shipped_at)).toEqual(Array(5).fill(shippedAt));
  });
});

describe('members the documents do not show are taken as sent', () => {
  it('takes any bulk response data (its shape is not shown): a string stays a string', async () => {
    w.state.mutate = (b) => {
      b.data = 'created';
    };
    const result = await wh.inbound.createBulk([ORDER]);
    expect(result.data).toBe('created');
  });

  it('reads the like count from the first member that holds a count, and none when none does', async () => {
    m.state.mutate = (b) => {
      b.likeCount = -1;
      b.likes = 3;
    };
    expect((await bot.postAnnouncement({ title: 'T', body: 'B' })).likeCount).toBe(3);
    m.state.mutate = (b) => {
      b.likeCount = [];
      b.likes = [];
    };
    const announcement = await bot.postAnnouncement({ title: 'T', body: 'B' });
    expect(announcement.likeCount).toBeUndefined();
    expect(announcement.likes).toEqual([]);
  });
});
