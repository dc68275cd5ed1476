/**
 * What is checked is what is sent, for every method: a member the check reads (own,
 * inherited, or a getter, as on a class instance) is the member sent, read once. A getter
 * that throws is a `RequestValidationError` naming its member, and nothing is sent.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ChannelMessageInput,
  type DirectMessageInput,
  type InboundOrderUpdate,
  MessagingClient,
  RequestValidationError,
  WarehouseClient,
} from '../../src/index.js';
import { channelMessageSchema, directMessageSchema, inboundOrderUpdateSchema } from '../../src/schemas.js';
import { createMessagingMock, createWarehouseMock } from '../../src/testing/index.js';

/** How a member is held: an own data member, an inherited one, an own getter, or a getter on the prototype (as `class { get x() }` makes). */
const WAYS = ['own', 'inherited', 'getter', 'class getter'] as const;
type Way = (typeof WAYS)[number];

/** `value` rebuilt so every plain object holds its members in the ways `wayOf` picks (arrays, Dates and Blobs kept as they are). */
function disguise(value: unknown, wayOf: () => Way): unknown {
  if (Array.isArray(value)) return value.map((item) => disguise(item, wayOf));
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const prototype: Record<string, unknown> = {};
  const own: PropertyDescriptorMap = {};
  for (const [key, member] of Object.entries(value)) {
    const held = disguise(member, wayOf);
    const way = wayOf();
    if (way === 'own') own[key] = { value: held, enumerable: true, configurable: true };
    else if (way === 'getter') own[key] = { get: () => held, enumerable: true, configurable: true };
    else if (way === 'inherited') prototype[key] = held;
    else Object.defineProperty(prototype, key, { get: () => held, enumerable: false });
  }
  return Object.create(prototype, own);
}

const every = (way: Way) => () => way;

/** A fetch that keeps each request (a clone, body unread) and lets `target` answer it. */
function recording(target: (request: Request) => Promise<Response>) {
  const sent: Request[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    sent.push(request.clone());
    return target(request);
  };
  return { fetch, sent };
}

/** What a request carried, comparable: its URL's query, and its body as JSON, CSV text or form entries. */
async function carried(request: Request): Promise<unknown> {
  const query = new URL(request.url).search;
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('application/json')) return { query, json: await request.json() };
  if (!type.startsWith('multipart/form-data')) return { query };
  const form = await request.formData();
  const entries = await Promise.all(
    [...form.entries()].map(async ([name, value]) => [name, typeof value === 'string' ? value : await value.text()]),
  );
  return { query, form: entries };
}

const messagingMock = createMessagingMock();
const m = recording((r) => messagingMock.fetch(r));
const bot = new MessagingClient({ baseUrl: messagingMock.baseUrl, botKey: messagingMock.botKey, fetch: m.fetch });
const channel = new MessagingClient({ baseUrl: messagingMock.baseUrl, channelKey: messagingMock.channelKey, fetch: m.fetch });
const warehouseMock = createWarehouseMock({ inboundOrders: 10 });
const w = recording((r) => warehouseMock.fetch(r));
const warehouse = new WarehouseClient({
  baseUrl: warehouseMock.baseUrl,
  apiKey: warehouseMock.apiKey,
  warehouseId: warehouseMock.warehouseId,
  fetch: w.fetch,
});
const orderId = () => {
  const order = warehouseMock.state.inboundOrders.find((o) => o.status === 'inbound' && o.sold_as === 'individual');
  if (!order) throw new Error('the seed has no such order');
  return order.order_id;
};

const newOrder = {
  date: '11/22/2026',
  retailer: 'Target',
  order_number: 'PO-1001',
  item_name: 'Desk lamp',
  color: 'black',
  brand_sku: 'LAMP-BLK',
  quantity: 12,
  asin: 'B000000001',
  unit_cost: 9.5,
  list_price: 24.99,
  fulfillment_type: 'fba',
  tracking_numbers: ['1Z0001', '1Z0002'],
};

/** Every method with a plain input, and how it is called: input in, the request it sent out. */
const methods: Record<string, { input: unknown; send(input: never): Promise<unknown>; wire: typeof m }> = {
  sendDirectMessage: {
    input: { to: { email: messagingMock.employees.first.email }, body: 'Truck 4 is at door 2' },
    send: (input: DirectMessageInput) => bot.sendDirectMessage(input),
    wire: m,
  },
  postAnnouncement: {
    input: { title: 'Stocktake', body: 'Friday from 6 am.' },
    send: (input: never) => bot.postAnnouncement(input),
    wire: m,
  },
  'postChannelMessage (embeds)': {
    input: {
      content: 'Low stock',
      avatar_url: 'https://cdn.example.com/bot.png',
      embeds: [
        {
          title: 'SKU 1042',
          color: 0xe67e22,
          fields: [{ name: 'Left', value: '3', inline: true }],
          image: { url: 'https://cdn.example.com/i.png' },
        },
      ],
    },
    send: (input: ChannelMessageInput) => channel.postChannelMessage(input),
    wire: m,
  },
  'inbound.create': { input: newOrder, send: (input: never) => warehouse.inbound.create(input), wire: w },
  'inbound.createBulk (rows)': {
    input: [newOrder, { ...newOrder, order_number: 'PO-1002' }],
    send: (input: never) => warehouse.inbound.createBulk(input),
    wire: w,
  },
  'inbound.update': {
    input: { quantity: 24, notes: 'recounted', trackingNumbers: ['1Z9'] },
    send: (input: InboundOrderUpdate) => warehouse.inbound.update(orderId(), input),
    wire: w,
  },
  'inbound.list (params)': {
    input: { limit: 5, sort_order: 'asc', fulfillment_types: ['fba', 'fbm'] },
    send: (input: never) => warehouse.inbound.list(input),
    wire: w,
  },
  'shipments.list (params)': {
    input: { limit: 3, statuses: ['picked'] },
    send: (input: never) => warehouse.shipments.list(input),
    wire: w,
  },
};

async function sentBy(method: (typeof methods)[string], input: unknown): Promise<unknown> {
  const before = method.wire.sent.length;
  await method.send(input as never);
  expect(method.wire.sent.length).toBe(before + 1);
  return carried(method.wire.sent.at(-1) as Request);
}

describe.each(Object.entries(methods))('%s sends what it checked', (_name, method) => {
  it.each(WAYS.filter((way) => way !== 'own'))('members held as %s are sent as an own member would be', async (way) => {
    const plain = await sentBy(method, method.input);
    expect(await sentBy(method, disguise(method.input, every(way)))).toEqual(plain);
  });

  it('a getter that throws is refused naming its member, and nothing is sent', async () => {
    const input = disguise(method.input, every('own')) as Record<string, unknown>;
    const target = Array.isArray(input) ? (input[1] as object) : input;
    const member = Object.keys(target)[0] as string;
    Object.defineProperty(target, member, {
      get() {
        throw new TypeError('no session');
      },
    });
    const before = method.wire.sent.length;
    const error = await method.send(input as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    const path = Array.isArray(input) ? [1, member] : [member];
    expect((error as RequestValidationError).issues).toEqual([
      { path, message: 'could not be read: reading it threw TypeError: no session' },
    ]);
    expect(method.wire.sent.length).toBe(before);
  });
});

describe('a throwing getter in a bulk item is named by index and member', () => {
  it('sendDirectMessages', async () => {
    const item = { to: { email: 'a@example.test' } } as Record<string, unknown>;
    Object.defineProperty(item, 'body', { get: () => JSON.parse('{') });
    const error = await bot.sendDirectMessages([{ to: { email: 'a@example.test' }, body: 'ok' }, item as never]).catch((e: unknown) => e);
    expect((error as RequestValidationError).issues).toEqual([
      { path: [1, 'body'], message: expect.stringMatching(/^could not be read: reading it threw SyntaxError: /) },
    ]);
  });

  it('inbound.updateMany, inside the patch', async () => {
    class Patch {
      get notes(): string {
        throw new Error('lazy field not loaded');
      }
    }
    const error = await warehouse.inbound.updateMany([{ order_id: orderId(), patch: new Patch() as never }]).catch((e: unknown) => e);
    expect((error as RequestValidationError).issues).toEqual([
      { path: [0, 'patch', 'notes'], message: 'could not be read: reading it threw Error: lazy field not loaded' },
    ]);
  });

  it('a getter that throws a RangeError (an invalid Date printed) is named as such too', async () => {
    const embed = Object.defineProperty({ title: 'x' }, 'description', { get: () => new Date(Number.NaN).toISOString(), enumerable: true });
    const error = await channel.postChannelMessage({ embeds: [embed] }).catch((e: unknown) => e);
    expect((error as RequestValidationError).issues).toEqual([
      { path: ['embeds', 0, 'description'], message: 'could not be read: reading it threw RangeError: Invalid time value' },
    ]);
  });
});

describe('property: the body sent is the serialization of the checked value, however the members are held', () => {
  const way = fc.constantFrom(...WAYS);
  const text = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== '');
  const directMessage = fc.record({ to: fc.constant({ email: messagingMock.employees.first.email }), body: text });
  const embed = fc.record(
    {
      title: text,
      description: text,
      color: fc.integer({ min: 0, max: 0xffffff }),
      footer: fc.record({ text }, { requiredKeys: [] }),
      fields: fc.array(fc.record({ name: text, value: text, inline: fc.boolean() }, { requiredKeys: ['name', 'value'] }), { maxLength: 3 }),
    },
    { requiredKeys: [] },
  );
  const channelMessage = fc.record(
    { content: text, username: text, embeds: fc.array(embed, { minLength: 1, maxLength: 3 }) },
    { requiredKeys: ['content'] },
  );
  const patch = fc.record(
    {
      quantity: fc.integer({ min: 0, max: 1000 }),
      notes: fc.string({ maxLength: 30 }),
      color: fc.string({ maxLength: 10 }),
      cogs: fc.double({ min: 0, max: 1e6, noNaN: true }),
      trackingNumbers: fc.array(text, { maxLength: 3 }),
    },
    { requiredKeys: [] },
  );

  const cases = [
    { name: 'sendDirectMessage', input: directMessage, schema: directMessageSchema, send: (i: never) => bot.sendDirectMessage(i), wire: m },
    {
      name: 'postChannelMessage',
      input: channelMessage,
      schema: channelMessageSchema,
      send: (i: never) => channel.postChannelMessage(i),
      wire: m,
    },
    {
      name: 'inbound.update',
      input: patch,
      schema: inboundOrderUpdateSchema,
      send: (i: never) => warehouse.inbound.update(orderId(), i),
      wire: w,
    },
  ];

  it.each(cases)('$name', async ({ input, schema, send, wire }) => {
    await fc.assert(
      fc.asyncProperty(input, fc.array(way, { minLength: 1, maxLength: 8 }), async (plain, ways) => {
        let n = 0;
        const disguised = disguise(plain, () => ways[n++ % ways.length] as Way);
        const checked = schema.parse(disguised);
        await send(disguised as never);
        const request = wire.sent.at(-1) as Request;
        expect(await request.text()).toBe(JSON.stringify(checked));
        expect(checked).toEqual(JSON.parse(JSON.stringify(plain)));
      }),
      { numRuns: 150 },
    );
  });
});
