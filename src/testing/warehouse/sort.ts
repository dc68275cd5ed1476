/**
 * Sorting of the list endpoints: how each list member sorts, and a stable sort (ties by id)
 * memoized per key and order so walking a list page by page sorts once.
 */
import { parseOrderDate } from './dates.js';
import type { INBOUND_LIST_FIELDS, InboundOrderRecord, SHIPMENT_LIST_FIELDS, ShipmentDetailRecord } from './records.js';

export type InboundListField = (typeof INBOUND_LIST_FIELDS)[number];
export type ShipmentListField = (typeof SHIPMENT_LIST_FIELDS)[number];

export type SortKind = 'text' | 'number' | 'monthDayYear' | 'timestamp' | 'json';

const INBOUND_SORT: Record<InboundListField, SortKind> = {
  order_id: 'text',
  date: 'monthDayYear',
  retailer: 'text',
  order_number: 'text',
  item_name: 'text',
  color: 'text',
  brand_sku: 'text',
  size: 'text',
  quantity: 'number',
  asin: 'text',
  amazon_sku: 'text',
  unit_cost: 'number',
  list_price: 'number',
  client_notes: 'text',
  fulfillment_type: 'text',
  sold_as: 'text',
  units_per_pack: 'number',
  upc: 'text',
  tracking_numbers: 'json',
  status: 'text',
  created_at: 'timestamp',
};

const SHIPMENT_SORT: Record<ShipmentListField, SortKind> = {
  shipment_id: 'text',
  status: 'text',
  created_at: 'timestamp',
  shipped_at: 'timestamp',
  name: 'text',
  fulfillment_type: 'text',
  stage: 'text',
  notes: 'text',
  shipping_method: 'text',
  shipping_address: 'json',
  latest_ship_date: 'timestamp',
  total_quantity_shipped: 'number',
  trackings: 'json',
  tags: 'json',
  full_name: 'text',
};

function sortValue(kind: SortKind, value: unknown): number | string | null {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'number':
      return Number(value);
    case 'monthDayYear':
      return parseOrderDate(String(value)) ?? null;
    case 'timestamp': {
      const ms = Date.parse(String(value));
      return Number.isNaN(ms) ? null : ms;
    }
    case 'json':
      return JSON.stringify(value);
    default:
      return String(value);
  }
}

interface SortMemo {
  records: readonly unknown[];
  values: unknown[];
  ids: unknown[];
  sorted: unknown[];
}
/**
 * The last sort per key and order. Walking a list page by page sorts the same records the
 * same way for every page; the memo is reused only when every record, its sort value and
 * its id are still the same (so a test that edits `state` directly is never served stale).
 */
const sortMemos = new Map<string, SortMemo>();

const field = (record: object, key: string): unknown => (record as Record<string, unknown>)[key];

function memoStillHolds(memo: SortMemo, records: readonly object[], key: string, idKey: string): boolean {
  if (memo.records.length !== records.length) return false;
  for (let i = 0; i < records.length; i++) {
    const record = records[i]!;
    if (memo.records[i] !== record || memo.values[i] !== field(record, key) || memo.ids[i] !== field(record, idKey)) return false;
  }
  return true;
}

/** Nulls sort as the smallest value; ties fall back to the id, ascending, so pages never overlap. */
function sortRecords<T extends object>(records: T[], key: string, kind: SortKind, order: 'asc' | 'desc', idKey: string): T[] {
  const memoKey = `${key}|${kind}|${order}|${idKey}`;
  const memo = sortMemos.get(memoKey);
  if (memo && memoStillHolds(memo, records, key, idKey)) return memo.sorted as T[];
  const direction = order === 'asc' ? 1 : -1;
  const keyed = records.map((record) => ({ record, value: sortValue(kind, field(record, key)), id: String(field(record, idKey)) }));
  keyed.sort((a, b) => {
    let c = 0;
    if (a.value === null || b.value === null) c = a.value === b.value ? 0 : a.value === null ? -1 : 1;
    else if (typeof a.value === 'number' && typeof b.value === 'number') c = a.value - b.value;
    else c = a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
    if (c !== 0) return c * direction;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  const sorted = keyed.map((k) => k.record);
  const values = records.map((r) => field(r, key));
  sortMemos.set(memoKey, { records: [...records], values, ids: records.map((r) => field(r, idKey)), sorted });
  return sorted;
}

/** Inbound orders sorted by a list member (ties by order_id). */
export const sortInbound = (records: InboundOrderRecord[], key: InboundListField, order: 'asc' | 'desc') =>
  sortRecords(records, key, INBOUND_SORT[key], order, 'order_id');

/** Shipments sorted by a list member (ties by shipment_id). */
export const sortShipments = (records: ShipmentDetailRecord[], key: ShipmentListField, order: 'asc' | 'desc') =>
  sortRecords(records, key, SHIPMENT_SORT[key], order, 'shipment_id');
