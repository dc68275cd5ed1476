/**
 * How each warehouse answer is read: the envelope unwrapped (`status: "failed"` is an error
 * under any HTTP status), then `data` checked by the check generated from its documented
 * schema (`body-checks.generated.ts`: zod's verdict and issues, without zod). A body that
 * holds resolves as received; of one that does not, what the SDK itself needs (`data` of its
 * kind, a list's items array and total, the ids it puts in URLs) is held in every mode, and any
 * other member off its documented type is reported, or rejected under
 * `strictResponseValidation`; the body then resolves as received too.
 */
import type * as z from 'zod/mini';
import { isRecord } from '../core/checks.js';
import { memberPath, type RawResponse } from '../core/http/index.js';
import type { Checked } from '../core/validation.js';
import { checkCreatedOrderData, checkInboundPage, checkShipmentDetailData, checkShipmentPage } from './body-checks.generated.js';
import type { createdOrderDataSchema, inboundPageSchema, shipmentDetailDataSchema, shipmentPageSchema } from './responses.js';

/** How a body's members are checked: where the value sits in the body, and which members the SDK cannot do without. */
interface CheckPlan {
  /** The value's path in the body (`['data']`). */
  at: (string | number)[];
  /** Member paths as `memberPath` writes them (`data.orders[].order_id`) that hold in every mode. */
  essential: ReadonlySet<string>;
}

/**
 * `value` (at `plan.at` in `raw`'s body), as received, after its check: what breaks is reported
 * (a `mismatch`, its essential members first, when one is among it; a `deviation` when not).
 */
function readBody<T>(
  raw: RawResponse,
  check: (value: unknown, at?: (string | number)[]) => Checked<T>,
  value: unknown,
  plan: CheckPlan,
): T {
  const result = check(value, plan.at);
  if (!result.ok) {
    const essential = result.issues.filter((issue) => plan.essential.has(memberPath(issue.path)));
    // The issues that make it an error first: a message lists the first few, and they are its cause.
    if (essential.length) raw.mismatch([...essential, ...result.issues.filter((issue) => !essential.includes(issue))]);
    else raw.deviation(result.issues);
  }
  return value as T;
}

/**
 * The `{ status, message, data, errors }` envelope. `status: "failed"` is an error under any
 * HTTP status; a body that is no envelope breaks the document.
 */
function unwrap(raw: RawResponse): { message: string; data: unknown } {
  const body = raw.body;
  if (!isRecord(body) || (body.status !== 'success' && body.status !== 'failed')) {
    const what = !raw.isJson
      ? 'is not JSON'
      : body === undefined
        ? 'is empty'
        : !isRecord(body)
          ? 'is not an object'
          : 'has no status "success" or "failed"';
    raw.mismatch([{ path: isRecord(body) ? ['status'] : [], message: `${what}: expected the response envelope` }]);
    return { message: '', data: isRecord(body) ? body.data : undefined };
  }
  if (body.status === 'failed') throw raw.failed();
  return { message: typeof body.message === 'string' ? body.message : '', data: body.data };
}

/**
 * What the SDK itself needs of each body, held in every mode: `data` of its kind, a list's
 * items array and total, and the ids it puts in URLs. Any other member off its documented
 * type is reported, or rejected under `strictResponseValidation` (`checkBody`).
 */
const needs = (...paths: string[]) => ({ at: ['data'], essential: new Set(['data', ...paths]) });
const listNeeds = (items: string, id: string) =>
  needs(`data.${items}`, `data.${items}[]`, `data.${items}[].${id}`, 'data.results', 'data.results.total', 'data.results.total_results');
const INBOUND_PAGE = listNeeds('orders', 'order_id');
const SHIPMENT_PAGE = listNeeds('shipments', 'shipment_id');
const SHIPMENT_DETAIL = needs('data.shipment', 'data.shipment.shipment_id', 'data.shipment.orders[].order_id');
const CREATED = needs('data.order_id');

type Requested = { offset: number; limit: number };
type Counts = z.output<typeof inboundPageSchema>['results'];

/**
 * A page as answered. The client computes the next offset itself (the offset asked plus the
 * items received); the answer's own `offset` is only shown, and reported when it is not the
 * one asked, so a wrong or negative offset is never sent back.
 */
function page<Item>(raw: RawResponse, items: Item[], counts: Counts, requested: Requested) {
  const { offset, limit } = counts;
  if (offset !== undefined && offset !== requested.offset) {
    raw.deviation([{ path: ['data', 'results', 'offset'], message: `must be the offset asked (${requested.offset})` }]);
  }
  // Both names are read on both lists: the document gives each list its own, and a server may use either.
  const total = (counts.total ?? counts.total_results) as number;
  return {
    items,
    total,
    offset: typeof offset === 'number' ? offset : requested.offset,
    limit: typeof limit === 'number' ? limit : requested.limit,
  };
}

export function parseInboundPage(raw: RawResponse, requested: Requested) {
  const data = readBody<z.output<typeof inboundPageSchema>>(raw, checkInboundPage, unwrap(raw).data, INBOUND_PAGE);
  return page(raw, data.orders, data.results, requested);
}

export function parseShipmentPage(raw: RawResponse, requested: Requested) {
  const data = readBody<z.output<typeof shipmentPageSchema>>(raw, checkShipmentPage, unwrap(raw).data, SHIPMENT_PAGE);
  return page(raw, data.shipments, data.results, requested);
}

export function parseShipmentDetail(raw: RawResponse) {
  return readBody<z.output<typeof shipmentDetailDataSchema>>(raw, checkShipmentDetailData, unwrap(raw).data, SHIPMENT_DETAIL).shipment;
}

/** `inbound.create`: `data.order_id`. A write: an odd body is reported and returned as received. */
export function parseCreated(raw: RawResponse): { order_id: string; [member: string]: unknown } {
  const data = readBody<z.output<typeof createdOrderDataSchema>>(raw, checkCreatedOrderData, unwrap(raw).data, CREATED);
  return isRecord(data) ? data : ({} as { order_id: string });
}

/** The bulk response body is not documented: the envelope's message and `data` as sent. */
export function parseBulkCreated(raw: RawResponse): { message: string; data: unknown } {
  const { message, data } = unwrap(raw);
  return { message, data: data ?? null };
}

export function parseUpdated(raw: RawResponse): { message: string } {
  return { message: unwrap(raw).message };
}
