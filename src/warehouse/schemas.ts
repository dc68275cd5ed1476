/**
 * Request schemas of the warehouse API (zod/mini). They hold the document's field rules;
 * the update endpoint's business rules live in `update-rules.ts`.
 */
import * as z from 'zod/mini';
import { custom, integer, isValidDate, oneOf, nonEmpty as requiredText, uuid } from '../internal/schema-kit.js';

const optionalText = z.optional(z.string());
// z.number() already refuses NaN and ±Infinity.
const finite = z.number('must be a number');
const anyInteger = integer();
const positiveInteger = integer(1);

export const CREATE_FULFILLMENT_TYPES = ['fba', 'fbm', 'wfs', 'two-step', 'shopify'] as const;
export const UPDATE_FULFILLMENT_TYPES = ['fba', 'fbm', 'wfs', 'two-step', 'shopify', 'manual'] as const;
export const INBOUND_FILTER_FULFILLMENT_TYPES = ['fba', 'fbm', 'wfs', 'two-step'] as const;
export const SHIPMENT_FULFILLMENT_TYPES = ['fba', 'fbm', 'manual', 'wfs', 'shopify'] as const;
export const SHIPMENT_STATUSES = ['working', 'requested', 'picking', 'picked', 'shipped'] as const;
export const SOLD_AS_VALUES = ['individual', 'multi-pack', 'bundle'] as const;

/** An order date: non-empty text, or a valid `Date` (sent as MM/DD/YYYY). */
const orderDate = custom<string | Date>(
  (v) => (typeof v === 'string' ? v.length > 0 : isValidDate(v)),
  'must be a non-empty string or a valid Date',
);

/** `units_per_pack` is a string on the create form; a number or a string of digits is taken. */
const unitsPerPack = custom<number | string>(
  (v) => (typeof v === 'number' ? Number.isInteger(v) && v >= 1 : typeof v === 'string' && /^[1-9]\d*$/.test(v)),
  'must be a positive integer',
);

const bundleItem = z
  .looseObject({
    quantity: positiveInteger,
    item_name: requiredText,
    color: z.string(),
  })
  .check(
    // Sent as JSON text: members JSON cannot hold (a BigInt, a cycle) are refused here, not mid-upload.
    z.refine((item) => {
      try {
        JSON.stringify(item);
        return true;
      } catch {
        return false;
      }
    }, 'must be plain JSON data (no BigInt, cycles or extreme nesting)'),
  );

const isBlob = (value: unknown) => typeof Blob !== 'undefined' && value instanceof Blob;
const labelFiles = custom<Blob | Blob[]>(
  (v) => isBlob(v) || (Array.isArray(v) && v.length > 0 && v.every(isBlob)),
  'must be a Blob or File, or a non-empty array of them',
);

/** Fields of one order on the create form, without the rules that tie fields together. */
const orderFields = {
  date: orderDate,
  retailer: requiredText,
  order_number: requiredText,
  item_name: requiredText,
  // Required by the document like the other text fields, so empty is refused as for them.
  color: requiredText,
  brand_sku: requiredText,
  quantity: anyInteger,
  asin: optionalText,
  unit_cost: finite,
  list_price: finite,
  fulfillment_type: oneOf(CREATE_FULFILLMENT_TYPES),
  size: optionalText,
  amazon_sku: optionalText,
  client_notes: optionalText,
  tracking_numbers: z.optional(z.array(requiredText)),
  sold_as: z.optional(oneOf(['individual', 'bundle'])),
  units_per_pack: z.optional(unitsPerPack),
  upc: optionalText,
};

type OrderFields = { fulfillment_type: string; asin?: string | undefined; sold_as?: string | undefined; units_per_pack?: unknown };

/** The create endpoint's conditional requirements. */
const createRules = z.superRefine((order: OrderFields, ctx) => {
  if ((order.fulfillment_type === 'fba' || order.fulfillment_type === 'fbm') && !order.asin) {
    ctx.addIssue({ code: 'custom', path: ['asin'], message: `is required for ${order.fulfillment_type} orders`, input: order.asin });
  }
  if (order.sold_as === 'bundle' && order.units_per_pack === undefined) {
    ctx.addIssue({ code: 'custom', path: ['units_per_pack'], message: 'is required when sold_as is bundle', input: undefined });
  }
});

/**
 * A new inbound order (`inbound.create`).
 * @example
 * ```ts
 * const result = inboundOrderCreateSchema.safeParse({
 *   date: '11/22/2026', retailer: 'Target', order_number: 'PO-1001', item_name: 'Desk lamp', color: 'black',
 *   brand_sku: 'LAMP-BLK', quantity: 12, unit_cost: 9.5, list_price: 24.99, fulfillment_type: 'fba',
 * });
 * result.success; // false: asin is required for fba orders
 * ```
 */
export const inboundOrderCreateSchema = z
  .strictObject({
    ...orderFields,
    bundle_items: z.optional(z.array(bundleItem)),
    shipping_label_files: z.optional(labelFiles),
  })
  .check(createRules);

/**
 * One row of a bulk upload (`inbound.createBulk` with rows): a new order without files or
 * bundle items. Check rows read from a spreadsheet before uploading them.
 * @example
 * ```ts
 * const bad = rows.filter((row) => !inboundOrderRowSchema.safeParse(row).success);
 * if (bad.length === 0) await warehouse.inbound.createBulk(rows);
 * ```
 */
export const inboundOrderRowSchema = z.strictObject(orderFields).check(createRules);

/**
 * A change to an inbound order (`inbound.update`), member names as the update endpoint
 * spells them (`orderNumber`, `brandSKU`, `cogs`, not the list's `order_number`,
 * `brand_sku`, `unit_cost`). The rules between members are checked by `checkInboundUpdate`.
 * @example
 * ```ts
 * inboundOrderUpdateSchema.safeParse({ order_number: 'PO-1002' }).success; // false: the update member is orderNumber
 * inboundOrderUpdateSchema.safeParse({ orderNumber: 'PO-1002', cogs: 9.5 }).success; // true
 * ```
 */
export const inboundOrderUpdateSchema = z.strictObject({
  date: z.optional(orderDate),
  retailer: optionalText,
  orderNumber: optionalText,
  itemName: optionalText,
  color: optionalText,
  brandSKU: optionalText,
  size: optionalText,
  quantity: z.optional(anyInteger),
  asin: optionalText,
  amazonSKU: optionalText,
  cogs: z.optional(finite),
  listPrice: z.optional(finite),
  notes: optionalText,
  fulfilledBy: z.optional(oneOf(UPDATE_FULFILLMENT_TYPES)),
  trackingNumbers: z.optional(z.array(requiredText)),
  sold_as: z.optional(oneOf(SOLD_AS_VALUES)),
  units_per_pack: z.optional(anyInteger),
});

const offset = z.optional(integer(0));
const sortKey = z.optional(z.string().check(z.refine((k) => /^[A-Za-z0-9_]+$/.test(k), 'must be a field name')));
const sortOrder = z.optional(oneOf(['asc', 'desc']));

/**
 * Query of `inbound.list` (`GET /api/v1/inbound`): `offset`, `limit` (-1 returns every
 * record), `sort_key`, `sort_order`, `fulfillment_types` and `lang`.
 * @example
 * ```ts
 * inboundListParamsSchema.safeParse({ limit: -1, fulfillment_types: ['fba'] }).success; // true
 * inboundListParamsSchema.safeParse({ limit: 0 }).success; // false
 * ```
 */
export const inboundListParamsSchema = z.strictObject({
  offset,
  limit: z.optional(anyInteger.check(z.refine((n: number) => n === -1 || n >= 1, 'must be a positive integer, or -1 for every record'))),
  sort_key: sortKey,
  sort_order: sortOrder,
  fulfillment_types: z.optional(z.array(oneOf(INBOUND_FILTER_FULFILLMENT_TYPES))),
  lang: z.optional(
    z.string().check(z.refine((l) => /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/.test(l), 'must be a language tag such as en or es')),
  ),
});

/**
 * Query of `shipments.list` (`GET /api/v1/shipments`): `offset`, `limit`, `sort_key`,
 * `sort_order`, `fulfillment_types`, `statuses` and `shipment_id`.
 * @example
 * ```ts
 * shipmentListParamsSchema.safeParse({ statuses: ['picked', 'shipped'] }).success; // true
 * shipmentListParamsSchema.safeParse({ statuses: ['lost'] }).success; // false
 * ```
 */
export const shipmentListParamsSchema = z.strictObject({
  offset,
  limit: z.optional(positiveInteger),
  sort_key: sortKey,
  sort_order: sortOrder,
  fulfillment_types: z.optional(z.array(oneOf(SHIPMENT_FULFILLMENT_TYPES))),
  statuses: z.optional(z.array(oneOf(SHIPMENT_STATUSES))),
  shipment_id: z.optional(uuid),
});
