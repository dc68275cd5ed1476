/**
 * Every enumeration of the warehouse document, written once. The request and response
 * schemas, the types, the mock, the OpenAPI document and the tests read these arrays.
 */

/**
 * Fulfillment types an order can be created with.
 * @example
 * ```ts
 * const options = CREATE_FULFILLMENT_TYPES.map((type) => `<option>${type}</option>`).join('');
 * ```
 */
export const CREATE_FULFILLMENT_TYPES = ['fba', 'fbm', 'wfs', 'two-step', 'shopify'] as const;
/**
 * Fulfillment types an update accepts (creation's plus `manual`), and an order may have.
 * @example
 * ```ts
 * const canUpdateTo = (type: string) => (FULFILLMENT_TYPES as readonly string[]).includes(type);
 * ```
 */
export const FULFILLMENT_TYPES = [...CREATE_FULFILLMENT_TYPES, 'manual'] as const;
/**
 * Fulfillment types the inbound list filters on.
 * @example
 * ```ts
 * let count = 0;
 * for await (const order of warehouse.inbound.list({ fulfillment_types: [...INBOUND_FILTER_FULFILLMENT_TYPES] })) count++;
 * ```
 */
export const INBOUND_FILTER_FULFILLMENT_TYPES = ['fba', 'fbm', 'wfs', 'two-step'] as const;
/**
 * Fulfillment types of shipments (and of the shipment list filter).
 * @example
 * ```ts
 * const page = await warehouse.shipments.list({ fulfillment_types: [...SHIPMENT_FULFILLMENT_TYPES] });
 * ```
 */
export const SHIPMENT_FULFILLMENT_TYPES = ['fba', 'fbm', 'manual', 'wfs', 'shopify'] as const;
/**
 * Shipment statuses, in the order a shipment moves through them.
 * @example
 * ```ts
 * // 0 (working) to 1 (shipped); indexOf gives -1 for a status the document does not name (the field is open): undefined.
 * const progress = (s: Shipment): number | undefined => {
 *   const step = (SHIPMENT_STATUSES as readonly string[]).indexOf(s.status);
 *   return step === -1 ? undefined : step / (SHIPMENT_STATUSES.length - 1);
 * };
 * ```
 */
export const SHIPMENT_STATUSES = ['working', 'requested', 'picking', 'picked', 'shipped'] as const;
/**
 * How an item is sold on create.
 * @example
 * ```ts
 * const soldAsChoices = CREATE_SOLD_AS.map((value) => ({ value, label: value === 'bundle' ? 'Bundle' : 'Single item' }));
 * ```
 */
export const CREATE_SOLD_AS = ['individual', 'bundle'] as const;
/**
 * How an item is sold (an update also takes multi-pack).
 * @example
 * ```ts
 * const isPack = (order: InboundOrder) => order.sold_as !== SOLD_AS_VALUES[0]; // not 'individual'
 * ```
 */
export const SOLD_AS_VALUES = ['individual', 'multi-pack', 'bundle'] as const;
/**
 * Inbound statuses the document names; `outbound` means already shipped. Others may appear.
 * @example
 * ```ts
 * const named = (order: InboundOrder) => (INBOUND_STATUSES as readonly string[]).includes(order.status);
 * ```
 */
export const INBOUND_STATUSES = ['inbound', 'outbound'] as const;
/**
 * Directions of a list's `sort_order`: ascending or descending (the lists default to `desc`).
 * @example
 * ```ts
 * const [oldestFirst] = SORT_ORDERS; // 'asc'
 * ```
 */
export const SORT_ORDERS = ['asc', 'desc'] as const;

/**
 * Fulfillment types whose orders need an `asin` on create ("yes for fba and fbm").
 * @example
 * ```ts
 * const form = { fulfillment_type: 'fbm' }; // as a form gives it: any text
 * const needsAsin = (ASIN_REQUIRED_FOR as readonly string[]).includes(form.fulfillment_type);
 * ```
 */
export const ASIN_REQUIRED_FOR = ['fba', 'fbm'] as const;

/**
 * Fulfillment types an order can be created with.
 * @example
 * ```ts
 * const fulfillmentFor = (channel: 'amazon' | 'walmart' | 'shopify'): CreateFulfillmentType =>
 *   channel === 'amazon' ? 'fba' : channel === 'walmart' ? 'wfs' : 'shopify';
 * ```
 */
export type CreateFulfillmentType = (typeof CREATE_FULFILLMENT_TYPES)[number];
/**
 * Fulfillment types an update accepts (creation's plus `manual`).
 * @example
 * ```ts
 * const fulfilledBy: FulfillmentType = 'manual'; // only an update accepts manual
 * ```
 */
export type FulfillmentType = (typeof FULFILLMENT_TYPES)[number];
/**
 * Fulfillment types the inbound list filters on.
 * @example
 * ```ts
 * const amazon: InboundFilterFulfillmentType[] = ['fba', 'fbm'];
 * ```
 */
export type InboundFilterFulfillmentType = (typeof INBOUND_FILTER_FULFILLMENT_TYPES)[number];
/**
 * Fulfillment types of shipments.
 * @example
 * ```ts
 * const ownCarrier: ShipmentFulfillmentType[] = ['fbm', 'manual'];
 * ```
 */
export type ShipmentFulfillmentType = (typeof SHIPMENT_FULFILLMENT_TYPES)[number];
/**
 * How an item is sold: creation takes individual or bundle; updates also multi-pack.
 * @example
 * ```ts
 * const sold_as: SoldAs = 'multi-pack';
 * ```
 */
export type SoldAs = (typeof SOLD_AS_VALUES)[number];
/**
 * Inbound order statuses the document names (`outbound` means already shipped); others may appear.
 * @example
 * ```ts
 * const isShipped = (status: InboundStatus) => status === 'outbound';
 * ```
 */
export type InboundStatus = (typeof INBOUND_STATUSES)[number] | (string & {});
/**
 * Shipment statuses the document names.
 * @example
 * ```ts
 * const open: ShipmentStatus[] = ['working', 'requested', 'picking', 'picked'];
 * ```
 */
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
/**
 * Direction of a list's `sort_order` (the lists default to `desc`).
 * @example
 * ```ts
 * const sort_order: SortOrder = 'asc';
 * ```
 */
export type SortOrder = (typeof SORT_ORDERS)[number];
