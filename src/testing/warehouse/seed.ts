/**
 * Deterministic seed data of the warehouse mock: inbound orders and shipments drawn from
 * their own PRNG streams (`random.ts`), so the same options give the same data everywhere.
 */
import { toMonthDayYear } from './dates.js';
import { DIGITS, HEX, SeededRandom, streamSeed } from './random.js';
import {
  INBOUND_FULFILLMENT_TYPES,
  INBOUND_SOLD_AS,
  type InboundFulfillmentType,
  type InboundOrderRecord,
  type InboundStatus,
  SHIPMENT_FULFILLMENT_TYPES,
  SHIPMENT_STATUSES,
  type ShipmentBoxRecord,
  type ShipmentDetailRecord,
  type ShipmentFulfillmentType,
  type ShipmentOrderRecord,
  type ShipmentServiceRecord,
  type ShipmentStatus,
  type ShipmentTagRecord,
  type ShipmentTrackingDetailRecord,
  type ShippingAddressRecord,
  type UnitServicesSummaryRecord,
} from './records.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

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

/** One to three orders packed in a shipment: from `pool` while it lasts, else made up. */
function shipmentOrders(rng: SeededRandom, pool: readonly InboundOrderRecord[]): ShipmentOrderRecord[] {
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
  return orders;
}

function shipmentTrackings(rng: SeededRandom, status: ShipmentStatus, createdMs: number): ShipmentTrackingDetailRecord[] {
  const trackingCount = status === 'shipped' || status === 'picked' ? rng.int(1, 2) : status === 'working' ? 0 : rng.int(0, 1);
  return Array.from({ length: trackingCount }, () => {
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
}

/** Tags, boxes, services and the per-order services summary, drawn in that order. */
function shipmentExtras(rng: SeededRandom, index: number, orders: ShipmentOrderRecord[], totalShipped: number) {
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
    return { service_id: rng.uuid(), name, quantity: totalShipped, price_per_unit };
  });
  const unit_services_summary: Record<string, UnitServicesSummaryRecord> = {};
  for (const order of orders) {
    unit_services_summary[order.order_id] = {
      item_name: order.item_name,
      quantity: order.quantity_shipped,
      services: services.map((s) => ({ service_id: s.service_id, name: s.name, quantity: order.quantity_shipped })),
    };
  }
  return { tags, boxes, services, unit_services_summary };
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
  const orders = shipmentOrders(rng, pool);
  const total_quantity_shipped = orders.reduce((sum, o) => sum + o.quantity_shipped, 0);
  const trackings = shipmentTrackings(rng, status, createdMs);
  const { tags, boxes, services, unit_services_summary } = shipmentExtras(rng, index, orders, total_quantity_shipped);

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
