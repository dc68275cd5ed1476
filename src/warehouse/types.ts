/**
 * The warehouse API's shapes, named and typed after the document's tables. Response
 * objects keep any member the server adds (`[member: string]: unknown`).
 */

/**
 * Fulfillment types an order can be created with.
 * @example
 * ```ts
 * const fulfillmentFor = (channel: 'amazon' | 'walmart' | 'shopify'): CreateFulfillmentType =>
 *   channel === 'amazon' ? 'fba' : channel === 'walmart' ? 'wfs' : 'shopify';
 * await warehouse.inbound.create({ ...newOrder, fulfillment_type: fulfillmentFor('walmart') });
 * ```
 */
export type CreateFulfillmentType = 'fba' | 'fbm' | 'wfs' | 'two-step' | 'shopify';
/**
 * Fulfillment types an update accepts (creation's plus `manual`).
 * @example
 * ```ts
 * const fulfilledBy: FulfillmentType = 'manual'; // only an update accepts manual
 * await warehouse.inbound.update(order.order_id, { fulfilledBy }, { current: order });
 * ```
 */
export type FulfillmentType = CreateFulfillmentType | 'manual';
/**
 * Fulfillment types the inbound list filters on.
 * @example
 * ```ts
 * const amazon: InboundFilterFulfillmentType[] = ['fba', 'fbm'];
 * for await (const order of warehouse.inbound.list({ fulfillment_types: amazon })) console.log(order.order_number);
 * ```
 */
export type InboundFilterFulfillmentType = 'fba' | 'fbm' | 'wfs' | 'two-step';
/**
 * Fulfillment types of shipments.
 * @example
 * ```ts
 * const ownCarrier: ShipmentFulfillmentType[] = ['fbm', 'manual'];
 * const page = await warehouse.shipments.list({ fulfillment_types: ownCarrier, statuses: ['requested'] });
 * ```
 */
export type ShipmentFulfillmentType = 'fba' | 'fbm' | 'manual' | 'wfs' | 'shopify';
/**
 * How an item is sold: creation takes individual or bundle; updates also multi-pack.
 * @example
 * ```ts
 * const sold_as: SoldAs = 'multi-pack';
 * await warehouse.inbound.update(order.order_id, { sold_as, units_per_pack: 6 }, { current: order });
 * ```
 */
export type SoldAs = 'individual' | 'multi-pack' | 'bundle';
/**
 * Inbound order statuses the document names (`outbound` means already shipped); others may appear.
 * @example
 * ```ts
 * const isShipped = (status: InboundStatus) => status === 'outbound';
 * const { items } = await warehouse.inbound.list();
 * const waiting = items.filter((order) => !isShipped(order.status));
 * ```
 */
export type InboundStatus = 'inbound' | 'outbound' | (string & {});
/**
 * Shipment statuses the document names; filter a shipment list on them with `statuses`.
 * @example
 * ```ts
 * const open: ShipmentStatus[] = ['working', 'requested', 'picking', 'picked'];
 * for await (const shipment of warehouse.shipments.list({ statuses: open })) console.log(shipment.name, shipment.status);
 * ```
 */
export type ShipmentStatus = 'working' | 'requested' | 'picking' | 'picked' | 'shipped';
/**
 * Direction of a list's `sort_order`: ascending or descending (the lists default to `desc`).
 * @example
 * ```ts
 * const sort_order: SortOrder = 'asc';
 * const oldestFirst = await warehouse.inbound.list({ sort_key: 'created_at', sort_order });
 * ```
 */
export type SortOrder = 'asc' | 'desc';

/**
 * An inbound order as the list endpoint returns it.
 * @example
 * ```ts
 * const describeOrder = (order: InboundOrder) => `${order.order_number}: ${order.quantity} × ${order.item_name} (${order.status})`;
 * for await (const order of warehouse.inbound.list({ limit: 100 })) console.log(describeOrder(order));
 * ```
 */
export interface InboundOrder {
  order_id: string;
  /** Month/day/year, as the service renders it. */
  date: string;
  retailer: string;
  order_number: string;
  item_name: string;
  color: string;
  brand_sku: string;
  /** Null (or absent) when the order was created without one. */
  size: string | null;
  quantity: number;
  /** Null (or absent) for orders created without one (it is required only for fba and fbm). */
  asin: string | null;
  amazon_sku: string | null;
  unit_cost: number;
  list_price: number;
  client_notes: string | null;
  fulfillment_type: FulfillmentType | (string & {});
  sold_as: SoldAs | (string & {}) | null;
  units_per_pack: number | null;
  upc: string | null;
  tracking_numbers: string[];
  status: InboundStatus;
  /** ISO 8601 timestamp. */
  created_at: string;
  [member: string]: unknown;
}

/**
 * A tracking entry of a shipment as the list endpoint returns it.
 * @example
 * ```ts
 * const summarize = (trackings: Tracking[]) => trackings.map((t) => `${t.carrier} ${t.tracking_number}: ${t.tracking_status}`);
 * for await (const shipment of warehouse.shipments.list({ statuses: ['shipped'] })) console.log(summarize(shipment.trackings));
 * ```
 */
export interface Tracking {
  tracking_number: string;
  carrier: string;
  tracking_status: string;
  [member: string]: unknown;
}

/**
 * A tag on a shipment: a name (`tag`) and its `value`.
 * @example
 * ```ts
 * const tagValue = (tags: Tag[], name: string) => tags.find((t) => t.tag === name)?.value;
 * for await (const shipment of warehouse.shipments.list()) console.log(shipment.name, tagValue(shipment.tags, 'priority'));
 * ```
 */
export interface Tag {
  tag: string;
  value: string;
  [member: string]: unknown;
}

/**
 * A shipment as the list endpoint returns it.
 * @example
 * ```ts
 * function isLate(shipment: Shipment, now = new Date()): boolean {
 *   return shipment.status !== 'shipped' && shipment.latest_ship_date !== null && new Date(shipment.latest_ship_date) < now;
 * }
 * const { items } = await warehouse.shipments.list({ statuses: ['picking', 'picked'] });
 * const late = items.filter((shipment) => isLate(shipment));
 * ```
 */
export interface Shipment {
  shipment_id: string;
  status: ShipmentStatus | (string & {});
  created_at: string;
  shipped_at: string | null;
  name: string;
  fulfillment_type: ShipmentFulfillmentType | (string & {});
  stage: string | null;
  notes: string | null;
  shipping_method: string | null;
  /** Members not shown by the document. */
  shipping_address: Record<string, unknown>;
  latest_ship_date: string | null;
  total_quantity_shipped: number;
  trackings: Tracking[];
  tags: Tag[];
  /** The client's name. */
  full_name: string;
  [member: string]: unknown;
}

/**
 * An order packed in a shipment (detail endpoint only), with the quantity shipped.
 * @example
 * ```ts
 * const packingLine = (order: ShipmentOrder) => `${order.quantity_shipped} × ${order.item_name} (${order.amazon_sku})`;
 * const detail = await warehouse.shipments.retrieve(shipmentId);
 * console.log(detail.orders.map(packingLine).join('\n'));
 * ```
 */
export interface ShipmentOrder {
  order_id: string;
  item_name: string;
  quantity_shipped: number;
  asin: string;
  amazon_sku: string;
  sold_as: string;
  units_per_pack: number;
  [member: string]: unknown;
}

/**
 * A box used for a shipment (detail endpoint only), with its quantity and price per unit.
 * @example
 * ```ts
 * const boxCost = (boxes: ShipmentBox[]) => boxes.reduce((sum, box) => sum + box.quantity * box.price_per_unit, 0);
 * const { boxes } = await warehouse.shipments.retrieve(shipmentId);
 * console.log(`boxes: ${boxCost(boxes).toFixed(2)}`);
 * ```
 */
export interface ShipmentBox {
  box_id: string;
  name: string;
  quantity: number;
  price_per_unit: number;
  [member: string]: unknown;
}

/**
 * A service billed on a shipment (detail endpoint only), with its quantity and price per unit.
 * @example
 * ```ts
 * const { services } = await warehouse.shipments.retrieve(shipmentId);
 * const billed: ShipmentService[] = services.filter((service) => service.quantity > 0);
 * for (const service of billed) console.log(service.name, service.quantity * service.price_per_unit);
 * ```
 */
export interface ShipmentService {
  service_id: string;
  name: string;
  quantity: number;
  price_per_unit: number;
  [member: string]: unknown;
}

/**
 * A tracking entry in full, as the shipment detail endpoint returns it.
 * @example
 * ```ts
 * const { trackings } = await warehouse.shipments.retrieve(shipmentId);
 * const latest: TrackingDetail | undefined = [...trackings].sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
 * console.log(latest?.carrier, latest?.tracking_status);
 * ```
 */
export interface TrackingDetail extends Tracking {
  tracking_id: string;
  rate_id: string | null;
  created_at: string;
}

/**
 * A shipment with its detail members (`GET /api/v1/shipments/{id}`).
 * @example
 * ```ts
 * const detail: ShipmentDetail = await warehouse.shipments.retrieve(shipmentId);
 * console.log(`${detail.orders.length} orders in ${detail.boxes.length} kinds of box; WFS linked: ${detail.wfs_linked}`);
 * ```
 */
export interface ShipmentDetail extends Omit<Shipment, 'trackings'> {
  orders: ShipmentOrder[];
  boxes: ShipmentBox[];
  services: ShipmentService[];
  seller_central_linked: boolean;
  wfs_linked: boolean;
  /** Per-item service breakdown; its inner shape is not shown by the document. */
  unit_services_summary: Record<string, unknown>;
  trackings: TrackingDetail[];
}

/**
 * One item of a bundle. The document names quantity, item_name and color, "and further members".
 * @example
 * ```ts
 * const bundle_items: BundleItem[] = [
 *   { quantity: 1, item_name: 'Desk lamp', color: 'black' },
 *   { quantity: 2, item_name: 'LED bulb', color: 'warm white' },
 * ];
 * await warehouse.inbound.create({ ...newOrder, sold_as: 'bundle', units_per_pack: 3, bundle_items });
 * ```
 */
export interface BundleItem {
  quantity: number;
  item_name: string;
  color: string;
  [member: string]: unknown;
}

/**
 * A file part: a `Blob` or `File` (Node: `await fs.openAsBlob(path)` streams from disk).
 * @example
 * ```ts
 * const label: FileInput = await openAsBlob('label-PO-1001.pdf', { type: 'application/pdf' }); // from node:fs
 * await warehouse.inbound.create({ ...newOrder, fulfillment_type: 'two-step', shipping_label_files: label });
 * ```
 */
export type FileInput = Blob;

/**
 * A new inbound order (`POST /api/v1/inbound`, multipart).
 * @example
 * ```ts
 * const newOrder: InboundOrderCreate = {
 *   date: new Date(), retailer: 'Target', order_number: 'PO-1001', item_name: 'Desk lamp', color: 'black',
 *   brand_sku: 'LAMP-BLK', quantity: 12, asin: 'B000000001', unit_cost: 9.5, list_price: 24.99, fulfillment_type: 'fba',
 * };
 * const { order_id } = await warehouse.inbound.create(newOrder);
 * ```
 */
export interface InboundOrderCreate {
  /** Order date: a string is sent as given; a `Date` as MM/DD/YYYY (UTC). */
  date: string | Date;
  retailer: string;
  order_number: string;
  item_name: string;
  color: string;
  brand_sku: string;
  quantity: number;
  /** Required for fba and fbm. */
  asin?: string;
  unit_cost: number;
  list_price: number;
  fulfillment_type: CreateFulfillmentType;
  size?: string;
  amazon_sku?: string;
  /** Notes for the warehouse. */
  client_notes?: string;
  tracking_numbers?: string[];
  sold_as?: 'individual' | 'bundle';
  /** Required when `sold_as` is bundle. */
  units_per_pack?: number | string;
  upc?: string;
  bundle_items?: BundleItem[];
  /** Shipping labels, for two-step fulfillment. */
  shipping_label_files?: FileInput | FileInput[];
}

/**
 * A row of a bulk upload: a new order without files.
 * @example
 * ```ts
 * const row: InboundOrderRow = {
 *   date: '03/14/2026', retailer: 'Walmart', order_number: 'PO-2001', item_name: 'Desk lamp', color: 'white',
 *   brand_sku: 'LAMP-WHT', quantity: 24, unit_cost: 9.5, list_price: 24.99, fulfillment_type: 'wfs',
 * };
 * await warehouse.inbound.createBulk([row, { ...row, order_number: 'PO-2002', quantity: 12 }]);
 * ```
 */
export type InboundOrderRow = Omit<InboundOrderCreate, 'shipping_label_files' | 'bundle_items'>;

/**
 * What a bulk upload takes: CSV text, a CSV `Blob`/`File` (streamed), CSV bytes, or rows to turn into CSV.
 * @example
 * ```ts
 * async function upload(input: BulkInput): Promise<void> {
 *   const { message } = await warehouse.inbound.createBulk(input);
 *   console.log(message);
 * }
 * await upload(await readFile('orders.csv', 'utf8')); // or a Blob, bytes, or InboundOrderRow[]
 * ```
 */
export type BulkInput = string | Blob | Uint8Array | ArrayBuffer | readonly InboundOrderRow[];

/**
 * A change to an inbound order (`PUT /api/v1/inbound/{order_id}`): only the members to change.
 * @example
 * ```ts
 * const patch: InboundOrderUpdate = { quantity: 24, notes: 'Fragile: glass shades', trackingNumbers: ['1Z999AA10123456784'] };
 * await warehouse.inbound.update(order.order_id, patch, { current: order });
 * ```
 */
export interface InboundOrderUpdate {
  date?: string | Date;
  retailer?: string;
  orderNumber?: string;
  itemName?: string;
  color?: string;
  brandSKU?: string;
  size?: string;
  quantity?: number;
  asin?: string;
  /** For fbm orders must start with PFL, or be empty to be generated. */
  amazonSKU?: string;
  /** Unit cost. */
  cogs?: number;
  /** Required and non-zero for fbm orders. */
  listPrice?: number;
  /** Client notes. */
  notes?: string;
  /** Not changeable once the order is outbound. */
  fulfilledBy?: FulfillmentType;
  /** Replaces every tracking number; the carrier is detected by the service. */
  trackingNumbers?: string[];
  sold_as?: SoldAs;
  /** Required when sold_as is not individual. */
  units_per_pack?: number;
}

/**
 * Query parameters of the inbound order list (`GET /api/v1/inbound`): paging, sorting, and a
 * filter on fulfillment types.
 * @example
 * ```ts
 * const params: InboundListParams = { sort_key: 'created_at', sort_order: 'asc', fulfillment_types: ['fba', 'fbm'] };
 * const firstPage = await warehouse.inbound.list(params);
 * ```
 */
export interface InboundListParams {
  /** Records to skip. @default 0 */
  offset?: number;
  /** Page size; `-1` returns every record in one page. @default 200 */
  limit?: number;
  /** Field to sort by. @default 'created_at' */
  sort_key?: keyof InboundOrder & string;
  /** @default 'desc' */
  sort_order?: SortOrder;
  fulfillment_types?: InboundFilterFulfillmentType[];
  /** Language for translations. @default 'en' */
  lang?: string;
}

/**
 * Query parameters of the shipment list (`GET /api/v1/shipments`): paging, sorting, and
 * filters on fulfillment types, statuses or one shipment id.
 * @example
 * ```ts
 * const params: ShipmentListParams = { statuses: ['picking', 'picked'], fulfillment_types: ['fbm'] };
 * for await (const shipment of warehouse.shipments.list(params)) console.log(shipment.name);
 * ```
 */
export interface ShipmentListParams {
  /** Records to skip. @default 0 */
  offset?: number;
  /** Page size. @default 200 */
  limit?: number;
  sort_key?: keyof Shipment & string;
  sort_order?: SortOrder;
  fulfillment_types?: ShipmentFulfillmentType[];
  statuses?: ShipmentStatus[];
  /** Restricts the list to one shipment. */
  shipment_id?: string;
}

/**
 * Result of `inbound.create`.
 * @example
 * ```ts
 * const created: CreatedInboundOrder = await warehouse.inbound.create(newOrder);
 * await warehouse.inbound.update(created.order_id, { notes: 'Pallet 3, bay 12' });
 * ```
 */
export interface CreatedInboundOrder {
  order_id: string;
  [member: string]: unknown;
}

/**
 * Result of `inbound.createBulk`: the envelope's message and data (the document does not show its shape).
 * @example
 * ```ts
 * const result: BulkCreateResult = await warehouse.inbound.createBulk(await openAsBlob('orders.csv'));
 * console.log(result.message, JSON.stringify(result.data));
 * ```
 */
export interface BulkCreateResult {
  message: string;
  /** The envelope's `data` as sent (its shape is not documented; `null` when absent). */
  data: unknown;
}

/**
 * Result of `inbound.update`.
 * @example
 * ```ts
 * const { message }: UpdateResult = await warehouse.inbound.update(order.order_id, { quantity: 24 }, { current: order });
 * console.log(message);
 * ```
 */
export interface UpdateResult {
  message: string;
}
