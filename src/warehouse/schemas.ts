/**
 * Request schemas of the warehouse API (zod/mini), written once from the document's field
 * tables; the request types derive from them (`types.ts`). The SDK checks with the checks
 * generated from them (`fast-checks.generated.ts`) before sending, and the mock checks what it
 * receives with these same schemas after decoding the form, so the two cannot part. Exported
 * by `opslink/schemas` only. The update endpoint's business rules live in `check-update.ts`.
 */
import * as z from 'zod/mini';
import { custom, finite, integer, matching, nonEmpty, oneOf, refineWith, rule, uuid } from '../core/schema-kit.js';
import { createRuleProblems, csvCellProblems, isInboundLimit, isLabelFiles, isOrderDate, isPackSize, jsonDataProblems } from './checks.js';
import {
  CREATE_FULFILLMENT_TYPES,
  CREATE_SOLD_AS,
  FULFILLMENT_TYPES,
  INBOUND_FILTER_FULFILLMENT_TYPES,
  SHIPMENT_FULFILLMENT_TYPES,
  SHIPMENT_STATUSES,
  SOLD_AS_VALUES,
  SORT_ORDERS,
} from './fields.js';
import { WAREHOUSE_LIMITS as L } from './limits.js';
import { inboundOrderKeys, shipmentKeys } from './responses.js';

/** An order date: `MM/DD/YYYY` or `YYYY-MM-DD` text naming a real day, or a valid `Date` (sent as MM/DD/YYYY). */
const orderDate = custom<string | Date>(isOrderDate, 'must be a real calendar day as MM/DD/YYYY or YYYY-MM-DD text, or a valid Date', {
  type: 'string',
  pattern: '^(\\d{1,2}/\\d{1,2}/\\d{4}|\\d{4}-\\d{2}-\\d{2})$',
});

/** A count of units: a whole number, 0 or more. */
const units = integer(0);

/** `units_per_pack` is a string on the create form; a positive integer, or a string of its digits, is taken. */
const packSize = custom<number | string>(isPackSize, 'must be a positive integer', { type: 'string', pattern: '^[1-9]\\d*$' });

/** One bundle item: quantity, item_name and color, and further members passed through (sent as JSON text). */
const bundleItem = z.looseObject({ quantity: units, item_name: nonEmpty, color: z.string() }).check(rule(jsonDataProblems));

const labelFiles = custom<Blob | Blob[]>(isLabelFiles, 'must be a Blob or File, or a non-empty array of them', {
  type: 'string',
  format: 'binary',
});

/** The create form's order fields, in the document's order: the bulk CSV's columns too. */
const orderFields = {
  date: orderDate,
  retailer: nonEmpty,
  order_number: nonEmpty,
  item_name: nonEmpty,
  color: nonEmpty,
  brand_sku: nonEmpty,
  quantity: units,
  asin: z.optional(z.string()),
  unit_cost: finite,
  list_price: finite,
  fulfillment_type: oneOf(CREATE_FULFILLMENT_TYPES),
  size: z.optional(z.string()),
  amazon_sku: z.optional(z.string()),
  client_notes: z.optional(z.string()),
  tracking_numbers: z.optional(z.array(nonEmpty)),
  sold_as: z.optional(oneOf(CREATE_SOLD_AS)),
  units_per_pack: z.optional(packSize),
  upc: z.optional(z.string()),
};

/**
 * The create schema's object, before its "required when" rules: its `shape` names the form's
 * fields and their checks (the types and the multipart encoding are read off it).
 * @example
 * ```ts
 * const formFields = Object.keys(inboundOrderCreateObject.shape); // ['date', 'retailer', …, 'shipping_label_files']
 * ```
 */
export const inboundOrderCreateObject = z.strictObject({
  ...orderFields,
  bundle_items: z.optional(z.array(bundleItem)),
  shipping_label_files: z.optional(labelFiles),
});

/**
 * A new inbound order (`inbound.create`). Its type, `InboundOrderCreate` (from `opslink`), says the same
 * "required when" rules where TypeScript can.
 * @example
 * ```ts
 * const result = inboundOrderCreateSchema.safeParse({
 *   date: '11/22/2026', retailer: 'Target', order_number: 'PO-1001', item_name: 'Desk lamp', color: 'black',
 *   brand_sku: 'LAMP-BLK', quantity: 12, unit_cost: 9.5, list_price: 24.99, fulfillment_type: 'fba',
 * });
 * result.success; // false: asin is required for fba orders
 * ```
 */
export const inboundOrderCreateSchema = inboundOrderCreateObject.check(rule(createRuleProblems));

/**
 * One row of a bulk upload (`inbound.createBulk` with rows): a new order without files or
 * bundle items, whose text travels in a CSV cell. Check rows read from a spreadsheet before
 * uploading them.
 * @example
 * ```ts
 * const rows: InboundOrderRow[] = [
 *   { date: '11/22/2026', retailer: 'Target', order_number: 'PO-1001', item_name: 'Desk lamp', color: 'black', brand_sku: 'LAMP-BLK',
 *     quantity: 12, unit_cost: 9.5, list_price: 24.99, fulfillment_type: 'wfs' },
 *   { date: '11/22/2026', retailer: 'Target', order_number: '=HYPERLINK("x")', item_name: 'Desk lamp', color: 'white', brand_sku: 'LAMP-WHT',
 *     quantity: 12, unit_cost: 9.5, list_price: 24.99, fulfillment_type: 'wfs' },
 * ];
 * const bad = rows.filter((row) => !inboundOrderRowSchema.safeParse(row).success);
 * if (bad.length === 0) await warehouse.inbound.createBulk(rows);
 * ```
 */
export const inboundOrderRowSchema = z.strictObject(orderFields).check(rule(createRuleProblems), rule(csvCellProblems));

/**
 * A change to an inbound order (`inbound.update`), member names as the update endpoint
 * spells them (`orderNumber`, `brandSKU`, `cogs`, not the list's `order_number`,
 * `brand_sku`, `unit_cost`): the members' checks. The rules between members are checked by
 * `checkInboundUpdate`; `opslink/schemas` exports this schema with them (`update-schema.ts`).
 * @example
 * ```ts
 * inboundOrderUpdateSchema.safeParse({ order_number: 'PO-1002' }).success; // false: the update member is orderNumber
 * inboundOrderUpdateSchema.safeParse({ orderNumber: 'PO-1002', cogs: 9.5 }).success; // true
 * ```
 */
export const inboundOrderUpdateSchema = z.strictObject({
  date: z.optional(orderDate),
  retailer: z.optional(z.string()),
  orderNumber: z.optional(z.string()),
  itemName: z.optional(z.string()),
  color: z.optional(z.string()),
  brandSKU: z.optional(z.string()),
  size: z.optional(z.string()),
  quantity: z.optional(units),
  asin: z.optional(z.string()),
  amazonSKU: z.optional(z.string()),
  cogs: z.optional(finite),
  listPrice: z.optional(finite),
  notes: z.optional(z.string()),
  fulfilledBy: z.optional(oneOf(FULFILLMENT_TYPES)),
  trackingNumbers: z.optional(z.array(z.string())),
  sold_as: z.optional(oneOf(SOLD_AS_VALUES)),
  units_per_pack: z.optional(integer()),
});

const offset = z.optional(integer(0, L.largestQueryNumber));
const sortOrder = z.optional(oneOf(SORT_ORDERS));

/**
 * Query of `inbound.list` (`GET /api/v1/inbound`): `offset`, `limit` (-1 returns every
 * record), `sort_key` (a member of the listed orders), `sort_order`, `fulfillment_types` and `lang`.
 * @example
 * ```ts
 * inboundListParamsSchema.safeParse({ limit: -1, fulfillment_types: ['fba'] }).success; // true
 * inboundListParamsSchema.safeParse({ limit: 0 }).success; // false
 * ```
 */
export const inboundListParamsSchema = z.strictObject({
  offset,
  limit: z.optional(
    integer(undefined, L.largestQueryNumber).check(refineWith(isInboundLimit, [], 'must be a positive integer, or -1 for every record')),
  ),
  sort_key: z.optional(oneOf(inboundOrderKeys)),
  sort_order: sortOrder,
  fulfillment_types: z.optional(z.array(oneOf(INBOUND_FILTER_FULFILLMENT_TYPES))),
  lang: z.optional(matching(/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/, 'must be a language tag such as en or es')),
});

/**
 * Query of `shipments.list` (`GET /api/v1/shipments`): `offset`, `limit`, `sort_key` (a
 * member of the listed shipments), `sort_order`, `fulfillment_types`, `statuses` and `shipment_id`.
 * @example
 * ```ts
 * shipmentListParamsSchema.safeParse({ statuses: ['picked', 'shipped'] }).success; // true
 * shipmentListParamsSchema.safeParse({ statuses: ['lost'] }).success; // false
 * ```
 */
export const shipmentListParamsSchema = z.strictObject({
  offset,
  limit: z.optional(integer(1, L.largestQueryNumber)),
  sort_key: z.optional(oneOf(shipmentKeys)),
  sort_order: sortOrder,
  fulfillment_types: z.optional(z.array(oneOf(SHIPMENT_FULFILLMENT_TYPES))),
  statuses: z.optional(z.array(oneOf(SHIPMENT_STATUSES))),
  shipment_id: z.optional(uuid),
});
