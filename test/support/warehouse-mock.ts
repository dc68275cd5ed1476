/**
 * Requests to a warehouse mock through its own `fetch` with its credentials, and the
 * fixtures the warehouse mock tests share.
 */
import type { InboundOrderRecord, WarehouseMock } from '../../src/testing/index.js';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const INBOUND_LIST_MEMBERS = [
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
];
export const SHIPMENT_LIST_MEMBERS = [
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
];
export const SHIPMENT_DETAIL_MEMBERS = ['orders', 'boxes', 'services', 'seller_central_linked', 'wfs_linked', 'unit_services_summary'];

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected member by member
export type Body = any;

export function auth(mock: WarehouseMock): Record<string, string> {
  return { authorization: `ApiKey ${mock.apiKey}`, 'x-warehouse-id': mock.warehouseId };
}

export async function send(mock: WarehouseMock, path: string, init: RequestInit = {}): Promise<{ status: number; body: Body }> {
  const response = await mock.fetch(`${mock.baseUrl}${path}`, {
    ...init,
    headers: { ...auth(mock), ...(init.headers as Record<string, string>) },
  });
  return { status: response.status, body: await response.json() };
}

export function put(mock: WarehouseMock, orderId: string, patch: unknown) {
  return send(mock, `/inbound/${orderId}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(patch) });
}

export function dateMs(mmddyyyy: string): number {
  const [m, d, y] = mmddyyyy.split('/').map(Number);
  return Date.UTC(y!, m! - 1, d!);
}

export function find(mock: WarehouseMock, predicate: (order: InboundOrderRecord) => boolean): InboundOrderRecord {
  const order = mock.state.inboundOrders.find(predicate);
  if (!order) throw new Error('the seed has no such order');
  return order;
}

export function validCreateForm(): FormData {
  const form = new FormData();
  form.append('date', '2025-03-09');
  form.append('retailer', 'Target');
  form.append('order_number', 'PO-NEW-1');
  form.append('item_name', 'Steel Thermos');
  form.append('color', 'Silver');
  form.append('brand_sku', 'BR-THERM');
  form.append('quantity', '12');
  form.append('asin', 'B0TESTASIN');
  form.append('unit_cost', '7.5');
  form.append('list_price', '19.99');
  form.append('fulfillment_type', 'fba');
  return form;
}

/** A two-step order for `inbound.create`, every required field filled (spread and override what a test needs). */
export const TWO_STEP_ORDER = {
  date: '11/02/2026',
  retailer: 'Target',
  order_number: 'PO-1',
  item_name: 'Lamp',
  color: 'red',
  brand_sku: 'L-1',
  quantity: 4,
  unit_cost: 2,
  list_price: 5,
  fulfillment_type: 'two-step',
} as const;
