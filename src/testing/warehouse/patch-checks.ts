/**
 * Request checks of `PUT /inbound/{order_id}`: each member's name and type. Input: the parsed
 * JSON body. Output: the typed patch, or one problem string per bad member. The update rules
 * (`rules.ts`) come after these, on the merged state.
 */
import { type Checked, checked, isRecord } from '../kit/common.js';
import { parseOrderDate } from './dates.js';
import {
  INBOUND_FULFILLMENT_TYPES,
  INBOUND_SOLD_AS,
  type InboundFulfillmentType,
  type InboundOrderRecord,
  type InboundSoldAs,
} from './records.js';

/**
 * Body of `PUT /inbound/{order_id}`, with the update's own member names.
 * @example
 * ```ts
 * const patch: MockInboundPatch = { fulfilledBy: 'fbm', amazonSKU: 'X-1042', listPrice: 19.99 };
 * const order = mock.state.inboundOrders[0]!;
 * expect(mockUpdateViolations(order, patch, mock.settings)).toContain('fbm_amazon_sku_prefix');
 * ```
 */
export interface MockInboundPatch {
  date?: string;
  retailer?: string;
  orderNumber?: string;
  itemName?: string;
  color?: string;
  brandSKU?: string;
  size?: string;
  quantity?: number;
  asin?: string;
  amazonSKU?: string;
  cogs?: number;
  listPrice?: number;
  notes?: string;
  fulfilledBy?: InboundFulfillmentType;
  trackingNumbers?: string[];
  sold_as?: InboundSoldAs;
  units_per_pack?: number;
}

type PatchMember = { field: keyof InboundOrderRecord; check: (value: unknown) => string | undefined };

const isString = (name: string) => (v: unknown) => (typeof v === 'string' ? undefined : `${name} must be a string`);
const isFiniteNumber = (name: string) => (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v) ? undefined : `${name} must be a number`;
const isOneOf = (name: string, allowed: readonly string[]) => (v: unknown) =>
  typeof v === 'string' && allowed.includes(v) ? undefined : `${name} must be one of ${allowed.join(', ')}`;

/** Update member name -> record field, with its type check. Rule checks come after these. */
const PATCH_MEMBERS: Record<keyof MockInboundPatch, PatchMember> = {
  date: {
    field: 'date',
    check: (v) =>
      typeof v === 'string' && parseOrderDate(v) !== undefined ? undefined : 'date must be a date written MM/DD/YYYY or YYYY-MM-DD',
  },
  retailer: { field: 'retailer', check: isString('retailer') },
  orderNumber: { field: 'order_number', check: isString('orderNumber') },
  itemName: { field: 'item_name', check: isString('itemName') },
  color: { field: 'color', check: isString('color') },
  brandSKU: { field: 'brand_sku', check: isString('brandSKU') },
  size: { field: 'size', check: isString('size') },
  quantity: {
    field: 'quantity',
    check: (v) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? undefined : 'quantity must be a positive integer'),
  },
  asin: { field: 'asin', check: isString('asin') },
  amazonSKU: { field: 'amazon_sku', check: isString('amazonSKU') },
  cogs: { field: 'unit_cost', check: isFiniteNumber('cogs') },
  listPrice: { field: 'list_price', check: isFiniteNumber('listPrice') },
  notes: { field: 'client_notes', check: isString('notes') },
  fulfilledBy: { field: 'fulfillment_type', check: isOneOf('fulfilledBy', INBOUND_FULFILLMENT_TYPES) },
  trackingNumbers: {
    field: 'tracking_numbers',
    check: (v) => (Array.isArray(v) && v.every((n) => typeof n === 'string') ? undefined : 'trackingNumbers must be an array of strings'),
  },
  sold_as: { field: 'sold_as', check: isOneOf('sold_as', INBOUND_SOLD_AS) },
  // A number of any kind passes here: whether it is a positive integer is rule 3's call.
  units_per_pack: { field: 'units_per_pack', check: isFiniteNumber('units_per_pack') },
};

/** The stored field an update member writes. */
export function patchField(name: keyof MockInboundPatch): keyof InboundOrderRecord {
  return PATCH_MEMBERS[name].field;
}

/** Checks an update body: a JSON object whose members are known and of the right type. */
export function checkPatch(body: unknown): Checked<MockInboundPatch> {
  if (!isRecord(body)) return { ok: false, errors: ['the body must be a JSON object'] };
  const errors: string[] = [];
  for (const [name, value] of Object.entries(body)) {
    const member = Object.hasOwn(PATCH_MEMBERS, name) ? PATCH_MEMBERS[name as keyof MockInboundPatch] : undefined;
    if (!member) {
      errors.push(`unknown member '${name}'`);
      continue;
    }
    const problem = member.check(value);
    if (problem) errors.push(problem);
  }
  return checked(errors, () => body as MockInboundPatch);
}
