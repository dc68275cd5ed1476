/**
 * Offset pagination for the warehouse lists: a first page you can await, and every item
 * (or page) you can `for await`, fetched lazily, optionally several pages ahead.
 */

import { anySignal } from '../internal/signals.js';
import { APIPromise, type WithResponse } from './api-promise.js';
import { OpslinkError, ResponseValidationError } from './errors.js';

/**
 * One page as a list endpoint returned it, before it becomes a {@link Page}.
 * @example
 * ```ts
 * function describePage(page: PageResult<Shipment>): string {
 *   return `${page.offset + 1}–${page.offset + page.items.length} of ${page.total ?? '?'}`;
 * }
 * console.log(describePage(await warehouse.shipments.list({ limit: 50 }))); // a Page has the same members
 * ```
 */
export interface PageResult<Item> {
  items: Item[];
  /** Number of records matching the filters, when the server said (`total` / `total_results`). */
  total: number | undefined;
  offset: number;
  limit: number;
}

/**
 * Fetches the page that starts at `offset`.
 * @example
 * ```ts
 * // Pages of 50 shipments at any offset, e.g. to fetch them in your own order.
 * const fetchShipments: PageFetcher<Shipment> = (offset, signal) => warehouse.shipments.list({ offset, limit: 50 }, { signal });
 * const { items, total } = await fetchShipments(100, undefined);
 * ```
 */
export type PageFetcher<Item> = (offset: number, signal: AbortSignal | undefined) => APIPromise<PageResult<Item>>;

/**
 * How a list is walked.
 * @example
 * ```ts
 * const paging: PaginationOptions = { concurrency: 4, maxItems: 1_000 };
 * for await (const order of warehouse.inbound.list({ limit: 100 }, paging)) console.log(order.order_number);
 * ```
 */
export interface PaginationOptions {
  /**
   * Pages requested at once while iterating, once the first page has told the total.
   * Items still arrive in order.
   * @default 1
   */
  concurrency?: number;
  /** Stop after this many items. */
  maxItems?: number;
}

interface PagingContext<Item> {
  fetch: PageFetcher<Item>;
  /** The `limit` sent; `-1` means one page of everything. */
  limit: number;
  /** Identity of an item, used to notice a server that ignores `offset`. */
  keyOf(item: Item): unknown; // method syntax: a PagePromise<Order> is usable as a PagePromise<unknown>
  /** Recorded by the list method for the loop guard's message. */
  method: string;
  path: string;
  /** The caller's signal from the list call, kept for pages fetched with `getNextPage()`. */
  signal?: AbortSignal | undefined;
}

/**
 * One page of a list, with the way to the next.
 * @example
 * ```ts
 * let page = await warehouse.inbound.list({ limit: 50 });
 * while (true) { handle(page.items); if (!page.hasNextPage()) break; page = await page.getNextPage(); }
 * ```
 */
export class Page<Item> {
  /** The records of this page, in the server's order. */
  readonly items: Item[];
  /** Records matching the filters in all pages, when the server said. */
  readonly total: number | undefined;
  /** Records skipped before this page. */
  readonly offset: number;
  /** Page size as the server reported it (or as requested). */
  readonly limit: number;
  readonly #context: PagingContext<Item>;

  /** @internal Built by the list methods (through {@link PagePromise}), not by users. */
  constructor(result: PageResult<Item>, context: PagingContext<Item>) {
    this.items = result.items;
    this.total = result.total;
    this.offset = result.offset;
    this.limit = result.limit;
    this.#context = context;
  }

  /** Offset of the record after this page's last. */
  get nextOffset(): number {
    return this.offset + this.items.length;
  }

  /**
   * Whether another page may hold records: not after an empty page or a `limit: -1` page;
   * with a known total, while records remain; without one, while pages come back full.
   */
  hasNextPage(): boolean {
    if (this.#context.limit === -1 || this.items.length === 0) return false;
    if (this.total !== undefined) return this.nextOffset < this.total;
    return this.items.length >= this.#context.limit;
  }

  /** Fetches the next page; rejects with `OpslinkError` when there is none. */
  getNextPage(options?: { signal?: AbortSignal }): Promise<Page<Item>> {
    if (!this.hasNextPage()) return Promise.reject(new OpslinkError('There is no next page: check hasNextPage() first'));
    // The list call's signal still applies to pages fetched by hand, together with this call's own.
    const signals = [this.#context.signal, options?.signal].filter((s): s is AbortSignal => s !== undefined);
    const signal = signals.length > 1 ? anySignal(signals) : signals[0];
    return fetchPage(this.#context, this.nextOffset, signal).then((next) => guardProgress(this, next, this.#context));
  }
}

function fetchPage<Item>(context: PagingContext<Item>, offset: number, signal: AbortSignal | undefined): Promise<Page<Item>> {
  return context.fetch(offset, signal).then((result) => new Page(result, context));
}

/**
 * A server that ignores `offset` sends the same page again; stop rather than loop forever.
 * Caught two ways: the next page's first record is the previous page's first (the offset
 * was echoed but ignored), or the next page reports an offset that does not move forward
 * (e.g. always 0), which would make `nextOffset` stand still.
 */
function guardProgress<Item>(previous: Page<Item>, next: Page<Item>, context: PagingContext<Item>): Page<Item> {
  const [a] = previous.items;
  const [b] = next.items;
  if (b === undefined) return next;
  const repeated = a !== undefined && context.keyOf(a) === context.keyOf(b);
  if (repeated || next.offset <= previous.offset) {
    const asked = previous.nextOffset;
    throw new ResponseValidationError({
      status: 200,
      method: context.method,
      path: context.path,
      issues: [
        {
          path: ['offset'],
          message: repeated
            ? `the page asked for at offset ${asked} repeats the page at offset ${previous.offset}: the server ignored offset`
            : `the page asked for at offset ${asked} came back at offset ${next.offset}, not after ${previous.offset}: the server ignored offset`,
        },
      ],
      body: undefined,
    });
  }
  return next;
}

/**
 * What a list method returns: await it for the first {@link Page}, or `for await` it for
 * every item across pages. `.pages()` walks page by page.
 * @example
 * ```ts
 * for await (const order of warehouse.inbound.list({ fulfillment_types: ['fba'] })) console.log(order.order_id);
 * for await (const page of warehouse.shipments.list().pages()) console.log(page.items.length);
 * ```
 */
export class PagePromise<Item> extends APIPromise<Page<Item>> implements AsyncIterable<Item> {
  readonly #context: PagingContext<Item>;
  readonly #options: PaginationOptions;
  readonly #signal: AbortSignal | undefined;

  /** @internal Built by the list methods. */
  constructor(listContext: PagingContext<Item>, startOffset: number, signal: AbortSignal | undefined, options: PaginationOptions = {}) {
    const context: PagingContext<Item> = { ...listContext, signal };
    const first: Promise<WithResponse<Page<Item>>> = context
      .fetch(startOffset, signal)
      .withResponse()
      .then(({ data, response }) => ({ data: new Page(data, context), response }));
    super(first);
    this.#context = context;
    this.#options = options;
    this.#signal = signal;
  }

  /** Every page in order, fetched as iteration reaches it (or ahead, with `concurrency`). */
  async *pages(): AsyncGenerator<Page<Item>, void, undefined> {
    const { maxItems = Number.POSITIVE_INFINITY, concurrency = 1 } = this.#options;
    const context = this.#context;
    // Stops prefetched pages when the loop ends early (break, error, maxItems).
    let stop = new AbortController();
    let signal = anySignal([this.#signal, stop.signal]);
    const ahead: { offset: number; page: Promise<Page<Item>> }[] = [];
    try {
      let page: Page<Item> = await (this as APIPromise<Page<Item>>);
      let seen = page.items.length;
      const step = page.items.length;
      let planned = page.nextOffset;
      // With a known total the remaining offsets are known: keep `concurrency` requests in
      // flight, topped up as soon as a page arrives (before the caller works through it), and
      // only as far as the items still wanted.
      const topUp = () => {
        if (concurrency <= 1 || page.total === undefined || step === 0) return;
        const end = Math.min(page.total, page.nextOffset + (maxItems - seen));
        while (ahead.length < concurrency && planned < end) {
          const request = fetchPage(context, planned, signal);
          request.catch(() => {}); // awaited below in order; this only silences an abandoned one
          ahead.push({ offset: planned, page: request });
          planned += step;
        }
      };
      if (seen < maxItems && page.hasNextPage()) topUp();
      yield page;
      while (seen < maxItems && page.hasNextPage()) {
        topUp();
        const queued = ahead.shift();
        let next: Page<Item>;
        if (queued && queued.offset === page.nextOffset) {
          next = await queued.page;
        } else {
          // Nothing planned here, or an earlier page came back short: continue from where it ended.
          if (queued) {
            ahead.length = 0;
            stop.abort();
            stop = new AbortController();
            signal = anySignal([this.#signal, stop.signal]);
          }
          next = await fetchPage(context, page.nextOffset, signal);
          planned = next.nextOffset;
        }
        page = guardProgress(page, next, context);
        seen += page.items.length;
        if (seen < maxItems && page.hasNextPage()) topUp();
        yield page;
      }
    } finally {
      stop.abort();
    }
  }

  /**
   * Every item across pages, in order: what `for await (const item of list)` calls. Stops
   * after `maxItems` when given.
   */
  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    let left = this.#options.maxItems ?? Number.POSITIVE_INFINITY;
    if (left <= 0) return;
    for await (const page of this.pages()) {
      for (const item of page.items) {
        yield item;
        if (--left <= 0) return;
      }
    }
  }
}
