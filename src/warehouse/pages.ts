/**
 * The warehouse lists (the only paged endpoints of either service): a list call's parameters
 * and options checked, its pages requested as operations, one deadline for the whole
 * iteration. The pages themselves are `page.ts`; the iteration `page-promise.ts`.
 */

import { type APIPromise, rejectedPromise } from '../core/api-promise.js';
import { checkRequestOptions } from '../core/config.js';
import { RequestValidationError, ResponseValidationError, type ValidationIssue } from '../core/errors/index.js';
import { type CallOptions, captureCallSite, openCall, type RawResponse, withCallSite } from '../core/http/index.js';
import { type ClientContext, callTrace, type InputCheck, type Operation, sendOperation } from '../core/operation.js';
import type { RequestOptions } from '../core/options.js';
import { andThen, type Eventually } from '../internal/eventually.js';
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
  /** The parameters' check, generated from their schema. */
  input: InputCheck<unknown>;
  credential?: string;
  path: string;
  /** The path as the document writes it (`/api/v1/inbound`): what traces name. */
  template: string;
  /** The `limit` the parameters ask for (the documented default when none). */
  limitOf(params: P): number;
  offsetOf(params: P): number;
  query(params: P, offset: number): URLSearchParams;
  keyOf(item: Item): unknown;
  parse(raw: RawResponse, requested: { offset: number; limit: number }): Eventually<PageResult<Item>>;
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

/**
 * @internal Checks the parameters and options, then returns the pages of a list (the first
 * already on its way).
 */
export function listPages<P, Item>(
  context: ClientContext,
  operation: ListOperation<P, Item>,
  input: unknown,
  options: ListOptions | undefined,
  methodName: string,
): PagePromise<Item> {
  // One call site for every page: captured now, while the caller's frames are on the stack.
  const callSite = captureCallSite(listPages);
  const trace = callTrace(context, { method: 'GET', template: operation.template }, methodName);
  const call = openCall(() => trace);
  let fetchPage: (offset: number, callOptions: CallOptions) => APIPromise<PageResult<Item>> = () =>
    rejectedPromise(new RequestValidationError([], operation.subject));
  const lister: PagingContext<Item> = {
    // A page requested later (by the iteration, or ahead of it) still belongs to the list's call.
    fetch: call ? (offset, pageOptions) => call.within(() => fetchPage(offset, pageOptions)) : (offset, o) => fetchPage(offset, o),
    limit: 0,
    keyOf: operation.keyOf,
    label: `GET ${operation.path}`,
    options: {},
    newestFirst: false,
    byCreation: undefined,
    deviation: (issue) => pagingDeviation(context, operation.path, issue),
    call,
  };
  let paging: PaginationOptions = {};
  let start: Eventually<number>;
  try {
    let callOptions: CallOptions;
    ({ paging, request: callOptions } = splitListOptions(options));
    checkRequestOptions(callOptions);
    const deadline = callOptions.deadline ?? context.http.settings.deadline;
    // One deadline for the whole iteration: every page gets the same instant.
    lister.options = deadline === undefined ? callOptions : { ...callOptions, deadlineAt: Date.now() + deadline };
    start = andThen(operation.input(input ?? {}), (checked) => {
      if (!checked.ok) throw new RequestValidationError(checked.issues, operation.subject);
      const params = checked.value as P;
      const limit = operation.limitOf(params);
      fetchPage = (offset, pageOptions) =>
        sendOperation(context, pageOperation(operation, params, offset, limit), undefined, pageOptions, trace, callSite);
      const { sort_key = 'created_at', sort_order = 'desc' } = params as { sort_key?: string; sort_order?: string };
      lister.limit = limit;
      lister.byCreation = sort_key === 'created_at' ? (sort_order === 'asc' ? 'asc' : 'desc') : undefined;
      lister.newestFirst = lister.byCreation === 'desc';
      return operation.offsetOf(params);
    });
    if (start instanceof Promise)
      start = start.catch((error: unknown) => {
        throw withCallSite(error, callSite);
      });
  } catch (error) {
    fetchPage = () => rejectedPromise(error);
    start = 0;
  }
  return new PagePromise<Item>(lister, start, paging);
}

/**
 * A page that breaks the paging contract (the same page again, the total unchanged): a read's
 * mismatch like any other, reported once per client, a `ResponseValidationError` under
 * `strictResponseValidation`.
 */
function pagingDeviation(context: ClientContext, path: string, issue: ValidationIssue): void {
  const { mismatches, redactor, baseUrl } = context.http.settings;
  if (mismatches.strict) throw new ResponseValidationError({ status: 200, method: 'GET', path, issues: [issue], body: undefined });
  mismatches.report({ status: 200, method: 'GET', path, write: false, url: () => redactor.text(baseUrl + path) }, [issue]);
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
