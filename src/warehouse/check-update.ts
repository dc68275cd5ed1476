/**
 * The update endpoint's rules that can be decided before sending. With the current order
 * (as `inbound.list` returns it) the rules see the merged state, as the server does;
 * without it, only what the patch alone decides.
 */

import { RequestValidationError, type ValidationIssue } from '../core/errors/index.js';
import type { InboundOrder, InboundOrderUpdate } from './types.js';
import { FBM_SKU_PREFIX, UPDATE_RULE_MESSAGES, type UpdateRuleId } from './update-rules.js';

/**
 * One violated update rule.
 * @example
 * ```ts
 * const violations: RuleViolation[] = checkInboundUpdate({ fulfilledBy: 'fba' }, { status: 'outbound', fulfillment_type: 'fbm' });
 * for (const v of violations) console.warn(`${v.field}: ${v.message} [${v.rule}]`); // fulfilledBy: … [fulfilled_by_after_shipping]
 * ```
 */
export interface RuleViolation {
  rule: UpdateRuleId;
  /** The update member at fault, e.g. `amazonSKU`. */
  field: keyof InboundOrderUpdate;
  message: string;
}

/**
 * The members of the current order the rules read.
 * @example
 * ```ts
 * const current: CurrentOrder = { status: 'inbound', fulfillment_type: 'fbm', list_price: 0 };
 * checkInboundUpdate({ amazonSKU: 'PFL-1042' }, current); // [{ rule: 'fbm_list_price', field: 'listPrice', … }]
 * ```
 */
export type CurrentOrder = Partial<
  Pick<InboundOrder, 'status' | 'fulfillment_type' | 'amazon_sku' | 'list_price' | 'sold_as' | 'units_per_pack' | 'quantity'>
>;

const CURRENT_MEMBERS = [
  'status',
  'fulfillment_type',
  'amazon_sku',
  'list_price',
  'sold_as',
  'units_per_pack',
  'quantity',
] as const satisfies readonly (keyof CurrentOrder)[];

/**
 * @internal The members of `current` the rules read, copied (present or not, as given), so a
 * bulk update keeps the order as it was at the call.
 */
export function copyCurrentOrder(current: CurrentOrder | undefined): CurrentOrder | undefined {
  if (current === null || typeof current !== 'object') return current;
  const copy: Record<string, unknown> = {};
  for (const key of CURRENT_MEMBERS) if (key in current) copy[key] = current[key];
  return copy as CurrentOrder;
}

/** A broken rule as a refusal words it, at its member: its message and its id (`… [fbm_list_price]`). */
export const violationIssue = (v: RuleViolation): ValidationIssue => ({ path: [v.field], message: `${v.message} [${v.rule}]` });

const violation = (rule: UpdateRuleId, field: keyof InboundOrderUpdate): RuleViolation => ({
  rule,
  field,
  message: UPDATE_RULE_MESSAGES[rule],
});

/** `patch[key]` when the patch sets it, else the current order's value (if known). */
function merged<T>(patch: InboundOrderUpdate, key: keyof InboundOrderUpdate, current: T | undefined): T | undefined {
  return patch[key] !== undefined ? (patch[key] as T) : current;
}

/**
 * Every update rule the patch breaks that can be decided without the server (the seller
 * portal link can't). Empty when none.
 * @example
 * ```ts
 * const problems = checkInboundUpdate({ amazonSKU: 'X-1' }, order);
 * if (problems.length) console.log(problems.map((p) => p.message));
 * ```
 */
export function checkInboundUpdate(patch: InboundOrderUpdate, current?: CurrentOrder | null): RuleViolation[] {
  // Called from plain JavaScript with no patch: the refusal a call gets, not a TypeError.
  if (patch === null || typeof patch !== 'object')
    throw new RequestValidationError([{ path: [], message: 'must be an object of the members to change' }], 'inbound order update');
  const found: RuleViolation[] = [];
  const now = current ?? undefined;

  // 1. No change of fulfilledBy once the order is outbound (shipped).
  if (now?.status === 'outbound' && patch.fulfilledBy !== undefined && patch.fulfilledBy !== now.fulfillment_type) {
    found.push(violation('fulfilled_by_after_shipping', 'fulfilledBy'));
  }

  // 2. fbm orders: amazonSKU starts with PFL or is empty; listPrice present and non-zero.
  const fulfillment = merged<string>(patch, 'fulfilledBy', now?.fulfillment_type);
  if (fulfillment === 'fbm') {
    const sku = merged<string | null>(patch, 'amazonSKU', now?.amazon_sku);
    if (typeof sku === 'string' && sku !== '' && !sku.startsWith(FBM_SKU_PREFIX))
      found.push(violation('fbm_amazon_sku_prefix', 'amazonSKU'));
    const price = merged<number | null>(patch, 'listPrice', now?.list_price);
    // A price the current order lacks (null, or absent from a full order) is missing; one
    // that is merely not given (no current order, or a partial one) is left to the server.
    const knownMissing = price === null || (price === undefined && now !== undefined && 'list_price' in now);
    if (price === 0 || knownMissing) found.push(violation('fbm_list_price', 'listPrice'));
  }

  // 3. Not sold individually: units_per_pack a positive integer that divides quantity.
  // An order without sold_as (null) is sold individually, the create form's default.
  const soldAs = merged<string | null>(patch, 'sold_as', now?.sold_as);
  if (soldAs != null && soldAs !== 'individual') {
    const units = merged<number | null>(patch, 'units_per_pack', now?.units_per_pack);
    const decidable = units !== undefined || (now !== undefined && 'units_per_pack' in now);
    if (decidable && !(typeof units === 'number' && Number.isInteger(units) && units > 0)) {
      found.push(violation('units_per_pack_positive', 'units_per_pack'));
    } else if (typeof units === 'number' && units > 0) {
      const quantity = merged<number>(patch, 'quantity', now?.quantity);
      if (typeof quantity === 'number' && quantity % units !== 0) found.push(violation('quantity_divisible', 'quantity'));
    }
  }
  return found;
}
