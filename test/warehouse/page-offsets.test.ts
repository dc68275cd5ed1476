/**
 * Where the next page is asked (API.md "Pages"): at the offset the client computes, the
 * offset it asked plus the items it received. An answer's own `offset` is read into
 * `page.offset` and reported when it is not the one asked, never sent back; a server that
 * ignores `offset` is reported (a `ResponseValidationError` under `strictResponseValidation`),
 * never an endless loop; an empty page before the total ends the walk without error.
 */
import { describe, expect, it, vi } from 'vitest';
import { type InboundOrder, ResponseValidationError, WarehouseClient } from '../../src/index.js';
import { listedOrder } from '../support/listed-orders.js';

const TOTAL = 250;
const ROWS = Array.from({ length: TOTAL }, (_, i) => listedOrder(i));

/** An inbound list in ascending order that honours `offset`; `answer` rewrites what it says about it. */
function listServer(answer: (asked: number) => { offset?: unknown; rows?: unknown[] } = (asked) => ({ offset: asked })) {
  const asked: number[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    const url = new URL(String(input));
    const offset = Number(url.searchParams.get('offset'));
    const limit = Number(url.searchParams.get('limit'));
    asked.push(offset);
    const said = answer(offset);
    const results: Record<string, unknown> = { total: TOTAL, limit };
    if ('offset' in said) results.offset = said.offset;
    const orders = said.rows ?? ROWS.slice(offset, offset + limit);
    return Response.json({ status: 'success', message: 'ok', data: { orders, results }, errors: null });
  };
  return { fetch, asked };
}

const client = (fetch: typeof globalThis.fetch, options: { strictResponseValidation?: boolean; onResponseMismatch?: () => void } = {}) =>
  new WarehouseClient({
    baseUrl: 'https://api.example.test',
    apiKey: 'wh-key-1',
    warehouseId: 'wh',
    fetch,
    maxRetries: 0,
    strictResponseValidation: options.strictResponseValidation,
    hooks: { onResponseMismatch: options.onResponseMismatch },
  });
const ASC = { limit: 100, sort_key: 'created_at', sort_order: 'asc' } as const;

async function ids(list: AsyncIterable<InboundOrder>): Promise<string[]> {
  const out: string[] = [];
  for await (const order of list) out.push(order.order_id);
  return out;
}

describe('the next page is asked at the offset asked plus the items received', () => {
  it.each([
    ['a negative offset', -5],
    ['an offset that is always 0', 0],
    ['an offset past the one asked', 1_000],
    ['an offset as text', '100'],
  ])('an answer with %s: every item once, offsets 0, 100, 200 asked, the answer’s offset shown and reported once', async (_name, said) => {
    const server = listServer((asked) => ({ offset: asked === 0 ? 0 : said }));
    const onResponseMismatch = vi.fn();
    const list = client(server.fetch, { onResponseMismatch }).inbound.list(ASC);
    const offsets: unknown[] = [];
    for await (const page of list.pages()) offsets.push(page.offset);
    expect(server.asked).toEqual([0, 100, 200]);
    expect(offsets).toEqual([0, typeof said === 'number' ? said : 100, typeof said === 'number' ? said : 200]);
    expect(await ids(client(server.fetch).inbound.list(ASC))).toEqual(ROWS.map((r) => r.order_id));
    const reported = onResponseMismatch.mock.calls.flatMap(([e]) => e.issues.map((i: { path: unknown[] }) => i.path.join('.')));
    expect(reported).toEqual(['data.results.offset']);
  });

  it('getNextPage() by hand asks at the computed offset too', async () => {
    const server = listServer(() => ({ offset: -3 }));
    const first = await client(server.fetch).inbound.list(ASC);
    expect(first.offset).toBe(-3);
    const second = await first.getNextPage();
    expect(second.items[0]!.order_id).toBe(ROWS[100]!.order_id);
    expect(server.asked).toEqual([0, 100]);
  });

  it('under strictResponseValidation, an answer whose offset is not the one asked is a ResponseValidationError', async () => {
    const server = listServer((asked) => ({ offset: asked + 1 }));
    const error = await client(server.fetch, { strictResponseValidation: true })
      .inbound.list(ASC)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues.map((i) => i.path)).toEqual([['data', 'results', 'offset']]);
  });

  it('an answer without an offset: page.offset is the one asked, nothing reported', async () => {
    const server = listServer(() => ({}));
    const onResponseMismatch = vi.fn();
    const offsets: number[] = [];
    for await (const page of client(server.fetch, { onResponseMismatch }).inbound.list(ASC).pages()) offsets.push(page.offset);
    expect(offsets).toEqual([0, 100, 200]);
    expect(onResponseMismatch).not.toHaveBeenCalled();
  });
});

describe('a server that ignores offset, and one that runs dry', () => {
  it('the same page again while the total does not grow, whatever offset it says: reported, and the walk ends at the total; strict, a ResponseValidationError after two requests', async () => {
    for (const says of [(asked: number) => asked, () => 0, () => -1]) {
      const server = listServer((asked) => ({ offset: says(asked), rows: ROWS.slice(0, 100) }));
      const onResponseMismatch = vi.fn();
      expect(await ids(client(server.fetch, { onResponseMismatch }).inbound.list(ASC))).toEqual(ROWS.slice(0, 100).map((r) => r.order_id));
      expect(server.asked).toEqual([0, 100, 200]);
      const reported = onResponseMismatch.mock.calls.flatMap(([event]) => event.issues.map((issue: { message: string }) => issue.message));
      expect(reported.join('\n')).toMatch(
        /the page asked at offset 100 repeats the page before while the total did not grow: the server may ignore offset/,
      );

      const strict = listServer((asked) => ({ offset: says(asked), rows: ROWS.slice(0, 100) }));
      const error = await ids(client(strict.fetch, { strictResponseValidation: true }).inbound.list(ASC)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseValidationError);
      // The answer's own offset, when it is not the one asked, is the first thing strict refuses.
      expect((error as ResponseValidationError).message).toMatch(
        says(100) === 100 ? /the server may ignore offset/ : /must be the offset asked/,
      );
      expect(strict.asked).toEqual(says(0) === 0 ? [0, 100] : [0]);
    }
  });

  it('an empty page before the total: the walk ends there, without error', async () => {
    const server = listServer((asked) => ({ offset: asked, rows: asked >= 100 ? [] : undefined }));
    expect(await ids(client(server.fetch).inbound.list(ASC))).toEqual(ROWS.slice(0, 100).map((r) => r.order_id));
    expect(server.asked).toEqual([0, 100]);
  });
});
