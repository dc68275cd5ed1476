/**
 * What a list method returns: the first page to await, and every item (or page) to
 * `for await`, fetched lazily, optionally several pages ahead (`concurrency`), within one
 * deadline for the whole iteration. How one page follows another is `page.ts`.
 */

import { APIPromise, type WithResponse } from '../core/api-promise.js';
import { userAbort } from '../core/http/index.js';
import { fetchLinked, Page, type PageResult, type PagingContext } from './page.js';

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
   * Pages requested at once while iterating, once the first page has told the total (1–64;
   * the client's `maxConcurrency` still caps requests in flight). Items still arrive in order.
   * @default 1
   */
  concurrency?: number;
  /** Stop after this many items. */
  maxItems?: number;
}

/** Times a page fetched ahead is asked for again when it was answered out of order. */
const STALE_REFETCHES = 3;

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
  readonly #paging: PaginationOptions;
  /** @internal Built by the list methods. */
  constructor(context: PagingContext<Item>, startOffset: number, paging: PaginationOptions = {}) {
    const { call } = context;
    const fetchFirst = (): Promise<WithResponse<Page<Item>>> =>
      context
        .fetch(startOffset, context.options)
        .withResponse()
        .then(({ data, response }) => ({ data: new Page(data, context, startOffset), response }));
    const first = call ? call.begin(fetchFirst) : fetchFirst();
    super(first);
    this.#context = context;
    this.#paging = paging;
    // Awaited only, the list's call ends with its first page; iterated, with the iteration.
    call &&
      first.then(
        (r) => call.iterating || call.end(false, r.data),
        (e) => call.iterating || call.end(true, e),
      );
  }

  /** Every page in order, fetched as iteration reaches it (or ahead, with `concurrency`). */
  async *pages(): AsyncGenerator<Page<Item>, void, undefined> {
    const ahead = new Prefetch(this.#context, this.#paging);
    const { call } = this.#context;
    if (call) call.iterating = true;
    let pages = 1;
    let seen = 0;
    try {
      let page: Page<Item> = await (this as APIPromise<Page<Item>>);
      seen = page.items.length;
      ahead.plan(page, seen);
      yield page;
      while (seen < ahead.maxItems && page.hasNextPage()) {
        let next = page.follow(await ahead.take(page));
        // A page fetched ahead and answered before the one before it misses what was created in
        // between; asked again now, it cannot (records are only added at the top meanwhile).
        for (let again = 0; next.stale && again < STALE_REFETCHES; again++) next = page.follow(await ahead.refetch(page));
        page = next;
        pages++;
        seen += page.items.length;
        ahead.plan(page, seen);
        yield page;
      }
    } catch (error) {
      call?.end(true, error);
      throw error;
    } finally {
      ahead.stop();
      call?.end(false, { pages, items: seen });
    }
  }

  /** Every item across pages, in order: what `for await (const item of list)` calls. Stops after `maxItems`. */
  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    let left = this.#paging.maxItems ?? Number.POSITIVE_INFINITY;
    if (left <= 0) return;
    const { signal } = this.#context.options;
    for await (const page of this.pages()) {
      for (const item of page.items) {
        // The page is already here, but the caller said stop: not one more item after that.
        if (signal?.aborted) {
          const error = userAbort(this.#context.label, signal);
          this.#context.call?.end(true, error);
          throw error;
        }
        yield item;
        if (--left <= 0) return;
      }
    }
  }
}

/**
 * Pages requested ahead of the one being read. With a known total the remaining offsets are
 * known: up to `concurrency` requests stay in flight, topped up as soon as a page arrives
 * (before the caller works through it), and only as far as the items still wanted.
 */
class Prefetch<Item> {
  readonly maxItems: number;
  readonly #context: PagingContext<Item>;
  readonly #concurrency: number;
  readonly #queue: { offset: number; page: Promise<PageResult<Item>> }[] = [];
  #stop = new AbortController();
  #planned = 0;
  #step = 0;

  constructor(context: PagingContext<Item>, paging: PaginationOptions) {
    this.#context = context;
    this.maxItems = paging.maxItems ?? Number.POSITIVE_INFINITY;
    this.#concurrency = paging.concurrency ?? 1;
  }

  #fetch(offset: number): Promise<PageResult<Item>> {
    return fetchLinked(this.#context, offset, this.#stop.signal);
  }

  /** Tops the queue up after `page` arrived, `seen` items in. */
  plan(page: Page<Item>, seen: number): void {
    if (this.#step === 0) {
      this.#step = page.nextOffset - page.askedOffset;
      this.#planned = page.nextOffset;
    }
    if (this.#concurrency <= 1 || page.total === undefined || this.#step === 0 || seen >= this.maxItems || !page.hasNextPage()) return;
    const end = Math.min(page.total, page.nextOffset + (this.maxItems - seen));
    while (this.#queue.length < this.#concurrency && this.#planned < end) {
      const request = this.#fetch(this.#planned);
      request.catch(() => {}); // awaited in order by take(); this only silences an abandoned one
      this.#queue.push({ offset: this.#planned, page: request });
      this.#planned += this.#step;
    }
  }

  /** The page after `page`, asked for again now: the planned ones after it are dropped and planned anew. */
  refetch(page: Page<Item>): Promise<PageResult<Item>> {
    this.#restart();
    this.#planned = page.nextOffset + this.#step;
    return this.#fetch(page.nextOffset);
  }

  /** The page after `page`: the one planned for its offset, or a fresh request when plans went stale. */
  take(page: Page<Item>): Promise<PageResult<Item>> {
    const queued = this.#queue.shift();
    if (queued && queued.offset === page.nextOffset) return queued.page;
    // Nothing planned here, or an earlier page came back short: continue from where it ended.
    if (queued) this.#restart();
    this.#planned = page.nextOffset + this.#step;
    return this.#fetch(page.nextOffset);
  }

  #restart(): void {
    this.#queue.length = 0;
    this.#stop.abort();
    this.#stop = new AbortController();
  }

  stop(): void {
    this.#stop.abort();
  }
}
