/**
 * The warehouse API's response bodies, member by member as the document types them, written
 * once as zod schemas; the response types derive from them (`types.ts`). A member the
 * document types `string` is a string (never null unless the document says "or null"), an
 * `integer` refuses 2.5, a uuid id is a UUID, a documented enumeration holds one of its
 * values. Unknown members are kept as sent. These are the document's letter, the measure of
 * every body (and of the OpenAPI documents); what a read does with a body that breaks it is
 * `checkBody`'s: rejected where the SDK needs the member, else reported and resolved
 * as received (rejected under `strictResponseValidation`). The types (`types.ts`) say what
 * can arrive.
 */
import * as z from 'zod/mini';
import { isRecord, isString } from '../core/checks.js';
import type { RawResponse } from '../core/http/index.js';
import { checkBodyQuickly } from '../core/quick-accept.js';
import { boolean, custom, finite, ISO_DATE_TIME_HINT, integer, oneOf, refineWith, uuid } from '../core/schema-kit.js';
import { holdsTotal, isTimestamp } from './checks.js';
import { FULFILLMENT_TYPES, type InboundStatus, SHIPMENT_FULFILLMENT_TYPES, SHIPMENT_STATUSES, SOLD_AS_VALUES } from './fields.js';
import { isRenderedDate } from './wire-format.js';

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
/** An object whose members the document does not show. */
const record = custom<Record<string, unknown>>(isRecord, 'must be an object', { type: 'object' });
const text = z.string();
const textOrNull = z.nullable(z.string());
const count = integer();
/** "ISO 8601 timestamp": ISO 8601 text of a real date and time (`isIsoDateTime`). */
const timestamp = custom<string>(isTimestamp, 'must be an ISO 8601 timestamp', ISO_DATE_TIME_HINT);
/** "Rendered as month/day/year": a real day. */
// (Its JSON Schema pattern, calendar-exact, is the OpenAPI script's: the bundle does not carry it.)
const renderedDate = custom<string>(isRenderedDate, 'must be a real day written month/day/year', { type: 'string' });

/** The members of an inbound order as the list endpoint returns it, in the document's order. */
const inboundOrderShape = {
  order_id: uuid,
  /** Month/day/year, as the service renders it. */
  date: renderedDate,
  retailer: text,
  order_number: text,
  item_name: text,
  color: text,
  brand_sku: text,
  size: text,
  quantity: count,
  asin: text,
  amazon_sku: text,
  unit_cost: finite,
  list_price: finite,
  client_notes: textOrNull,
  fulfillment_type: oneOf(FULFILLMENT_TYPES),
  sold_as: oneOf(SOLD_AS_VALUES),
  units_per_pack: count,
  upc: textOrNull,
  tracking_numbers: z.array(text),
  /** `inbound` or `outbound` (already shipped); the document does not show the full set. */
  status: custom<InboundStatus>(isString, 'must be a string', { type: 'string' }),
  created_at: timestamp,
};
/**
 * An inbound order as the list endpoint returns it, member by member as the document types
 * it; unknown members are kept. The SDK checks every listed order with it.
 * @example
 * ```ts
 * import { readFile } from 'node:fs/promises';
 * const cachedOrderText = await readFile('order-cache.json', 'utf8');
 * const ok = inboundOrderSchema.safeParse(JSON.parse(cachedOrderText)).success;
 * ```
 */
export const inboundOrderSchema = z.looseObject(inboundOrderShape);

/**
 * Member names of a listed inbound order, in the document's order (the `sort_key` values, the CSV export's columns).
 * @example
 * ```ts
 * const header = INBOUND_ORDER_FIELDS.join(','); // order_id,date,retailer,…
 * ```
 */
export const INBOUND_ORDER_FIELDS = Object.keys(inboundOrderShape) as (keyof typeof inboundOrderShape)[];

const trackingShape = { tracking_number: text, carrier: text, tracking_status: text };

const shipmentShape = {
  shipment_id: uuid,
  status: oneOf(SHIPMENT_STATUSES),
  created_at: timestamp,
  shipped_at: timestamp,
  name: text,
  fulfillment_type: oneOf(SHIPMENT_FULFILLMENT_TYPES),
  stage: textOrNull,
  notes: textOrNull,
  shipping_method: text,
  shipping_address: record,
  latest_ship_date: timestamp,
  total_quantity_shipped: count,
  trackings: z.array(z.looseObject(trackingShape)),
  tags: z.array(z.looseObject({ tag: text, value: text })),
  full_name: text,
};
/**
 * A shipment as the list endpoint returns it, member by member as the document types it.
 * @example
 * ```ts
 * import { readFile } from 'node:fs/promises';
 * const row: unknown = JSON.parse(await readFile('shipment.json', 'utf8'));
 * const listed = shipmentSchema.safeParse(row); // .data is a Shipment when .success
 * ```
 */
export const shipmentSchema = z.looseObject(shipmentShape);

/**
 * Member names of a listed shipment, in the document's order.
 * @example
 * ```ts
 * const columns = SHIPMENT_FIELDS.filter((name) => name !== 'shipping_address');
 * ```
 */
export const SHIPMENT_FIELDS = Object.keys(shipmentShape) as (keyof typeof shipmentShape)[];

/** Priced lines of a shipment: boxes and services have the same members but their id. */
const pricedLine = <K extends string>(id: K) =>
  z.looseObject({ [id]: text, name: text, quantity: count, price_per_unit: finite } as Record<K, typeof text> & {
    name: typeof text;
    quantity: typeof count;
    price_per_unit: typeof finite;
  });

/**
 * A shipment with its detail members, as `GET /api/v1/shipments/{id}` returns it.
 * @example
 * ```ts
 * import { readFile } from 'node:fs/promises';
 * const saved: unknown = JSON.parse(await readFile('shipment-detail.json', 'utf8'));
 * const checked = shipmentDetailSchema.safeParse(saved);
 * const detail = checked.success ? checked.data : await warehouse.shipments.retrieve('0b9c3f4e-6a1d-4c2b-9e8f-2d7a5b1c3e40');
 * ```
 */
export const shipmentDetailSchema = z.looseObject({
  ...shipmentShape,
  orders: z.array(
    z.looseObject({
      order_id: uuid,
      item_name: text,
      quantity_shipped: count,
      asin: text,
      amazon_sku: text,
      sold_as: oneOf(SOLD_AS_VALUES),
      units_per_pack: count,
    }),
  ),
  boxes: z.array(pricedLine('box_id')),
  services: z.array(pricedLine('service_id')),
  seller_central_linked: boolean,
  wfs_linked: boolean,
  unit_services_summary: record,
  trackings: z.array(z.looseObject({ ...trackingShape, tracking_id: text, rate_id: text, created_at: text })),
});

/** `data.results`: the total (`total` on the inbound list, `total_results` on shipments; either is read on both), offset and limit. */
const results = z
  .looseObject({ total: z.optional(count), total_results: z.optional(count), offset: z.optional(count), limit: z.optional(count) })
  .check(refineWith(holdsTotal, [], { message: 'must hold total (or total_results)', path: ['total'] }));
/** @internal `data` of the inbound list (read by the OpenAPI generator). */
export const inboundPageSchema = z.looseObject({ orders: z.array(inboundOrderSchema), results });
/** @internal `data` of the shipment list (read by the OpenAPI generator). */
export const shipmentPageSchema = z.looseObject({ shipments: z.array(shipmentSchema), results });

/**
 * The `{ status, message, data, errors }` envelope. `status: "failed"` is an error under any
 * HTTP status; a body that is no envelope breaks the document.
 */
function unwrap(raw: RawResponse): { message: string; data: unknown } {
  const body = raw.body;
  if (!isObject(body) || (body.status !== 'success' && body.status !== 'failed')) {
    const what = !raw.isJson
      ? 'is not JSON'
      : body === undefined
        ? 'is empty'
        : !isObject(body)
          ? 'is not an object'
          : 'has no status "success" or "failed"';
    raw.mismatch([{ path: isObject(body) ? ['status'] : [], message: `${what}: expected the response envelope` }]);
    return { message: '', data: isObject(body) ? body.data : undefined };
  }
  if (body.status === 'failed') throw raw.failed();
  return { message: typeof body.message === 'string' ? body.message : '', data: body.data };
}

/**
 * What the SDK itself needs of each body, held in every mode: `data` of its kind, a list's
 * items array and total, and the ids it puts in URLs. Any other member off its documented
 * type is reported, or rejected under `strictResponseValidation` (`checkBody`, after `checkBodyQuickly`'s fast yes).
 */
const needs = (...paths: string[]) => ({ at: ['data'], essential: new Set(['data', ...paths]) });
const listNeeds = (items: string, id: string) =>
  needs(`data.${items}`, `data.${items}[]`, `data.${items}[].${id}`, 'data.results', 'data.results.total', 'data.results.total_results');
const INBOUND_PAGE = listNeeds('orders', 'order_id');
const SHIPMENT_PAGE = listNeeds('shipments', 'shipment_id');
const SHIPMENT_DETAIL = needs('data.shipment', 'data.shipment.shipment_id', 'data.shipment.orders[].order_id');
const CREATED = needs('data.order_id');

type Requested = { offset: number; limit: number };

/**
 * A page as answered. The client computes the next offset itself (the offset asked plus the
 * items received); the answer's own `offset` is only shown, and reported when it is not the
 * one asked, so a wrong or negative offset is never sent back.
 */
function page<Item>(raw: RawResponse, items: Item[], counts: z.output<typeof results>, requested: Requested) {
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
  const data = checkBodyQuickly(raw, inboundPageSchema, unwrap(raw).data, INBOUND_PAGE);
  return page(raw, data.orders, data.results, requested);
}

export function parseShipmentPage(raw: RawResponse, requested: Requested) {
  const data = checkBodyQuickly(raw, shipmentPageSchema, unwrap(raw).data, SHIPMENT_PAGE);
  return page(raw, data.shipments, data.results, requested);
}

/** @internal `data` of a shipment's detail. */
export const shipmentDetailDataSchema = z.looseObject({ shipment: shipmentDetailSchema });
export function parseShipmentDetail(raw: RawResponse) {
  return checkBodyQuickly(raw, shipmentDetailDataSchema, unwrap(raw).data, SHIPMENT_DETAIL).shipment;
}

/** `inbound.create`: `data.order_id`. A write: an odd body is reported and returned as received. */
/** @internal `data` of a created order. */
export const createdOrderDataSchema = z.looseObject({ order_id: uuid });
export function parseCreated(raw: RawResponse): { order_id: string; [member: string]: unknown } {
  const data = checkBodyQuickly(raw, createdOrderDataSchema, unwrap(raw).data, CREATED);
  return isObject(data) ? data : ({} as { order_id: string });
}

/** The bulk response body is not documented: the envelope's message and `data` as sent. */
export function parseBulkCreated(raw: RawResponse): { message: string; data: unknown } {
  const { message, data } = unwrap(raw);
  return { message, data: data ?? null };
}

export function parseUpdated(raw: RawResponse): { message: string } {
  return { message: unwrap(raw).message };
}
