/**
 * Against a server the SDK did not write (`test/support/document-server.ts`, from the two
 * service documents alone): every client method works against the documents' letter and
 * against a service that drifts the way real ones do (nulls, numbers as text, unknown
 * enumeration values, extra members, other ISO 8601 forms, same-origin redirects). By default
 * the drift resolves as received and each member is reported once per client and member
 * path, at `warn` (never the value) and to `onResponseMismatch`; with
 * `strictResponseValidation: true` a drifted read is a `ResponseValidationError` naming every
 * member, and a write still resolves (it took effect), reporting the members.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type CommonOptions,
  MessagingClient,
  type ResponseMismatchEvent,
  ResponseValidationError,
  WarehouseClient,
} from '../../src/index.js';
import { type DocumentServer, startDocumentServer } from '../support/document-server.js';
import { ORDER } from '../support/reliability.js';

/** `data.shipments[].shipped_at`: a path with its array positions left out, as the warn line names members. */
const memberPath = (path: (string | number)[]) =>
  path
    .map((p) => (typeof p === 'number' ? '[]' : `.${p}`))
    .join('')
    .replace(/^\./, '');

/** The members of the drifting shipment list that break the document, sorted. */
const SHIPMENT_LIST_DRIFT = [
  'data.results.limit',
  'data.shipments[].fulfillment_type',
  'data.shipments[].shipped_at',
  'data.shipments[].status',
  'data.shipments[].tags',
  'data.shipments[].total_quantity_shipped',
];

const ROW = { ...ORDER, fulfillment_type: 'wfs', asin: undefined } as const;

function clients(server: DocumentServer, options: CommonOptions = {}) {
  const common = { maxRetries: 0, ...options };
  return {
    warehouse: new WarehouseClient({ baseUrl: server.url, apiKey: server.apiKey, warehouseId: server.warehouseId, ...common }),
    bot: new MessagingClient({ baseUrl: server.url, botKey: server.botKey, ...common }),
    channel: new MessagingClient({ baseUrl: server.url, channelKey: server.channelKey, ...common }),
    hook: MessagingClient.fromWebhookUrl(server.webhookUrl, common),
  };
}

/** Every member path reported to `onResponseMismatch`, with array positions left out. */
function reporter() {
  const events: ResponseMismatchEvent[] = [];
  const onResponseMismatch = vi.fn((event: ResponseMismatchEvent) => void events.push(event));
  return { hooks: { onResponseMismatch }, events, members: () => events.flatMap((e) => e.issues.map((i) => memberPath(i.path))) };
}

/** Calls every method of both clients once; returns what each gave. */
async function everyMethod(c: ReturnType<typeof clients>, server: DocumentServer) {
  const { warehouse, bot, channel, hook } = c;
  const created = await warehouse.inbound.create(ORDER);
  const bulkText = await warehouse.inbound.createBulk([ROW, { ...ROW, order_number: 'PO-2' }]);
  const first = await warehouse.inbound.list({ limit: 10, sort_key: 'created_at', sort_order: 'asc' });
  const all = [];
  for await (const order of warehouse.inbound.list({ limit: 10 }, { concurrency: 2 })) all.push(order);
  const updated = await warehouse.inbound.update(first.items[2]!.order_id, { notes: 'recounted' });
  const many = await warehouse.inbound.updateMany(
    first.items.slice(3, 6).map((o) => ({ order_id: o.order_id, patch: { notes: 'n' }, current: o })),
  );
  const shipmentPage = await warehouse.shipments.list({ limit: 5 });
  const shipments = [];
  for await (const shipment of warehouse.shipments.list({ limit: 5 })) shipments.push(shipment);
  const details = await Promise.all(shipments.map((s) => warehouse.shipments.retrieve(s.shipment_id)));
  const dm = await bot.sendDirectMessage({ to: { email: server.employeeEmail }, body: 'Your pallet arrived' });
  const dms = await bot.sendDirectMessages([
    { to: { email: server.employeeEmail }, body: 'one' },
    { to: { email: server.employeeEmail }, body: 'two' },
  ]);
  const announcement = await bot.postAnnouncement({ title: 'Stocktake', body: 'Friday' });
  const byKey = await channel.postChannelMessage({ content: 'dock 3 is free' });
  const byHook = await hook.postChannelMessage({ embeds: [{ title: 'Shipment out' }] });
  return { created, bulkText, first, all, updated, many, shipmentPage, shipments, details, dm, dms, announcement, byKey, byHook };
}

describe.each([
  ['the documents’ letter', false],
  ['a drifting service', true],
])('every method against %s', (_name, drift) => {
  let server: DocumentServer;
  beforeAll(async () => {
    server = await startDocumentServer({ drift });
  });
  afterAll(() => server.close());

  it('resolves every call by default, with what the server sent', async () => {
    const seen = reporter();
    const got = await everyMethod(clients(server, { hooks: seen.hooks }), server);
    expect(got.created.order_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(got.bulkText.message).toBe('Bulk upload processed.');
    expect(got.first.items).toHaveLength(10);
    expect(got.first.total).toBe(28);
    expect(got.all).toHaveLength(28);
    expect(new Set(got.all.map((o) => o.order_id)).size).toBe(28);
    expect(got.updated.message).toBe('Inbound order updated successfully.');
    expect(got.many.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(got.shipmentPage.total).toBe(12);
    expect(got.shipments.map((s) => s.shipment_id)).toEqual(
      [...server.shipments].sort((a, b) => String(b.created_at).localeCompare(String(a.created_at))).map((s) => s.shipment_id),
    );
    expect(got.details.map((d) => d.shipment_id)).toEqual(got.shipments.map((s) => s.shipment_id));
    expect(got.dms.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(got.announcement.title).toBe('Stocktake');
    expect(got.byKey).toMatchObject({ body: 'dock 3 is free' });
    expect(got.byHook).toBeTypeOf('object');
    if (!drift) {
      expect(seen.members()).toEqual([]); // the SDK reads the documents as this server does
      return;
    }
    // As received: the drift is handed over, not repaired.
    const shipped = got.details.find((d) => d.shipped_at === null)!;
    expect(shipped.shipped_at).toBeNull();
    expect(got.shipments.map((s) => s.status)).toContain('cancelled');
    expect(got.first.items[0]!.quantity).toBeTypeOf('string');
    expect(got.details.flatMap((d) => d.trackings.map((t) => t.rate_id))).toContain(null);
    expect(got.announcement).toMatchObject({ createdBy: null, likes_count: '0', likeCount: undefined, commentCount: 0 });
  });

  it.skipIf(drift)('under strictResponseValidation too: the SDK reads the documents as this server does', async () => {
    const got = await everyMethod(clients(server, { strictResponseValidation: true }), server);
    expect(got.details).toHaveLength(12);
  });

  it('sends the documented credentials on every request', () => {
    const warehouse = server.requests.filter((r) => r.path.startsWith('/api/v1/'));
    expect(warehouse.length).toBeGreaterThan(10);
    for (const r of warehouse) {
      expect(r.headers.authorization).toBe(`ApiKey ${server.apiKey}`);
      expect(r.headers['x-warehouse-id']).toBe(server.warehouseId);
    }
    const bot = server.requests.filter((r) => r.path.startsWith('/api/bot/'));
    expect(bot.every((r) => r.headers.authorization === `Bearer ${server.botKey}`)).toBe(true);
    const webhook = server.requests.filter((r) => r.path.startsWith('/api/automation/webhooks/'));
    expect(webhook.length).toBeGreaterThan(0);
    expect(webhook.every((r) => r.headers.authorization === undefined)).toBe(true);
    // The drifting service moved every path to its trailing-slash form: reads and writes followed it, once each.
    const moved = server.requests.filter((r) => r.path.endsWith('/'));
    expect(moved.length).toBe(drift ? server.requests.length / 2 : 0);
  });
});

describe('a drifting service, member by member', () => {
  let server: DocumentServer;
  beforeAll(async () => {
    server = await startDocumentServer({ drift: true });
  });
  afterAll(() => server.close());

  const members = (error: unknown) => {
    expect(error).toBeInstanceOf(ResponseValidationError);
    return [...new Set((error as ResponseValidationError).issues.map((i) => memberPath(i.path)))].sort();
  };

  it('strictResponseValidation: every read rejects, naming each member that breaks the document', async () => {
    const { warehouse } = clients(server, { strictResponseValidation: true });
    expect(members(await warehouse.inbound.list({ limit: 10, sort_order: 'asc' }).catch((e: unknown) => e))).toEqual([
      'data.orders[].asin',
      'data.orders[].fulfillment_type',
      'data.orders[].quantity',
      'data.orders[].tracking_numbers',
      'data.results.limit',
    ]);
    expect(members(await warehouse.shipments.list().catch((e: unknown) => e))).toEqual(SHIPMENT_LIST_DRIFT);
    const cancelled = server.shipments[2]!.shipment_id as string;
    expect(members(await warehouse.shipments.retrieve(cancelled).catch((e: unknown) => e))).toEqual([
      'data.shipment.orders[].units_per_pack',
      'data.shipment.shipped_at',
      'data.shipment.status',
      'data.shipment.total_quantity_shipped',
    ]);
    const shipped = server.shipments[4]!.shipment_id as string;
    expect(members(await warehouse.shipments.retrieve(shipped).catch((e: unknown) => e))).toEqual([
      'data.shipment.orders[].units_per_pack',
      'data.shipment.total_quantity_shipped',
      'data.shipment.trackings[].rate_id',
    ]);
  });

  it('strictResponseValidation: a write still resolves (it took effect) and reports its members', async () => {
    const seen = reporter();
    const { bot } = clients(server, { strictResponseValidation: true, hooks: seen.hooks });
    await expect(bot.postAnnouncement({ title: 'T', body: 'B' })).resolves.toMatchObject({ title: 'T' });
    expect(seen.members()).toEqual(['createdBy']);
  });

  it('by default: each member reported once per client, with the first place it broke; a new client reports again', async () => {
    const seen = reporter();
    const { warehouse } = clients(server, { hooks: seen.hooks });
    for (let i = 0; i < 2; i++) {
      for await (const _ of warehouse.shipments.list({ limit: 3 })) {
      }
    }
    expect([...seen.members()].sort()).toEqual(SHIPMENT_LIST_DRIFT);
    expect(seen.events.every((e) => e.method === 'GET' && e.status === 200 && e.url.startsWith(`${server.url}/api/v1/shipments`))).toBe(
      true,
    );
    const shippedAt = seen.events.flatMap((e) => e.issues).find((i) => i.path.at(-1) === 'shipped_at')!;
    expect(shippedAt.path).toEqual(['data', 'shipments', expect.any(Number), 'shipped_at']);
    expect(shippedAt.message).toBe('must be an ISO 8601 timestamp');

    const other = reporter();
    for await (const _ of clients(server, { hooks: other.hooks }).warehouse.shipments.list()) {
    }
    expect([...other.members()].sort()).toEqual(SHIPMENT_LIST_DRIFT);
  });

  it('the warn line names the member path, never the value', async () => {
    const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const { warehouse, bot } = clients(server, { logger, logLevel: 'warn' });
    await warehouse.shipments.list();
    await warehouse.inbound.list();
    await warehouse.shipments.retrieve(server.shipments[4]!.shipment_id as string);
    await bot.postAnnouncement({ title: 'T', body: 'B' });
    const lines = logger.warn.mock.calls.map(([line]) => String(line));
    expect(lines).toHaveLength(4);
    const text = lines.join('\n');
    for (const member of [
      'data.shipments[].shipped_at',
      'data.shipments[].status',
      'data.orders[].quantity',
      'data.shipment.trackings[].rate_id',
      'createdBy',
    ]) {
      expect(text).toContain(`${member}:`);
    }
    for (const value of ['cancelled', 'tiktok', '"12"', '"0"', '"1"', 'Acme', 'PFL-', 'Desk lamp']) expect(text).not.toContain(value);
    expect(text).not.toContain(server.apiKey);
    expect(text).not.toContain(server.botKey);
  });

  it('never reports extra members or timestamps in another ISO 8601 form', async () => {
    const seen = reporter();
    const { warehouse } = clients(server, { hooks: seen.hooks });
    await warehouse.inbound.list();
    await warehouse.shipments.list();
    await warehouse.shipments.retrieve(server.shipments[4]!.shipment_id as string);
    const reported = seen.members().join(' ');
    for (const member of ['warehouse_zone', 'carrier_account', 'label_url', 'created_at', 'latest_ship_date'])
      expect(reported).not.toContain(member);
  });
});
