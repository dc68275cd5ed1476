/**
 * The update endpoint's validation rules, as named identifiers with the message the SDK
 * (and the mock, speaking as the server) uses for each.
 */

/**
 * Identifiers of the documented update rules.
 * @example
 * ```ts
 * const needsSupport: UpdateRuleId[] = ['fbm_seller_portal', 'fulfilled_by_after_shipping'];
 * const escalate = checkInboundUpdate({ fulfilledBy: 'fbm' }, order).some((v) => needsSupport.includes(v.rule));
 * ```
 */
export type UpdateRuleId =
  | 'fulfilled_by_after_shipping'
  | 'fbm_amazon_sku_prefix'
  | 'fbm_list_price'
  | 'fbm_seller_portal'
  | 'units_per_pack_positive'
  | 'quantity_divisible';

/**
 * One message per update rule: when the order status is outbound, fulfilledBy cannot change;
 * an fbm order needs a `PFL` amazonSKU (or an empty one), a non-zero listPrice and a linked
 * seller portal; when sold_as is not individual, units_per_pack must be a positive integer
 * that divides quantity.
 * @example
 * ```ts
 * UPDATE_RULE_MESSAGES.quantity_divisible; // 'quantity must be divisible by units_per_pack when sold_as is not individual'
 * const reasons = checkInboundUpdate({ units_per_pack: 5 }, order).map((v) => UPDATE_RULE_MESSAGES[v.rule]);
 * ```
 */
export const UPDATE_RULE_MESSAGES: Record<UpdateRuleId, string> = {
  fulfilled_by_after_shipping: 'fulfilledBy cannot be changed on an order whose status is outbound',
  fbm_amazon_sku_prefix: 'amazonSKU of an fbm order must start with PFL or be empty',
  fbm_list_price: 'listPrice of an fbm order is required and must be non-zero',
  fbm_seller_portal: 'fbm orders need the seller portal to be linked',
  units_per_pack_positive: 'units_per_pack must be a positive integer when sold_as is not individual',
  quantity_divisible: 'quantity must be divisible by units_per_pack when sold_as is not individual',
};

/**
 * The envelope message of a validation failure ("an error occurred while processing the
 * request"); the envelope's `errors` array then names each violated rule.
 * @example
 * ```ts
 * await warehouse.inbound.update(order.order_id, { quantity: 24 }).catch((e: unknown) => {
 *   if (e instanceof BadRequestError && e.message.includes(VALIDATION_FAILURE_MESSAGE)) console.warn(e.errors);
 * });
 * ```
 */
export const VALIDATION_FAILURE_MESSAGE = 'An error occurred while processing the request.';

/**
 * Prefix that an fbm order's amazonSKU must carry (or leave amazonSKU empty to have one generated).
 * @example
 * ```ts
 * const amazonSKU = order.fulfillment_type === 'fbm' ? `${FBM_SKU_PREFIX}-${order.brand_sku}` : order.amazon_sku;
 * ```
 */
export const FBM_SKU_PREFIX = 'PFL';
