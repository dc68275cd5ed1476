/**
 * Request schemas of the warehouse API (zod/mini), written once from the document's field
 * tables; the request types derive from them (`types.ts`). The SDK checks with them before
 * sending, and the mock checks what it receives with the same schemas after decoding the
 * form, so the two cannot part. The update endpoint's business rules live in `check-update.ts`.
 */
import * as z from 'zod/mini';
import { custom, finite, integer, matching, nonEmpty, onAnyObject, oneOf, uuid } from '../core/schema-kit.js';
import { isValidDate } from '../internal/dates.js';
import {
  ASIN_REQUIRED_FOR,
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
import { INBOUND_ORDER_FIELDS, SHIPMENT_FIELDS } from './responses.js';
import { CSV_LIST_SEPARATOR, FORMULA_PREFIXES, readOrderDate } from './wire-format.js';

/** An order date: `MM/DD/YYYY` or `YYYY-MM-DD` text naming a real day, or a valid `Date` (sent as MM/DD/YYYY). */
const orderDate = custom<string | Date>(
  (v) => (typeof v === 'string' ? readOrderDate(v) !== undefined : isValidDate(v)),
  'must be a real calendar day as MM/DD/YYYY or YYYY-MM-DD text, or a valid Date',
  { type: 'string', pattern: '^(\\d{1,2}/\\d{1,2}/\\d{4}|\\d{4}-\\d{2}-\\d{2})$' },
);

/** A count of units: a whole number, 0 or more. */
const units = integer(0);

/** `units_per_pack` is a string on the create form; a positive integer, or a string of its digits, is taken. */
const packSize = custom<number | string>(
  (v) =>
    typeof v === 'number'
      ? Number.isSafeInteger(v) && v >= 1
      : typeof v === 'string' && /^[1-9]\d*$/.test(v) && Number.isSafeInteger(Number(v)),
  'must be a positive integer',
  { type: 'string', pattern: '^[1-9]\\d*$' },
);

/** How deep a bundle item may nest: deeper is a cycle, or no item a warehouse form needs. */
const JSON_DEPTH = 64;
type Path = (string | number)[];

/**
 * Where `value` stops being plain JSON data, and why: what `JSON.stringify` would change or
 * drop (a `toJSON` method, a `Date`, a `Map`, `NaN`, a function) is refused, so what is
 * checked is what is sent. `undefined` members of an object are absent, as in JSON.
 */
function jsonProblem(value: unknown, path: Path, depth = 0): { path: Path; message: string } | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : { path, message: `must be a finite number, not ${value}` };
  if (typeof value !== 'object')
    return { path, message: `must be JSON data, not ${typeof value === 'undefined' ? 'undefined' : `a ${typeof value}`}` };
  if (depth >= JSON_DEPTH) return { path, message: `must not nest deeper than ${JSON_DEPTH} levels (or refer to itself)` };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = jsonProblem(value[i], [...path, i], depth + 1);
      if (problem) return problem;
    }
    return undefined;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    return { path, message: 'must be a plain object or array (not a Date, Map, Set or class instance: JSON would change it)' };
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return { path, message: 'must not have a toJSON method (JSON would send what it returns, not what was checked)' };
  }
  for (const [key, member] of Object.entries(value)) {
    const problem = member === undefined ? undefined : jsonProblem(member, [...path, key], depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

const plainJson = z.superRefine((item: unknown, ctx) => {
  let problem: ReturnType<typeof jsonProblem>;
  try {
    problem = jsonProblem(item, []);
  } catch {
    problem = { path: [], message: 'must be plain JSON data (a member could not be read)' };
  }
  if (problem) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message, input: item });
});

/** One bundle item: quantity, item_name and color, and further members passed through (sent as JSON text). */
const bundleItem = z.looseObject({ quantity: units, item_name: nonEmpty, color: z.string() }).check(plainJson);

const isBlob = (value: unknown) => typeof Blob !== 'undefined' && value instanceof Blob;
const labelFiles = custom<Blob | Blob[]>(
  // An index loop, not every(): a hole in a sparse array is a missing file, not nothing.
  (v) => isBlob(v) || (Array.isArray(v) && v.length > 0 && Array.from(v).every(isBlob)),
  'must be a Blob or File, or a non-empty array of them',
  { type: 'string', format: 'binary' },
);

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
 * Columns of the bulk-upload CSV, in order: the create form's order fields. The document
 * does not show them; these are the create endpoint's own field names.
 * @example
 * ```ts
 * const header = BULK_CSV_COLUMNS.join(','); // date,retailer,order_number,…
 * ```
 */
export const BULK_CSV_COLUMNS = Object.keys(orderFields) as (keyof typeof orderFields)[];

type RuleSubject = { fulfillment_type: string; asin?: string | undefined; sold_as?: string | undefined; units_per_pack?: unknown };

/** The create endpoint's "required when" rules. */
const createRules = z.superRefine((order: RuleSubject, ctx) => {
  if ((ASIN_REQUIRED_FOR as readonly string[]).includes(order.fulfillment_type) && !order.asin) {
    ctx.addIssue({ code: 'custom', path: ['asin'], message: `is required for ${order.fulfillment_type} orders`, input: order.asin });
  }
  if (order.sold_as === 'bundle' && order.units_per_pack === undefined) {
    ctx.addIssue({ code: 'custom', path: ['units_per_pack'], message: 'is required when sold_as is bundle', input: undefined });
  }
}, onAnyObject);

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
 * A new inbound order (`inbound.create`). Its type, {@link InboundOrderCreate}, says the same
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
export const inboundOrderCreateSchema = inboundOrderCreateObject.check(createRules);

/**
 * What a bulk-upload cell may not hold: a tracking number with the list separator `;` (it
 * would arrive as two), or text that starts like a spreadsheet formula (`=`, `+`, `-`, `@`).
 */
const csvRules = z.superRefine((row: Record<string, unknown>, ctx) => {
  for (const [column, value] of Object.entries(row)) {
    const cells = column === 'tracking_numbers' && Array.isArray(value) ? value : [value];
    cells.forEach((cell, i) => {
      if (typeof cell !== 'string') return;
      const path = column === 'tracking_numbers' ? [column, i] : [column];
      if (column === 'tracking_numbers' && cell.includes(CSV_LIST_SEPARATOR)) {
        ctx.addIssue({
          code: 'custom',
          path,
          message: `must not contain "${CSV_LIST_SEPARATOR}", which separates tracking numbers in a CSV cell`,
          input: cell,
        });
      }
      if (column !== 'date' && column !== 'units_per_pack' && FORMULA_PREFIXES.some((p) => cell.startsWith(p))) {
        ctx.addIssue({
          code: 'custom',
          path,
          message: 'must not start with =, +, -, @, a tab or a carriage return (a spreadsheet would run it as a formula)',
          input: cell,
        });
      }
    });
  }
}, onAnyObject);

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
export const inboundOrderRowSchema = z.strictObject(orderFields).check(createRules, csvRules);

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
    integer(undefined, L.largestQueryNumber).check(
      z.refine((n: number) => n === -1 || n >= 1, 'must be a positive integer, or -1 for every record'),
    ),
  ),
  sort_key: z.optional(oneOf(INBOUND_ORDER_FIELDS)),
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
  sort_key: z.optional(oneOf(SHIPMENT_FIELDS)),
  sort_order: sortOrder,
  fulfillment_types: z.optional(z.array(oneOf(SHIPMENT_FULFILLMENT_TYPES))),
  statuses: z.optional(z.array(oneOf(SHIPMENT_STATUSES))),
  shipment_id: z.optional(uuid),
});
