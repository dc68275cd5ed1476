/**
 * Paging while the list changes. Orders inserted at the top (newest first, the default sort)
 * push the ones already listed onto the next page: the pages helper drops those repeats, by
 * id, so every order present from the start is yielded exactly once, whether fewer than a
 * page, exactly a page, or more are inserted between two requests. A server that ignores
 * `offset` still ends in a `ResponseValidationError`, never an endless loop.
 */
import { describe, expect, it } from 'vitest';
import { type InboundOrder, ResponseValidationError, WarehouseClient } from '../../src/index.js';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const order = (n: number) => ({
  order_id: uuid(n),
  date: '11/22/2026',
  retailer: 'R',
  order_number: `PO-${n}`,
  item_name: 'I',
  color: 'C',
  brand_sku: 'B',
  size: '',
  quantity: 1,
  asin: '',
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
  created_at: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
});

/** A warehouse whose inbound list is newest first, with `insertBefore(offset)` orders added before answering each page. */
function changingWarehouse(initial: number, insertBefore: (offset: number) => number, ignoreOffset = false) {
  let next = initial;
  const rows = Array.from({ length: initial }, (_, i) => order(initial - 1 - i)); // newest first
  const requests: number[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    const url = new URL(String(input));
    const offset = ignoreOffset ? 0 : Number(url.searchParams.get('offset'));
    const limit = Number(url.searchParams.get('limit'));
    requests.push(Number(url.searchParams.get('offset')));
    for (let k = insertBefore(Number(url.searchParams.get('offset'))); k > 0; k--) rows.unshift(order(next++));
    const data = {
      orders: rows.slice(offset, offset + limit),
      results: { total: rows.length, limit, offset: Number(url.searchParams.get('offset')) },
    };
    return Response.json({ status: 'success', message: 'ok', data, errors: null });
  };
  const client = new WarehouseClient({ baseUrl: 'https://api.example.test', apiKey: 'wh-key-1', warehouseId: 'wh', fetch, maxRetries: 0 });
  return { client, requests };
}

async function all(list: AsyncIterable<InboundOrder>): Promise<string[]> {
  const ids: string[] = [];
  for await (const o of list) ids.push(o.order_id);
  return ids;
}

const originals = (n: number) => Array.from({ length: n }, (_, i) => uuid(n - 1 - i));

describe('orders inserted at the top while paging', () => {
  it.each([
    ['fewer than a page', 3],
    ['exactly a page', 20],
    ['more than a page', 45],
  ])('%s before the second and the fourth page: every original order once, none twice, no loop guard', async (_name, k) => {
    for (const concurrency of [1, 4]) {
      const { client } = changingWarehouse(100, (offset) => (offset === 20 || offset === 60 ? k : 0));
      const ids = await all(client.inbound.list({ limit: 20 }, { concurrency }));
      expect(new Set(ids).size).toBe(ids.length);
      // What was there when paging started is all yielded; what came later lands before the position passed.
      expect(ids.filter((id) => Number(id.slice(-12)) < 100)).toEqual(originals(100));
    }
  });

  it('page by page with getNextPage(), the same', async () => {
    const { client } = changingWarehouse(60, (offset) => (offset === 20 ? 20 : 0));
    let page = await client.inbound.list({ limit: 20 });
    const ids = [...page.items.map((o) => o.order_id)];
    while (page.hasNextPage()) {
      page = await page.getNextPage();
      ids.push(...page.items.map((o) => o.order_id));
    }
    expect(ids.filter((id) => Number(id.slice(-12)) < 60)).toEqual(originals(60));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('a server that ignores offset', () => {
  it('is caught on the second page, without a loop', async () => {
    const { client, requests } = changingWarehouse(100, () => 0, true);
    const error = await all(client.inbound.list({ limit: 20 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).message).toMatch(/the server ignored offset/);
    expect(requests).toEqual([0, 20]);
  });
});
