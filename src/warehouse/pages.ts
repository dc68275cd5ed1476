/**
 * The warehouse lists (the only paged endpoints of either service): a list call's parameters
 * and options checked, its pages requested as operations, one deadline for the whole
 * iteration. The pages themselves are `page.ts`; the iteration `page-promise.ts`.
 */

import type * as z from 'zod/mini';
import { type APIPromise, rejectedPromise } from '../core/api-promise.js';
import { checkRequestOptions } from '../core/config.js';
import { RequestValidationError, type ValidationIssue } from '../core/errors/index.js';
import { type CallOptions, openCall, type RawResponse } from '../core/http/index.js';
import { type ClientContext, callTrace, type Operation, sendOperation } from '../core/operation.js';
import type { RequestOptions } from '../core/options.js';
import { parseRequest } from '../core/validation.js';
import type { PageResult, PagingContext } from './page.js';
import { PagePromise, type PaginationOptions } from './page-promise.js';

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
