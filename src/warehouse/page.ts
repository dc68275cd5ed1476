/**
 * One page of a warehouse list, and the way to the next.
 *
 * Records created while a list in its default order (newest first) is paged land at the top
 * and push the records already seen further down. The total says how many arrived: each page
 * passes over as many of its first records as sit before the position already reached (new
 * ones, then seen ones pushed down), however many arrived between two requests, and a page
 * fetched ahead that the server answered before the one before it is marked stale, to be
 * fetched again. In any other order, records already listed are dropped by id. The next page
 * is asked at the offset asked plus the records received: an answer's own `offset` is shown
 * (and reported when it is not the one asked), never sent back. A server that ignores
 * `offset` sends the same page again without the total growing: that is a
 * `ResponseValidationError`, never an endless loop.
 */

import type { APIPromise } from '../core/api-promise.js';
import { OpslinkError, ResponseValidationError } from '../core/errors/index.js';
import type { CallOptions, OpenCall } from '../core/http/index.js';
import { linkedSignal } from '../internal/signals.js';

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
  /** Number of records matching the filters (`total` / `total_results`). */
  total: number;
  offset: number;
  limit: number;
}

/** Ids remembered to drop records a shifted page repeats: a bound, so memory stays flat. */
const REMEMBERED_IDS = 1_000;
/**
 * Pages in a row, newest first, that brought no record of the list as it was and came no nearer
 * to one (the list grew by a page or more before each request) before the walk gives up: a list
 * that grows faster than it is read would otherwise be asked for page after page, forever.
 */
const STALLED_PAGES = 50;
/** @internal What the list methods hand a {@link PagePromise}. */
export interface PagingContext<Item> {
  /** Fetches the page that starts at `offset`. */
  fetch(offset: number, options: CallOptions): APIPromise<PageResult<Item>>;
  /** The `limit` sent; `-1` means one page of everything. */
  limit: number;
  /** Identity of an item, to drop one a shifted page repeats and to notice a server that ignores `offset`. */
  keyOf(item: Item): unknown;
  /** `METHOD /path`, for the loop guard's message. */
  label: string;
  /** The list is in its default order (`created_at`, newest first): records created while paging land at the top. */
  newestFirst: boolean;
  /** The list call's own options (signal, deadline instant, …), kept for every later page. */
  options: CallOptions;
  /** The list's call on the tracing channel (when subscribed): its pages are requested in its async context. */
  call?: OpenCall | undefined;
}

/**
 * One page of a list, with the way to the next.
 * @example
 * ```ts
 * let page = await warehouse.inbound.list({ limit: 50 });
 * while (true) { for (const order of page.items) console.log(order.order_id); if (!page.hasNextPage()) break; page = await page.getNextPage(); }
 * ```
 */
export class Page<Item> {
  /** The records of this page, in the server's order (less any a shifted list repeated). */
  readonly items: Item[];
  /** Records matching the filters in all pages. */
  readonly total: number;
  /** Records skipped before this page, as the answer says (the client asks the next page at its own count). */
  readonly offset: number;
  /** Page size as the server reported it (or as requested). */
  readonly limit: number;
  readonly #context: PagingContext<Item>;
  /** The offset this page was asked at: where the walk stands, whatever the answer says. */
  readonly #asked: number;
  /** Records the server sent for this page, repeats included: how far the offset moves. */
  readonly #span: number;
  readonly #history: History;
  /** @internal Answered before the page before it: records between the two were not in either. */
  readonly stale: boolean;

  /** @internal Built by the list methods (through {@link PagePromise}), not by users. */
  constructor(result: PageResult<Item>, context: PagingContext<Item>, asked: number, history?: History) {
    const seen = history?.seen ?? new Set();
    this.#asked = asked;
    this.#span = result.items.length;
    // Newest first, the records created since the first page (`added`) sit at the top, and the
    // first `passed` records of the list as it was have been listed: whatever stands before
    // `passed + added` now is new or seen, and is passed over.
    const added = history && context.newestFirst ? Math.max(0, result.total - history.firstTotal) : 0;
    const passed = history?.passed ?? asked;
    const skip = context.newestFirst ? Math.min(this.#span, Math.max(0, passed + added - asked)) : 0;
    this.items = result.items.slice(skip).filter((item) => !seen.has(context.keyOf(item)));
    this.total = result.total;
    this.offset = result.offset;
    this.limit = result.limit;
    this.#context = context;
    this.stale = context.newestFirst && history !== undefined && asked > passed + added;
    const nextPassed = Math.max(passed, asked + this.#span - added);
    // Records of the list as it was that still lie between the next offset and the first unlisted one.
    const behind = Math.max(0, nextPassed + added - this.nextOffset);
    const stalled = context.newestFirst && history !== undefined && this.items.length === 0 && behind >= history.behind;
    this.#history = {
      seen: remember(seen, this.items.map(context.keyOf)),
      firstTotal: history ? history.firstTotal : result.total,
      dropped: (history?.dropped ?? 0) + this.#span - this.items.length,
      passed: nextPassed,
      behind,
      stalled: stalled ? (history?.stalled ?? 0) + 1 : 0,
    };
  }

  /** Offset of the record after this page's last: the offset asked plus the records received. */
  get nextOffset(): number {
    return this.#asked + this.#span;
  }

  /**
   * Whether another page may hold records: not after an empty page or a `limit: -1` page;
   * with a known total, while records remain; without one, while pages come back full.
   */
  hasNextPage(): boolean {
    if (this.#context.limit === -1 || this.#span === 0) return false;
    if (this.total !== undefined) return this.nextOffset < this.total;
    return this.#span >= this.#context.limit;
  }

  /** Fetches the next page; rejects with `OpslinkError` when there is none. */
  getNextPage(options?: { signal?: AbortSignal }): Promise<Page<Item>> {
    if (!this.hasNextPage()) return Promise.reject(new OpslinkError('There is no next page: check hasNextPage() first'));
    return fetchLinked(this.#context, this.nextOffset, options?.signal).then((result) => this.follow(result));
  }

  /** @internal The offset this page was asked at. */
  get askedOffset(): number {
    return this.#asked;
  }

  /**
   * @internal The page after this one, built from `result`, with repeats dropped. A server
   * that ignores `offset` sends records already listed again without the total growing: the
   * records dropped as repeats so far then outnumber those added since the list began (only
   * records inserted before the position can push listed ones onto a later page), and the
   * walk ends with a `ResponseValidationError` rather than going round.
   */
  follow(result: PageResult<Item>): Page<Item> {
    const history = this.#history;
    const next = new Page(result, this.#context, this.nextOffset, { ...history, seen: new Set(history.seen) });
    const added = next.total - history.firstTotal;
    if (next.items.length === 0 && next.#span > 0 && next.#history.dropped > added) throw ignoredOffset(this.nextOffset, this.#context);
    if (next.#history.stalled >= STALLED_PAGES && next.hasNextPage()) throw outgrown(next.total, this.#context);
    return next;
  }
}

/**
 * One page, ended by the list's signal or `signal`; the two are unhooked once it settles, so
 * a long-lived caller signal keeps nothing of a page.
 */
export function fetchLinked<Item>(
  context: PagingContext<Item>,
  offset: number,
  signal: AbortSignal | undefined,
): Promise<PageResult<Item>> {
  const link = linkedSignal([context.options.signal, signal]);
  const page = context.fetch(offset, { ...context.options, signal: link.signal });
  page.then(link.dispose, link.dispose);
  return page;
}

/** What a page knows of the pages before it: ids recently listed, the first total, records passed over so far. */
interface History {
  seen: Set<unknown>;
  firstTotal: number;
  dropped: number;
  /** How many records of the list as it was at the first page lie before the position reached. */
  passed: number;
  /** Records (new or already listed) between the next offset asked and the first record not yet listed. */
  behind: number;
  /** Pages in a row, newest first, that listed nothing and left `behind` no smaller. */
  stalled: number;
}

/** `seen` plus `keys`, keeping only the most recent {@link REMEMBERED_IDS}. */
function remember(seen: Set<unknown>, keys: unknown[]): Set<unknown> {
  for (const key of keys) seen.add(key);
  for (const key of seen) {
    if (seen.size <= REMEMBERED_IDS) break;
    seen.delete(key);
  }
  return seen;
}

function ignoredOffset(asked: number, context: PagingContext<unknown>): ResponseValidationError {
  const message = `the page asked for at offset ${asked} repeats records already listed, and the total did not grow: the server ignored offset`;
  return walkEnded(context, 'offset', message);
}

function outgrown(total: number, context: PagingContext<unknown>): ResponseValidationError {
  const message = `the list grew by a page or more before each of the last ${STALLED_PAGES} pages (total ${total}): the walk ends rather than ask forever`;
  return walkEnded(context, 'total', message);
}

function walkEnded(context: PagingContext<unknown>, field: string, message: string): ResponseValidationError {
  const [method = 'GET', path = ''] = context.label.split(' ');
  return new ResponseValidationError({ status: 200, method, path, issues: [{ path: [field], message }], body: undefined });
}
