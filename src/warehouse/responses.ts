/**
 * Reads the warehouse envelope and checks the documented members of what it carries.
 * A member every order or shipment has (an id, a quantity, a status) must be there with
 * its documented type; a member the document marks "or null", or one an order may be
 * created without (`size`, `asin`), may be null or absent; a list or record left out or
 * null is handed over empty, so `order.tracking_numbers.length` never throws. Anything else
 * of the wrong kind is a `ResponseValidationError`; unknown members are kept as sent.
 */
import type { ValidationIssue } from '../core/errors.js';
import type { PageResult } from '../core/pagination.js';
import type { RawResponse } from '../internal/http.js';
import type { CreatedInboundOrder, InboundOrder, Shipment, ShipmentDetail } from './types.js';

/**
 * `id`: a string (or number) id, required. `string`, `number`, `boolean`: required, not
 * null. `string?`, `number?`: may be null or absent. `record`, `string[]` and `[Shape]`:
 * absent or null becomes `{}` / `[]`.
 */
type Kind = 'id' | 'string' | 'number' | 'boolean' | 'string?' | 'number?' | 'record' | 'string[]' | [Shape];
interface Shape {
  [member: string]: Kind;
}

const trackingShape: Shape = { tracking_number: 'string?', carrier: 'string?', tracking_status: 'string?' };

export const INBOUND_ORDER_SHAPE: Shape = {
  order_id: 'id',
  date: 'string',
  retailer: 'string',
  order_number: 'string',
  item_name: 'string',
  color: 'string',
  brand_sku: 'string',
  size: 'string?',
  quantity: 'number',
  asin: 'string?',
  amazon_sku: 'string?',
  unit_cost: 'number',
  list_price: 'number',
  client_notes: 'string?',
  fulfillment_type: 'string',
  sold_as: 'string?',
  units_per_pack: 'number?',
  upc: 'string?',
  tracking_numbers: 'string[]',
  status: 'string',
  created_at: 'string',
};

export const SHIPMENT_SHAPE: Shape = {
  shipment_id: 'id',
  status: 'string',
  created_at: 'string',
  shipped_at: 'string?',
  name: 'string',
  fulfillment_type: 'string',
  stage: 'string?',
  notes: 'string?',
  shipping_method: 'string?',
  shipping_address: 'record',
  latest_ship_date: 'string?',
  total_quantity_shipped: 'number',
  trackings: [trackingShape],
  tags: [{ tag: 'string?', value: 'string?' }],
  full_name: 'string',
};

export const SHIPMENT_DETAIL_SHAPE: Shape = {
  ...SHIPMENT_SHAPE,
  orders: [
    {
      order_id: 'id',
      item_name: 'string?',
      quantity_shipped: 'number?',
      asin: 'string?',
      amazon_sku: 'string?',
      sold_as: 'string?',
      units_per_pack: 'number?',
    },
  ],
  boxes: [{ box_id: 'id', name: 'string?', quantity: 'number?', price_per_unit: 'number?' }],
  services: [{ service_id: 'id', name: 'string?', quantity: 'number?', price_per_unit: 'number?' }],
  seller_central_linked: 'boolean',
  wfs_linked: 'boolean',
  unit_services_summary: 'record',
  trackings: [{ ...trackingShape, tracking_id: 'id', rate_id: 'string?', created_at: 'string?' }],
};

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const TYPE_OF: Record<string, string> = {
  string: 'string',
  'string?': 'string',
  number: 'number',
  'number?': 'number',
  boolean: 'boolean',
};

/** Checks `record` against `shape`, filling in empty lists and records; issues get their paths. */
function checkObject(record: Record<string, unknown>, shape: Shape, path: (string | number)[], issues: ValidationIssue[]): void {
  for (const member in shape) {
    const kind = shape[member]!;
    const value = record[member];
    const at = [...path, member];
    if (Array.isArray(kind) || kind === 'string[]' || kind === 'record') {
      if (value === undefined || value === null) {
        record[member] = kind === 'record' ? {} : [];
      } else if (kind === 'record') {
        if (!isObject(value)) issues.push({ path: at, message: 'must be an object' });
      } else if (!Array.isArray(value)) {
        issues.push({ path: at, message: 'must be an array' });
      } else if (kind === 'string[]') {
        if (value.some((v) => typeof v !== 'string')) issues.push({ path: at, message: 'must be an array of strings' });
      } else {
        value.forEach((item, i) => {
          if (isObject(item)) checkObject(item, kind[0], [...at, i], issues);
          else issues.push({ path: [...at, i], message: 'must be an object' });
        });
      }
      continue;
    }
    const optional = kind.endsWith('?');
    if (value === undefined || value === null) {
      if (!optional) issues.push({ path: at, message: value === null ? 'must not be null' : 'is missing' });
      continue;
    }
    if (kind === 'id') {
      if ((typeof value !== 'string' || value === '') && typeof value !== 'number')
        issues.push({ path: at, message: 'must be a string id' });
    } else if (typeof value !== TYPE_OF[kind] || (typeof value === 'number' && !Number.isFinite(value))) {
      issues.push({ path: at, message: `must be a ${TYPE_OF[kind]}` });
    }
  }
}

/**
 * Unwraps the `{ status, message, data, errors }` envelope. `status: "failed"` is an
 * error under any HTTP status; a body that is no envelope is a `ResponseValidationError`.
 */
export function unwrapEnvelope(raw: RawResponse): { message: string; data: unknown } {
  const body = raw.body;
  if (!raw.isJson) throw raw.invalid([{ path: [], message: 'is not JSON' }]);
  if (!isObject(body))
    throw raw.invalid([
      { path: [], message: body === undefined ? 'is empty; expected the response envelope' : 'must be the response envelope object' },
    ]);
  if (body.status === 'failed') throw raw.failed();
  if (body.status !== 'success') throw raw.invalid([{ path: ['status'], message: 'must be "success" or "failed"' }]);
  return { message: typeof body.message === 'string' ? body.message : '', data: body.data };
}

function dataObject(raw: RawResponse, data: unknown): Record<string, unknown> {
  if (!isObject(data)) throw raw.invalid([{ path: ['data'], message: 'must be an object' }]);
  return data;
}

function integer(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

/** A list page: `data[itemsKey]` and `data.results` with `total` (inbound) or `total_results` (shipments). */
function parseList<Item>(
  raw: RawResponse,
  itemsKey: 'orders' | 'shipments',
  shape: Shape,
  requested: { offset: number; limit: number },
): PageResult<Item> {
  const data = dataObject(raw, unwrapEnvelope(raw).data);
  const items = data[itemsKey];
  const issues: ValidationIssue[] = [];
  if (!Array.isArray(items)) throw raw.invalid([{ path: ['data', itemsKey], message: 'must be an array' }]);
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (isObject(item)) checkObject(item, shape, ['data', itemsKey, i], issues);
    else issues.push({ path: ['data', itemsKey, i], message: 'must be an object' });
  }
  const results = data.results;
  if (results !== undefined && results !== null && !isObject(results))
    issues.push({ path: ['data', 'results'], message: 'must be an object' });
  const r = isObject(results) ? results : {};
  for (const key of ['total', 'total_results', 'offset', 'limit']) {
    if (r[key] !== undefined && r[key] !== null && integer(r[key]) === undefined)
      issues.push({ path: ['data', 'results', key], message: 'must be an integer' });
  }
  if (issues.length) throw raw.invalid(issues);
  // Both names are read on both lists: the document gives each list its own, and a server may use either.
  const total = integer(r.total) ?? integer(r.total_results);
  return {
    items: items as Item[],
    total,
    offset: integer(r.offset) ?? requested.offset,
    limit: integer(r.limit) ?? requested.limit,
  };
}

export function parseInboundPage(raw: RawResponse, requested: { offset: number; limit: number }): PageResult<InboundOrder> {
  return parseList<InboundOrder>(raw, 'orders', INBOUND_ORDER_SHAPE, requested);
}

export function parseShipmentPage(raw: RawResponse, requested: { offset: number; limit: number }): PageResult<Shipment> {
  return parseList<Shipment>(raw, 'shipments', SHIPMENT_SHAPE, requested);
}

export function parseShipmentDetail(raw: RawResponse): ShipmentDetail {
  const data = dataObject(raw, unwrapEnvelope(raw).data);
  const shipment = data.shipment;
  if (!isObject(shipment)) throw raw.invalid([{ path: ['data', 'shipment'], message: 'must be an object' }]);
  const issues: ValidationIssue[] = [];
  checkObject(shipment, SHIPMENT_DETAIL_SHAPE, ['data', 'shipment'], issues);
  if (issues.length) throw raw.invalid(issues);
  return shipment as ShipmentDetail;
}

export function parseCreated(raw: RawResponse): CreatedInboundOrder {
  const data = dataObject(raw, unwrapEnvelope(raw).data);
  if (typeof data.order_id !== 'string' || data.order_id === '')
    throw raw.invalid([{ path: ['data', 'order_id'], message: 'must be a string' }]);
  return data as CreatedInboundOrder;
}

/** The bulk response body is not documented: the envelope's `data` is handed over as sent. */
export function parseBulkCreated(raw: RawResponse): { message: string; data: unknown } {
  const { message, data } = unwrapEnvelope(raw);
  return { message, data: data ?? null };
}

export function parseUpdated(raw: RawResponse): { message: string } {
  return { message: unwrapEnvelope(raw).message };
}
