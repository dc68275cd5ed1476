/**
 * What the warehouse types allow is what the pre-flight allows, and the response types say
 * what can arrive: the document's types, open enumerations, and null where a real service
 * may leave a member empty. Each rule has a case that compiles and one that must not.
 */

import {
  type CREATE_FULFILLMENT_TYPES,
  type InboundListParams,
  type InboundOrder,
  type InboundOrderCreate,
  type InboundOrderRow,
  type InboundOrderUpdate,
  type OpenEnum,
  type Page,
  type Shipment,
  type ShipmentDetail,
  type ShipmentFulfillmentType,
  type ShipmentListParams,
  WarehouseClient,
  type WarehouseClientOptions,
} from 'opslink';
import { describe, expectTypeOf, it } from 'vitest';

declare const warehouse: WarehouseClient;
const base = {
  date: new Date(2026, 10, 22),
  retailer: 'Target',
  order_number: 'PO-1',
  item_name: 'Lamp',
  color: 'black',
  brand_sku: 'L-1',
  quantity: 12,
  unit_cost: 9.5,
  list_price: 24.99,
} as const;

describe('create: the "required when" rules of the document', () => {
  it('needs an asin for fba and fbm, not for the others', () => {
    warehouse.inbound.create({ ...base, fulfillment_type: 'fba', asin: 'B000000001' });
    warehouse.inbound.create({ ...base, fulfillment_type: 'fbm', asin: 'B000000001' });
    warehouse.inbound.create({ ...base, fulfillment_type: 'wfs' });
    warehouse.inbound.create({ ...base, fulfillment_type: 'two-step', shipping_label_files: new Blob(['%PDF']) });
    // @ts-expect-error fba without an asin
    warehouse.inbound.create({ ...base, fulfillment_type: 'fba' });
    // @ts-expect-error fbm without an asin
    const fbm: InboundOrderCreate = { ...base, fulfillment_type: 'fbm' };
    void fbm;
  });

  it('takes a fulfillment_type that is itself a union (read from a form) when the order has an asin, not without', () => {
    const fromForm = 'wfs' as (typeof CREATE_FULFILLMENT_TYPES)[number];
    warehouse.inbound.create({ ...base, fulfillment_type: fromForm, asin: 'B000000001' });
    const fbaOrWfs = 'wfs' as 'fba' | 'wfs';
    warehouse.inbound.create({ ...base, fulfillment_type: fbaOrWfs, asin: 'B000000001' });
    // @ts-expect-error it may be fba, and has no asin
    warehouse.inbound.create({ ...base, fulfillment_type: fbaOrWfs });
    const soldAs = 'bundle' as 'individual' | 'bundle';
    warehouse.inbound.create({ ...base, fulfillment_type: 'wfs', sold_as: soldAs, units_per_pack: 2 });
    // @ts-expect-error it may be a bundle, and has no units_per_pack
    warehouse.inbound.create({ ...base, fulfillment_type: 'wfs', sold_as: soldAs });
  });

  it('needs units_per_pack when sold as a bundle; takes only individual or bundle on create', () => {
    warehouse.inbound.create({ ...base, fulfillment_type: 'wfs', sold_as: 'bundle', units_per_pack: 3 });
    warehouse.inbound.create({
      ...base,
      fulfillment_type: 'wfs',
      sold_as: 'bundle',
      units_per_pack: '3',
      bundle_items: [{ quantity: 1, item_name: 'Bulb', color: 'warm' }],
    });
    warehouse.inbound.create({ ...base, fulfillment_type: 'wfs', sold_as: 'individual' });
    // @ts-expect-error a bundle without units_per_pack
    warehouse.inbound.create({ ...base, fulfillment_type: 'wfs', sold_as: 'bundle' });
    // @ts-expect-error multi-pack is for updates only
    warehouse.inbound.create({ ...base, fulfillment_type: 'wfs', sold_as: 'multi-pack', units_per_pack: 2 });
    // @ts-expect-error manual is for updates only
    warehouse.inbound.create({ ...base, fulfillment_type: 'manual' });
  });

  it('refuses members the create form does not have, and wrong types', () => {
    // @ts-expect-error the update name orderNumber is not a create member
    warehouse.inbound.create({ ...base, fulfillment_type: 'wfs', orderNumber: 'PO-2' });
    // @ts-expect-error quantity is a number
    warehouse.inbound.create({ ...base, quantity: '12', fulfillment_type: 'wfs' });
    // @ts-expect-error a bulk row carries no files
    const row: InboundOrderRow = { ...base, fulfillment_type: 'wfs', shipping_label_files: new Blob([]) };
    void row;
  });
});

describe('update: the update endpoint’s own member names', () => {
  it('takes any subset of them', () => {
    expectTypeOf<{}>().toExtend<InboundOrderUpdate>();
    warehouse.inbound.update('id', { orderNumber: 'PO-2', listPrice: 10, fulfilledBy: 'manual', sold_as: 'multi-pack', units_per_pack: 6 });
  });

  it('refuses the list’s names and values the endpoint does not take', () => {
    // @ts-expect-error order_number is the list's name; the update says orderNumber
    warehouse.inbound.update('id', { order_number: 'PO-2' });
    // @ts-expect-error fulfilledBy is one of the documented types
    warehouse.inbound.update('id', { fulfilledBy: 'ups' });
    // @ts-expect-error trackingNumbers is a list
    warehouse.inbound.update('id', { trackingNumbers: '1Z999' });
  });
});

describe('list parameters', () => {
  it('take the documented filters and sort keys', () => {
    expectTypeOf<{ fulfillment_types: ['fba', 'two-step']; sort_key: 'created_at'; limit: -1 }>().toExtend<InboundListParams>();
    expectTypeOf<{ statuses: ['picked']; shipment_id: string }>().toExtend<ShipmentListParams>();
    // @ts-expect-error shopify is not an inbound list filter
    warehouse.inbound.list({ fulfillment_types: ['shopify'] });
    // @ts-expect-error sort by a member the order has
    warehouse.inbound.list({ sort_key: 'colour' });
    // @ts-expect-error lost is not a shipment status
    warehouse.shipments.list({ statuses: ['lost'] });
  });
});

describe('responses, typed as they may arrive', () => {
  it('types an inbound order: the document’s types, null where a create may leave a member out, open enumerations', () => {
    expectTypeOf<InboundOrder['quantity']>().toEqualTypeOf<number>();
    expectTypeOf<InboundOrder['retailer']>().toEqualTypeOf<string>();
    expectTypeOf<InboundOrder['asin']>().toEqualTypeOf<string | null>();
    expectTypeOf<InboundOrder['size']>().toEqualTypeOf<string | null>();
    expectTypeOf<InboundOrder['client_notes']>().toEqualTypeOf<string | null>();
    expectTypeOf<InboundOrder['upc']>().toEqualTypeOf<string | null>();
    expectTypeOf<InboundOrder['tracking_numbers']>().toEqualTypeOf<string[] | null>();
    expectTypeOf<InboundOrder['units_per_pack']>().toEqualTypeOf<number | null>();
    expectTypeOf<InboundOrder['sold_as']>().toEqualTypeOf<OpenEnum<'individual' | 'multi-pack' | 'bundle'>>();
    expectTypeOf<'multi-pack'>().toExtend<InboundOrder['sold_as']>();
    expectTypeOf<'case-pack'>().toExtend<InboundOrder['fulfillment_type']>(); // a value added next month is text
    expectTypeOf<InboundOrder['added_later']>().toEqualTypeOf<unknown>(); // extra members are kept
    // @ts-expect-error quantity is typed a number (a drifted one is reported, not typed)
    const nullQuantity: InboundOrder['quantity'] = null;
    void nullQuantity;
    const order = {} as InboundOrder;
    // @ts-expect-error tracking_numbers may be null: check it before use
    void order.tracking_numbers.length;
    void (order.tracking_numbers ?? []).length;
  });

  it('gives a page a total, as both lists document one', () => {
    expectTypeOf<Page<InboundOrder>['total']>().toEqualTypeOf<number>();
    expectTypeOf<Page<Shipment>['items']>().toEqualTypeOf<Shipment[]>();
  });

  it('types a shipment and its detail', () => {
    expectTypeOf<Shipment['trackings'][number]['tracking_number']>().toEqualTypeOf<string>();
    expectTypeOf<Shipment['trackings'][number]['carrier']>().toEqualTypeOf<string>();
    expectTypeOf<Shipment['shipped_at']>().toEqualTypeOf<string | null>();
    expectTypeOf<ShipmentDetail['shipped_at']>().toEqualTypeOf<string | null>();
    expectTypeOf<Shipment['stage']>().toEqualTypeOf<string | null>();
    expectTypeOf<Shipment['status']>().toEqualTypeOf<OpenEnum<'working' | 'requested' | 'picking' | 'picked' | 'shipped'>>();
    expectTypeOf<Shipment['fulfillment_type']>().toEqualTypeOf<OpenEnum<ShipmentFulfillmentType>>();
    expectTypeOf<ShipmentDetail['boxes'][number]['box_id']>().toEqualTypeOf<string>();
    expectTypeOf<ShipmentDetail['orders'][number]['asin']>().toEqualTypeOf<string | null>();
    expectTypeOf<ShipmentDetail['orders'][number]['quantity_shipped']>().toEqualTypeOf<number>();
    expectTypeOf<ShipmentDetail['trackings'][number]['rate_id']>().toEqualTypeOf<string | null>();
    expectTypeOf<ShipmentDetail['trackings'][number]['tracking_id']>().toEqualTypeOf<string>();
    expectTypeOf<ShipmentDetail['seller_central_linked']>().toEqualTypeOf<boolean>();
    // @ts-expect-error a tracking number is never null
    const nullTracking: Shipment['trackings'][number]['tracking_number'] = null;
    void nullTracking;
  });

  it('the known statuses stay named (completion, exhaustive switches); an unknown one is text', () => {
    expectTypeOf<Extract<Shipment['status'], 'shipped' | 'picked'>>().toEqualTypeOf<'shipped' | 'picked'>();
    expectTypeOf<Extract<InboundOrder['status'], 'outbound'>>().toEqualTypeOf<'outbound'>();
    const cancelled: Shipment['status'] = 'cancelled';
    void cancelled;
    // @ts-expect-error a status is text, never a number
    const numbered: Shipment['status'] = 5;
    void numbered;
  });

  it('shipped_at must be checked for null before it is used as text', () => {
    const shipment = {} as ShipmentDetail;
    // @ts-expect-error shipped_at is null until the shipment ships
    void shipment.shipped_at.slice(0, 10);
    if (shipment.shipped_at !== null) expectTypeOf(shipment.shipped_at.slice(0, 10)).toEqualTypeOf<string>();
    // @ts-expect-error rate_id may be null too
    void shipment.trackings[0]!.rate_id.length;
  });
});

describe('client options say where it sends: baseUrl or domain, exactly one', () => {
  it('takes one of them, and the key as a string or a function', () => {
    new WarehouseClient({ baseUrl: 'https://api.example.com', apiKey: 'k', warehouseId: 'w' });
    new WarehouseClient({ domain: 'example.com', apiKey: async () => 'rotated', warehouseId: 'w' });
  });

  it('refuses neither and both', () => {
    // @ts-expect-error neither baseUrl nor domain
    new WarehouseClient({ apiKey: 'k', warehouseId: 'w' });
    // @ts-expect-error both baseUrl and domain
    new WarehouseClient({ baseUrl: 'https://api.example.com', domain: 'example.com', apiKey: 'k', warehouseId: 'w' });
    // @ts-expect-error the warehouse id is required
    new WarehouseClient({ domain: 'example.com', apiKey: 'k' });
    expectTypeOf<{ apiKey: string; warehouseId: string }>().not.toExtend<WarehouseClientOptions>();
  });
});
