/**
 * Record types and deterministic seed data of the warehouse mock. Every record is drawn
 * from its own PRNG stream (seed, kind, index), so record `i` is the same whatever the
 * requested counts, and the same options give the same data on every run and runtime.
 */

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
export type InboundFulfillmentType = 'fba' | 'fbm' | 'wfs' | 'two-step' | 'shopify' | 'manual';
/**
 * `individual` or `bundle` on create; update also accepts `multi-pack`.
 * @example
 * ```ts
 * const bySoldAs = new Map<InboundSoldAs, number>();
 * for (const o of mock.state.inboundOrders) bySoldAs.set(o.sold_as, (bySoldAs.get(o.sold_as) ?? 0) + 1);
 * ```
 */
export type InboundSoldAs = 'individual' | 'multi-pack' | 'bundle';
/**
 * Inbound status values the document shows.
 * @example
 * ```ts
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
export type ShipmentStatus = 'working' | 'requested' | 'picking' | 'picked' | 'shipped';
/**
 * Fulfillment types of a shipment: fba, fbm, manual, wfs, shopify.
 * @example
 * ```ts
 * const ownCarrier: ShipmentFulfillmentType[] = ['fbm', 'manual'];
 * const stored = mock.state.shipments.filter((s) => ownCarrier.includes(s.fulfillment_type));
 * expect((await client.shipments.list({ fulfillment_types: ownCarrier })).total).toBe(stored.length);
 * ```
 */
export type ShipmentFulfillmentType = 'fba' | 'fbm' | 'manual' | 'wfs' | 'shopify';

export const INBOUND_CREATE_FULFILLMENT_TYPES = ['fba', 'fbm', 'wfs', 'two-step', 'shopify'] as const;
export const INBOUND_FULFILLMENT_TYPES = [...INBOUND_CREATE_FULFILLMENT_TYPES, 'manual'] as const;
/** Values the inbound list's `fulfillment_types` filter documents. */
export const INBOUND_FILTER_FULFILLMENT_TYPES = ['fba', 'fbm', 'wfs', 'two-step'] as const;
export const INBOUND_SOLD_AS = ['individual', 'multi-pack', 'bundle'] as const;
export const SHIPMENT_STATUSES = ['working', 'requested', 'picking', 'picked', 'shipped'] as const;
export const SHIPMENT_FULFILLMENT_TYPES = ['fba', 'fbm', 'manual', 'wfs', 'shopify'] as const;

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
 * const { order_id } = await client.inbound.create({ ...newOrder, fulfillment_type: 'two-step', shipping_label_files: label });
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
export const INBOUND_LIST_FIELDS = [
  'order_id',
  'date',
  'retailer',
  'order_number',
  'item_name',
  'color',
  'brand_sku',
  'size',
  'quantity',
  'asin',
  'amazon_sku',
  'unit_cost',
  'list_price',
  'client_notes',
  'fulfillment_type',
  'sold_as',
  'units_per_pack',
  'upc',
  'tracking_numbers',
  'status',
  'created_at',
] as const satisfies readonly (keyof InboundOrderRecord)[];

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
export const SHIPMENT_LIST_FIELDS = [
  'shipment_id',
  'status',
  'created_at',
  'shipped_at',
  'name',
  'fulfillment_type',
  'stage',
  'notes',
  'shipping_method',
  'shipping_address',
  'latest_ship_date',
  'total_quantity_shipped',
  'trackings',
  'tags',
  'full_name',
] as const satisfies readonly (keyof ShipmentListRecord)[];

// ---------------------------------------------------------------------------------------
// Randomness

/** mulberry32: tiny, fast, and identical in every JS runtime. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes (seed, stream, index) into one 32-bit seed, so streams do not overlap. */
export function streamSeed(seed: number, stream: number, index: number): number {
  let h = Math.imul((seed ^ 0x9e3779b9) >>> 0, 0x85ebca6b) ^ Math.imul(stream + 1, 0xc2b2ae35) ^ Math.imul(index + 1, 0x27d4eb2f);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

const UPPER_ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
const DIGITS = '0123456789';
const HEX = '0123456789abcdef';

/** A deterministic source of the values the seed needs. */
export class SeededRandom {
  readonly #next: () => number;

  constructor(seed: number) {
    this.#next = mulberry32(seed);
  }

  float(): number {
    return this.#next();
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.#next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.#next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.#next() * items.length)]!;
  }

  chars(length: number, alphabet: string = UPPER_ALNUM): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.#next() * alphabet.length)];
    return out;
  }

  /** A version 4 UUID built from this stream (not from crypto, so it repeats per seed). */
  uuid(): string {
    const bytes: number[] = [];
    for (let i = 0; i < 16; i++) bytes.push(Math.floor(this.#next() * 256));
    bytes[6] = (bytes[6]! & 0x0f) | 0x40;
    bytes[8] = (bytes[8]! & 0x3f) | 0x80;
    const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
}

// ---------------------------------------------------------------------------------------
// Dates

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** MM/DD/YYYY of a UTC time, the format the service renders dates in. */
export function toMonthDayYear(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

// ---------------------------------------------------------------------------------------
// Vocabulary

const RETAILERS = ['Walmart', 'Target', 'Costco', 'Home Depot', 'Best Buy', "Kohl's", 'Walgreens', 'CVS', "Lowe's"];
const ADJECTIVES = ['Classic', 'Deluxe', 'Compact', 'Organic', 'Stainless', 'Wireless', 'Travel', 'Kids', 'Ultra', 'Eco'];
const NOUNS = [
  'Water Bottle',
  'Desk Lamp',
  'Yoga Mat',
  'Blender',
  'Headphones',
  'Backpack',
  'Coffee Mug',
  'Phone Case',
  'Toy Set',
  'Candle',
];
const COLORS = ['Black', 'White', 'Red', 'Navy', 'Sage Green', 'Charcoal', 'Blush', 'Assorted', 'Clear'];
const SIZES = ['', 'S', 'M', 'L', 'XL', 'One Size', '12 oz', '32 oz', '6 ft'];
const NOTES = [
  'Please inspect for damage',
  'Fragile: glass inside',
  'Check expiration dates',
  'Remove retail price stickers',
  'Do not split cases, thanks',
];
const FULL_NAMES = ['Avery Johnson', 'Mateo García', 'Priya Natarajan', 'Chen Wei', 'Olivia Brown', "Liam O'Connor", 'Fatima Zahra'];
const SHIPMENT_NOTES = ['Palletize if over 10 boxes', 'Customer requested signature', 'Ship with the next truck', 'Hold for inspection'];
const STAGES = ['prep', 'packing', 'labeling', 'staged'];
const CARRIERS = ['UPS', 'USPS', 'FedEx'];
const BOXES: readonly [string, number][] = [
  ['Small 12x10x8', 1.25],
  ['Medium 18x14x12', 2.5],
  ['Large 24x18x18', 3.75],
];
const SERVICES: readonly [string, number][] = [
  ['Labeling', 0.25],
  ['Poly bagging', 0.35],
  ['Bubble wrap', 0.5],
  ['Bundling', 1],
  ['Inspection', 0.15],
];
const TAGS: readonly ShipmentTagRecord[] = [
  { tag: 'priority', value: 'high' },
  { tag: 'channel', value: 'retail' },
  { tag: 'client', value: 'acme' },
  { tag: 'temperature', value: 'ambient' },
  { tag: 'wave', value: '2' },
];
const CITIES: readonly [string, string, string][] = [
  ['Columbus', 'OH', '43215'],
  ['Reno', 'NV', '89501'],
  ['Dallas', 'TX', '75201'],
  ['Allentown', 'PA', '18101'],
  ['Tracy', 'CA', '95304'],
  ['Jacksonville', 'FL', '32202'],
];
const STREETS = ['Commerce Dr', 'Industrial Pkwy', 'Main St', 'Harbor Blvd', 'Logistics Way', 'Elm St'];

function trackingNumber(rng: SeededRandom, carrier: string): string {
  if (carrier === 'UPS') return `1Z${rng.chars(16)}`;
  if (carrier === 'USPS') return `9400${rng.chars(18, DIGITS)}`;
  return rng.chars(12, DIGITS);
}

function money(cents: number): number {
  return Math.round(cents) / 100;
}

// ---------------------------------------------------------------------------------------
// Inbound orders

/** Seed stream numbers: one per kind of record, so kinds do not shift each other. */
export const SEED_STREAMS = { inbound: 1, shipment: 2, linking: 3, created: 4 } as const;

const FULFILLMENT_CYCLE: readonly InboundFulfillmentType[] = INBOUND_FULFILLMENT_TYPES;
const INBOUND_BASE_MS = Date.UTC(2025, 1, 3, 9, 0, 0);
const SHIPMENT_BASE_MS = Date.UTC(2025, 2, 3, 8, 0, 0);

/**
 * Seeded order `index`. Type, sold_as and status follow short cycles of coprime-ish
 * lengths, so even a handful of orders covers every value and their mixes.
 */
export function seedInboundOrder(seed: number, index: number): InboundOrderRecord {
  const rng = new SeededRandom(streamSeed(seed, SEED_STREAMS.inbound, index));
  const fulfillment_type = FULFILLMENT_CYCLE[index % FULFILLMENT_CYCLE.length]!;
  const sold_as = INBOUND_SOLD_AS[(index + Math.floor(index / FULFILLMENT_CYCLE.length)) % INBOUND_SOLD_AS.length]!;
  const status: InboundStatus = index % 5 === 1 || index % 5 === 3 ? 'outbound' : 'inbound';

  // Windows of 7 hours, each order inside its own first 6, keep created_at distinct and increasing.
  const createdMs = INBOUND_BASE_MS + index * 7 * HOUR + rng.int(0, 6 * 60 - 1) * 60_000 + rng.int(0, 59_999);
  // Up to three months before creation, so dates straddle a new year and MM/DD/YYYY must sort as dates.
  const dateMs = createdMs - rng.int(1, 90) * DAY;

  let units_per_pack = 1;
  let quantity = rng.int(1, 60);
  if (sold_as === 'multi-pack') {
    units_per_pack = rng.pick([2, 3, 4, 6]);
    quantity = units_per_pack * rng.int(1, 20);
  } else if (sold_as === 'bundle') {
    units_per_pack = rng.pick([2, 3]);
    quantity = units_per_pack * rng.int(1, 10);
  }

  const marketplace = fulfillment_type === 'fba' || fulfillment_type === 'fbm';
  const asin = marketplace || rng.chance(0.5) ? `B0${rng.chars(8)}` : '';
  const amazon_sku = fulfillment_type === 'fbm' ? `PFL-${rng.chars(8)}` : rng.chance(0.7) ? `AMZ-${rng.chars(8)}` : '';
  const unitCents = rng.int(150, 4500);
  const listCents =
    fulfillment_type === 'manual' && rng.chance(0.5) ? 0 : Math.max(unitCents + 1, Math.round(unitCents * (1.4 + rng.float())));

  const carrier = rng.pick(CARRIERS);
  const trackingCount = index % 4 === 3 ? 0 : rng.int(1, 2);
  const tracking_numbers = Array.from({ length: trackingCount }, () => trackingNumber(rng, carrier));

  const item_name = `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}`;
  const order_number = `PO-${rng.int(100, 999)}-${String(index + 1).padStart(5, '0')}`;
  const order: InboundOrderRecord = {
    order_id: rng.uuid(),
    date: toMonthDayYear(dateMs),
    retailer: rng.pick(RETAILERS),
    order_number,
    item_name,
    color: rng.pick(COLORS),
    brand_sku: `BR-${rng.chars(6)}`,
    size: rng.pick(SIZES),
    quantity,
    asin,
    amazon_sku,
    unit_cost: money(unitCents),
    list_price: money(listCents),
    client_notes: rng.chance(0.4) ? rng.pick(NOTES) : null,
    fulfillment_type,
    sold_as,
    units_per_pack,
    upc: rng.chance(0.6) ? rng.chars(12, DIGITS) : null,
    tracking_numbers,
    status,
    created_at: new Date(createdMs).toISOString(),
  };
  if (sold_as === 'bundle') {
    // Each child is a whole multiple of the parent quantity, so the update's sync stays exact.
    order.bundle_items = Array.from({ length: rng.int(2, 3) }, (_, child) => ({
      quantity: quantity * rng.int(1, 2),
      item_name: `${item_name} part ${child + 1}`,
      color: rng.pick(COLORS),
      brand_sku: `BR-${rng.chars(6)}`,
    }));
  }
  if (fulfillment_type === 'two-step') {
    order.shipping_label_files = [{ name: `label-${order_number}.pdf`, size: rng.int(20_000, 90_000), type: 'application/pdf' }];
  }
  return order;
}

// ---------------------------------------------------------------------------------------
// Shipments

function address(rng: SeededRandom, fulfillment: ShipmentFulfillmentType, fullName: string): ShippingAddressRecord {
  const [city, state, postal_code] = rng.pick(CITIES);
  const toFulfillmentCenter = fulfillment === 'fba' || fulfillment === 'wfs';
  return {
    name: toFulfillmentCenter ? `${fulfillment === 'fba' ? 'FBA' : 'WFS'} ${rng.chars(4)}` : fullName,
    company: toFulfillmentCenter ? (fulfillment === 'fba' ? 'Amazon.com Services LLC' : 'Walmart Fulfillment Services') : null,
    address1: `${rng.int(10, 9999)} ${rng.pick(STREETS)}`,
    address2: rng.chance(0.3) ? `Suite ${rng.int(100, 500)}` : null,
    city,
    state,
    postal_code,
    country: 'US',
    phone: rng.chance(0.5) ? `+1555${rng.chars(7, DIGITS)}` : null,
  };
}

/**
 * Seeded shipment `index`. Its orders are drawn from `pool` (the seeded outbound inbound
 * orders) when there is one, so a shipment lists orders that exist.
 */
export function seedShipment(seed: number, index: number, pool: readonly InboundOrderRecord[]): ShipmentDetailRecord {
  const rng = new SeededRandom(streamSeed(seed, SEED_STREAMS.shipment, index));
  const status = SHIPMENT_STATUSES[index % SHIPMENT_STATUSES.length]!;
  const fulfillment_type =
    SHIPMENT_FULFILLMENT_TYPES[(index + Math.floor(index / SHIPMENT_STATUSES.length)) % SHIPMENT_FULFILLMENT_TYPES.length]!;
  const createdMs = SHIPMENT_BASE_MS + index * 9 * HOUR + rng.int(0, 8 * 60 - 1) * 60_000 + rng.int(0, 59_999);
  const shippedMs = createdMs + rng.int(1, 4) * DAY + rng.int(0, 12) * HOUR;
  const full_name = rng.pick(FULL_NAMES);

  const orders: ShipmentOrderRecord[] = [];
  const wanted = rng.int(1, 3);
  const available = [...pool];
  for (let n = 0; n < wanted; n++) {
    const source = available.length > 0 ? available.splice(rng.int(0, available.length - 1), 1)[0] : undefined;
    if (source) {
      const packs = source.quantity / source.units_per_pack;
      orders.push({
        order_id: source.order_id,
        item_name: source.item_name,
        quantity_shipped: source.units_per_pack * rng.int(1, Math.max(1, packs)),
        asin: source.asin,
        amazon_sku: source.amazon_sku,
        sold_as: source.sold_as,
        units_per_pack: source.units_per_pack,
      });
    } else {
      orders.push({
        order_id: rng.uuid(),
        item_name: `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}`,
        quantity_shipped: rng.int(1, 40),
        asin: `B0${rng.chars(8)}`,
        amazon_sku: `AMZ-${rng.chars(8)}`,
        sold_as: 'individual',
        units_per_pack: 1,
      });
    }
  }
  const total_quantity_shipped = orders.reduce((sum, o) => sum + o.quantity_shipped, 0);

  const trackingCount = status === 'shipped' || status === 'picked' ? rng.int(1, 2) : status === 'working' ? 0 : rng.int(0, 1);
  const trackings: ShipmentTrackingDetailRecord[] = Array.from({ length: trackingCount }, () => {
    const carrier = rng.pick(CARRIERS);
    return {
      tracking_id: rng.uuid(),
      tracking_number: trackingNumber(rng, carrier),
      carrier,
      tracking_status: status === 'shipped' ? rng.pick(['in_transit', 'out_for_delivery', 'delivered']) : 'label_created',
      rate_id: `rate_${rng.chars(16, HEX)}`,
      created_at: new Date(createdMs + rng.int(1, 20) * HOUR).toISOString(),
    };
  });

  const tagPool = [...TAGS];
  const tagCount = index % 2 === 0 ? rng.int(1, 2) : rng.int(0, 1);
  const tags = Array.from({ length: tagCount }, () => ({ ...tagPool.splice(rng.int(0, tagPool.length - 1), 1)[0]! }));

  const boxes: ShipmentBoxRecord[] = Array.from({ length: rng.int(1, 3) }, () => {
    const [name, price_per_unit] = rng.pick(BOXES);
    return { box_id: rng.uuid(), name, quantity: rng.int(1, 6), price_per_unit };
  });
  const servicePool = [...SERVICES];
  const services: ShipmentServiceRecord[] = Array.from({ length: rng.int(1, 3) }, () => {
    const [name, price_per_unit] = servicePool.splice(rng.int(0, servicePool.length - 1), 1)[0]!;
    return { service_id: rng.uuid(), name, quantity: total_quantity_shipped, price_per_unit };
  });
  const unit_services_summary: Record<string, UnitServicesSummaryRecord> = {};
  for (const order of orders) {
    unit_services_summary[order.order_id] = {
      item_name: order.item_name,
      quantity: order.quantity_shipped,
      services: services.map((s) => ({ service_id: s.service_id, name: s.name, quantity: order.quantity_shipped })),
    };
  }

  const marketplace = fulfillment_type === 'fba' || fulfillment_type === 'fbm';
  return {
    shipment_id: rng.uuid(),
    status,
    created_at: new Date(createdMs).toISOString(),
    shipped_at: new Date(shippedMs).toISOString(),
    name: `${fulfillment_type.toUpperCase()} shipment ${toMonthDayYear(createdMs)} #${index + 1}`,
    fulfillment_type,
    stage: status === 'working' || rng.chance(0.3) ? null : rng.pick(STAGES),
    notes: rng.chance(0.5) ? rng.pick(SHIPMENT_NOTES) : null,
    shipping_method: fulfillment_type === 'fba' ? rng.pick(['SPD', 'LTL']) : rng.pick(['ground', '2-day', 'priority', 'freight']),
    shipping_address: address(rng, fulfillment_type, full_name),
    latest_ship_date: new Date(createdMs + rng.int(5, 10) * DAY).toISOString(),
    total_quantity_shipped,
    trackings,
    tags,
    full_name,
    orders,
    boxes,
    services,
    seller_central_linked: marketplace && index % 3 !== 2,
    wfs_linked: fulfillment_type === 'wfs',
    unit_services_summary,
  };
}

/** The whole seeded state for these counts. */
export function seedWarehouse(seed: number, inboundCount: number, shipmentCount: number) {
  const inboundOrders = Array.from({ length: inboundCount }, (_, i) => seedInboundOrder(seed, i));
  const pool = inboundOrders.filter((o) => o.status === 'outbound');
  const shipments = Array.from({ length: shipmentCount }, (_, i) => seedShipment(seed, i, pool));
  return { inboundOrders, shipments };
}
