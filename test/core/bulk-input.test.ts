/**
 * A bulk call reads its items once, when it is made: what the caller does to its array or its
 * item objects afterwards (a batching loop reusing its buffer) changes nothing. The results,
 * `onProgress` and `for await` cover every item given, and what is sent is what was checked.
 */
import { describe, expect, it } from 'vitest';
import {
  type BulkProgress,
  type BulkPromise,
  type BulkResult,
  type DirectMessageInput,
  type InboundUpdateItem,
  MessagingClient,
  RequestValidationError,
  WarehouseClient,
} from '../../src/index.js';
import { createMessagingMock, createWarehouseMock } from '../../src/testing/index.js';

const COUNT = 20;

/** The two ways of reading a bulk call: await it, or iterate it. */
const readers: Record<string, (call: BulkPromise<unknown>) => Promise<BulkResult<unknown>[]>> = {
  await: async (call) => call,
  'for await': async (call) => {
    const seen: BulkResult<unknown>[] = [];
    for await (const result of call) seen.push(result);
    return seen.sort((a, b) => a.index - b.index);
  },
};

function messaging() {
  const mock = createMessagingMock();
  mock.faults.latency('POST /api/bot/messages', 2);
  const client = new MessagingClient({ baseUrl: mock.baseUrl, botKey: mock.botKey, fetch: mock.fetch });
  const items: DirectMessageInput[] = Array.from({ length: COUNT }, (_, i) => ({
    to: { email: mock.employees.first.email },
    body: `m${i}`,
  }));
  const sentBodies = () => mock.state.directMessages.map((m) => m.body).sort();
  return { client, items, sentBodies, expected: items.map((item) => item.body).sort() };
}

function warehouse() {
  const mock = createWarehouseMock({ inboundOrders: COUNT });
  mock.faults.latency('PUT /api/v1/inbound/:order_id', 2);
  const client = new WarehouseClient({ baseUrl: mock.baseUrl, apiKey: mock.apiKey, warehouseId: mock.warehouseId, fetch: mock.fetch });
  const items: InboundUpdateItem[] = mock.state.inboundOrders
    .slice(0, COUNT)
    .map((order, i) => ({ order_id: order.order_id, patch: { notes: `n${i}` } }));
  const notesOf = new Map(items.map((item) => [item.order_id, item.patch.notes]));
  const sentBodies = () =>
    mock.state.inboundOrders
      .filter((o) => notesOf.has(o.order_id))
      .map((o) => o.client_notes)
      .sort();
  return { client, items, sentBodies, expected: [...notesOf.values()].sort() };
}

interface Subject {
  items: unknown[];
  call(items: unknown[], onProgress?: (p: BulkProgress) => void): BulkPromise<unknown>;
  sentBodies(): unknown[];
  expected: unknown[];
}

const services: Record<string, () => Subject> = {
  sendDirectMessages: () => {
    const { client, ...rest } = messaging();
    return {
      ...rest,
      call: (items: unknown[], onProgress?: (p: BulkProgress) => void) =>
        client.sendDirectMessages(items as DirectMessageInput[], { concurrency: 2, onProgress }),
    };
  },
  'inbound.updateMany': () => {
    const { client, ...rest } = warehouse();
    return {
      ...rest,
      call: (items: unknown[], onProgress?: (p: BulkProgress) => void) =>
        client.inbound.updateMany(items as InboundUpdateItem[], { concurrency: 2, onProgress }),
    };
  },
};

describe.each(Object.entries(services))('%s reads its items once, at the call', (_name, setup) => {
  describe.each(Object.entries(readers))('read with %s', (_reader, read) => {
    it('emptying the array right after the call still sends every item, with one result and one progress call each', async () => {
      const { items, call, sentBodies, expected } = setup();
      const progress: BulkProgress[] = [];
      const pending = call(items, (p) => progress.push(p));
      items.length = 0;
      const results = await read(pending);
      expect(results).toHaveLength(COUNT);
      expect(results.map((r) => r.status)).toEqual(Array(COUNT).fill('fulfilled'));
      expect(progress.at(-1)).toEqual({ done: COUNT, total: COUNT, failed: 0 });
      expect(sentBodies()).toEqual(expected);
    });

    it('items swapped in or changed after the call are not sent: what was checked is', async () => {
      const { items, call, sentBodies, expected } = setup();
      const pending = call(items);
      const originals = [...items];
      items.splice(0, items.length, ...originals.map(() => ({ bogus: true })));
      for (const item of originals) {
        const record = item as unknown as Record<string, Record<string, unknown>>;
        if ('body' in record) (record as Record<string, unknown>).body = '';
        else if (record.patch) record.patch.notes = 'changed after the call';
      }
      const results = await read(pending);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(COUNT);
      expect(sentBodies()).toEqual(expected);
    });
  });

  it('an iterable that is not an array (a Set) is refused before anything is sent', async () => {
    const { items, call, sentBodies } = setup();
    const before = sentBodies();
    const error = await Promise.resolve(call(new Set(items) as unknown as unknown[])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toEqual([{ path: [], message: 'must be an array' }]);
    expect(sentBodies()).toEqual(before);
  });
});

describe('inbound.updateMany keeps the current order as it was at the call', () => {
  it('a current order changed after the call does not change the rules the change was checked with', async () => {
    const mock = createWarehouseMock({ inboundOrders: 5 });
    const client = new WarehouseClient({ baseUrl: mock.baseUrl, apiKey: mock.apiKey, warehouseId: mock.warehouseId, fetch: mock.fetch });
    const order = mock.state.inboundOrders.find((o) => o.status === 'inbound' && o.sold_as === 'individual');
    if (!order) throw new Error('the seed has no such order');
    const current = { status: 'inbound' as const, fulfillment_type: order.fulfillment_type };
    const pending = client.inbound.updateMany([{ order_id: order.order_id, patch: { fulfilledBy: order.fulfillment_type }, current }]);
    current.status = 'outbound' as 'inbound'; // as if the caller's copy moved on
    const [result] = await pending;
    expect(result?.status).toBe('fulfilled');
  });
});

describe('an item its fast check cannot vouch for is read at the call too', () => {
  it('a refused item fixed right after the call is still refused: its schema reads the copy taken at the call', async () => {
    const { client, items, sentBodies } = messaging();
    const bad = { to: { email: 'ana@example.com' }, body: '' };
    const pending = client.sendDirectMessages([...items.slice(0, 3), bad]);
    bad.body = 'fixed after the call';
    const error = await Promise.resolve(pending).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues.map((i) => i.path)).toEqual([[3, 'body']]);
    expect(sentBodies()).toEqual([]);
  });

  it('an update whose patch the fast check leaves to the schema is checked as it was at the call', async () => {
    const mock = createWarehouseMock({ inboundOrders: 2 });
    const client = new WarehouseClient({ baseUrl: mock.baseUrl, apiKey: mock.apiKey, warehouseId: mock.warehouseId, fetch: mock.fetch });
    const [order] = mock.state.inboundOrders;
    if (!order) throw new Error('the seed has no order');
    const patch: Record<string, unknown> = { notes: 'ok', quantity: -1 };
    const pending = client.inbound.updateMany([{ order_id: order.order_id, patch: patch as InboundUpdateItem['patch'] }]);
    patch.quantity = 4;
    const error = await Promise.resolve(pending).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues[0]?.path).toEqual([0, 'patch', 'quantity']);
  });
});
