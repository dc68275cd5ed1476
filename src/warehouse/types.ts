/**
 * The warehouse API's shapes, every one derived from the schema that checks it (request
 * types from `schemas.ts`, response types from `responses.ts`) and the enumerations in
 * `fields.ts`: nothing here is written twice. Response objects keep any member the server adds.
 *
 * A response type says what can arrive, which is more than the document's letter (the
 * schemas): a read resolves with the body as received (only reporting what breaks the
 * letter), so enumerations are open and the members a real service may leave empty are
 * typed so. Each widening is one line of `InboundOrderReading`, `ShipmentReading`
 * and the line types below, and a row of the Assumptions table (docs/assumptions.md).
 */
import type * as z from 'zod/mini';
import type {
  ASIN_REQUIRED_FOR,
  CreateFulfillmentType,
  FulfillmentType,
  ShipmentFulfillmentType,
  ShipmentStatus,
  SoldAs,
} from './fields.js';
import type { inboundOrderSchema, shipmentDetailSchema, shipmentSchema } from './responses.js';
import type { inboundListParamsSchema, inboundOrderCreateObject, inboundOrderUpdateSchema, shipmentListParamsSchema } from './schemas.js';

type AsinRequiredFor = (typeof ASIN_REQUIRED_FOR)[number];

/**
 * A documented enumeration as a response may hold it: the named values still narrow, and a
 * value the service adds later is text rather than a lie.
 * @example
 * ```ts
 * const label = (status: OpenEnum<ShipmentStatus>) => (status === 'shipped' ? 'Shipped' : status);
 * ```
 */
export type OpenEnum<T extends string> = T | (string & {});

/** `T` with the members of `Changes` typed as `Changes` says (its other members, and any extra ones, as they are). */
type Reading<T, Changes> = { [K in keyof T as K extends keyof Changes ? never : K]: T[K] } & Changes;

/**
 * How an inbound order's members are read beyond the document's letter: open enumerations,
 * and `null` for the members a create may leave out (`asin`, `size`, `amazon_sku`,
 * `tracking_numbers`, `units_per_pack`).
 */
interface InboundOrderReading {
  fulfillment_type: OpenEnum<FulfillmentType>;
  sold_as: OpenEnum<SoldAs>;
  asin: string | null;
  size: string | null;
  amazon_sku: string | null;
  tracking_numbers: string[] | null;
  units_per_pack: number | null;
}

/**
 * How a shipment's members are read beyond the document's letter: open enumerations, and
 * `shipped_at` null until it ships.
 */
interface ShipmentReading {
  status: OpenEnum<ShipmentStatus>;
  fulfillment_type: OpenEnum<ShipmentFulfillmentType>;
  shipped_at: string | null;
}
type Conditional = 'fulfillment_type' | 'asin' | 'sold_as' | 'units_per_pack';

/**
 * The create endpoint's "required when" rules as types: an `asin` for fba and fbm orders,
 * a `units_per_pack` when `sold_as` is bundle.
 */
// Each rule is written as "given, any value goes; left out, only the values that do not need
// it": a `fulfillment_type` that is itself a union (read from a form) then compiles whenever
// the order carries an `asin`, as the runtime takes it.
type WithCreateRules<T> = Omit<T, Conditional> &
  (
    | { fulfillment_type: CreateFulfillmentType; asin: string }
    | { fulfillment_type: Exclude<CreateFulfillmentType, AsinRequiredFor>; asin?: string | undefined }
  ) &
  (
    | { sold_as?: 'individual' | 'bundle' | undefined; units_per_pack: number | string }
    | { sold_as?: 'individual' | undefined; units_per_pack?: number | string | undefined }
  );

/**
 * A new inbound order (`POST /api/v1/inbound`, multipart). The types require what the
 * document requires, including `asin` for fba and fbm orders and `units_per_pack` when
 * `sold_as` is bundle. Checked when it is sent, beyond the types: required text is not empty,
 * `asin` is not empty where required, `quantity` is a whole number 0 or more, `date` is a
 * real day (`MM/DD/YYYY` or `YYYY-MM-DD` text, or a `Date`, sent as the calendar day it
 * shows), `units_per_pack` is a positive integer. `bundle_items` are used when sold as a
 * bundle, `shipping_label_files` for two-step fulfillment.
 * @example
 * ```ts
 * const newOrder: InboundOrderCreate = {
 *   date: new Date(2026, 10, 22), retailer: 'Target', order_number: 'PO-1001', item_name: 'Desk lamp', color: 'black',
 *   brand_sku: 'LAMP-BLK', quantity: 12, asin: 'B000000001', unit_cost: 9.5, list_price: 24.99, fulfillment_type: 'fba',
 * };
 * const { order_id } = await warehouse.inbound.create(newOrder);
 * ```
 */
export type InboundOrderCreate = WithCreateRules<z.input<typeof inboundOrderCreateObject>>;

/**
 * A row of a bulk upload: a new order without files or bundle items. Beyond
 * {@link InboundOrderCreate}'s rules, a text cell must not start like a spreadsheet formula
 * (`=`, `+`, `-`, `@`) and a tracking number must not hold `;` (the CSV list separator).
 * @example
 * ```ts
 * const row: InboundOrderRow = {
 *   date: '03/14/2026', retailer: 'Walmart', order_number: 'PO-2001', item_name: 'Desk lamp', color: 'white',
 *   brand_sku: 'LAMP-WHT', quantity: 24, unit_cost: 9.5, list_price: 24.99, fulfillment_type: 'wfs',
 * };
 * await warehouse.inbound.createBulk([row, { ...row, order_number: 'PO-2002', quantity: 12 }]);
 * ```
 */
export type InboundOrderRow = WithCreateRules<Omit<z.input<typeof inboundOrderCreateObject>, 'bundle_items' | 'shipping_label_files'>>;

/**
 * One item of a bundle: quantity, item_name and color, and further members as given.
 * @example
 * ```ts
 * const bundle_items: BundleItem[] = [{ quantity: 1, item_name: 'Desk lamp', color: 'black' }];
 * ```
 */
export type BundleItem = NonNullable<z.input<typeof inboundOrderCreateObject>['bundle_items']>[number];

/**
 * A file part: a `Blob` or `File` (Node: `await fs.openAsBlob(path)` streams from disk).
 * @example
 * ```ts
 * import { openAsBlob } from 'node:fs';
 * const label: FileInput = await openAsBlob('label-PO-1001.pdf', { type: 'application/pdf' });
 * ```
 */
export type FileInput = Blob;

/**
 * What a bulk upload takes: CSV text, a CSV `Blob`/`File` (streamed), CSV bytes, or rows to turn into CSV.
 * @example
 * ```ts
 * import { readFile } from 'node:fs/promises';
 * await warehouse.inbound.createBulk(await readFile('orders.csv', 'utf8')); // or a Blob, bytes, or InboundOrderRow[]
 * ```
 */
export type BulkInput = string | Blob | Uint8Array | ArrayBuffer | readonly InboundOrderRow[];

/**
 * A change to an inbound order (`PUT /api/v1/inbound/{order_id}`): only the members to
 * change, named as the update endpoint names them. The update rules read the order's merged
 * state, which the types cannot see; `checkInboundUpdate` (run by `inbound.update`, with
 * `current` when given) checks them: an fbm order's `amazonSKU` starts with PFL or is empty
 * and its `listPrice` is non-zero; when `sold_as` is not individual, `units_per_pack` is a
 * positive integer that divides `quantity`; `fulfilledBy` does not change once the order is
 * outbound.
 * @example
 * ```ts
 * const patch: InboundOrderUpdate = { quantity: 24, notes: 'Fragile: glass shades', trackingNumbers: ['1Z999AA10123456784'] };
 * await warehouse.inbound.update(order.order_id, patch, { current: order });
 * ```
 */
export type InboundOrderUpdate = z.input<typeof inboundOrderUpdateSchema>;

/**
 * Query parameters of the inbound order list (`GET /api/v1/inbound`): paging (`limit: -1` is
 * one page of everything), sorting by a member of the order, and a fulfillment type filter.
 * @example
 * ```ts
 * const params: InboundListParams = { sort_key: 'created_at', sort_order: 'asc', fulfillment_types: ['fba', 'fbm'] };
 * ```
 */
export type InboundListParams = z.input<typeof inboundListParamsSchema>;

/**
 * Query parameters of the shipment list (`GET /api/v1/shipments`): paging, sorting, and
 * filters on fulfillment types, statuses or one shipment id.
 * @example
 * ```ts
 * const params: ShipmentListParams = { statuses: ['picking', 'picked'], fulfillment_types: ['fbm'] };
 * ```
 */
export type ShipmentListParams = z.input<typeof shipmentListParamsSchema>;

/**
 * An inbound order as the list endpoint returns it: every documented member, typed as it may
 * arrive (`client_notes`, `upc` and the members a create may leave out may be null;
 * `fulfillment_type`, `sold_as` and `status` may hold values the document does not list).
 * @example
 * ```ts
 * const describeOrder = (order: InboundOrder) => `${order.order_number}: ${order.quantity} × ${order.item_name} (${order.status})`;
 * ```
 */
export type InboundOrder = Reading<z.output<typeof inboundOrderSchema>, InboundOrderReading>;

/**
 * A shipment as the list endpoint returns it (`stage`, `notes` and `shipped_at` may be null;
 * `status` and `fulfillment_type` may hold values the document does not list).
 * @example
 * ```ts
 * const late = (s: Shipment) => s.status !== 'shipped' && new Date(s.latest_ship_date) < new Date();
 * const shippedOn = (s: Shipment) => (s.shipped_at === null ? 'not yet' : s.shipped_at.slice(0, 10));
 * ```
 */
export type Shipment = Reading<z.output<typeof shipmentSchema>, ShipmentReading>;

/**
 * A tracking entry of a listed shipment.
 * @example
 * ```ts
 * const summarize = (trackings: Tracking[]) => trackings.map((t) => `${t.carrier} ${t.tracking_number}: ${t.tracking_status}`);
 * ```
 */
export type Tracking = Shipment['trackings'][number];

/**
 * A tag on a shipment: a name (`tag`) and its `value`.
 * @example
 * ```ts
 * const tagValue = (tags: Tag[], name: string) => tags.find((t) => t.tag === name)?.value;
 * ```
 */
export type Tag = Shipment['tags'][number];

type DocumentedDetail = z.output<typeof shipmentDetailSchema>;

/**
 * A shipment with its detail members (`GET /api/v1/shipments/{id}`), read as {@link Shipment} is.
 * @example
 * ```ts
 * const detail: ShipmentDetail = await warehouse.shipments.retrieve('0b9c3f4e-6a1d-4c2b-9e8f-2d7a5b1c3e40');
 * console.log(`${detail.orders.length} orders; WFS linked: ${detail.wfs_linked}`);
 * ```
 */
export type ShipmentDetail = Reading<DocumentedDetail, ShipmentReading & { orders: ShipmentOrder[]; trackings: TrackingDetail[] }>;

/**
 * An order packed in a shipment (detail endpoint only), with the quantity shipped. The
 * document does not show its members' types; `asin`, `amazon_sku` and `units_per_pack` may
 * be null (a create may leave them out) and `sold_as` may hold another value.
 * @example
 * ```ts
 * const packingLine = (order: ShipmentOrder) => `${order.quantity_shipped} × ${order.item_name}`;
 * ```
 */
export type ShipmentOrder = Reading<
  DocumentedDetail['orders'][number],
  { sold_as: OpenEnum<SoldAs>; asin: string | null; amazon_sku: string | null; units_per_pack: number | null }
>;

/**
 * A box used for a shipment (detail endpoint only).
 * @example
 * ```ts
 * const boxCost = (boxes: ShipmentBox[]) => boxes.reduce((sum, box) => sum + box.quantity * box.price_per_unit, 0);
 * ```
 */
export type ShipmentBox = ShipmentDetail['boxes'][number];

/**
 * A service billed on a shipment (detail endpoint only).
 * @example
 * ```ts
 * const billed = (services: ShipmentService[]) => services.filter((service) => service.quantity > 0);
 * ```
 */
export type ShipmentService = ShipmentDetail['services'][number];

/**
 * A tracking entry in full, as the shipment detail endpoint returns it. The document does not
 * show `rate_id`'s type: it may be null (no rate bought).
 * @example
 * ```ts
 * const newest = (trackings: TrackingDetail[]) => [...trackings].sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
 * ```
 */
export type TrackingDetail = Reading<DocumentedDetail['trackings'][number], { rate_id: string | null }>;

/**
 * Result of `inbound.create`: the new order's id (and any member the server adds).
 * @example
 * ```ts
 * const created: CreatedInboundOrder = await warehouse.inbound.create({
 *   date: '2026-11-22', retailer: 'Target', order_number: 'PO-1001', item_name: 'Desk lamp', color: 'black', brand_sku: 'LAMP-BLK',
 *   quantity: 12, unit_cost: 9.5, list_price: 24.99, fulfillment_type: 'wfs',
 * });
 * console.log(created.order_id);
 * ```
 */
export interface CreatedInboundOrder {
  order_id: string;
  [member: string]: unknown;
}

/**
 * Result of `inbound.createBulk`: the envelope's message and data (the document does not show its shape).
 * @example
 * ```ts
 * import { openAsBlob } from 'node:fs';
 * const result: BulkCreateResult = await warehouse.inbound.createBulk(await openAsBlob('orders.csv'));
 * ```
 */
export interface BulkCreateResult {
  message: string;
  /** The envelope's `data` as sent (`null` when absent). */
  data: unknown;
}

/**
 * Result of `inbound.update`: the envelope's message.
 * @example
 * ```ts
 * const { message }: UpdateResult = await warehouse.inbound.update(order.order_id, { quantity: 24 }, { current: order });
 * ```
 */
export interface UpdateResult {
  message: string;
}
