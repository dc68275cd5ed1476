/**
 * Offset pagination for the warehouse lists (the only paged endpoints of either service): a first page you can await, and every item (or
 * page) you can `for await`, fetched lazily, optionally several pages ahead, within one
 * deadline for the whole iteration.
 *
 * Records created while a list in its default order (newest first) is paged land at the top
 * and push the records already seen further down. The total says how many arrived: each page
 * passes over as many of its first records as sit before the position already reached (new
 * ones, then seen ones pushed down), however many arrived between two requests, and a page
 * fetched ahead that the server answered before the one before it is fetched again. In any
 * other order, records already listed are dropped by id. The next page is asked at the offset
 * asked plus the records received: an answer's own `offset` is shown (and reported when it is
 * not the one asked), never sent back. A server that ignores `offset` sends
 * the same page again without the total growing: that is a `ResponseValidationError`, never
 * an endless loop.
 */

import type * as z from 'zod/mini';
import { APIPromise, rejectedPromise, type WithResponse } from '../core/api-promise.js';
import { checkRequestOptions } from '../core/config.js';
import { OpslinkError, RequestValidationError, ResponseValidationError, type ValidationIssue } from '../core/errors/index.js';
import { type CallOptions, type OpenCall, openCall, type RawResponse, userAbort } from '../core/http/index.js';
import { type ClientContext, callTrace, type Operation, sendOperation } from '../core/operation.js';
import type { RequestOptions } from '../core/options.js';
import { parseRequest } from '../core/validation.js';
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

/** Ids remembered to drop records a shifted page repeats: a bound, so memory stays flat. */
const REMEMBERED_IDS = 1_000;
/** Times a page fetched ahead is asked for again when it was answered out of order. */
const STALE_REFETCHES = 3;

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
    this.#history = {
      seen: remember(seen, this.items.map(context.keyOf)),
      firstTotal: history ? history.firstTotal : result.total,
      dropped: (history?.dropped ?? 0) + this.#span - this.items.length,
      passed: Math.max(passed, asked + this.#span - added),
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
    return next;
  }
}

/**
 * One page, ended by the list's signal or `signal`; the two are unhooked once it settles, so
 * a long-lived caller signal keeps nothing of a page.
 */
function fetchLinked<Item>(context: PagingContext<Item>, offset: number, signal: AbortSignal | undefined): Promise<PageResult<Item>> {
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
  const [method = 'GET', path = ''] = context.label.split(' ');
  return new ResponseValidationError({ status: 200, method, path, issues: [{ path: ['offset'], message }], body: undefined });
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

/**
 * Options of a list call: how to page, plus the usual per-call options (`deadline` bounds
 * the whole iteration).
 * @example
 * ```ts
 * const options: ListOptions = { concurrency: 4, maxItems: 500, timeout: 10_000, deadline: 120_000 };
 * for await (const shipment of warehouse.shipments.list({ statuses: ['shipped'] }, options)) console.log(shipment.shipment_id);
 * ```
 */
export type ListOptions = PaginationOptions & RequestOptions;

/** @internal A list endpoint: a read whose request depends on the page's offset. */
export interface ListOperation<P, Item> {
  subject: string;
  schema: z.ZodMiniType;
  credential?: string;
  path: string;
  /** The path as the document writes it (`/api/v1/inbound`): what traces name. */
  template: string;
  /** The `limit` the parameters ask for (the documented default when none). */
  limitOf(params: P): number;
  offsetOf(params: P): number;
  query(params: P, offset: number): URLSearchParams;
  keyOf(item: Item): unknown;
  parse(raw: RawResponse, requested: { offset: number; limit: number }): PageResult<Item>;
}

function splitListOptions(options: ListOptions | undefined): { paging: PaginationOptions; request: RequestOptions } {
  const { concurrency, maxItems, ...request } = options ?? {};
  const issues: ValidationIssue[] = [];
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= 64)) {
    issues.push({ path: ['concurrency'], message: 'must be a whole number from 1 to 64' });
  }
  if (maxItems !== undefined && !(Number.isInteger(maxItems) && maxItems >= 0)) {
    issues.push({ path: ['maxItems'], message: 'must be a whole number, 0 or more' });
  }
  if (issues.length) throw new RequestValidationError(issues, 'list options');
  return { paging: { concurrency, maxItems }, request };
}

/** @internal Checks the parameters and options, then returns the pages of a list (the first already on its way). */
export function listPages<P, Item>(
  context: ClientContext,
  operation: ListOperation<P, Item>,
  input: unknown,
  options: ListOptions | undefined,
  methodName: string,
): PagePromise<Item> {
  let fetchPage: (offset: number, callOptions: CallOptions) => APIPromise<PageResult<Item>>;
  const trace = callTrace(context, { method: 'GET', template: operation.template }, methodName);
  let params: P | undefined;
  let paging: PaginationOptions = {};
  let callOptions: CallOptions = {};
  try {
    ({ paging, request: callOptions } = splitListOptions(options));
    checkRequestOptions(callOptions);
    params = parseRequest(operation.schema, input ?? {}, operation.subject) as P;
    const deadline = callOptions.deadline ?? context.http.settings.deadline;
    // One deadline for the whole iteration: every page gets the same instant.
    if (deadline !== undefined) callOptions = { ...callOptions, deadlineAt: Date.now() + deadline };
    const checked = params;
    const limit = operation.limitOf(checked);
    fetchPage = (offset, pageOptions) =>
      sendOperation(context, pageOperation(operation, checked, offset, limit), undefined, pageOptions, trace);
  } catch (error) {
    fetchPage = () => rejectedPromise(error);
  }
  const limit = params === undefined ? 0 : operation.limitOf(params);
  const start = params === undefined ? 0 : operation.offsetOf(params);
  const label = `GET ${operation.path}`;
  const { sort_key = 'created_at', sort_order = 'desc' } = (params ?? {}) as { sort_key?: string; sort_order?: string };
  const newestFirst = sort_key === 'created_at' && sort_order === 'desc';
  const call = openCall(() => trace);
  const lister: PagingContext<Item> = {
    // A page requested later (by the iteration, or ahead of it) still belongs to the list's call.
    fetch: call ? (offset, pageOptions) => call.within(() => fetchPage(offset, pageOptions)) : fetchPage,
    limit,
    keyOf: operation.keyOf,
    label,
    options: callOptions,
    newestFirst,
    call,
  };
  return new PagePromise<Item>(lister, start, paging);
}

function pageOperation<P, Item>(
  list: ListOperation<P, Item>,
  params: P,
  offset: number,
  limit: number,
): Operation<undefined, PageResult<Item>> {
  return {
    method: 'GET',
    template: list.template,
    write: false,
    subject: list.subject,
    credential: list.credential,
    request: () => ({ path: list.path, query: list.query(params, offset) }),
    parse: (raw) => list.parse(raw, { offset, limit }),
  };
}
