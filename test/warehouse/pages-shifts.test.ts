/**
 * Paging while the list changes. Orders created while paging land at the top (newest first,
 * the default sort) and push the ones already listed onto later pages: every order present
 * from the start is yielded exactly once and the new ones not at all, whether fewer than a
 * page, exactly a page, or several pages' worth arrive between two requests, and also when a
 * page fetched ahead was answered before the one before it. In another sort order, repeats
 * are dropped by id. A server that ignores `offset` is reported and never loops; a list that
 * grows as fast as it is read ends in a `ResponseValidationError` after 50 requests.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type InboundOrder, ResponseValidationError, WarehouseClient } from '../../src/index.js';
import { listedOrder as order, uuid } from '../support/listed-orders.js';

/**
 * A warehouse whose inbound list is newest first, with `insertBefore(offset)` orders added
 * before answering each page; `delayMs(offset)` holds a page's answer back (the list is read
 * after the wait, so pages can be answered out of order).
 */
function changingWarehouse(
  initial: number,
  insertBefore: (offset: number) => number,
  ignoreOffset = false,
  delayMs = (_offset: number) => 0,
) {
  let next = initial;
  const rows = Array.from({ length: initial }, (_, i) => order(initial - 1 - i)); // newest first
  const requests: number[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    const url = new URL(String(input));
    const wait = delayMs(Number(url.searchParams.get('offset')));
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const offset = ignoreOffset ? 0 : Number(url.searchParams.get('offset'));
    const limit = Number(url.searchParams.get('limit'));
    requests.push(Number(url.searchParams.get('offset')));
    // A walk that never ends fails here instead of filling the memory.
    if (requests.length > 1_000) throw new Error('runaway walk: more than 1,000 requests');
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
    ['several pages', 70],
  ])('%s before the second and the fourth page: every original order once, no new one, no loop guard', async (_name, k) => {
    for (const concurrency of [1, 4]) {
      const { client } = changingWarehouse(100, (offset) => (offset === 20 || offset === 60 ? k : 0));
      const ids = await all(client.inbound.list({ limit: 20 }, { concurrency }));
      expect(ids).toEqual(originals(100));
    }
  });

  it('100 created before each of three requests, pages of 50: the 300 originals once, in order', async () => {
    const { client } = changingWarehouse(300, (offset) => (offset >= 50 && offset <= 250 ? 100 : 0));
    expect(await all(client.inbound.list({ limit: 50 }))).toEqual(originals(300));
  });

  it('a page fetched ahead and answered before the page before it is asked for again', async () => {
    // Page 20 is answered late, after 10 orders were created; page 40 at once, before them.
    const { client, requests } = changingWarehouse(
      100,
      (offset) => (offset === 20 ? 10 : 0),
      false,
      (offset) => (offset === 20 ? 50 : 0),
    );
    const ids = await all(client.inbound.list({ limit: 20 }, { concurrency: 4 }));
    expect(ids).toEqual(originals(100));
    expect(requests.filter((offset) => offset === 40).length).toBeGreaterThanOrEqual(2);
  });

  it('in another order, records already listed are dropped by id and every original comes once', async () => {
    const { client } = changingWarehouse(60, (offset) => (offset === 20 ? 5 : 0));
    const ids = await all(client.inbound.list({ limit: 20, sort_order: 'asc' }));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of originals(60)) expect(ids).toContain(id);
  });

  it('page by page with getNextPage(), the same', async () => {
    const { client } = changingWarehouse(60, (offset) => (offset === 20 ? 20 : 0));
    let page = await client.inbound.list({ limit: 20 });
    const ids = [...page.items.map((o) => o.order_id)];
    while (page.hasNextPage()) {
      page = await page.getNextPage();
      ids.push(...page.items.map((o) => o.order_id));
    }
    expect(ids).toEqual(originals(60));
  });
});

describe('any schedule of orders created while paging (property)', () => {
  it('yields exactly the orders present at the start, once each, in order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 1, max: 25 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.tuple(fc.nat({ max: 40 }), fc.nat({ max: 3 })), { maxLength: 30 }),
        async (initial, limit, concurrency, schedule) => {
          // The nth request answered: `created` orders first, after a wait of `delay` ms.
          let answered = 0;
          let asked = 0;
          const { client } = changingWarehouse(
            initial,
            () => schedule[answered++]?.[0] ?? 0,
            false,
            () => schedule[asked++]?.[1] ?? 0,
          );
          // The list as the first page found it (orders created before that answer included).
          expect(await all(client.inbound.list({ limit }, { concurrency }))).toEqual(originals(initial + (schedule[0]?.[0] ?? 0)));
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('a list that grows by a page or more before every request', () => {
  it.each([1, 4])(
    'ends in a ResponseValidationError after 50 pages that came no nearer, not an endless walk (concurrency %i)',
    async (concurrency) => {
      // Two orders created before every answer, pages of two: every page after the first holds only new orders.
      const { client, requests } = changingWarehouse(4, () => 2);
      const ids: string[] = [];
      const error = await (async () => {
        for await (const o of client.inbound.list({ limit: 2 }, { concurrency })) ids.push(o.order_id);
      })().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect((error as ResponseValidationError).message).toMatch(
        /grew by a page or more before each of the last 50 pages \(total \d+\): the walk ends/,
      );
      expect((error as ResponseValidationError).issues[0]?.path).toEqual(['total']);
      expect(ids).toEqual([uuid(5), uuid(4)]); // the first page, as it was answered
      expect(requests.length).toBeGreaterThanOrEqual(51);
      expect(requests.length).toBeLessThanOrEqual(51 + concurrency);
    },
  );

  it('still walks to the end when the growth stops after many pages: the walk catches up', async () => {
    // 3 created before each of the first 40 requests (pages of 2), then none.
    let answered = 0;
    const { client } = changingWarehouse(30, () => (answered++ < 40 ? 3 : 0));
    expect(await all(client.inbound.list({ limit: 2 }))).toEqual(originals(33));
  });
});

describe('a server that ignores offset', () => {
  it('is reported, the walk ending at the total without a loop; strict, a ResponseValidationError at the second page', async () => {
    const { client, requests } = changingWarehouse(100, () => 0, true);
    expect(await all(client.inbound.list({ limit: 20 }))).toEqual(originals(100).slice(0, 20));
    expect(requests).toEqual([0, 20, 40, 60, 80]);
    const strict = changingWarehouse(100, () => 0, true);
    const error = await all(strict.client.withOptions({ strictResponseValidation: true }).inbound.list({ limit: 20 })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).message).toMatch(/the server may ignore offset/);
    expect(strict.requests).toEqual([0, 20]);
  });

  it('while the total grows every other request (20, 30, 30, 40, 40, …): a ResponseValidationError after 50 requests that came no nearer, not an endless walk', async () => {
    // Issue 42, item 4: the same first page at every offset, ten orders created before every other answer, pages of five.
    let answered = 0;
    const { client, requests } = changingWarehouse(20, () => (answered++ % 2 === 1 ? 10 : 0), true);
    const error = await all(client.inbound.list({ limit: 5 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).message).toMatch(/the walk ends rather than ask forever/);
    expect(requests.length).toBeGreaterThanOrEqual(51);
    expect(requests.length).toBeLessThanOrEqual(52);
  });
});

describe('oldest first, a list that grows by a page at its end before every request', () => {
  it.each([1, 8])(
    'ends in a ResponseValidationError after 50 requests that came no nearer (concurrency %i): issue 42, item 3',
    async (concurrency) => {
      // Five orders appended (the newest, last oldest first) before every answer, pages of five.
      let next = 10;
      const rows = Array.from({ length: next }, (_, i) => order(i));
      const requests: number[] = [];
      const fetch: typeof globalThis.fetch = async (input) => {
        const url = new URL(String(input));
        const offset = Number(url.searchParams.get('offset'));
        const limit = Number(url.searchParams.get('limit'));
        requests.push(offset);
        if (requests.length > 1_000) throw new Error('runaway walk');
        for (let k = 0; k < 5; k++) rows.push(order(next++));
        const data = { orders: rows.slice(offset, offset + limit), results: { total: rows.length, limit, offset } };
        return Response.json({ status: 'success', message: 'ok', data, errors: null });
      };
      const client = new WarehouseClient({
        baseUrl: 'https://api.example.test',
        apiKey: 'wh-key-1',
        warehouseId: 'wh',
        fetch,
        maxRetries: 0,
      });
      const ids: string[] = [];
      const error = await (async () => {
        for await (const o of client.inbound.list({ limit: 5, sort_order: 'asc' }, { concurrency })) ids.push(o.order_id);
      })().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect((error as ResponseValidationError).message).toMatch(/grew by a page or more before each of the last 50 pages/);
      expect(requests.length).toBeLessThanOrEqual(51 + concurrency);
      // Every order there at the start was listed before the walk gave up.
      for (let i = 0; i < 10; i++) expect(ids).toContain(uuid(i));
    },
  );
});
