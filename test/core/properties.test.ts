/**
 * Property tests (fast-check, 1,000 runs each) of every request schema against the mocks:
 * any valid input is accepted and reaches the mock unchanged; any input pushed one past a
 * limit is refused with `RequestValidationError` at the right path and sends nothing; the
 * SDK's update pre-flight agrees with the server's rules.
 *
 * Strings are full Unicode, one code point per unit (astral planes and emoji weighted in),
 * with lengths up to and exactly at the limits of `MESSAGING_LIMITS`, so "characters" are
 * checked as code points the way the service counts them.
 */
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AnnouncementInput,
  type ChannelMessageInput,
  checkInboundUpdate,
  type DirectMessageInput,
  type Embed,
  type InboundListParams,
  type InboundOrderCreate,
  type InboundOrderUpdate,
  MESSAGING_LIMITS as L,
  MessagingClient,
  RequestValidationError,
  type ShipmentListParams,
  WarehouseClient,
} from '../../src/index.js';
import {
  createMessagingMock,
  createWarehouseMock,
  type InboundOrderRecord,
  type MockInboundPatch,
  mockUpdateViolations,
  type UpdateRuleSubject,
} from '../../src/testing/index.js';
import { binaryString, webUrl } from '../support/arbitraries.js';
import { rejectionOf, settle } from '../support/reliability.js';

const RUNS = { numRuns: 1_000 };
// Each property is a thousand exchanges, not one: 1–10 s on a quiet machine, 15 s under v8
// coverage, and several times that when two files share a busy core (59 s seen here). The timeout
// is a hang guard for that work, not a speed target
// (the suite's 20 s is for one exchange; this property failed on it under load with nothing wrong).
vi.setConfig({ testTimeout: 120_000 });

// ---------------------------------------------------------------------------------------
// Arbitraries

/** One code point: any plane (no lone surrogate halves), emoji and tricky characters weighted in. */
const codePoint = fc.oneof(
  { weight: 6, arbitrary: binaryString({ minLength: 1, maxLength: 1 }) },
  { weight: 3, arbitrary: fc.integer({ min: 0x1f300, max: 0x1faff }).map((cp) => String.fromCodePoint(cp)) },
  { weight: 1, arbitrary: fc.constantFrom('\u200d', '\ufe0f', '\u0301', '"', '\\', '\n', '\r', '\t', '\u0000', ' ', '\u2028', '<', '&') },
);

/**
 * Exactly `n` code points: a run of 1 to 32 generated code points, repeated to the length. What
 * the limits count (code points, astral planes, emoji, escapes) is all in the run; generating
 * thousands of code points one at a time was most of this file's time (a 4,096-point embed
 * description, ten embeds a message) and proved nothing more.
 */
const exactly = (n: number) =>
  fc.array(codePoint, { minLength: 1, maxLength: 32 }).map((run) => {
    let out = '';
    for (let i = 0; i < n; i++) out += run[i % run.length];
    return out;
  });

/** A string of `min` to `max` code points, often exactly `max`. */
function text(min: number, max: number): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: codePoint, minLength: min, maxLength: max }) },
    { weight: 1, arbitrary: exactly(max) },
  );
}

const nonBlank = (max: number) => text(1, max).filter((s) => s.trim() !== '');
// As a URL parser writes it: text it would rewrite is refused (test/core/url-text.test.ts).
const httpUrl = webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true, withFragments: true }).map((url) => new URL(url).href);
const instant = fc.date({ min: new Date('0000-01-01T00:00:00.000Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true });
const timestamp = fc.oneof(
  instant,
  instant.map((d) => d.toISOString()),
  instant.map((d) => d.toISOString().slice(0, 10)),
  instant.map((d) => `${d.toISOString().slice(0, 19)}+02:00`),
);

const recipient: fc.Arbitrary<DirectMessageInput['to']> = fc.oneof(
  fc.uuid().map((userId) => ({ userId })),
  nonBlank(64).map((email) => ({ email })),
  nonBlank(32).map((phoneNumber) => ({ phoneNumber })),
);
const directMessage: fc.Arbitrary<DirectMessageInput> = fc.record({
  to: recipient,
  body: text(L.directMessageBody.min, L.directMessageBody.max),
});
const announcement: fc.Arbitrary<AnnouncementInput> = fc.record({
  title: text(L.announcementTitle.min, L.announcementTitle.max),
  body: text(L.announcementBody.min, L.announcementBody.max),
});

const embedField = fc.record({ name: text(0, 40), value: text(0, 80), inline: fc.boolean() }, { requiredKeys: ['name', 'value'] });
const embed: fc.Arbitrary<Embed> = fc.record(
  {
    title: text(0, L.embedTitle.max),
    description: text(0, L.embedDescription.max),
    url: httpUrl,
    color: fc.oneof(fc.integer({ min: L.embedColor.min, max: L.embedColor.max }), fc.constantFrom(L.embedColor.min, L.embedColor.max)),
    timestamp,
    author: fc.record({ name: text(0, 40), url: httpUrl, icon_url: httpUrl }, { requiredKeys: [] }),
    footer: fc.record({ text: text(0, 40), icon_url: httpUrl }, { requiredKeys: [] }),
    image: fc.record({ url: httpUrl }, { requiredKeys: [] }),
    thumbnail: fc.record({ url: httpUrl }, { requiredKeys: [] }),
    fields: fc.array(embedField, { maxLength: L.fieldsPerEmbed.max, size: 'small' }),
  },
  { requiredKeys: [] },
);
const channelMessage: fc.Arbitrary<ChannelMessageInput> = fc
  .record(
    {
      content: text(0, L.channelContent.max),
      username: text(0, L.channelUsername.max),
      avatar_url: httpUrl,
      embeds: fc.array(embed, { maxLength: L.embedsPerMessage.max, size: 'small' }),
    },
    { requiredKeys: [] },
  )
  // The filter keeps what the type says: content or embeds.
  .filter((m) => (m.content ?? '').length > 0 || (m.embeds ?? []).length > 0) as fc.Arbitrary<ChannelMessageInput>;

/** What the service receives for an embed: a `Date` timestamp travels as its ISO 8601 text. */
function wireEmbeds(embeds: Embed[] | undefined): unknown[] | undefined {
  return embeds?.map((e) => (e.timestamp instanceof Date ? { ...e, timestamp: e.timestamp.toISOString() } : e));
}

// ---------------------------------------------------------------------------------------
// Clients in front of the mocks, one of each, recording what the mocks received

function recordingFetch(handle: (request: Request) => Promise<Response>) {
  const received: Request[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    received.push(request.clone());
    return handle(request);
  };
  return { fetch, received };
}

const messaging = createMessagingMock();
const mWire = recordingFetch((r) => messaging.fetch(r));
const bot = new MessagingClient({ baseUrl: messaging.baseUrl, botKey: messaging.botKey, fetch: mWire.fetch, maxRetries: 0 });
const channel = new MessagingClient({ baseUrl: messaging.baseUrl, channelKey: messaging.channelKey, fetch: mWire.fetch, maxRetries: 0 });
const hook = MessagingClient.fromWebhookUrl(messaging.webhookUrl, { fetch: mWire.fetch, maxRetries: 0 });

const warehouse = createWarehouseMock();
const wWire = recordingFetch((r) => warehouse.fetch(r));
const wh = new WarehouseClient({
  baseUrl: warehouse.baseUrl,
  apiKey: warehouse.apiKey,
  warehouseId: warehouse.warehouseId,
  fetch: wWire.fetch,
  maxRetries: 0,
});

beforeEach(() => {
  messaging.reset();
  warehouse.reset();
  mWire.received.length = 0;
  wWire.received.length = 0;
});

/** Makes the mock know an employee `to` names, so a direct message is delivered rather than a 404. */
function addRecipient(to: DirectMessageInput['to']): string {
  const id = to.userId ?? `0000ffff-0000-4000-8000-${String(messaging.state.employees.length).padStart(12, '0')}`;
  messaging.state.employees.push({
    id,
    name: 'Generated',
    email: to.email ?? `generated-${id}@example.test`,
    phoneNumber: to.phoneNumber ?? `+1-${id}`,
    active: true,
  });
  return id;
}

// ---------------------------------------------------------------------------------------

describe('any valid messaging request is accepted and reaches the mock unchanged', () => {
  it('direct messages', async () => {
    await fc.assert(
      fc.asyncProperty(directMessage, async (input) => {
        messaging.reset();
        mWire.received.length = 0;
        const employeeId = addRecipient(input.to);
        const created = await bot.sendDirectMessage(input);
        expect(mWire.received).toHaveLength(1);
        expect(await mWire.received[0]!.json()).toEqual(input);
        const stored = messaging.state.directMessages.at(-1)!;
        expect(stored.body).toBe(input.body);
        const employee = messaging.state.employees.find((e) => e.id === stored.employeeId)!;
        if (input.to.userId !== undefined) expect(employee.id).toBe(employeeId);
        if (input.to.email !== undefined) expect(employee.email.toLowerCase()).toBe(input.to.email.toLowerCase());
        if (input.to.phoneNumber !== undefined) expect(employee.phoneNumber).toBe(input.to.phoneNumber);
        expect(created.body).toBe(input.body);
      }),
      RUNS,
    );
  });

  it('announcements', async () => {
    await fc.assert(
      fc.asyncProperty(announcement, async (input) => {
        messaging.reset();
        const created = await bot.postAnnouncement(input);
        expect(messaging.state.announcements).toHaveLength(1);
        expect(messaging.state.announcements[0]).toMatchObject(input);
        expect(created).toMatchObject(input);
      }),
      RUNS,
    );
  });

  it('channel messages with embeds, by channel key and by webhook URL', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(channelMessage, async (input) => {
        messaging.reset();
        mWire.received.length = 0;
        const via = n++ % 2 === 0 ? 'bearer' : 'webhook';
        await (via === 'bearer' ? channel : hook).postChannelMessage(input);
        const expected = { ...input, embeds: wireEmbeds(input.embeds) };
        if (expected.embeds === undefined) delete expected.embeds;
        expect(await mWire.received[0]!.json()).toEqual(expected);
        const [stored] = messaging.state.channelMessages;
        const { id: _id, channelId: _channel, createdAt: _at, via: storedVia, ...payload } = stored!;
        expect(storedVia).toBe(via);
        expect(payload).toEqual(expected);
      }),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------------------------------
// Warehouse

const mmddyyyy = (d: Date) =>
  `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCFullYear()).padStart(4, '0')}`;
/** Calendar dates the mock reads (MM/DD/YYYY or YYYY-MM-DD), years 1000 to 9999. */
const calendarDay = fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true });
const orderDate = fc.oneof(
  calendarDay,
  calendarDay.map(mmddyyyy),
  calendarDay.map((d) => d.toISOString().slice(0, 10)),
);
const dayOf = (date: string | Date) => {
  if (date instanceof Date) return mmddyyyy(date);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return iso ? `${iso[2]}/${iso[3]}/${iso[1]}` : date;
};
const money = fc.integer({ min: 0, max: 100_000_000 }).map((cents) => cents / 100);
const fileName = fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,20}\.pdf$/);

const inboundOrder: fc.Arbitrary<InboundOrderCreate> = fc
  .record(
    {
      date: orderDate,
      retailer: nonBlank(40),
      order_number: nonBlank(40),
      item_name: nonBlank(60),
      color: nonBlank(20),
      brand_sku: nonBlank(30),
      quantity: fc.integer({ min: 1, max: 1_000_000 }),
      asin: nonBlank(20),
      unit_cost: money,
      list_price: money,
      fulfillment_type: fc.constantFrom('fba', 'fbm', 'wfs', 'two-step', 'shopify'),
      size: nonBlank(10),
      amazon_sku: nonBlank(30),
      client_notes: nonBlank(200),
      tracking_numbers: fc.array(
        nonBlank(30).filter((s) => s.trim() === s),
        { maxLength: 5 },
      ),
      sold_as: fc.constantFrom('individual', 'bundle'),
      units_per_pack: fc.oneof(fc.integer({ min: 1, max: 48 }), fc.integer({ min: 1, max: 48 }).map(String)),
      upc: nonBlank(14),
      bundle_items: fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 100 }), item_name: nonBlank(30), color: text(0, 10) }), {
        minLength: 1,
        maxLength: 4,
      }),
      shipping_label_files: fc.array(
        fc.tuple(fileName, fc.uint8Array({ maxLength: 64 })).map(([name, bytes]) => new File([bytes], name, { type: 'application/pdf' })),
        { minLength: 1, maxLength: 2 },
      ),
    },
    {
      requiredKeys: [
        'date',
        'retailer',
        'order_number',
        'item_name',
        'color',
        'brand_sku',
        'quantity',
        'asin',
        'unit_cost',
        'list_price',
        'fulfillment_type',
      ],
    },
  )
  // Every order has an asin, and a bundle gets a pack size: what InboundOrderCreate requires.
  .map((order) =>
    order.sold_as === 'bundle' && order.units_per_pack === undefined ? { ...order, units_per_pack: 6 } : order,
  ) as fc.Arbitrary<InboundOrderCreate>;

describe('any valid warehouse request is accepted and reaches the mock unchanged', () => {
  it('inbound.create (multipart): every field stored as sent', async () => {
    await fc.assert(
      fc.asyncProperty(inboundOrder, async (order) => {
        warehouse.reset();
        const { order_id } = await wh.inbound.create(order);
        const stored = warehouse.state.inboundOrders.find((o) => o.order_id === order_id)!;
        const files = order.shipping_label_files as File[] | undefined;
        expect(stored).toEqual({
          order_id,
          date: dayOf(order.date),
          retailer: order.retailer,
          order_number: order.order_number,
          item_name: order.item_name,
          color: order.color,
          brand_sku: order.brand_sku,
          size: order.size ?? '',
          quantity: order.quantity,
          asin: order.asin ?? '',
          amazon_sku: order.amazon_sku ?? '',
          unit_cost: order.unit_cost,
          list_price: order.list_price,
          client_notes: order.client_notes === undefined ? null : order.client_notes,
          fulfillment_type: order.fulfillment_type,
          sold_as: order.sold_as ?? 'individual',
          units_per_pack: order.units_per_pack === undefined ? 1 : Number(order.units_per_pack),
          upc: order.upc === undefined ? null : order.upc,
          tracking_numbers: order.tracking_numbers ?? [],
          status: 'inbound',
          created_at: expect.any(String),
          ...(order.sold_as === 'bundle' && order.bundle_items ? { bundle_items: order.bundle_items } : {}),
          ...(files?.length ? { shipping_label_files: files.map((f) => ({ name: f.name, size: f.size, type: f.type })) } : {}),
        });
      }),
      RUNS,
    );
  });

  const textMember = text(0, 60);
  const update: fc.Arbitrary<InboundOrderUpdate> = fc.record(
    {
      date: orderDate,
      retailer: textMember,
      orderNumber: textMember,
      itemName: textMember,
      color: textMember,
      brandSKU: textMember,
      size: textMember,
      quantity: fc.integer({ min: 1, max: 10_000 }),
      asin: textMember,
      amazonSKU: fc.oneof(
        textMember,
        textMember.map((s) => `PFL${s}`),
        fc.constant(''),
      ),
      cogs: money,
      listPrice: fc.oneof(money, fc.constant(0)),
      notes: textMember,
      fulfilledBy: fc.constantFrom('fba', 'fbm', 'wfs', 'two-step', 'shopify', 'manual'),
      trackingNumbers: fc.array(text(1, 30), { maxLength: 4 }),
      sold_as: fc.constantFrom('individual', 'multi-pack', 'bundle'),
      units_per_pack: fc.integer({ min: -2, max: 12 }),
    },
    { requiredKeys: [] },
  );
  const RECORD_FIELD: Record<keyof MockInboundPatch, keyof InboundOrderRecord> = {
    date: 'date',
    retailer: 'retailer',
    orderNumber: 'order_number',
    itemName: 'item_name',
    color: 'color',
    brandSKU: 'brand_sku',
    size: 'size',
    quantity: 'quantity',
    asin: 'asin',
    amazonSKU: 'amazon_sku',
    cogs: 'unit_cost',
    listPrice: 'list_price',
    notes: 'client_notes',
    fulfilledBy: 'fulfillment_type',
    trackingNumbers: 'tracking_numbers',
    sold_as: 'sold_as',
    units_per_pack: 'units_per_pack',
  };

  it('inbound.update (JSON) with the current order: refused locally exactly when a rule is broken, else stored as sent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: 24 }), update, async (index, patch) => {
        warehouse.reset();
        wWire.received.length = 0;
        const current = structuredClone(warehouse.state.inboundOrders[index]!);
        const violations = checkInboundUpdate(patch, current);
        const call = wh.inbound.update(current.order_id, patch, { current });
        if (violations.length > 0) {
          const error = await rejectionOf(call);
          expect(error).toBeInstanceOf(RequestValidationError);
          expect((error as RequestValidationError).issues.map((i) => i.path)).toEqual(violations.map((v) => [v.field]));
          expect(wWire.received).toHaveLength(0);
          return;
        }
        await expect(call).resolves.toEqual({ message: expect.any(String) });
        // Every date (text or a Date) is sent as MM/DD/YYYY, which the server stores.
        const wire = { ...patch, ...(patch.date !== undefined ? { date: dayOf(patch.date) } : {}) };
        expect(await wWire.received[0]!.json()).toEqual(wire);
        const stored = warehouse.state.inboundOrders[index]!;
        for (const [member, sent] of Object.entries(wire)) {
          const value = member === 'date' ? dayOf(sent as string) : sent;
          const field = RECORD_FIELD[member as keyof MockInboundPatch];
          // An fbm order left without a SKU gets one generated, as the document says.
          if (field === 'amazon_sku' && value === '' && stored.fulfillment_type === 'fbm') continue;
          expect(stored[field], member).toEqual(value);
        }
      }),
      RUNS,
    );
  });

  const inboundParams: fc.Arbitrary<InboundListParams> = fc.record(
    {
      offset: fc.nat({ max: 40 }),
      limit: fc.oneof(fc.constant(-1), fc.integer({ min: 1, max: 500 })),
      sort_key: fc.constantFrom('created_at', 'date', 'retailer', 'quantity', 'order_id', 'status', 'unit_cost'),
      sort_order: fc.constantFrom('asc', 'desc'),
      fulfillment_types: fc.subarray(['fba', 'fbm', 'wfs', 'two-step'] as const, { minLength: 1 }),
      lang: fc.constantFrom('en', 'es', 'pt-BR', 'zh_Hant', 'fil'),
    },
    { requiredKeys: [] },
  );
  const shipmentParams: fc.Arbitrary<ShipmentListParams> = fc.record(
    {
      offset: fc.nat({ max: 20 }),
      limit: fc.integer({ min: 1, max: 500 }),
      sort_key: fc.constantFrom('created_at', 'shipped_at', 'name', 'status', 'total_quantity_shipped'),
      sort_order: fc.constantFrom('asc', 'desc'),
      fulfillment_types: fc.subarray(['fba', 'fbm', 'manual', 'wfs', 'shopify'] as const, { minLength: 1 }),
      statuses: fc.subarray(['working', 'requested', 'picking', 'picked', 'shipped'] as const, { minLength: 1 }),
      shipment_id: fc.uuid(),
    },
    { requiredKeys: [] },
  );

  function queryOf(request: Request): Record<string, unknown> {
    const query = new URL(request.url).searchParams;
    const out: Record<string, unknown> = {};
    for (const name of new Set(query.keys())) {
      const values = query.getAll(name);
      out[name] = ['fulfillment_types', 'statuses'].includes(name)
        ? values
        : ['offset', 'limit'].includes(name)
          ? Number(values[0])
          : values[0];
    }
    return out;
  }

  it('inbound.list parameters', async () => {
    await fc.assert(
      fc.asyncProperty(inboundParams, async (params) => {
        wWire.received.length = 0;
        const page = await wh.inbound.list(params);
        expect(wWire.received).toHaveLength(1);
        expect(queryOf(wWire.received[0]!)).toEqual({ offset: 0, limit: 200, ...params });
        expect(page.offset).toBe(params.offset ?? 0);
      }),
      RUNS,
    );
  });

  it('shipments.list parameters', async () => {
    await fc.assert(
      fc.asyncProperty(shipmentParams, async (params) => {
        wWire.received.length = 0;
        await wh.shipments.list(params);
        expect(wWire.received).toHaveLength(1);
        expect(queryOf(wWire.received[0]!)).toEqual({ offset: 0, limit: 200, ...params });
      }),
      RUNS,
    );
  });
});

describe('order dates given as a Date', () => {
  const SINGLE = {
    date: new Date(0),
    retailer: 'Target',
    order_number: 'PO-1',
    item_name: 'Lamp',
    color: 'black',
    brand_sku: 'LAMP',
    quantity: 12,
    asin: 'B000000001',
    unit_cost: 9.5,
    list_price: 24.99,
    fulfillment_type: 'fba' as const,
  };
  // Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear does not.
  const year = (y: number) => new Date(0).setUTCFullYear(y, 0, 1);
  const anyDate = fc.oneof(
    fc.date({ min: new Date(year(1)), max: new Date(year(1000) - 1), noInvalidDate: true }),
    fc.date({ min: new Date(year(1000)), max: new Date(year(10_000) - 1), noInvalidDate: true }),
    fc.date({ min: new Date(year(10_000)), max: new Date(8.64e15), noInvalidDate: true }),
  );

  async function sentDate(how: 'create' | 'bulk' | 'update', request: Request): Promise<string> {
    if (how === 'update') return ((await request.json()) as { date: string }).date;
    const form = await request.formData();
    if (how === 'create') return String(form.get('date'));
    const csv = await (form.get('file') as File).text();
    return csv.split('\r\n')[1]!.split(',')[0]!;
  }

  it('any valid Date: refused before sending, or sent as MM/DD/YYYY with a four-digit year (create, bulk rows, update)', async () => {
    await fc.assert(
      fc.asyncProperty(
        anyDate,
        fc.constantFrom('create', 'bulk', 'update') as fc.Arbitrary<'create' | 'bulk' | 'update'>,
        async (date, how) => {
          warehouse.reset();
          wWire.received.length = 0;
          const id = warehouse.state.inboundOrders.find((o) => o.fulfillment_type !== 'fbm' && o.sold_as === 'individual')!.order_id;
          const call =
            how === 'create'
              ? wh.inbound.create({ ...SINGLE, date })
              : how === 'bulk'
                ? wh.inbound.createBulk([{ ...SINGLE, date }])
                : wh.inbound.update(id, { date });
          const result = await settle<unknown>(call);
          if (wWire.received.length === 0) {
            // Refused: then as a RequestValidationError naming the date.
            const error = (result as { error: unknown }).error;
            expect(error).toBeInstanceOf(RequestValidationError);
            expect((error as RequestValidationError).issues.map((i) => i.path.at(-1))).toContain('date');
            return;
          }
          const sent = await sentDate(how, wWire.received[0]!);
          expect(sent).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
          expect(sent).toBe(mmddyyyy(date));
          if (date.getUTCFullYear() >= 1000) expect(result.ok).toBe(true);
        },
      ),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------------------------------
// One past a limit

interface Pushed<T> {
  input: T;
  path: (string | number)[];
}

/** Valid channel messages with short texts: the base a single limit is pushed on. */
const lightChannelMessage: fc.Arbitrary<ChannelMessageInput> = fc
  .record(
    {
      content: text(0, 20),
      username: text(0, 20),
      avatar_url: httpUrl,
      embeds: fc.array(
        fc.record(
          {
            title: text(0, 20),
            description: text(0, 40),
            color: fc.integer({ min: 0, max: L.embedColor.max }),
            timestamp,
            fields: fc.array(embedField, { maxLength: 3 }),
          },
          { requiredKeys: [] },
        ),
        { maxLength: L.embedsPerMessage.max, size: 'small' },
      ),
    },
    { requiredKeys: [] },
  )
  // The filter keeps what the type says: content or embeds.
  .filter((m) => (m.content ?? '').length > 0 || (m.embeds ?? []).length > 0) as fc.Arbitrary<ChannelMessageInput>;

/** A valid input with exactly one limit pushed one past its bound, and where the problem must be reported. */
const pushedChannelMessage: fc.Arbitrary<Pushed<ChannelMessageInput>> = fc
  .tuple(
    lightChannelMessage,
    fc.nat(),
    fc.constantFrom('content', 'username', 'embeds', 'title', 'description', 'fields', 'colorHigh', 'colorLow'),
  )
  .chain(([base, pick, what]): fc.Arbitrary<Pushed<ChannelMessageInput>> => {
    const embeds = [...(base.embeds ?? [])];
    if (embeds.length === 0) embeds.push({ title: 'base' });
    const i = pick % embeds.length;
    const withEmbed = (patch: Partial<Embed>, path: (string | number)[]) => {
      const copy = [...embeds];
      copy[i] = { ...copy[i], ...patch };
      return { input: { ...base, embeds: copy }, path: ['embeds', i, ...path] };
    };
    switch (what) {
      case 'content':
        return exactly(L.channelContent.max + 1).map((content) => ({ input: { ...base, content }, path: ['content'] }));
      case 'username':
        return exactly(L.channelUsername.max + 1).map((username) => ({ input: { ...base, username }, path: ['username'] }));
      case 'embeds': {
        const many = Array.from({ length: L.embedsPerMessage.max + 1 }, (_, k) => embeds[k % embeds.length]!);
        return fc.constant({ input: { ...base, embeds: many }, path: ['embeds'] });
      }
      case 'title':
        return exactly(L.embedTitle.max + 1).map((title) => withEmbed({ title }, ['title']));
      case 'description':
        return exactly(L.embedDescription.max + 1).map((description) => withEmbed({ description }, ['description']));
      case 'fields':
        return fc
          .array(embedField, { minLength: L.fieldsPerEmbed.max + 1, maxLength: L.fieldsPerEmbed.max + 1, size: 'small' })
          .map((fields) => withEmbed({ fields }, ['fields']));
      case 'colorHigh':
        return fc.constant(withEmbed({ color: L.embedColor.max + 1 }, ['color']));
      default:
        return fc.constant(withEmbed({ color: L.embedColor.min - 1 }, ['color']));
    }
  });

const pushedDirectMessage: fc.Arbitrary<Pushed<DirectMessageInput>> = fc
  .tuple(directMessage, fc.boolean())
  .chain(([base, over]) =>
    over
      ? exactly(L.directMessageBody.max + 1).map((body) => ({ input: { ...base, body }, path: ['body'] }))
      : fc.constant({ input: { ...base, body: '' }, path: ['body'] }),
  );

const pushedAnnouncement: fc.Arbitrary<Pushed<AnnouncementInput>> = fc
  .tuple(announcement, fc.constantFrom('titleOver', 'titleEmpty', 'bodyOver', 'bodyEmpty'))
  .chain(([base, what]) => {
    if (what === 'titleOver') return exactly(L.announcementTitle.max + 1).map((title) => ({ input: { ...base, title }, path: ['title'] }));
    if (what === 'bodyOver') return exactly(L.announcementBody.max + 1).map((body) => ({ input: { ...base, body }, path: ['body'] }));
    return fc.constant(
      what === 'titleEmpty' ? { input: { ...base, title: '' }, path: ['title'] } : { input: { ...base, body: '' }, path: ['body'] },
    );
  });

async function expectRefusedAt(call: PromiseLike<unknown>, path: (string | number)[], received: Request[]): Promise<void> {
  const error = await rejectionOf(call);
  expect(error).toBeInstanceOf(RequestValidationError);
  expect((error as RequestValidationError).issues.map((i) => i.path)).toEqual([path]);
  expect(received).toHaveLength(0);
}

describe('any input pushed one past a limit is refused at its path, and nothing is sent', () => {
  it('direct message body', async () => {
    await fc.assert(
      fc.asyncProperty(pushedDirectMessage, async ({ input, path }) => {
        mWire.received.length = 0;
        await expectRefusedAt(bot.sendDirectMessage(input), path, mWire.received);
      }),
      RUNS,
    );
  });

  it('announcement title and body', async () => {
    await fc.assert(
      fc.asyncProperty(pushedAnnouncement, async ({ input, path }) => {
        mWire.received.length = 0;
        await expectRefusedAt(bot.postAnnouncement(input), path, mWire.received);
      }),
      RUNS,
    );
  });

  it('channel message content, username, embeds, embed title, description, fields and color', async () => {
    await fc.assert(
      fc.asyncProperty(pushedChannelMessage, fc.boolean(), async ({ input, path }, viaWebhook) => {
        mWire.received.length = 0;
        await expectRefusedAt((viaWebhook ? hook : channel).postChannelMessage(input), path, mWire.received);
      }),
      RUNS,
    );
  });

  it('list paging: offset below 0, limit below 1 (inbound: other than -1)', async () => {
    const pushed = fc.oneof(
      fc.integer({ min: -1_000, max: -1 }).map((offset) => ({ list: 'inbound' as const, params: { offset }, path: ['offset'] })),
      fc
        .integer({ min: -1_000, max: 0 })
        .filter((n) => n !== -1)
        .map((limit) => ({ list: 'inbound' as const, params: { limit }, path: ['limit'] })),
      fc.integer({ min: -1_000, max: -1 }).map((offset) => ({ list: 'shipments' as const, params: { offset }, path: ['offset'] })),
      fc.integer({ min: -1_000, max: 0 }).map((limit) => ({ list: 'shipments' as const, params: { limit }, path: ['limit'] })),
    );
    await fc.assert(
      fc.asyncProperty(pushed, async ({ list, params, path }) => {
        wWire.received.length = 0;
        await expectRefusedAt(list === 'inbound' ? wh.inbound.list(params) : wh.shipments.list(params), path, wWire.received);
        // `for await` refuses the same way, at the loop.
        const iterate = async () => {
          for await (const _ of list === 'inbound' ? wh.inbound.list(params) : wh.shipments.list(params)) break;
        };
        await expectRefusedAt(iterate(), path, wWire.received);
      }),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------------------------------
// The update pre-flight against the server's rules

const FULFILLMENT = ['fba', 'fbm', 'wfs', 'two-step', 'shopify', 'manual'] as const;
const SOLD_AS = ['individual', 'multi-pack', 'bundle'] as const;
const sku = fc.oneof(
  fc.constant(''),
  fc.string({ maxLength: 8 }),
  fc.string({ maxLength: 8 }).map((s) => `PFL${s}`),
  fc.constant('pfl-1'),
);
const packSize = fc.oneof(fc.integer({ min: -3, max: 12 }), fc.constantFrom(0, 1, 2.5, 6));

const order: fc.Arbitrary<UpdateRuleSubject> = fc.record({
  status: fc.constantFrom('inbound', 'outbound'),
  fulfillment_type: fc.constantFrom(...FULFILLMENT),
  amazon_sku: sku,
  list_price: fc.oneof(fc.constant(0), money),
  sold_as: fc.constantFrom(...SOLD_AS),
  units_per_pack: packSize,
  quantity: fc.integer({ min: 0, max: 200 }),
});
const rulePatch: fc.Arbitrary<MockInboundPatch & InboundOrderUpdate> = fc.record(
  {
    fulfilledBy: fc.constantFrom(...FULFILLMENT),
    amazonSKU: sku,
    listPrice: fc.oneof(fc.constant(0), money),
    sold_as: fc.constantFrom(...SOLD_AS),
    units_per_pack: fc.integer({ min: -3, max: 12 }),
    quantity: fc.integer({ min: 0, max: 200 }),
    notes: fc.string({ maxLength: 5 }),
  },
  { requiredKeys: [] },
);

describe('checkInboundUpdate agrees with the server (mockUpdateViolations)', () => {
  it('with the current order: the same rules broken, fbm_seller_portal aside', () => {
    fc.assert(
      fc.property(order, rulePatch, fc.boolean(), (current, patch, sellerPortalLinked) => {
        const sdk = checkInboundUpdate(patch, current).map((v) => v.rule);
        const server = mockUpdateViolations(current, patch, { sellerPortalLinked }).filter((rule) => rule !== 'fbm_seller_portal');
        expect(sdk).toEqual(server);
      }),
      RUNS,
    );
  });

  it('without it: never a rule the server would not report, whatever the stored order', () => {
    fc.assert(
      fc.property(order, rulePatch, (stored, patch) => {
        const sdk = checkInboundUpdate(patch).map((v) => v.rule);
        const server = mockUpdateViolations(stored, patch, { sellerPortalLinked: true });
        for (const rule of sdk) expect(server).toContain(rule);
      }),
      RUNS,
    );
  });
});
