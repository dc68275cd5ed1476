/**
 * The warehouse API's response bodies, member by member as the document types them, written
 * once as zod schemas; the response types derive from them (`types.ts`). A member the
 * document types `string` is a string (never null unless the document says "or null"), an
 * `integer` refuses 2.5, a uuid id is a UUID, a documented enumeration holds one of its
 * values. Unknown members are kept as sent. These are the document's letter, the measure of
 * every body (and of the OpenAPI documents); what a read does with a body that breaks it is
 * `read-bodies.ts`'s: rejected where the SDK needs the member, else reported and resolved
 * as received (rejected under `strictResponseValidation`). A read runs the checks generated
 * from them (`body-checks.generated.ts`), never these: they are exported by `opslink/schemas`
 * and read by the OpenAPI documents and the mock. The types (`types.ts`) say what can arrive.
 */
import * as z from 'zod/mini';
import { isRecord, isString } from '../core/checks.js';
import { boolean, custom, finite, ISO_DATE_TIME_HINT, integer, oneOf, refineWith, uuid } from '../core/schema-kit.js';
import { holdsTotal, isTimestamp } from './checks.js';
import { FULFILLMENT_TYPES, type InboundStatus, SHIPMENT_FULFILLMENT_TYPES, SHIPMENT_STATUSES, SOLD_AS_VALUES } from './fields.js';
import { isRenderedDate } from './wire-format.js';

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

/** @internal Member names of a listed inbound order (the `sort_key` values); the entries export them as `INBOUND_ORDER_FIELDS`, generated from this shape. */
export const inboundOrderKeys = Object.keys(inboundOrderShape) as (keyof typeof inboundOrderShape)[];

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

/** @internal Member names of a listed shipment (the `sort_key` values); the entries export them as `SHIPMENT_FIELDS`, generated from this shape. */
export const shipmentKeys = Object.keys(shipmentShape) as (keyof typeof shipmentShape)[];

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

/** @internal `data` of a shipment's detail. */
export const shipmentDetailDataSchema = z.looseObject({ shipment: shipmentDetailSchema });

/** @internal `data` of a created order (`inbound.create`). */
export const createdOrderDataSchema = z.looseObject({ order_id: uuid });
