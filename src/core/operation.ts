/**
 * One request path for every method: an operation is a declaration (method, request schema,
 * the request it makes, the response parser, read or write), run by one function that checks
 * the input, sends and parses. Lists share one pages helper.
 */
import type * as z from 'zod/mini';
import { type APIPromise, rejectedPromise } from './api-promise.js';
import { checkRequestOptions } from './config.js';
import { ConfigurationError, RequestValidationError, type ValidationIssue } from './errors/index.js';
import type { CallOptions, HttpClient, RawResponse, RequestSpec, ResponseParser } from './http/index.js';
import type { Credential, RequestOptions } from './options.js';
import { PagePromise, type PageResult, type PaginationOptions } from './pages.js';
import { parseRequest } from './validation.js';

/** What an operation sends, less what the declaration itself says (method, write, credential). */
export type RequestParts = Pick<RequestSpec, 'path' | 'query' | 'json' | 'body' | 'baseUrl'>;

/**
 * @internal An endpoint as a declaration. `P` is the checked input, `O` the result.
 */
export interface Operation<P, O> {
  method: RequestSpec['method'];
  /** A write (send, post, create, update): never repeated after a 5xx, resolved on any 2xx. */
  write: boolean;
  /** Names the input in a `RequestValidationError` ("direct message"). */
  subject: string;
  /** Checks the input before anything is sent; without one, the input is used as given. */
  schema?: z.ZodMiniType;
  /** The client option holding the credential this endpoint takes. */
  credential?: string;
  /** Another option that would serve instead, named when the credential is missing (" or the webhookUrl option"). */
  alternative?: string;
  /** Problems the schema cannot see (rules between members, the state of the order). */
  check?(input: P): ValidationIssue[];
  request(input: P): RequestParts;
  parse: ResponseParser<O>;
}

/** @internal What an operation needs of the client that runs it. */
export interface ClientContext {
  http: HttpClient;
  /** Names the client in the message for a missing credential ("MessagingClient"). */
  name: string;
  /** The credential held in `option`, with the `Authorization` scheme it is sent with; `undefined` when not set. */
  credential(option: string): { value: Credential; scheme: string } | undefined;
}

/** @internal Checks `input`, sends the request and parses its response: the body of every method. */
export function runOperation<P, O>(
  context: ClientContext,
  operation: Operation<P, O>,
  input: unknown,
  options: CallOptions | undefined,
  methodName: string,
): APIPromise<O> {
  try {
    const spec = specOf(context, operation, input, methodName);
    return context.http.request(spec, options, operation.parse);
  } catch (error) {
    return rejectedPromise(error);
  }
}

/** @internal The credential an operation takes, or a `ConfigurationError` naming the missing option. */
export function requireCredential(
  context: ClientContext,
  operation: Pick<Operation<never, never>, 'credential' | 'alternative'>,
  methodName: string,
) {
  const option = operation.credential;
  if (option === undefined) return undefined;
  const held = context.credential(option);
  if (held === undefined) {
    const message = `${context.name}.${methodName} needs the ${option} option${operation.alternative ?? ''}; nothing was sent`;
    throw new ConfigurationError([{ path: [option], message }]);
  }
  return { option, ...held };
}

function specOf<P, O>(context: ClientContext, operation: Operation<P, O>, input: unknown, methodName: string): RequestSpec {
  const credential = requireCredential(context, operation, methodName);
  const parsed = (operation.schema ? parseRequest(operation.schema, input, operation.subject) : input) as P;
  const issues = operation.check?.(parsed) ?? [];
  if (issues.length) throw new RequestValidationError(issues, operation.subject);
  return {
    method: operation.method,
    write: operation.write,
    credential,
    ...operation.request(parsed),
  };
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
      runOperation(context, pageOperation(operation, checked, offset, limit), undefined, pageOptions, methodName);
  } catch (error) {
    fetchPage = () => rejectedPromise(error);
  }
  const limit = params === undefined ? 0 : operation.limitOf(params);
  const start = params === undefined ? 0 : operation.offsetOf(params);
  const label = `GET ${operation.path}`;
  return new PagePromise<Item>({ fetch: fetchPage, limit, keyOf: operation.keyOf, label, options: callOptions }, start, paging);
}

function pageOperation<P, Item>(
  list: ListOperation<P, Item>,
  params: P,
  offset: number,
  limit: number,
): Operation<undefined, PageResult<Item>> {
  return {
    method: 'GET',
    write: false,
    subject: list.subject,
    credential: list.credential,
    request: () => ({ path: list.path, query: list.query(params, offset) }),
    parse: (raw) => list.parse(raw, { offset, limit }),
  };
}
