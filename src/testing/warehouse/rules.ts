/**
 * The update rules the server decides on the merged state (stored order + patch), and the
 * bundle quantity sync that follows an accepted update.
 */
import { FBM_SKU_PREFIX, UPDATE_RULE_MESSAGES, type UpdateRuleId } from '../../warehouse/update-rules.js';
import type { MockInboundPatch } from './patch-checks.js';
import type { BundleItemRecord, InboundOrderRecord } from './records.js';
import type { WarehouseMockSettings } from './types.js';

/**
 * What the update rules read of the stored order.
 * @example
 * ```ts
 * const subject: UpdateRuleSubject = {
 *   status: 'outbound', fulfillment_type: 'fba', amazon_sku: '', list_price: 0,
 *   sold_as: 'individual', units_per_pack: 1, quantity: 10,
 * };
 * mockUpdateViolations(subject, { fulfilledBy: 'fbm' }, { sellerPortalLinked: true });
 * // ['fulfilled_by_after_shipping', 'fbm_list_price']
 * ```
 */
export type UpdateRuleSubject = Pick<
  InboundOrderRecord,
  'status' | 'fulfillment_type' | 'amazon_sku' | 'list_price' | 'sold_as' | 'units_per_pack' | 'quantity'
>;

const RULE_ORDER = Object.keys(UPDATE_RULE_MESSAGES) as UpdateRuleId[];

/**
 * The update rules of the document, decided on the merged state (stored order + patch) as
 * the server does. Violations come back in the order of `UPDATE_RULE_MESSAGES`. Pure, so a
 * test can hold the SDK's pre-flight checker against it.
 * @example
 * ```ts
 * const order = mock.state.inboundOrders.find((o) => o.fulfillment_type === 'fbm')!;
 * mockUpdateViolations(order, { amazonSKU: 'X-1', listPrice: 0 }, mock.settings);
 * // ['fbm_amazon_sku_prefix', 'fbm_list_price']
 * ```
 */
export function mockUpdateViolations(record: UpdateRuleSubject, patch: MockInboundPatch, settings: WarehouseMockSettings): UpdateRuleId[] {
  const found = new Set<UpdateRuleId>();
  if (record.status === 'outbound' && patch.fulfilledBy !== undefined && patch.fulfilledBy !== record.fulfillment_type) {
    found.add('fulfilled_by_after_shipping');
  }
  const fulfillment = patch.fulfilledBy ?? record.fulfillment_type;
  if (fulfillment === 'fbm') {
    const sku = patch.amazonSKU ?? record.amazon_sku;
    if (sku !== '' && !sku.startsWith(FBM_SKU_PREFIX)) found.add('fbm_amazon_sku_prefix');
    const price: unknown = patch.listPrice ?? record.list_price;
    if (typeof price !== 'number' || !Number.isFinite(price) || price === 0) found.add('fbm_list_price');
    if (!settings.sellerPortalLinked) found.add('fbm_seller_portal');
  }
  if ((patch.sold_as ?? record.sold_as) !== 'individual') {
    const unitsPerPack = patch.units_per_pack ?? record.units_per_pack;
    const quantity = patch.quantity ?? record.quantity;
    // Divisibility by a zero, negative or fractional pack size means nothing: only the first rule is reported then.
    if (!Number.isInteger(unitsPerPack) || unitsPerPack <= 0) found.add('units_per_pack_positive');
    else if (quantity % unitsPerPack !== 0) found.add('quantity_divisible');
  }
  return RULE_ORDER.filter((id) => found.has(id));
}

/**
 * Rule 4, bundle quantity sync. The document says only that the children follow the
 * parent; the mock keeps each child's share per parent unit:
 *   child.quantity = round(newParentQuantity × child.quantity / oldParentQuantity), at least 1.
 * Seeded children are whole multiples of their parent, so for them this is exact.
 */
export function syncBundleItems(items: BundleItemRecord[], oldQuantity: number, newQuantity: number): void {
  for (const item of items) item.quantity = Math.max(1, Math.round((newQuantity * item.quantity) / oldQuantity));
}
