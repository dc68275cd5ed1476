import { beforeEach, describe, expect, it } from 'vitest';
import { createWarehouseMock, mockUpdateViolations, type WarehouseMock } from '../../../src/testing/index.js';
import { UPDATE_RULE_MESSAGES, VALIDATION_FAILURE_MESSAGE } from '../../../src/warehouse/update-rules.js';
import { find, put } from '../../support/warehouse-mock.js';

describe('updating an inbound order', () => {
  let mock: WarehouseMock;
  beforeEach(() => {
    mock = createWarehouseMock();
  });

  it('changes the named members and answers with data null', async () => {
    const order = find(mock, (o) => o.status === 'inbound' && o.fulfillment_type === 'fba' && o.sold_as === 'individual');
    const { status, body } = await put(mock, order.order_id, {
      itemName: 'Renamed',
      brandSKU: 'BR-NEW',
      cogs: 3.25,
      notes: 'new note',
      trackingNumbers: ['1ZNEW'],
      date: '2025-04-01',
    });
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'success', message: 'Inbound order updated.', data: null, errors: null });
    expect(order).toMatchObject({
      item_name: 'Renamed',
      brand_sku: 'BR-NEW',
      unit_cost: 3.25,
      client_notes: 'new note',
      tracking_numbers: ['1ZNEW'],
      date: '04/01/2025',
    });
  });

  it('answers 404 for an order that does not exist', async () => {
    const { status, body } = await put(mock, '00000000-0000-4000-8000-000000000000', { color: 'Red' });
    expect(status).toBe(404);
    expect(body).toMatchObject({ status: 'failed', data: null });
  });

  it('refuses unknown members and wrong types without touching the order', async () => {
    const order = find(mock, (o) => o.sold_as === 'individual');
    const before = structuredClone(order);
    const { status, body } = await put(mock, order.order_id, { item_name: 'snake case', quantity: '3', trackingNumbers: 'one' });
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      'quantity: must be a number, not a string',
      'trackingNumbers: must be an array, not a string',
      'unknown member "item_name"',
    ]);
    expect(order).toEqual(before);
  });

  it('refuses to change fulfilledBy once the order is outbound', async () => {
    const order = find(mock, (o) => o.status === 'outbound' && o.fulfillment_type === 'fba');
    const { status, body } = await put(mock, order.order_id, { fulfilledBy: 'wfs' });
    expect(status).toBe(400);
    expect(body).toEqual({
      status: 'failed',
      message: VALIDATION_FAILURE_MESSAGE,
      data: null,
      errors: [UPDATE_RULE_MESSAGES.fulfilled_by_after_shipping],
    });
    expect(order.fulfillment_type).toBe('fba');
    // Sending the value it already has is not a change.
    expect((await put(mock, order.order_id, { fulfilledBy: 'fba' })).status).toBe(200);
  });

  it('lets fulfilledBy change while the order is still inbound', async () => {
    const order = find(mock, (o) => o.status === 'inbound' && o.fulfillment_type === 'fba' && o.sold_as === 'individual');
    expect((await put(mock, order.order_id, { fulfilledBy: 'manual' })).status).toBe(200);
    expect(order.fulfillment_type).toBe('manual');
  });

  it('requires an fbm seller SKU to start with PFL, and fills in an empty one', async () => {
    const order = find(mock, (o) => o.fulfillment_type === 'fbm' && o.sold_as === 'individual');
    const bad = await put(mock, order.order_id, { amazonSKU: 'XYZ-1' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([UPDATE_RULE_MESSAGES.fbm_amazon_sku_prefix]);
    expect((await put(mock, order.order_id, { amazonSKU: 'PFL-OK' })).status).toBe(200);
    expect(order.amazon_sku).toBe('PFL-OK');
    expect((await put(mock, order.order_id, { amazonSKU: '' })).status).toBe(200);
    expect(order.amazon_sku).toMatch(/^PFL-/);
  });

  it('requires a non-zero list price on fbm orders, including one switched to fbm', async () => {
    const fbm = find(mock, (o) => o.fulfillment_type === 'fbm' && o.sold_as === 'individual');
    const { body } = await put(mock, fbm.order_id, { listPrice: 0 });
    expect(body.errors).toEqual([UPDATE_RULE_MESSAGES.fbm_list_price]);

    const other = find(mock, (o) => o.status === 'inbound' && o.fulfillment_type === 'fba' && o.sold_as === 'individual');
    other.list_price = 0;
    other.amazon_sku = 'PFL-1';
    const switched = await put(mock, other.order_id, { fulfilledBy: 'fbm' });
    expect(switched.body.errors).toEqual([UPDATE_RULE_MESSAGES.fbm_list_price]);
    expect(other.fulfillment_type).toBe('fba');
  });

  it('refuses fbm updates while the seller portal is not linked', async () => {
    const fbm = find(mock, (o) => o.fulfillment_type === 'fbm' && o.sold_as === 'individual');
    mock.settings.sellerPortalLinked = false;
    const { status, body } = await put(mock, fbm.order_id, { color: 'Teal' });
    expect(status).toBe(400);
    expect(body.errors).toEqual([UPDATE_RULE_MESSAGES.fbm_seller_portal]);
    expect(fbm.color).not.toBe('Teal');

    const unlinked = createWarehouseMock({ sellerPortalLinked: false });
    const fba = find(unlinked, (o) => o.fulfillment_type === 'fba' && o.sold_as === 'individual');
    expect((await put(unlinked, fba.order_id, { color: 'Teal' })).status).toBe(200);
  });

  it('requires a positive whole pack size and a divisible quantity when not sold individually', async () => {
    const pack = find(mock, (o) => o.sold_as === 'multi-pack' && o.fulfillment_type !== 'fbm');
    const zero = await put(mock, pack.order_id, { units_per_pack: 0 });
    expect(zero.body.errors).toEqual([UPDATE_RULE_MESSAGES.units_per_pack_positive]);
    const fraction = await put(mock, pack.order_id, { units_per_pack: 1.5 });
    expect(fraction.body.errors).toEqual(['units_per_pack: must be an integer']); // the member's own type, before the rule
    const uneven = await put(mock, pack.order_id, { quantity: pack.quantity + 1 });
    expect(uneven.body.errors).toEqual([UPDATE_RULE_MESSAGES.quantity_divisible]);

    const single = find(mock, (o) => o.sold_as === 'individual' && o.quantity % 2 === 1 && o.fulfillment_type !== 'fbm');
    const becomingPack = await put(mock, single.order_id, { sold_as: 'multi-pack', units_per_pack: 2 });
    expect(becomingPack.body.errors).toEqual([UPDATE_RULE_MESSAGES.quantity_divisible]);
    expect((await put(mock, single.order_id, { sold_as: 'multi-pack', units_per_pack: 2, quantity: single.quantity + 1 })).status).toBe(
      200,
    );
  });

  it('lists every violated rule at once, in a stable order, and changes nothing', async () => {
    const order = find(mock, (o) => o.status === 'outbound' && o.fulfillment_type !== 'fbm');
    mock.settings.sellerPortalLinked = false;
    const before = structuredClone(order);
    const { status, body } = await put(mock, order.order_id, {
      fulfilledBy: 'fbm',
      amazonSKU: 'AMZ-1',
      listPrice: 0,
      sold_as: 'multi-pack',
      units_per_pack: 4,
      quantity: 6,
      color: 'Never stored',
    });
    expect(status).toBe(400);
    expect(body.message).toBe(VALIDATION_FAILURE_MESSAGE);
    expect(body.errors).toEqual([
      UPDATE_RULE_MESSAGES.fulfilled_by_after_shipping,
      UPDATE_RULE_MESSAGES.fbm_amazon_sku_prefix,
      UPDATE_RULE_MESSAGES.fbm_list_price,
      UPDATE_RULE_MESSAGES.fbm_seller_portal,
      UPDATE_RULE_MESSAGES.quantity_divisible,
    ]);
    expect(order).toEqual(before);
  });

  it('keeps bundle children in step when the bundle quantity changes', async () => {
    const bundle = find(mock, (o) => o.sold_as === 'bundle' && o.fulfillment_type !== 'fbm');
    const ratios = bundle.bundle_items!.map((child) => child.quantity / bundle.quantity);
    const newQuantity = bundle.units_per_pack * 7;
    expect((await put(mock, bundle.order_id, { quantity: newQuantity })).status).toBe(200);
    expect(bundle.quantity).toBe(newQuantity);
    expect(bundle.bundle_items!.map((child) => child.quantity)).toEqual(ratios.map((r) => r * newQuantity));

    // A change refused by the rules leaves the children alone too.
    const children = structuredClone(bundle.bundle_items);
    await put(mock, bundle.order_id, { quantity: newQuantity + 1 });
    expect(bundle.bundle_items).toEqual(children);
  });

  it('decides the same rules as a pure function on the merged state', () => {
    const record = {
      status: 'outbound',
      fulfillment_type: 'fbm',
      amazon_sku: 'PFL-1',
      list_price: 5,
      sold_as: 'bundle',
      units_per_pack: 3,
      quantity: 9,
    } as const;
    expect(mockUpdateViolations(record, {}, { sellerPortalLinked: true })).toEqual([]);
    expect(mockUpdateViolations(record, { quantity: 10 }, { sellerPortalLinked: true })).toEqual(['quantity_divisible']);
    expect(mockUpdateViolations(record, { fulfilledBy: 'fba', listPrice: 0 }, { sellerPortalLinked: false })).toEqual([
      'fulfilled_by_after_shipping',
    ]);
    expect(
      mockUpdateViolations(record, { amazonSKU: 'x', sold_as: 'individual', units_per_pack: 0 }, { sellerPortalLinked: false }),
    ).toEqual(['fbm_amazon_sku_prefix', 'fbm_seller_portal']);
  });
});
