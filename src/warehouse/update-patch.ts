/**
 * The list endpoint and the update endpoint name the same members differently
 * (`order_number` vs `orderNumber`, `unit_cost` vs `cogs`). This turns a changed
 * list-shaped order into an update patch.
 */
import { RequestValidationError } from '../core/errors/index.js';
import type { InboundOrder, InboundOrderUpdate } from './types.js';

/**
 * List member name → update member name, for every member the update endpoint takes. The
 * two endpoints name the same fields differently; {@link toInboundUpdate} uses this map.
 * @example
 * ```ts
 * LIST_TO_UPDATE_NAMES.unit_cost; // 'cogs'
 * const editable = Object.keys(LIST_TO_UPDATE_NAMES); // the list columns a form may offer for editing
 * ```
 */
export const LIST_TO_UPDATE_NAMES = {
  date: 'date',
  retailer: 'retailer',
  order_number: 'orderNumber',
  item_name: 'itemName',
  color: 'color',
  brand_sku: 'brandSKU',
  size: 'size',
  quantity: 'quantity',
  asin: 'asin',
  amazon_sku: 'amazonSKU',
  unit_cost: 'cogs',
  list_price: 'listPrice',
  client_notes: 'notes',
  fulfillment_type: 'fulfilledBy',
  tracking_numbers: 'trackingNumbers',
  sold_as: 'sold_as',
  units_per_pack: 'units_per_pack',
} as const satisfies Partial<Record<keyof InboundOrder, keyof InboundOrderUpdate>>;

/** Update members that are free text, where '' is what "no value" means. */
const CLEARABLE_TEXT = new Set<string>(['size', 'asin', 'notes', 'color', 'retailer', 'itemName', 'orderNumber', 'brandSKU']);

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => v === b[i]);
  return a === b;
}

/**
 * The update patch for `changed` (list member names). With `original`, only the members
 * whose value differs are included; members the update endpoint does not take are left out.
 * @example
 * ```ts
 * const patch = toInboundUpdate({ ...order, quantity: 24, client_notes: 'fragile' }, order);
 * // { quantity: 24, notes: 'fragile' }
 * await warehouse.inbound.update(order.order_id, patch, { current: order });
 * ```
 */
export function toInboundUpdate(changed: Partial<InboundOrder>, original?: Partial<InboundOrder>): InboundOrderUpdate {
  if (changed === null || typeof changed !== 'object')
    throw new RequestValidationError([{ path: [], message: 'must be an object of order members as listed' }], 'inbound order update');
  const patch: Record<string, unknown> = {};
  for (const [listName, updateName] of Object.entries(LIST_TO_UPDATE_NAMES)) {
    const value = changed[listName];
    if (value === undefined) continue;
    if (original && same(value, original[listName])) continue;
    if (value === null) {
      // The update endpoint takes no nulls. Free text left empty is sent as ''; any other
      // member is left out, since '' would mean something else (an empty amazonSKU is
      // generated anew) or be refused (units_per_pack).
      if (CLEARABLE_TEXT.has(updateName)) patch[updateName] = '';
      continue;
    }
    patch[updateName] = value;
  }
  return patch as InboundOrderUpdate;
}
