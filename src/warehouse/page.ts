/**
 * One page of a warehouse list, and the way to the next.
 *
 * The next page is asked at the offset asked plus the records received: an answer's own
 * `offset` is shown (and reported when it is not the one asked), never sent back. A list may
 * change while it is walked; offsets then shift under the walk, and what a page brings is
 * sorted out by what it holds:
 * - a record already listed (its id among the last 1,000) is dropped;
 * - in an order by `created_at`, while every page comes in that order, a record that sorts
 *   before the last one listed (newer than it, newest first) was listed already or created
 *   since the walk began: dropped, wherever records were added, so records added at either end
 *   never push one that was there at the start out of the walk;
 * - a page fetched ahead that the server answered before the one before it (it tells a smaller
 *   total; newest first, it was asked beyond the records added since), so records added before
 *   its offset in between were in neither, is marked stale, to be fetched again.
 * Every walk ends: after 50 requests in a row that each brought no record the page before did
 * not hold, or that each followed a growth of the total by a page or more (as many records as
 * the page brought), the walk ends with a `ResponseValidationError` (a list that grows as fast
 * as it is read, a server that ignores `offset`); a change that stops sooner never ends it.
 * A page that repeats the page before while the total did not grow is reported (rejected under
 * `strictResponseValidation`): the server may ignore `offset`.
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
 * Requests in a row that came no nearer the end (each brought nothing the page before did not
 * hold, or followed a growth of the total by a page or more) before the walk gives up: a list
 * that grows as fast as it is read, or a server that ignores `offset`, would otherwise be
 * asked for page after page, forever.
 */
const IDLE_PAGES = 50;
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
  /** The list is sorted by `created_at` (in either order): a record's time tells on which side of the last one listed it stands. */
  byCreation: 'asc' | 'desc' | undefined;
  /** Reports a page that breaks the paging contract (once per client; throws under `strictResponseValidation`). */
  deviation(issue: { path: string[]; message: string }): void;
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
    const keys = result.items.map(context.keyOf);
    const anchor = history?.anchor;
    const before = (item: Item) => anchor !== undefined && sortsBefore(context.byCreation, createdAt(item), anchor);
    this.#asked = asked;
    this.#span = result.items.length;
    this.items = result.items.filter((item, i) => !seen.has(keys[i]) && !before(item));
    this.total = result.total;
    this.offset = result.offset;
    this.limit = result.limit;
    this.#context = context;
    // Newest first, the records created since the first page (`added`) sit at the top, and the
    // first `passed` records of the list as it was have been listed: a page asked beyond
    // `passed + added` was answered before records it should have seen were created.
    const added = history && context.newestFirst ? Math.max(0, result.total - history.firstTotal) : 0;
    const passed = history?.passed ?? asked;
    // Answered from a list with fewer records than the page before saw: answered first (fetched
    // ahead), records added before its offset since then were in neither page.
    this.stale = history !== undefined && ((context.newestFirst && asked > passed + added) || result.total < history.total);
    const last = this.items[this.items.length - 1];
    // Times decide only while the server is seen to sort by them: one page out of that order, and ids alone do.
    const ordered = (history ? history.anchor !== undefined : true) && inOrder(context.byCreation, result.items);
    this.#history = {
      seen: remember(seen, this.items.map(context.keyOf)),
      firstTotal: history ? history.firstTotal : result.total,
      passed: Math.max(passed, asked + this.#span - added),
      page: new Set(keys),
      total: result.total,
      anchor: ordered ? ((last === undefined ? undefined : createdAt(last)) ?? anchor) : undefined,
      idle: history?.idle ?? NOT_IDLE,
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
   * @internal The page after this one, built from `result`, with repeats dropped; the walk
   * ends with a `ResponseValidationError` once {@link IDLE_PAGES} requests in a row came no
   * nearer the end.
   */
  follow(result: PageResult<Item>): Page<Item> {
    const history = this.#history;
    const keys = result.items.map(this.#context.keyOf);
    // Nothing the page before did not hold (the same page again, an ignored offset), or a total
    // that grew by at least what the page brought (the list outgrows its reading).
    const repeated = keys.length > 0 && keys.every((key) => history.page.has(key));
    const outgrown = result.total - this.total >= keys.length;
    if (repeated && result.total <= this.total) {
      this.#context.deviation({
        path: ['offset'],
        message: `the page asked at offset ${this.nextOffset} repeats the page before while the total did not grow: the server may ignore offset`,
      });
    }
    // A repeat that the growth explains (records created at the top pushed the page down) counts as growth.
    const idle =
      repeated || outgrown ? { requests: history.idle.requests + 1, repeats: history.idle.repeats + (outgrown ? 0 : 1) } : NOT_IDLE;
    const next = newPage(result, this.#context, this.nextOffset, { ...history, seen: new Set(history.seen), idle });
    if (idle.requests >= IDLE_PAGES && next.hasNextPage()) throw walkEnded(this.#context, idle, next);
    return next;
  }
}

/** The page after `page`. A class named from inside its own body is renamed by bundlers (esbuild: `var X = class _X`), and its `name` with it: made here, outside it. */
function newPage<Item>(...args: ConstructorParameters<typeof Page<Item>>): Page<Item> {
  return new Page(...args);
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
  /** How many records of the list as it was at the first page lie before the position reached (newest first). */
  passed: number;
  /** The ids of this page as the server sent it, repeats included: what the next page is held to. */
  page: Set<unknown>;
  /** The total this page was answered with. */
  total: number;
  /**
   * In an order by `created_at`, the time of the last record listed (ms); `undefined` when none
   * could be read, or once a page came out of that order (then never again for the walk).
   */
  anchor: number | undefined;
  /** Requests in a row that came no nearer the end, and how many of them repeated the page before. */
  idle: { requests: number; repeats: number };
}

const NOT_IDLE = { requests: 0, repeats: 0 };

/** A record's `created_at` as a time (ms), or `undefined` when it has none that reads as one. */
function createdAt(item: unknown): number | undefined {
  const value = (item as { created_at?: unknown } | null)?.created_at;
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? undefined : time;
}

/** Whether `items` are in the order by `created_at` the walk asked for (their times all read, none out of place). */
function inOrder(order: 'asc' | 'desc' | undefined, items: unknown[]): boolean {
  if (order === undefined) return false;
  let previous: number | undefined;
  for (const item of items) {
    const time = createdAt(item);
    if (time === undefined || (previous !== undefined && (order === 'desc' ? time > previous : time < previous))) return false;
    previous = time;
  }
  return true;
}

/** Whether a record created at `time` sorts before the last one listed (created at `anchor`): listed already, or created since. */
function sortsBefore(order: 'asc' | 'desc' | undefined, time: number | undefined, anchor: number): boolean {
  return time !== undefined && (order === 'desc' ? time > anchor : order === 'asc' && time < anchor);
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

/** The error that ends a walk that came no nearer its end for {@link IDLE_PAGES} requests, saying how. */
function walkEnded(context: PagingContext<unknown>, idle: History['idle'], page: Page<unknown>): ResponseValidationError {
  const [method = 'GET', path = ''] = context.label.split(' ');
  const end = 'the walk ends rather than ask forever';
  const [field, message] =
    idle.repeats === idle.requests
      ? [
          'offset',
          `each of the last ${IDLE_PAGES} pages repeated the page before (offset ${page.askedOffset}): the server ignores offset; ${end}`,
        ]
      : idle.repeats === 0
        ? ['total', `the list grew by a page or more before each of the last ${IDLE_PAGES} pages (total ${page.total}): ${end}`]
        : [
            'total',
            `each of the last ${IDLE_PAGES} pages repeated the page before or followed a growth of the list by a page or more (total ${page.total}): ${end}`,
          ];
  return new ResponseValidationError({ status: 200, method, path, issues: [{ path: [field], message }], body: undefined });
}
