import { describe, expect, it } from 'vitest';
import { createWarehouseMock } from '../../../src/testing/index.js';
import { SHIPMENT_DETAIL_MEMBERS, SHIPMENT_LIST_MEMBERS, UUID } from '../../support/warehouse-mock.js';

describe('the seeded data', () => {
  const mock = createWarehouseMock();
  const orders = mock.state.inboundOrders;
  const shipments = mock.state.shipments;

  it('has 25 inbound orders and 10 shipments by default, and the counts asked for otherwise', () => {
    expect(orders).toHaveLength(25);
    expect(shipments).toHaveLength(10);
    const big = createWarehouseMock({ inboundOrders: 1234, shipments: 300 });
    expect(big.state.inboundOrders).toHaveLength(1234);
    expect(big.state.shipments).toHaveLength(300);
    expect(new Set(big.state.inboundOrders.map((o) => o.order_id)).size).toBe(1234);
  });

  it('covers every fulfillment type, both statuses and every way of selling', () => {
    expect(new Set(orders.map((o) => o.fulfillment_type))).toEqual(new Set(['fba', 'fbm', 'wfs', 'two-step', 'shopify', 'manual']));
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(['inbound', 'outbound']));
    expect(new Set(orders.map((o) => o.sold_as))).toEqual(new Set(['individual', 'multi-pack', 'bundle']));
  });

  it('gives bundles children and multi-packs a pack size that divides the quantity', () => {
    for (const order of orders.filter((o) => o.sold_as === 'bundle')) {
      expect(order.bundle_items!.length).toBeGreaterThan(0);
      for (const child of order.bundle_items!)
        expect(child).toMatchObject({ quantity: expect.any(Number), item_name: expect.any(String), color: expect.any(String) });
    }
    const packs = orders.filter((o) => o.sold_as === 'multi-pack');
    expect(packs.length).toBeGreaterThan(0);
    for (const order of packs) {
      expect(order.units_per_pack).toBeGreaterThan(1);
      expect(order.quantity % order.units_per_pack).toBe(0);
    }
  });

  it('gives fbm orders a PFL seller SKU and a price, and two-step orders a label file', () => {
    for (const order of orders.filter((o) => o.fulfillment_type === 'fbm')) {
      expect(order.amazon_sku.startsWith('PFL')).toBe(true);
      expect(order.list_price).not.toBe(0);
    }
    for (const order of orders.filter((o) => o.fulfillment_type === 'two-step')) {
      expect(order.shipping_label_files?.[0]?.name).toMatch(/\.pdf$/);
    }
  });

  it('uses UUID ids, MM/DD/YYYY dates, tracking numbers and distinct ISO creation times', () => {
    for (const order of orders) {
      expect(order.order_id).toMatch(UUID);
      expect(order.date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(new Date(order.created_at).toISOString()).toBe(order.created_at);
    }
    expect(new Set(orders.map((o) => o.created_at)).size).toBe(orders.length);
    expect(orders.some((o) => o.tracking_numbers.length > 0)).toBe(true);
    // Dates cross a year boundary, so sorting them as text would be visibly wrong.
    expect(new Set(orders.map((o) => o.date.slice(6))).size).toBeGreaterThan(1);
  });

  it('has shipments in every status and fulfillment type with every documented member', () => {
    expect(new Set(shipments.map((s) => s.status))).toEqual(new Set(['working', 'requested', 'picking', 'picked', 'shipped']));
    expect(new Set(shipments.map((s) => s.fulfillment_type))).toEqual(new Set(['fba', 'fbm', 'manual', 'wfs', 'shopify']));
    for (const shipment of shipments) {
      expect(Object.keys(shipment).sort()).toEqual([...SHIPMENT_LIST_MEMBERS, ...SHIPMENT_DETAIL_MEMBERS].sort());
      expect(shipment.shipment_id).toMatch(UUID);
      expect(shipment.total_quantity_shipped).toBe(shipment.orders.reduce((sum, o) => sum + o.quantity_shipped, 0));
      expect(typeof shipment.shipping_address).toBe('object');
    }
    const trackings = shipments.flatMap((s) => s.trackings);
    expect(trackings.length).toBeGreaterThan(0);
    for (const t of trackings)
      expect(Object.keys(t).sort()).toEqual(['carrier', 'created_at', 'rate_id', 'tracking_id', 'tracking_number', 'tracking_status']);
    expect(shipments.flatMap((s) => s.tags)[0]).toEqual({ tag: expect.any(String), value: expect.any(String) });
    expect(shipments.some((s) => s.seller_central_linked)).toBe(true);
    expect(shipments.some((s) => s.wfs_linked)).toBe(true);
  });

  it('is the same data every time for the same options, and different for another seed', () => {
    const a = createWarehouseMock({ inboundOrders: 40, shipments: 12, seed: 7 });
    const b = createWarehouseMock({ inboundOrders: 40, shipments: 12, seed: 7 });
    expect(a.state).toEqual(b.state);
    expect(JSON.stringify(a.state)).toBe(JSON.stringify(b.state));
    const c = createWarehouseMock({ inboundOrders: 40, shipments: 12, seed: 8 });
    expect(c.state.inboundOrders[0]!.order_id).not.toBe(a.state.inboundOrders[0]!.order_id);
  });
});
