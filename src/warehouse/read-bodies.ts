/**
 * How each warehouse answer is read: the envelope unwrapped (`status: "failed"` is an error
 * under any HTTP status), then `data` checked against its documented schema. A body the
 * generated fast check (`body-checks.generated.ts`) vouches for resolves as received, with no
 * zod on the way; any other is checked by the schema itself (`responses.ts`, loaded with zod
 * then): what the SDK itself needs (`data` of its kind, a list's items array and total, the ids
 * it puts in URLs) is held in every mode, any other member off its documented type is reported,
 * or rejected under `strictResponseValidation` (`checkBody`).
 */
import type * as z from 'zod/mini';
import { isRecord } from '../core/checks.js';
import { type CheckPlan, checkBody, type RawResponse } from '../core/http/index.js';
import { andThen, type Eventually } from '../internal/eventually.js';
import { isCreatedOrderData, isInboundPage, isShipmentDetailData, isShipmentPage } from './body-checks.generated.js';
import type { createdOrderDataSchema, inboundPageSchema, shipmentDetailDataSchema, shipmentPageSchema } from './responses.js';

type Schemas = typeof import('./responses.js');

/** The response schemas, loaded (with zod) only for a body a fast check cannot vouch for. */
const schemas = (): Promise<Schemas> => import('./responses.js');

/**
 * `value` (at `plan.at` in `raw`'s body) as its schema reads it: at once, as received, when its
 * fast check says the schema takes it as it is; else once the schema has loaded and run (`checkBody`).
 */
function readBody<S extends z.ZodMiniType>(
  raw: RawResponse,
  accept: (value: unknown) => value is z.output<S>,
  schema: (loaded: Schemas) => S,
  value: unknown,
  plan: CheckPlan,
): Eventually<z.output<S>> {
  if (accept(value)) return value;
  return schemas().then((loaded) => checkBody(raw, schema(loaded), value, plan));
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
  const data = readBody<typeof inboundPageSchema>(raw, isInboundPage, (s) => s.inboundPageSchema, unwrap(raw).data, INBOUND_PAGE);
  return andThen(data, (d) => page(raw, d.orders, d.results, requested));
}

export function parseShipmentPage(raw: RawResponse, requested: Requested) {
  const data = readBody<typeof shipmentPageSchema>(raw, isShipmentPage, (s) => s.shipmentPageSchema, unwrap(raw).data, SHIPMENT_PAGE);
  return andThen(data, (d) => page(raw, d.shipments, d.results, requested));
}

export function parseShipmentDetail(raw: RawResponse) {
  const data = readBody<typeof shipmentDetailDataSchema>(
    raw,
    isShipmentDetailData,
    (s) => s.shipmentDetailDataSchema,
    unwrap(raw).data,
    SHIPMENT_DETAIL,
  );
  return andThen(data, (d) => d.shipment);
}

/** `inbound.create`: `data.order_id`. A write: an odd body is reported and returned as received. */
export function parseCreated(raw: RawResponse): Eventually<{ order_id: string; [member: string]: unknown }> {
  const data = readBody<typeof createdOrderDataSchema>(raw, isCreatedOrderData, (s) => s.createdOrderDataSchema, unwrap(raw).data, CREATED);
  return andThen(data, (d) => (isRecord(d) ? d : ({} as { order_id: string })));
}

/** The bulk response body is not documented: the envelope's message and `data` as sent. */
export function parseBulkCreated(raw: RawResponse): { message: string; data: unknown } {
  const { message, data } = unwrap(raw);
  return { message, data: data ?? null };
}

export function parseUpdated(raw: RawResponse): { message: string } {
  return { message: unwrap(raw).message };
}
