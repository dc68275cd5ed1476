/**
 * The warehouse endpoints as declarations: what each sends and how its answer is read. The
 * writes (update, bulk upload) with their rules are in `inbound-writes.ts`.
 */
import type { ValidationIssue } from '../core/errors/index.js';
import type { InputCheck, Operation } from '../core/operation.js';
import { checkedOr } from '../core/validation.js';
import { isUuid } from '../internal/path.js';
import { CREATE_FORM_KINDS, checkInboundListParams, checkInboundOrderCreate, checkShipmentListParams } from './fast-checks.generated.js';
import { WAREHOUSE_LIMITS } from './limits.js';
import { createOrderForm } from './multipart.js';
import type { ListOperation } from './pages.js';
import { parseCreated, parseInboundPage, parseShipmentDetail, parseShipmentPage } from './read-bodies.js';
import type { CreatedInboundOrder, InboundListParams, InboundOrder, Shipment, ShipmentDetail, ShipmentListParams } from './types.js';
import { appendQueryArray } from './wire-format.js';

const credential = 'apiKey';

/** A path id the document types as a UUID, checked before a URL is built (which also refuses `..`, `/`, `?`). */
export function idIssues(field: string, value: unknown): ValidationIssue[] {
  return isUuid(value) ? [] : [{ path: [field], message: 'must be a UUID (8-4-4-4-12 hexadecimal)' }];
}

/** `POST /api/v1/inbound`, one order as a multipart form. */
export const createOrder: Operation<Record<string, unknown>, CreatedInboundOrder> = {
  method: 'POST',
  template: '/api/v1/inbound',
  write: true,
  subject: 'inbound order',
  input: checkInboundOrderCreate as InputCheck<Record<string, unknown>>,
  credential,
  request: (order) => ({ path: '/inbound', body: createOrderForm(order, CREATE_FORM_KINDS) }),
  parse: parseCreated,
};

/** `GET /api/v1/shipments/{shipment_id}`. */
export const retrieveShipment: Operation<string, ShipmentDetail> = {
  method: 'GET',
  template: '/api/v1/shipments/{shipment_id}',
  write: false,
  subject: 'shipment id',
  credential,
  check: (id) => checkedOr(id, idIssues('shipment_id', id)),
  request: (id) => ({ path: `/shipments/${id}` }),
  parse: parseShipmentDetail,
};

type InboundQuery = InboundListParams & Record<string, unknown>;
type ShipmentQuery = ShipmentListParams & Record<string, unknown>;

/** Offset, limit, sorting and the filters, as every page sends them (the schema has let only its list members be arrays). */
function pageQuery(params: Record<string, unknown>, offset: number, limit: number): URLSearchParams {
  const query = new URLSearchParams({ offset: String(offset), limit: String(limit) });
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || name === 'offset' || name === 'limit') continue;
    if (Array.isArray(value)) appendQueryArray(query, name, value as string[]);
    else query.set(name, String(value));
  }
  return query;
}

/** A list endpoint of the warehouse: `path`, its parameter schema, how a page is read, and what names an item. */
function listOf<P extends { offset?: number; limit?: number } & Record<string, unknown>, Item>(
  path: string,
  input: InputCheck<unknown>,
  parse: ListOperation<P, Item>['parse'],
  named: Pick<ListOperation<P, Item>, 'subject' | 'keyOf' | 'template'>,
): ListOperation<P, Item> {
  const limitOf = (params: P) => params.limit ?? WAREHOUSE_LIMITS.defaultPageSize;
  return {
    ...named,
    path,
    input,
    parse,
    credential,
    limitOf,
    offsetOf: (params) => params.offset ?? 0,
    query: (params, offset) => pageQuery(params, offset, limitOf(params)),
  };
}

/** `GET /api/v1/inbound`, page by page. */
export const listInbound = listOf<InboundQuery, InboundOrder>('/inbound', checkInboundListParams, parseInboundPage, {
  subject: 'inbound list parameters',
  template: '/api/v1/inbound',
  keyOf: (order) => order.order_id,
});

/** `GET /api/v1/shipments`, page by page. */
export const listShipments = listOf<ShipmentQuery, Shipment>('/shipments', checkShipmentListParams, parseShipmentPage, {
  subject: 'shipment list parameters',
  template: '/api/v1/shipments',
  keyOf: (shipment) => shipment.shipment_id,
});
