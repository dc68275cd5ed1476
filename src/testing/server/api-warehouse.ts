/**
 * The warehouse part of the `/_mock` API: inbound orders and shipments as tables (sorted,
 * filtered by status and fulfillment type, searched, paged), and one order or shipment in
 * full. Read-only; secrets are masked by the caller.
 */
import type { MockRoute } from '../kit/routes.js';
import {
  INBOUND_FULFILLMENT_TYPES,
  INBOUND_LIST_FIELDS,
  type InboundOrderRecord,
  SHIPMENT_FULFILLMENT_TYPES,
  SHIPMENT_LIST_FIELDS,
  SHIPMENT_STATUSES,
  type ShipmentDetailRecord,
} from '../warehouse/records.js';
import { sortInbound, sortShipments } from '../warehouse/sort.js';
import type { WarehouseMock } from '../warehouse/types.js';
import { inboundListItem, shipmentListItem } from '../warehouse/views.js';
import { apiError, apiJson, QueryReader } from './api-json.js';

const INBOUND_STATUSES = ['inbound', 'outbound'] as const;
const TABLE_PARAMS = ['offset', 'limit', 'sort', 'order', 'status', 'fulfillment_type', 'q'];
const ORDERS = ['asc', 'desc'] as const;
const MAX_PAGE = 500;

function matchesText(q: string | undefined, values: (string | null | undefined)[]): boolean {
  return q === undefined || values.some((v) => v?.toLowerCase().includes(q));
}

/** What a table filters a record by: its status, its fulfillment type, and the texts a search looks in. */
type Facets = [status: string, type: string, text: (string | null)[]];

/** How one table reads its records: filters, search text, sort and the row it shows. */
interface TableOf<T, K extends string> {
  sortFields: readonly K[];
  statuses: readonly string[];
  types: readonly string[];
  sort: (records: T[], key: K, order: 'asc' | 'desc') => T[];
  view: (record: T) => unknown;
  facets: (record: T) => Facets;
}

function tableOf<T, K extends string>(
  sortFields: readonly K[],
  statuses: readonly string[],
  types: readonly string[],
  sort: TableOf<T, K>['sort'],
  view: TableOf<T, K>['view'],
  facets: TableOf<T, K>['facets'],
): TableOf<T, K> {
  return { sortFields, statuses, types, sort, view, facets };
}

/** One page of a table: `?offset&limit&sort&order&status&fulfillment_type&q`, every bad parameter a 400. */
function tablePage<T, K extends string>(records: T[], url: URL, spec: TableOf<T, K>): Response {
  const query = new QueryReader(url.searchParams, TABLE_PARAMS);
  const page = {
    offset: query.integer('offset', 0, 0, Number.MAX_SAFE_INTEGER),
    limit: query.integer('limit', 50, 1, MAX_PAGE),
    sort: query.oneOf('sort', spec.sortFields, 'created_at' as K),
    order: query.oneOf('order', ORDERS, 'desc'),
  };
  const q = query.text('q')?.trim().toLowerCase() || undefined;
  const statuses = query.list('status', spec.statuses);
  const types = query.list('fulfillment_type', spec.types);
  if (query.problems.length > 0) return apiError(400, 'Bad table query', query.problems);
  const matching = records.filter((record) => {
    const [status, type, text] = spec.facets(record);
    return (!statuses || statuses.includes(status)) && (!types || types.includes(type)) && matchesText(q, text);
  });
  const sorted = spec.sort(matching, page.sort, page.order);
  return apiJson(200, { ...page, total: sorted.length, items: sorted.slice(page.offset, page.offset + page.limit).map(spec.view) });
}

const orderFacets = (o: InboundOrderRecord): Facets => [
  o.status,
  o.fulfillment_type,
  [o.order_id, o.order_number, o.item_name, o.retailer, o.brand_sku, o.asin, o.amazon_sku],
];
const shipmentFacets = (s: ShipmentDetailRecord): Facets => [
  s.status,
  s.fulfillment_type,
  [s.shipment_id, s.name, s.full_name, ...s.trackings.map((t) => t.tracking_number)],
];
const INBOUND_TABLE = tableOf(INBOUND_LIST_FIELDS, INBOUND_STATUSES, INBOUND_FULFILLMENT_TYPES, sortInbound, inboundListItem, orderFacets);
const SHIPMENT_TABLE = tableOf(
  SHIPMENT_LIST_FIELDS,
  SHIPMENT_STATUSES,
  SHIPMENT_FULFILLMENT_TYPES,
  sortShipments,
  shipmentListItem,
  shipmentFacets,
);

/** An order in full, with the shipments that carry it. */
function inboundDetail(mock: WarehouseMock, id: string): Response {
  const order: InboundOrderRecord | undefined = mock.state.inboundOrders.find((o) => o.order_id === id);
  if (!order) return apiError(404, `No inbound order has order_id ${id}`);
  const shipments = mock.state.shipments
    .filter((s) => s.orders.some((o) => o.order_id === id))
    .map(({ shipment_id, name, status }) => ({ shipment_id, name, status }));
  return apiJson(200, { order, shipments });
}

function shipmentDetail(mock: WarehouseMock, id: string): Response {
  const shipment: ShipmentDetailRecord | undefined = mock.state.shipments.find((s) => s.shipment_id.toLowerCase() === id.toLowerCase());
  return shipment ? apiJson(200, { shipment }) : apiError(404, `No shipment has shipment_id ${id}`);
}

export function warehouseApiRoutes(mock: WarehouseMock): MockRoute[] {
  return [
    { method: 'GET', path: '/warehouse/inbound', handler: ({ url }) => tablePage(mock.state.inboundOrders, url, INBOUND_TABLE) },
    { method: 'GET', path: '/warehouse/inbound/:id', handler: ({ params }) => inboundDetail(mock, params[0]!) },
    { method: 'GET', path: '/warehouse/shipments', handler: ({ url }) => tablePage(mock.state.shipments, url, SHIPMENT_TABLE) },
    { method: 'GET', path: '/warehouse/shipments/:id', handler: ({ params }) => shipmentDetail(mock, params[0]!) },
  ];
}
