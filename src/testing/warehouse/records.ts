/**
 * Record types of the warehouse mock. The enumerations and the member names of the list
 * shapes are the SDK's own (`warehouse/fields.ts`, `warehouse/responses.ts`): one source.
 */

import { INBOUND_ORDER_FIELDS, SHIPMENT_FIELDS } from '../../warehouse/fast-checks.generated.js';
import {
  CREATE_FULFILLMENT_TYPES,
  INBOUND_FILTER_FULFILLMENT_TYPES as FILTER_TYPES,
  FULFILLMENT_TYPES,
  type FulfillmentType,
  SHIPMENT_FULFILLMENT_TYPES as SHIPMENT_TYPES,
  type ShipmentFulfillmentType as ShipmentType,
  SOLD_AS_VALUES,
  type SoldAs,
  SHIPMENT_STATUSES as STATUSES,
  type ShipmentStatus as Status,
} from '../../warehouse/fields.js';

/**
 * Fulfillment types of an inbound order: the create set plus `manual` (update only).
 * @example
 * ```ts
 * const manual: InboundFulfillmentType = 'manual'; // only an update can set it
 * const order = mock.state.inboundOrders.find((o) => o.status === 'inbound')!;
 * await client.inbound.update(order.order_id, { fulfilledBy: manual });
 * expect(order.fulfillment_type).toBe(manual);
 * ```
 */
export type InboundFulfillmentType = FulfillmentType;
/**
 * `individual` or `bundle` on create; update also accepts `multi-pack`.
 * @example
 * ```ts
 * const bySoldAs = new Map<InboundSoldAs, number>();
 * for (const o of mock.state.inboundOrders) bySoldAs.set(o.sold_as, (bySoldAs.get(o.sold_as) ?? 0) + 1);
 * ```
 */
export type InboundSoldAs = SoldAs;
/**
 * Inbound status values the document shows.
 * @example
 * ```ts
 * import { type InboundStatus } from 'opslink/testing'; // not the SDK's wider InboundStatus
 * const status: InboundStatus = 'outbound';
 * mock.state.inboundOrders[0]!.status = status; // its fulfilledBy can no longer change
 * ```
 */
export type InboundStatus = 'inbound' | 'outbound';
/**
 * Shipment status values the document shows: working, requested, picking, picked, shipped.
 * @example
 * ```ts
 * const open: ShipmentStatus[] = ['working', 'requested', 'picking'];
 * const stored = mock.state.shipments.filter((s) => open.includes(s.status));
 * expect((await client.shipments.list({ statuses: open })).total).toBe(stored.length);
 * ```
 */
export type ShipmentStatus = Status;
/**
 * Fulfillment types of a shipment: fba, fbm, manual, wfs, shopify.
 * @example
 * ```ts
 * const ownCarrier: ShipmentFulfillmentType[] = ['fbm', 'manual'];
 * const stored = mock.state.shipments.filter((s) => ownCarrier.includes(s.fulfillment_type));
 * expect((await client.shipments.list({ fulfillment_types: ownCarrier })).total).toBe(stored.length);
 * ```
 */
export type ShipmentFulfillmentType = ShipmentType;

export const INBOUND_CREATE_FULFILLMENT_TYPES = CREATE_FULFILLMENT_TYPES;
export const INBOUND_FULFILLMENT_TYPES = FULFILLMENT_TYPES;
/** Values the inbound list's `fulfillment_types` filter documents. */
export const INBOUND_FILTER_FULFILLMENT_TYPES = FILTER_TYPES;
export const INBOUND_SOLD_AS = SOLD_AS_VALUES;
export const SHIPMENT_STATUSES = STATUSES;
export const SHIPMENT_FULFILLMENT_TYPES = SHIPMENT_TYPES;

/**
 * A child of a bundle order. Members past quantity, item_name and color are not shown by the document.
 * @example
 * ```ts
 * const bundle = mock.state.inboundOrders.find((o) => o.bundle_items !== undefined);
 * const children: BundleItemRecord[] = bundle?.bundle_items ?? [];
 * console.log(children.map((c) => `${c.quantity} × ${c.item_name} (${c.color})`));
 * ```
 */
export interface BundleItemRecord {
  quantity: number;
  item_name: string;
  color: string;
  [member: string]: unknown;
}

/**
 * What the mock keeps of an uploaded shipping label file.
 * @example
 * ```ts
 * const label = new File(['%PDF-1.7'], 'label.pdf', { type: 'application/pdf' });
 * const { order_id } = await client.inbound.create({
 *   date: '2026-11-22', retailer: 'Target', order_number: 'PO-1001', item_name: 'Desk lamp', color: 'black', brand_sku: 'LAMP-BLK',
 *   quantity: 12, unit_cost: 9.5, list_price: 24.99, fulfillment_type: 'two-step', shipping_label_files: label,
 * });
 * const files: LabelFileRecord[] = mock.state.inboundOrders.find((o) => o.order_id === order_id)?.shipping_label_files ?? [];
 * expect(files[0]).toEqual({ name: 'label.pdf', size: 8, type: 'application/pdf' });
 * ```
 */
export interface LabelFileRecord {
  name: string;
  size: number;
  type: string;
}

/**
 * An inbound order: the list shape, plus the create-only inputs the mock remembers.
 * @example
 * ```ts
 * const fbm: InboundOrderRecord[] = mock.state.inboundOrders.filter((o) => o.fulfillment_type === 'fbm');
 * const page = await client.inbound.list({ fulfillment_types: ['fbm'], limit: -1 });
 * expect(page.items.map((o) => o.order_id).sort()).toEqual(fbm.map((o) => o.order_id).sort());
 * ```
 */
export interface InboundOrderRecord {
  order_id: string;
  /** MM/DD/YYYY. */
  date: string;
  retailer: string;
  order_number: string;
  item_name: string;
  color: string;
  brand_sku: string;
  size: string;
  quantity: number;
  asin: string;
  amazon_sku: string;
  unit_cost: number;
  list_price: number;
  client_notes: string | null;
  fulfillment_type: InboundFulfillmentType;
  sold_as: InboundSoldAs;
  units_per_pack: number;
  upc: string | null;
  tracking_numbers: string[];
  status: InboundStatus;
  created_at: string;
  /** Only on bundles that were given children; not part of the list shape. */
  bundle_items?: BundleItemRecord[];
  /** Only on orders created with label files; not part of the list shape. */
  shipping_label_files?: LabelFileRecord[];
}

/**
 * Member names of the inbound list shape, in the document's order: what the mock's
 * `GET /api/v1/inbound` returns of each stored order (create-only inputs such as
 * `bundle_items` are left out).
 * @example
 * ```ts
 * const page = await client.inbound.list({ limit: 1 });
 * expect(Object.keys(page.items[0]!)).toEqual([...INBOUND_LIST_FIELDS]);
 * ```
 */
export const INBOUND_LIST_FIELDS = INBOUND_ORDER_FIELDS satisfies readonly (keyof InboundOrderRecord)[];

/**
 * An inbound order as the mock's list endpoint returns it: the {@link INBOUND_LIST_FIELDS} of a stored order.
 * @example
 * ```ts
 * const res = await mock.fetch(`${mock.baseUrl}/inbound?limit=5`, {
 *   headers: { authorization: `ApiKey ${mock.apiKey}`, 'x-warehouse-id': mock.warehouseId },
 * });
 * const { data }: { data: { orders: InboundOrderListItem[] } } = await res.json();
 * expect(Object.keys(data.orders[0]!)).toEqual([...INBOUND_LIST_FIELDS]);
 * ```
 */
export type InboundOrderListItem = Pick<InboundOrderRecord, (typeof INBOUND_LIST_FIELDS)[number]>;

/**
 * A shipment's tracking entry as the list endpoint returns it: number, carrier and status.
 * @example
 * ```ts
 * const stored = mock.state.shipments[0]!;
 * const listed: ShipmentTrackingRecord[] = stored.trackings.map(({ tracking_number, carrier, tracking_status }) => ({
 *   tracking_number,
 *   carrier,
 *   tracking_status,
 * }));
 * const page = await client.shipments.list({ shipment_id: stored.shipment_id });
 * expect(page.items[0]?.trackings).toEqual(listed);
 * ```
 */
export interface ShipmentTrackingRecord {
  tracking_number: string;
  carrier: string;
  tracking_status: string;
}

/**
 * A shipment's tracking entry in full, as the mock stores it and the detail endpoint returns it.
 * @example
 * ```ts
 * const tracking: ShipmentTrackingDetailRecord = {
 *   tracking_id: crypto.randomUUID(), rate_id: 'rate_1', created_at: new Date().toISOString(),
 *   tracking_number: '1Z999AA10123456784', carrier: 'UPS', tracking_status: 'delivered',
 * };
 * mock.state.shipments[0]!.trackings.push(tracking);
 * ```
 */
export interface ShipmentTrackingDetailRecord extends ShipmentTrackingRecord {
  tracking_id: string;
  rate_id: string;
  created_at: string;
}

/**
 * A tag on a shipment: a name (`tag`) and its `value`.
 * @example
 * ```ts
 * const rush: ShipmentTagRecord = { tag: 'priority', value: 'rush' };
 * const shipment = mock.state.shipments[0]!;
 * shipment.tags.push(rush);
 * expect((await client.shipments.retrieve(shipment.shipment_id)).tags).toContainEqual(rush);
 * ```
 */
export interface ShipmentTagRecord {
  tag: string;
  value: string;
}

/**
 * Members of the address object are not shown by the document; these are the mock's.
 * @example
 * ```ts
 * const address: ShippingAddressRecord = mock.state.shipments[0]!.shipping_address;
 * address.country = 'CA';
 * address.postal_code = 'M5V 2T6';
 * ```
 */
export interface ShippingAddressRecord {
  name: string;
  company: string | null;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  phone: string | null;
}

/**
 * An order packed in a shipment, with the quantity shipped (detail endpoint).
 * @example
 * ```ts
 * const packed: ShipmentOrderRecord[] = mock.state.shipments[0]!.orders;
 * const units = packed.reduce((sum, o) => sum + o.quantity_shipped * o.units_per_pack, 0);
 * ```
 */
export interface ShipmentOrderRecord {
  order_id: string;
  item_name: string;
  quantity_shipped: number;
  asin: string;
  amazon_sku: string;
  sold_as: InboundSoldAs;
  units_per_pack: number;
}

/**
 * A box used for a shipment, with its quantity and price per unit (detail endpoint).
 * @example
 * ```ts
 * const box: ShipmentBoxRecord = { box_id: crypto.randomUUID(), name: '12x12x8 carton', quantity: 2, price_per_unit: 1.25 };
 * mock.state.shipments[0]!.boxes.push(box);
 * ```
 */
export interface ShipmentBoxRecord {
  box_id: string;
  name: string;
  quantity: number;
  price_per_unit: number;
}

/**
 * A service billed on a shipment, with its quantity and price per unit (detail endpoint).
 * @example
 * ```ts
 * const wrap: ShipmentServiceRecord = { service_id: crypto.randomUUID(), name: 'Bubble wrap', quantity: 4, price_per_unit: 0.35 };
 * mock.state.shipments[0]!.services.push(wrap);
 * ```
 */
export interface ShipmentServiceRecord {
  service_id: string;
  name: string;
  quantity: number;
  price_per_unit: number;
}

/**
 * The document leaves the summary's inner shape open: the mock keys it by order_id.
 * @example
 * ```ts
 * const summary: Record<string, UnitServicesSummaryRecord> = mock.state.shipments[0]!.unit_services_summary;
 * for (const [orderId, item] of Object.entries(summary)) console.log(orderId, item.item_name, item.services.length);
 * ```
 */
export interface UnitServicesSummaryRecord {
  item_name: string;
  quantity: number;
  services: { service_id: string; name: string; quantity: number }[];
}

interface ShipmentCommon {
  shipment_id: string;
  status: ShipmentStatus;
  created_at: string;
  /** Typed as a timestamp, not nullable, by the document: unshipped ones carry the planned time. */
  shipped_at: string;
  name: string;
  fulfillment_type: ShipmentFulfillmentType;
  stage: string | null;
  notes: string | null;
  shipping_method: string;
  shipping_address: ShippingAddressRecord;
  latest_ship_date: string;
  total_quantity_shipped: number;
  tags: ShipmentTagRecord[];
  full_name: string;
}

/**
 * A shipment as the list endpoint returns it.
 * @example
 * ```ts
 * const res = await mock.fetch(`${mock.baseUrl}/shipments?limit=5`, {
 *   headers: { authorization: `ApiKey ${mock.apiKey}`, 'x-warehouse-id': mock.warehouseId },
 * });
 * const { data }: { data: { shipments: ShipmentListRecord[] } } = await res.json();
 * expect(data.shipments[0]).not.toHaveProperty('orders'); // detail members stay out of the list
 * ```
 */
export interface ShipmentListRecord extends ShipmentCommon {
  trackings: ShipmentTrackingRecord[];
}

/**
 * A shipment as the mock stores it and the detail endpoint returns it.
 * @example
 * ```ts
 * const shipment: ShipmentDetailRecord = mock.state.shipments[0]!;
 * shipment.status = 'shipped';
 * expect((await client.shipments.retrieve(shipment.shipment_id)).status).toBe('shipped');
 * ```
 */
export interface ShipmentDetailRecord extends ShipmentCommon {
  trackings: ShipmentTrackingDetailRecord[];
  orders: ShipmentOrderRecord[];
  boxes: ShipmentBoxRecord[];
  services: ShipmentServiceRecord[];
  seller_central_linked: boolean;
  wfs_linked: boolean;
  unit_services_summary: Record<string, UnitServicesSummaryRecord>;
}

/** Member names of the shipment list shape, in the document's order. */
export const SHIPMENT_LIST_FIELDS = SHIPMENT_FIELDS satisfies readonly (keyof ShipmentListRecord)[];
