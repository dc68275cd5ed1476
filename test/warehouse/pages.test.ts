import { describe, expect, it, vi } from 'vitest';
import {
  APIUserAbortError,
  type InboundOrder,
  OpslinkError,
  type Page,
  type PagePromise,
  RequestValidationError,
  ResponseValidationError,
  WarehouseClient,
} from '../../src/index.js';
import { createWarehouseMock, type WarehouseMock } from '../../src/testing/index.js';

const INBOUND_ROUTE = 'GET /api/v1/inbound';

/** A fetch in front of the mock that records every request, can rewrite it, and counts requests in flight. */
function watchedFetch(mock: WarehouseMock, rewrite: (url: URL) => void = () => {}, rewriteBody?: (body: Record<string, unknown>) => void) {
  const requests: Request[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const original = new Request(input, init);
    const url = new URL(original.url);
    rewrite(url);
    const request = new Request(url, original);
    requests.push(request);
    // A walk that never ends fails here instead of filling the memory.
    if (requests.length > 60) throw new Error('runaway pagination: more than 60 requests');
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      const response = await mock.fetch(request);
      if (!rewriteBody) return response;
      const body = (await response.json()) as Record<string, unknown>;
      rewriteBody(body);
      return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
    } finally {
      inFlight--;
    }
  };
  return {
    fetch,
    requests,
    get maxInFlight() {
      return maxInFlight;
    },
    offsets: () => requests.map((r) => Number(new URL(r.url).searchParams.get('offset'))),
  };
}

function clientFor(mock: WarehouseMock, fetch: typeof globalThis.fetch): WarehouseClient {
  return new WarehouseClient({ baseUrl: mock.baseUrl, apiKey: mock.apiKey, warehouseId: mock.warehouseId, fetch, maxRetries: 0 });
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

/** The rejection of `promise`; fails the test when it resolves instead. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${String(JSON.stringify(value)).slice(0, 200)}`);
    },
    (error: unknown) => error,
  );
}

/** The mock's orders oldest first, as `sort_key: created_at, sort_order: asc` pages them. */
function oldestFirst(mock: WarehouseMock): string[] {
  return [...mock.state.inboundOrders]
    .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || (a.order_id < b.order_id ? -1 : 1))
    .map((o) => o.order_id);
}

const ASC = { sort_key: 'created_at', sort_order: 'asc' } as const;

describe('walking every inbound order', () => {
  const mock = createWarehouseMock({ inboundOrders: 1234, shipments: 0 });

  it('yields all 1,234 orders once each, in the server order, with 13 requests of 100', async () => {
    const wire = watchedFetch(mock);
    const orders = await collect(clientFor(mock, wire.fetch).inbound.list({ ...ASC, limit: 100 }));
    expect(orders).toHaveLength(1234);
    expect(orders.map((o) => o.order_id)).toEqual(oldestFirst(mock));
    expect(wire.requests).toHaveLength(13);
    expect(wire.offsets()).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200]);
    for (const request of wire.requests) expect(new URL(request.url).searchParams.get('limit')).toBe('100');
  });

  it('walks page by page with .pages(), each page telling its offset, limit and the total', async () => {
    const wire = watchedFetch(mock);
    const seen: { offset: number; limit: number; total: number | undefined; count: number }[] = [];
    for await (const page of clientFor(mock, wire.fetch)
      .inbound.list({ ...ASC, limit: 500 })
      .pages()) {
      seen.push({ offset: page.offset, limit: page.limit, total: page.total, count: page.items.length });
    }
    expect(seen).toEqual([
      { offset: 0, limit: 500, total: 1234, count: 500 },
      { offset: 500, limit: 500, total: 1234, count: 500 },
      { offset: 1000, limit: 500, total: 1234, count: 234 },
    ]);
    expect(wire.requests).toHaveLength(3);
  });

  it('moves by hand with hasNextPage() and getNextPage(), and refuses a page past the end', async () => {
    const wire = watchedFetch(mock);
    let page: Page<InboundOrder> = await clientFor(mock, wire.fetch).inbound.list({ ...ASC, limit: 600 });
    const ids = [...page.items.map((o) => o.order_id)];
    let hops = 0;
    while (page.hasNextPage()) {
      page = await page.getNextPage();
      ids.push(...page.items.map((o) => o.order_id));
      hops++;
    }
    expect(hops).toBe(2);
    expect(ids).toEqual(oldestFirst(mock));
    expect(page.offset).toBe(1200);
    expect(page.items).toHaveLength(34);
    const error = await rejectionOf(page.getNextPage());
    expect(error).toBeInstanceOf(OpslinkError);
    expect((error as Error).message).toMatch(/no next page/);
    expect(wire.requests).toHaveLength(3);
  });

  it('gets everything in one request with limit -1', async () => {
    const wire = watchedFetch(mock);
    const list = clientFor(mock, wire.fetch).inbound.list({ ...ASC, limit: -1 });
    const first = await list;
    expect(first.items).toHaveLength(1234);
    expect(first.hasNextPage()).toBe(false);
    expect((await collect(list)).map((o) => o.order_id)).toEqual(oldestFirst(mock));
    expect(wire.requests).toHaveLength(1);
    expect(new URL(wire.requests[0]!.url).searchParams.get('limit')).toBe('-1');
  });

  it('stops requesting when the loop breaks after 150 orders', async () => {
    const wire = watchedFetch(mock);
    let count = 0;
    for await (const _order of clientFor(mock, wire.fetch).inbound.list({ ...ASC, limit: 100 })) {
      if (++count === 150) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(count).toBe(150);
    expect(wire.requests).toHaveLength(2);
  });

  it('stops at maxItems: 250 orders from 3 requests', async () => {
    const wire = watchedFetch(mock);
    const orders = await collect(clientFor(mock, wire.fetch).inbound.list({ ...ASC, limit: 100 }, { maxItems: 250 }));
    expect(orders.map((o) => o.order_id)).toEqual(oldestFirst(mock).slice(0, 250));
    expect(wire.requests).toHaveLength(3);
  });

  it('does not fetch past maxItems when fetching ahead', async () => {
    const wire = watchedFetch(mock);
    mock.faults.latency(INBOUND_ROUTE, 5);
    try {
      const orders = await collect(clientFor(mock, wire.fetch).inbound.list({ ...ASC, limit: 100 }, { maxItems: 250, concurrency: 4 }));
      expect(orders.map((o) => o.order_id)).toEqual(oldestFirst(mock).slice(0, 250));
      expect(wire.offsets()).toEqual([0, 100, 200]);
    } finally {
      mock.faults.reset();
    }
  });

  it('yields the same sequence with concurrency 4 as with 1, with up to 4 requests in flight', async () => {
    mock.faults.latency(INBOUND_ROUTE, 15);
    try {
      const one = watchedFetch(mock);
      const serial = await collect(clientFor(mock, one.fetch).inbound.list({ ...ASC, limit: 100 }, { concurrency: 1 }));
      const four = watchedFetch(mock);
      const parallel = await collect(clientFor(mock, four.fetch).inbound.list({ ...ASC, limit: 100 }, { concurrency: 4 }));
      expect(parallel.map((o) => o.order_id)).toEqual(serial.map((o) => o.order_id));
      expect(parallel.map((o) => o.order_id)).toEqual(oldestFirst(mock));
      expect(one.maxInFlight).toBe(1);
      expect(four.maxInFlight).toBe(4);
      expect(four.requests).toHaveLength(13);
      expect([...four.offsets()].sort((a, b) => a - b)).toEqual(one.offsets());
    } finally {
      mock.faults.reset();
    }
  });
});

describe('shipment pages', () => {
  const mock = createWarehouseMock({ inboundOrders: 0, shipments: 300 });

  it('read total_results as the total and walk all 300 shipments', async () => {
    const wire = watchedFetch(mock);
    const list = clientFor(mock, wire.fetch).shipments.list({ limit: 120, sort_key: 'created_at', sort_order: 'asc' });
    const first = await list;
    expect(first.total).toBe(300);
    expect(first.items).toHaveLength(120);
    const pages: { offset: number; total: number | undefined; count: number }[] = [];
    for await (const page of list.pages()) pages.push({ offset: page.offset, total: page.total, count: page.items.length });
    expect(pages).toEqual([
      { offset: 0, total: 300, count: 120 },
      { offset: 120, total: 300, count: 120 },
      { offset: 240, total: 300, count: 60 },
    ]);
    const ids = (await collect(list)).map((s) => s.shipment_id);
    expect(new Set(ids).size).toBe(300);
    expect(new Set(ids)).toEqual(new Set(mock.state.shipments.map((s) => s.shipment_id)));
  });

  it('counts total_results after the filters', async () => {
    const wire = watchedFetch(mock);
    const page = await clientFor(mock, wire.fetch).shipments.list({ statuses: ['shipped'], limit: 10 });
    expect(page.total).toBe(mock.state.shipments.filter((s) => s.status === 'shipped').length);
    expect(page.total).toBeLessThan(300);
  });
});

describe('servers that misbehave', () => {
  it('a server that ignores offset: never a loop — the first page once, the repeats reported, the walk ended at the total; strict, a ResponseValidationError at the second page', async () => {
    for (const strictResponseValidation of [false, true]) {
      const mock = createWarehouseMock({ inboundOrders: 250, shipments: 0 });
      const wire = watchedFetch(mock, (url) => url.searchParams.set('offset', '0'));
      const onResponseMismatch = vi.fn();
      const client = new WarehouseClient({
        ...{ baseUrl: mock.baseUrl, apiKey: mock.apiKey, warehouseId: mock.warehouseId, fetch: wire.fetch, maxRetries: 0 },
        strictResponseValidation,
        hooks: { onResponseMismatch },
      });
      const walked = collect(client.inbound.list({ limit: 100 }));
      if (strictResponseValidation) {
        const error = await rejectionOf(walked);
        expect(error).toBeInstanceOf(ResponseValidationError);
        // The mock says the offset it was sent (0): strict refuses that first.
        expect((error as ResponseValidationError).issues[0]!.path).toEqual(['data', 'results', 'offset']);
        expect(wire.requests).toHaveLength(2);
      } else {
        expect(await walked).toHaveLength(100);
        expect(wire.requests).toHaveLength(3);
        expect(JSON.stringify(onResponseMismatch.mock.calls)).toContain('the server may ignore offset');
      }
    }
  });

  it('the same when the ignored offset is echoed back as requested', async () => {
    const mock = createWarehouseMock({ inboundOrders: 250, shipments: 0 });
    let asked = 0;
    const wire = watchedFetch(
      mock,
      (url) => {
        asked = Number(url.searchParams.get('offset'));
        url.searchParams.set('offset', '0');
      },
      (body) => {
        (body.data as { results: { offset: number } }).results.offset = asked;
      },
    );
    const client = new WarehouseClient({
      baseUrl: mock.baseUrl,
      apiKey: mock.apiKey,
      warehouseId: mock.warehouseId,
      fetch: wire.fetch,
      maxRetries: 0,
    });
    const error = await rejectionOf(collect(client.withOptions({ strictResponseValidation: true }).inbound.list({ limit: 100 })));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(wire.requests).toHaveLength(2);
  });

  const withoutTotal = (body: Record<string, unknown>) => {
    const results = (body.data as { results: Record<string, unknown> }).results;
    delete results.total;
    delete results.total_results;
  };

  it('without a total, the page is a ResponseValidationError: the document gives every list one', async () => {
    const mock = createWarehouseMock({ inboundOrders: 250, shipments: 30 });
    const wire = watchedFetch(mock, () => {}, withoutTotal);
    const inbound = await rejectionOf(clientFor(mock, wire.fetch).inbound.list({ ...ASC, limit: 100 }));
    expect(inbound).toBeInstanceOf(ResponseValidationError);
    expect((inbound as ResponseValidationError).issues.map((i) => i.path)).toEqual([['data', 'results', 'total']]);
    const shipments = await rejectionOf(collect(clientFor(mock, wire.fetch).shipments.list({ limit: 25 })));
    expect(shipments).toBeInstanceOf(ResponseValidationError);
    expect(wire.offsets()).toEqual([0, 0]);
  });
});

describe('aborting a walk', () => {
  // A page request that has finished is unhooked from the caller's signal (nothing is kept per
  // call), so only a request in flight aborts with it: see the next test.
  it('stops with APIUserAbortError: no further item, no further request', async () => {
    const mock = createWarehouseMock({ inboundOrders: 1234, shipments: 0 });
    const wire = watchedFetch(mock);
    const controller = new AbortController();
    let count = 0;
    const error = await rejectionOf(
      (async () => {
        for await (const _order of clientFor(mock, wire.fetch).inbound.list({ limit: 100 }, { signal: controller.signal })) {
          if (++count === 150) controller.abort(new Error('user left'));
        }
      })(),
    );
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect((error as APIUserAbortError).cause).toEqual(new Error('user left'));
    expect(count).toBe(150); // the rest of the page already received is not handed out
    expect(wire.requests).toHaveLength(2);
  });

  it('cancels a page request in flight', async () => {
    const mock = createWarehouseMock({ inboundOrders: 1234, shipments: 0 });
    mock.faults.latency(INBOUND_ROUTE, 5_000);
    const wire = watchedFetch(mock);
    const controller = new AbortController();
    const started = performance.now();
    const walk = collect(clientFor(mock, wire.fetch).inbound.list({ limit: 100 }, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 20);
    expect(await rejectionOf(walk)).toBeInstanceOf(APIUserAbortError);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(wire.requests).toHaveLength(1);
    expect(wire.requests[0]!.signal.aborted).toBe(true);
  });

  it('keeps the signal for pages fetched by hand with getNextPage()', async () => {
    const mock = createWarehouseMock({ inboundOrders: 300, shipments: 0 });
    const wire = watchedFetch(mock);
    const controller = new AbortController();
    const first = await clientFor(mock, wire.fetch).inbound.list({ limit: 100 }, { signal: controller.signal });
    controller.abort();
    expect(await rejectionOf(first.getNextPage())).toBeInstanceOf(APIUserAbortError);
    expect(wire.requests).toHaveLength(1);
  });
});

describe('list parameters the SDK refuses before sending', () => {
  const mock = createWarehouseMock({ inboundOrders: 10, shipments: 10 });
  const wire = watchedFetch(mock);
  const client = clientFor(mock, wire.fetch);

  const cases: [string, () => PagePromise<unknown>, (string | number)[]][] = [
    ['inbound limit 0', () => client.inbound.list({ limit: 0 }), ['limit']],
    ["inbound sort_order 'up'", () => client.inbound.list({ sort_order: 'up' as 'asc' }), ['sort_order']],
    [
      "inbound fulfillment_types ['shopify']",
      () => client.inbound.list({ fulfillment_types: ['shopify' as 'fba'] }),
      ['fulfillment_types', 0],
    ],
    ['shipments limit -1', () => client.shipments.list({ limit: -1 }), ['limit']],
    ['concurrency 0', () => client.inbound.list({}, { concurrency: 0 }), ['concurrency']],
  ];

  for (const [what, list, path] of cases) {
    it(`rejects ${what} when awaited, sending nothing`, async () => {
      wire.requests.length = 0;
      const error = await rejectionOf(list());
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).issues.map((i) => i.path)).toEqual([path]);
      expect(wire.requests).toHaveLength(0);
    });

    it(`rejects ${what} when iterated, sending nothing`, async () => {
      wire.requests.length = 0;
      const error = await rejectionOf(collect(list()));
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).issues.map((i) => i.path)).toEqual([path]);
      expect(wire.requests).toHaveLength(0);
    });
  }
});
