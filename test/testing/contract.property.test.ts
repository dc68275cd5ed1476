/**
 * One contract, proved at the edge the two sides share: for ≥ 1,000 generated requests per
 * endpoint, valid and invalid, the client's pre-flight refuses exactly those the mock answers
 * with 400. A request the client sends must not be answered 400; one it refuses is sent
 * straight to the mock with a raw fetch, encoded as the wire would carry it, and must be.
 * Invalid values are ones the wire can carry (a form field is text: `12` and "12" are the same
 * field there), so a disagreement is one of the contract, not of JavaScript types.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessagingClient, RequestValidationError, WarehouseClient } from '../../src/index.js';
import { createMessagingMock, createWarehouseMock } from '../../src/testing/index.js';
import { csvLine } from '../../src/warehouse/csv.js';
import { BULK_CSV_COLUMNS } from '../../src/warehouse/fast-checks.generated.js';
import { formatNumber } from '../../src/warehouse/wire-format.js';

const RUNS = { numRuns: Number(process.env.CONTRACT_RUNS ?? 1000), seed: process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined };
// Each property is a thousand exchanges, not one: 1–10 s on a quiet machine, 15 s under v8
// coverage, and several times that when two files share a busy core (59 s seen here). The timeout
// is a hang guard for that work, not a speed target
// (the suite's 20 s is for one exchange; this file's properties came within a few seconds of it under load).
vi.setConfig({ testTimeout: 120_000 });

const messaging = createMessagingMock();
const warehouse = createWarehouseMock({ inboundOrders: 40, shipments: 10 });
const statuses: number[] = [];
const watch =
  (mock: { fetch: typeof fetch }): typeof fetch =>
  async (input, init) => {
    const response = await mock.fetch(input, init);
    statuses.push(response.status);
    return response;
  };
const common = { maxRetries: 0 };
const bot = new MessagingClient({ baseUrl: messaging.baseUrl, botKey: messaging.botKey, fetch: watch(messaging), ...common });
const channel = new MessagingClient({ baseUrl: messaging.baseUrl, channelKey: messaging.channelKey, fetch: watch(messaging), ...common });
const hook = MessagingClient.fromWebhookUrl(messaging.webhookUrl, { fetch: watch(messaging), ...common });
const wh = new WarehouseClient({
  baseUrl: warehouse.baseUrl,
  apiKey: warehouse.apiKey,
  warehouseId: warehouse.warehouseId,
  fetch: watch(warehouse),
  ...common,
});

type Verdict = { refused: boolean; status: number | undefined; detail: string };

/** The client's verdict: refused before sending, or the status the mock answered. */
async function throughClient(call: () => PromiseLike<unknown>): Promise<Verdict> {
  statuses.length = 0;
  try {
    await call();
  } catch (error) {
    if (error instanceof RequestValidationError) return { refused: true, status: undefined, detail: error.message };
  }
  return { refused: false, status: statuses.at(-1), detail: '' };
}

const rawJson = (
  mock: { fetch: typeof fetch; baseUrl: string },
  path: string,
  body: unknown,
  auth: Record<string, string>,
  method = 'POST',
) =>
  mock
    .fetch(`${mock.baseUrl}${path}`, { method, headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify(body) })
    .then((r) => r.status);

/** Refused and sent requests of the running test: both kinds must be well represented, or the property proves little. */
const tally = { refused: 0, sent: 0 };
beforeEach(() => {
  tally.refused = 0;
  tally.sent = 0;
});
afterEach((context) => {
  if (context.task.result?.state !== 'pass') return;
  const total = tally.refused + tally.sent;
  expect(tally.refused, 'refused requests').toBeGreaterThan(total / 20);
  expect(tally.sent, 'sent requests').toBeGreaterThan(total / 20);
});

/** The same verdict, both ways: refused before sending ⇔ the mock answers 400. */
async function agree(input: unknown, viaClient: () => PromiseLike<unknown>, raw: () => Promise<number>) {
  const verdict = await throughClient(viaClient);
  tally[verdict.refused ? 'refused' : 'sent']++;
  if (verdict.refused) {
    const status = await raw();
    expect(
      status,
      `the pre-flight refused ${JSON.stringify(input)?.slice(0, 300)} (${verdict.detail}) but the mock answered ${status}`,
    ).toBe(400);
  } else {
    expect(verdict.status, `the mock answered 400 to ${JSON.stringify(input)?.slice(0, 300)}, which the pre-flight let through`).not.toBe(
      400,
    );
  }
}

/** Mostly valid; each value invalid one time in `odds + 1` (a whole row of many values needs long odds to pass at all). */
let odds = 5;
const maybe = <T>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: odds, arbitrary: valid }, { weight: 1, arbitrary: invalid });
const text = (min: number, max: number) => fc.string({ minLength: min, maxLength: max, unit: 'grapheme' });
const longText = (n: number) => fc.constantFrom('x', '😀', 'é').map((c) => c.repeat(n));
const badType = fc.constantFrom(5, true, null, [], {} as unknown);
const httpUrl = fc.constantFrom('https://example.com/a.png', 'http://10.0.0.1/x', 'https://cdn.example.test/i.jpg?x=1');
const badUrl = fc.constantFrom('javascript:alert(1)', 'not a url', 'ftp://example.com/x', '/relative', '');
const isoDate = fc.constantFrom('2026-11-22', '2026-11-22T10:00:00Z', '2024-02-29T23:59:59.5+05:30', '2026-11-22T10:00');
const badIsoDate = fc.constantFrom('2025-02-29', '2026-02-30T10:00:00Z', '2026-11-22T24:00:00Z', 'yesterday', '2026-11-22 10:00:00', '-1');

describe('messaging: the pre-flight refuses exactly what the mock answers with 400', () => {
  const email = messaging.employees.first.email;
  const to = maybe(
    fc.oneof(
      fc.constant({ email }),
      fc.constant({ userId: messaging.employees.first.id }),
      fc.constant({ phoneNumber: messaging.employees.first.phoneNumber }),
      fc.record({ email: text(0, 30) }),
    ),
    fc.oneof(
      fc.constant({}),
      fc.constant({ email, userId: messaging.employees.first.id }),
      fc.constant({ userId: 'not-a-uuid' }),
      fc.record({ email: badType }),
      badType,
    ),
  );
  const dm = fc
    .record({ to, body: maybe(text(1, 50), fc.oneof(fc.constant(''), longText(4001), badType)) }, { requiredKeys: [] })
    .chain((m) => fc.oneof({ weight: 9, arbitrary: fc.constant(m) }, { weight: 1, arbitrary: fc.constant({ ...m, extra: 1 }) }));

  it('direct messages', async () => {
    await fc.assert(
      fc.asyncProperty(dm, (input) =>
        agree(
          input,
          () => bot.sendDirectMessage(input as never),
          () => rawJson(messaging, '/api/bot/messages', input, { authorization: `Bearer ${messaging.botKey}` }),
        ),
      ),
      RUNS,
    );
  });

  const announcement = fc.record(
    {
      title: maybe(text(1, 40), fc.oneof(fc.constant(''), longText(151), badType)),
      body: maybe(text(1, 60), fc.oneof(fc.constant(''), longText(4001), badType)),
    },
    { requiredKeys: [] },
  );
  it('announcements', async () => {
    await fc.assert(
      fc.asyncProperty(announcement, (input) =>
        agree(
          input,
          () => bot.postAnnouncement(input as never),
          () => rawJson(messaging, '/api/bot/announcements', input, { authorization: `Bearer ${messaging.botKey}` }),
        ),
      ),
      RUNS,
    );
  });

  const field = fc.record(
    { name: maybe(text(0, 10), badType), value: maybe(text(0, 10), badType), inline: maybe(fc.boolean(), fc.constantFrom('yes', 1)) },
    { requiredKeys: ['name'] },
  );
  const embed = fc.record(
    {
      title: maybe(text(0, 20), fc.oneof(longText(257), badType)),
      description: maybe(text(0, 40), fc.oneof(longText(4097), badType)),
      url: maybe(httpUrl, badUrl),
      color: maybe(fc.integer({ min: 0, max: 16_777_215 }), fc.constantFrom(-1, 16_777_216, 1.5, '#ffffff')),
      timestamp: maybe(isoDate, badIsoDate),
      author: maybe(
        fc.record({ name: text(0, 10), url: text(0, 10), icon_url: text(0, 10) }, { requiredKeys: [] }),
        fc.oneof(badType, fc.constant({ name: 5 })),
      ),
      footer: maybe(fc.record({ text: text(0, 10), icon_url: text(0, 10) }, { requiredKeys: [] }), fc.constant({ text: 'f', extra: 1 })),
      image: maybe(fc.record({ url: httpUrl }, { requiredKeys: [] }), fc.record({ url: badUrl })),
      thumbnail: maybe(fc.record({ url: httpUrl }, { requiredKeys: [] }), fc.record({ url: badUrl })),
      fields: maybe(fc.array(field, { maxLength: 4 }), fc.oneof(fc.constant(Array(26).fill({ name: 'n', value: 'v' })), badType)),
    },
    { requiredKeys: [] },
  );
  const channelMessage = fc.record(
    {
      content: maybe(text(0, 30), fc.oneof(longText(2001), badType)),
      username: maybe(text(0, 20), fc.oneof(longText(81), badType)),
      avatar_url: maybe(httpUrl, badUrl),
      embeds: maybe(fc.array(embed, { maxLength: 3 }), fc.oneof(fc.constant(Array(11).fill({ title: 't' })), badType)),
    },
    { requiredKeys: [] },
  );

  it('channel messages by channel key', async () => {
    await fc.assert(
      fc.asyncProperty(channelMessage, (input) =>
        agree(
          input,
          () => channel.postChannelMessage(input as never),
          () => rawJson(messaging, '/api/automation/messages', input, { authorization: `Bearer ${messaging.channelKey}` }),
        ),
      ),
      RUNS,
    );
  });

  it('channel messages by webhook URL', async () => {
    const path = new URL(messaging.webhookUrl).pathname.slice(new URL(messaging.baseUrl).pathname.replace(/\/$/, '').length);
    await fc.assert(
      fc.asyncProperty(channelMessage, (input) =>
        agree(
          input,
          () => hook.postChannelMessage(input as never),
          () => rawJson(messaging, path, input, {}),
        ),
      ),
      RUNS,
    );
  });
});

describe('warehouse: the pre-flight refuses exactly what the mock answers with 400', () => {
  const auth = { authorization: `ApiKey ${warehouse.apiKey}`, 'x-warehouse-id': warehouse.warehouseId };
  const nonBlank = (max: number) => text(1, max).filter((s) => !/^[=+\-@\t\r]/.test(s));
  const orderDate = maybe(
    fc.constantFrom('11/22/2026', '2/3/2025', '2024-02-29', '12/31/9999'),
    fc.constantFrom('2025-02-29', '13/01/2026', '11/31/2026', 'soon', '', '2026/11/22'),
  );
  const quantity = maybe(fc.nat({ max: 10_000 }), fc.constantFrom(-1, 2.5, 'twelve', ''));
  const money = maybe(fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }), fc.constantFrom('free', ''));
  const fulfillment = maybe(fc.constantFrom('fba', 'fbm', 'wfs', 'two-step', 'shopify'), fc.constantFrom('manual', 'FBA', 'amazon', ''));
  // A `;` inside one tracking number cannot cross a CSV cell as one number (it is the list
  // separator there): that is why rows refuse it. In a form it can, and the create takes it.
  const order = (semicolon = true) =>
    fc.record(
      {
        date: orderDate,
        retailer: maybe(nonBlank(20), fc.constant('')),
        order_number: maybe(nonBlank(20), fc.constant('')),
        item_name: maybe(nonBlank(20), fc.constant('')),
        color: maybe(nonBlank(10), fc.constant('')),
        brand_sku: maybe(nonBlank(10), fc.constant('')),
        quantity,
        asin: maybe(nonBlank(12), fc.constant('')),
        unit_cost: money,
        list_price: money,
        fulfillment_type: fulfillment,
        size: text(0, 5).filter((s) => !/^[=+\-@\t\r]/.test(s)),
        tracking_numbers: maybe(
          fc.array(
            nonBlank(12).filter((s) => !s.includes(';')),
            { maxLength: 3 },
          ),
          semicolon ? fc.constant(['1Z;2Z']) : fc.constant(['1Z', '', '2Z']),
        ),
        sold_as: maybe(fc.constantFrom('individual', 'bundle'), fc.constantFrom('multi-pack', 'single')),
        units_per_pack: maybe(fc.integer({ min: 1, max: 12 }), fc.constantFrom(0, -2, '1.5', 'six')),
        client_notes: maybe(
          text(0, 20).filter((s) => !/^[=+\-@\t\r]/.test(s)),
          fc.constantFrom('=SUM(A1)', '+1 555', '@me'),
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
          'unit_cost',
          'list_price',
          'fulfillment_type',
        ],
      },
    );

  /** A form as the wire carries it: text for every value, repeated fields for a list. */
  function rawForm(input: Record<string, unknown>): FormData {
    const form = new FormData();
    for (const [name, value] of Object.entries(input)) {
      for (const item of Array.isArray(value) ? value : [value])
        form.append(name, typeof item === 'number' ? formatNumber(item) : String(item));
    }
    return form;
  }

  it('inbound.create (multipart)', async () => {
    await fc.assert(
      fc.asyncProperty(order(), (input) =>
        agree(
          input,
          () => wh.inbound.create(input as never),
          () =>
            warehouse.fetch(`${warehouse.baseUrl}/inbound`, { method: 'POST', headers: auth, body: rawForm(input) }).then((r) => r.status),
        ),
      ),
      RUNS,
    );
  });

  it('inbound.createBulk (rows as CSV)', async () => {
    odds = 40;
    const rowsArb = fc.array(order(false), { minLength: 1, maxLength: 3 });
    odds = 5;
    await fc.assert(
      fc.asyncProperty(rowsArb, (rows) => {
        const cell = (v: unknown) =>
          v === undefined ? '' : Array.isArray(v) ? v.join(';') : typeof v === 'number' ? formatNumber(v) : String(v);
        const csv = [
          csvLine(BULK_CSV_COLUMNS),
          ...rows.map((r) => csvLine(BULK_CSV_COLUMNS.map((c) => cell((r as Record<string, unknown>)[c])))),
        ].join('\r\n');
        const form = () => {
          const f = new FormData();
          f.append('bulk', 'true');
          f.append('file', new Blob([csv], { type: 'text/csv' }), 'orders.csv');
          return f;
        };
        return agree(
          rows,
          () => wh.inbound.createBulk(rows as never),
          () => warehouse.fetch(`${warehouse.baseUrl}/inbound`, { method: 'POST', headers: auth, body: form() }).then((r) => r.status),
        );
      }),
      { ...RUNS, numRuns: Math.max(100, Math.floor(RUNS.numRuns / 4)) * 4 },
    );
  });

  const patch = fc.record(
    {
      date: orderDate,
      orderNumber: maybe(text(0, 10), badType),
      quantity,
      amazonSKU: maybe(fc.constantFrom('', 'PFL-1', 'AMZ-2'), badType),
      listPrice: maybe(fc.constantFrom(0, 9.99, -3), fc.constantFrom('9.99', null)),
      fulfilledBy: maybe(fc.constantFrom('fba', 'fbm', 'wfs', 'two-step', 'shopify', 'manual'), fc.constantFrom('FBM', 'ups')),
      trackingNumbers: maybe(fc.array(text(1, 10), { maxLength: 2 }), fc.constantFrom('1Z', [5])),
      sold_as: maybe(fc.constantFrom('individual', 'multi-pack', 'bundle'), fc.constant('pair')),
      units_per_pack: maybe(fc.integer({ min: 0, max: 6 }), fc.constantFrom(1.5, '2')),
    },
    { requiredKeys: [] },
  );

  it('inbound.update (JSON), with the current order for the rules', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: 39 }), patch, async (index, input) => {
        warehouse.reset();
        const current = structuredClone(warehouse.state.inboundOrders[index]!);
        await agree(
          input,
          () => wh.inbound.update(current.order_id, input as never, { current }),
          () => rawJson(warehouse, `/inbound/${current.order_id}`, input, auth, 'PUT'),
        );
      }),
      RUNS,
    );
  });

  const inboundParams = fc.record(
    {
      offset: maybe(fc.nat({ max: 100 }), fc.constantFrom(-1, 1.5)),
      limit: maybe(fc.oneof(fc.integer({ min: 1, max: 300 }), fc.constant(-1)), fc.constantFrom(0, -2, 2.5)),
      sort_key: maybe(fc.constantFrom('created_at', 'date', 'quantity', 'retailer'), fc.constantFrom('colour', 'created')),
      sort_order: maybe(fc.constantFrom('asc', 'desc'), fc.constant('up')),
      fulfillment_types: maybe(fc.subarray(['fba', 'fbm', 'wfs', 'two-step']), fc.constant(['shopify'])),
      lang: maybe(fc.constantFrom('en', 'es', 'pt-BR'), fc.constantFrom('english!', '')),
    },
    { requiredKeys: [] },
  );
  const query = (params: Record<string, unknown>) => {
    const q = new URLSearchParams({ offset: String(params.offset ?? 0), limit: String(params.limit ?? 200) });
    for (const [name, value] of Object.entries(params)) {
      if (name === 'offset' || name === 'limit') continue;
      for (const item of Array.isArray(value) ? value : [value]) q.append(name, String(item));
    }
    return q;
  };

  it('inbound.list (query)', async () => {
    await fc.assert(
      fc.asyncProperty(inboundParams, (input) =>
        agree(
          input,
          () => wh.inbound.list(input as never),
          () => warehouse.fetch(`${warehouse.baseUrl}/inbound?${query(input)}`, { headers: auth }).then((r) => r.status),
        ),
      ),
      RUNS,
    );
  });

  const shipmentParams = fc.record(
    {
      offset: maybe(fc.nat({ max: 50 }), fc.constant(-1)),
      limit: maybe(fc.integer({ min: 1, max: 100 }), fc.constantFrom(-1, 0)),
      sort_key: maybe(fc.constantFrom('created_at', 'shipped_at', 'name', 'status'), fc.constant('orders')),
      sort_order: maybe(fc.constantFrom('asc', 'desc'), fc.constant('DESC')),
      fulfillment_types: maybe(fc.subarray(['fba', 'fbm', 'manual', 'wfs', 'shopify']), fc.constant(['two-step'])),
      statuses: maybe(fc.subarray(['working', 'requested', 'picking', 'picked', 'shipped']), fc.constant(['lost'])),
      shipment_id: maybe(fc.uuid(), fc.constantFrom('not-a-uuid', '')),
    },
    { requiredKeys: [] },
  );

  it('shipments.list (query)', async () => {
    await fc.assert(
      fc.asyncProperty(shipmentParams, (input) =>
        agree(
          input,
          () => wh.shipments.list(input as never),
          () => warehouse.fetch(`${warehouse.baseUrl}/shipments?${query(input)}`, { headers: auth }).then((r) => r.status),
        ),
      ),
      RUNS,
    );
  });

  it('shipments.retrieve (path id)', async () => {
    const ids = fc.oneof(
      fc.constant(warehouse.state.shipments[0]!.shipment_id),
      fc.uuid(),
      fc.constantFrom('not-a-uuid', '123', 'g0000000-0000-4000-8000-000000000000'),
    );
    await fc.assert(
      fc.asyncProperty(ids, (id) =>
        agree(
          id,
          () => wh.shipments.retrieve(id),
          () => warehouse.fetch(`${warehouse.baseUrl}/shipments/${encodeURIComponent(id)}`, { headers: auth }).then((r) => r.status),
        ),
      ),
      RUNS,
    );
  });
});
