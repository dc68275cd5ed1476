/**
 * Walking every inbound order and every shipment while 10% of the page requests fail with a
 * 429 (Retry-After: 0) or a 503, chosen by a seeded RNG and answered by the mock's own fault
 * injection: every item arrives exactly once and in the server's order, at concurrency 1 and
 * 4. The expected order is read from the mock directly, not through the SDK.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { APIError, type InboundOrder, OpslinkError, type Shipment, WarehouseClient } from '../../src/index.js';
import { createWarehouseMock, type WarehouseMock } from '../../src/testing/index.js';
import { drainMacrotasks, seededRandom, unhandledRejections } from '../support/reliability.js';

const ORDERS = 1_234;
const SHIPMENTS = 300;
const FAULT_RATE = 0.1;

const ROUTES = { inbound: 'GET /api/v1/inbound', shipments: 'GET /api/v1/shipments' } as const;
type List = keyof typeof ROUTES;

/**
 * A fetch in front of the mock that, before a page request, tells the mock to fail it (429 or
 * 503) with probability `rate`, and always fails the second request so that a short walk has
 * a fault too. The fault is scripted and taken in the same turn, so pages in flight at once
 * never take each other's faults.
 */
function faultyFetch(mock: WarehouseMock, seed: number, rate = FAULT_RATE) {
  const random = seededRandom(seed);
  const stats = { requests: 0, faults: 0, ok: 0, inFlight: 0, maxInFlight: 0, offsets: [] as number[] };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    stats.requests++;
    if (random() < rate || stats.requests === 2) {
      stats.faults++;
      const route = url.pathname.endsWith('/inbound') ? ROUTES.inbound : ROUTES.shipments;
      if (random() < 0.5) mock.faults.status(route, 429, { retryAfter: 0 });
      else mock.faults.status(route, 503);
    }
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    try {
      const response = await mock.fetch(request);
      if (response.ok) {
        stats.ok++;
        stats.offsets.push(Number(url.searchParams.get('offset')));
      }
      return response;
    } finally {
      stats.inFlight--;
    }
  };
  return { fetch, stats };
}

/** Every id of a list in the server's order, read from the mock with one plain request. */
async function serverOrder(mock: WarehouseMock, list: List, query: Record<string, string>): Promise<string[]> {
  const params = new URLSearchParams({ ...query, offset: '0', limit: list === 'inbound' ? '-1' : '100000' });
  const response = await mock.fetch(`${mock.baseUrl}/${list}?${params}`, {
    headers: { authorization: `ApiKey ${mock.apiKey}`, 'x-warehouse-id': mock.warehouseId },
  });
  const body = (await response.json()) as { data: { orders?: InboundOrder[]; shipments?: Shipment[] } };
  return list === 'inbound' ? body.data.orders!.map((o) => o.order_id) : body.data.shipments!.map((s) => s.shipment_id);
}

function client(mock: WarehouseMock, fetch: typeof globalThis.fetch, maxRetries = 8): WarehouseClient {
  return new WarehouseClient({ baseUrl: mock.baseUrl, apiKey: mock.apiKey, warehouseId: mock.warehouseId, fetch, maxRetries });
}

function walk(wh: WarehouseClient, list: List, query: Record<string, string>, limit: number, concurrency: number, maxItems?: number) {
  const params = { ...query, limit };
  const options = { concurrency, ...(maxItems === undefined ? {} : { maxItems }) };
  return list === 'inbound' ? wh.inbound.list(params as never, options) : wh.shipments.list(params as never, options);
}

function idOf(item: InboundOrder | Shipment): string {
  return 'shipment_id' in item ? (item as Shipment).shipment_id : (item as InboundOrder).order_id;
}

async function ids(iterable: AsyncIterable<InboundOrder | Shipment>): Promise<string[]> {
  const out: string[] = [];
  for await (const item of iterable) out.push(idOf(item));
  return out;
}

const mock = createWarehouseMock({ inboundOrders: ORDERS, shipments: SHIPMENTS });
const unhandled = unhandledRejections();
beforeAll(() => unhandled.install());
afterAll(() => unhandled.uninstall());
beforeEach(() => {
  mock.faults.reset();
  vi.spyOn(Math, 'random').mockReturnValue(0); // the SDK's backoff after a 503 waits 0 ms
});
afterEach(async () => {
  vi.restoreAllMocks();
  await drainMacrotasks();
  expect(unhandled.seen).toEqual([]);
});

const SORTS: Record<List, Record<string, string>[]> = {
  inbound: [{}, { sort_key: 'created_at', sort_order: 'asc' }, { sort_key: 'quantity', sort_order: 'desc' }],
  shipments: [{}, { sort_key: 'name', sort_order: 'asc' }, { sort_key: 'total_quantity_shipped', sort_order: 'desc' }],
};
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];

describe.each(['inbound', 'shipments'] as const)('%s, a tenth of the page requests failing with 429 or 503', (list) => {
  describe.each([1, 4])('concurrency %i', (concurrency) => {
    it.each(SEEDS)('seed %i: every item exactly once, in order', async (seed) => {
      const query = SORTS[list][seed % SORTS[list].length]!;
      const limit = list === 'inbound' ? [50, 37, 100][seed % 3]! : [20, 17, 30][seed % 3]!;
      const expected = await serverOrder(mock, list, query);
      const { fetch, stats } = faultyFetch(mock, seed);
      const got = await ids(walk(client(mock, fetch), list, query, limit, concurrency));

      expect(got.length).toBe(expected.length);
      expect(new Set(got).size).toBe(got.length);
      expect(got).toEqual(expected);
      // Each page was fetched once; every other request was a fault, retried.
      const pages = Math.ceil(expected.length / limit);
      expect(stats.ok).toBe(pages);
      expect([...stats.offsets].sort((a, b) => a - b)).toEqual(Array.from({ length: pages }, (_, i) => i * limit));
      expect(stats.requests).toBe(pages + stats.faults);
      expect(stats.faults).toBeGreaterThan(0);
      if (concurrency > 1) expect(stats.maxInFlight).toBeGreaterThan(1);
      else expect(stats.maxInFlight).toBe(1);
    });

    it('page by page (.pages()): contiguous offsets, the same items', async () => {
      const expected = await serverOrder(mock, list, {});
      const { fetch } = faultyFetch(mock, 99);
      const seen: string[] = [];
      let offset = 0;
      for await (const page of walk(client(mock, fetch), list, {}, 64, concurrency).pages()) {
        expect(page.offset).toBe(offset);
        offset += page.items.length;
        for (const item of page.items as (InboundOrder | Shipment)[]) seen.push(idOf(item));
      }
      expect(seen).toEqual(expected);
    });

    it('maxItems under faults: exactly the first N, in order', async () => {
      const expected = await serverOrder(mock, list, {});
      const { fetch } = faultyFetch(mock, 7);
      const got = await ids(walk(client(mock, fetch), list, {}, 40, concurrency, 123));
      expect(got).toEqual(expected.slice(0, 123));
    });

    it('a fault past the retries surfaces at the loop, after an in-order prefix, and nothing goes unhandled', async () => {
      const expected = await serverOrder(mock, list, {});
      // No retries and a 30% fault rate: the walk must fail somewhere, at a seed-fixed page.
      const { fetch, stats } = faultyFetch(mock, 11, 0.3);
      const got: string[] = [];
      let error: unknown;
      try {
        for await (const item of walk(client(mock, fetch, 0), list, {}, 25, concurrency)) {
          got.push(idOf(item));
        }
      } catch (caught) {
        error = caught;
      }
      expect(stats.faults).toBeGreaterThan(0);
      expect(error).toBeInstanceOf(OpslinkError);
      expect(error).toBeInstanceOf(APIError);
      expect([429, 503]).toContain((error as APIError).status);
      expect(got).toEqual(expected.slice(0, got.length));
      expect(got.length % 25).toBe(0); // whole pages only
    });
  });
});
