/** The warehouse endpoints as declarations: what each sends and how its answer is read. */
import type { ValidationIssue } from '../core/errors/index.js';
import { checkInput, type InputCheck, inputCheck } from '../core/input-check.js';
import type { Operation } from '../core/operation.js';
import { type Checked, checkedOr } from '../core/validation.js';
import { andThen, type Eventually } from '../internal/eventually.js';
import { isUuid } from '../internal/path.js';
import { type CurrentOrder, checkInboundUpdate } from './check-update.js';
import { ordersToCsv } from './csv.js';
import {
  CREATE_FORM_KINDS,
  CSV_COLUMNS,
  readInboundListParams,
  readInboundOrderCreate,
  readInboundOrderRow,
  readInboundOrderUpdate,
  readShipmentListParams,
} from './fast-checks.generated.js';
import { WAREHOUSE_LIMITS } from './limits.js';
import { bulkForm, createOrderForm } from './multipart.js';
import type { ListOperation } from './pages.js';
import { parseBulkCreated, parseCreated, parseInboundPage, parseShipmentDetail, parseShipmentPage, parseUpdated } from './read-bodies.js';
import type {
  BulkCreateResult,
  CreatedInboundOrder,
  InboundListParams,
  InboundOrder,
  InboundOrderUpdate,
  Shipment,
  ShipmentDetail,
  ShipmentListParams,
  UpdateResult,
} from './types.js';
import { appendQueryArray, formatOrderDate } from './wire-format.js';

const credential = 'apiKey';

/** The request schemas, loaded (with zod) only for an input a generated fast check cannot vouch for. */
const schemas = () => import('./schemas.js');
const createInput = inputCheck(readInboundOrderCreate, async () => (await schemas()).inboundOrderCreateSchema);
const rowInput = inputCheck(readInboundOrderRow, async () => (await schemas()).inboundOrderRowSchema);
const updateInput = inputCheck(readInboundOrderUpdate, async () => (await schemas()).inboundOrderUpdateSchema);

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
  input: createInput as InputCheck<Record<string, unknown>>,
  credential,
  request: (order) => ({ path: '/inbound', body: createOrderForm(order, CREATE_FORM_KINDS) }),
  parse: parseCreated,
};

/** `POST /api/v1/inbound` with `bulk=true` and a CSV `file`: text, a Blob (streamed), bytes, or rows checked one by one. */
export const createBulk: Operation<unknown, BulkCreateResult> = {
  method: 'POST',
  template: '/api/v1/inbound',
  write: true,
  subject: 'bulk upload',
  credential,
  check: checkBulk,
  request: (input) => ({ path: '/inbound', body: bulkForm(csvOf(input)) }),
  parse: parseBulkCreated,
};

/** Rows: each checked one by one, and their checked values are what the CSV is written from. */
function checkBulk(input: unknown): Eventually<Checked<unknown>> {
  if (Array.isArray(input)) {
    if (input.length === 0) return { ok: false, issues: [{ path: [], message: 'must hold at least one order' }] };
    const rows: Eventually<Checked<unknown>>[] = [];
    // An index loop, not map: a hole in a sparse array is a missing order, not nothing.
    for (let i = 0; i < input.length; i++) rows.push(checkInput(rowInput, input[i], [i]));
    const gather = (all: Checked<unknown>[]) =>
      checkedOr(
        all.flatMap((row) => (row.ok ? [row.value] : [])),
        all.flatMap((row) => (row.ok ? [] : row.issues)),
      );
    return rows.some((row) => row instanceof Promise) ? Promise.all(rows).then(gather) : gather(rows as Checked<unknown>[]);
  }
  const size =
    typeof input === 'string' ? input.trim().length : input instanceof Blob ? input.size : isBytes(input) ? input.byteLength : -1;
  if (size < 0) return checkedOr(input, [{ path: [], message: 'must be CSV text, a Blob or File, bytes, or an array of orders' }]);
  return checkedOr(input, size === 0 ? [{ path: [], message: 'must not be empty' }] : []);
}

const isBytes = (input: unknown): input is Uint8Array | ArrayBuffer => input instanceof Uint8Array || input instanceof ArrayBuffer;

function csvOf(input: unknown): string | Blob {
  if (Array.isArray(input)) return ordersToCsv(CSV_COLUMNS, input);
  if (isBytes(input)) return new Blob([input as BlobPart], { type: 'text/csv' });
  return input as string | Blob;
}

type UpdateInput = { order_id: unknown; patch: Record<string, unknown> };

/**
 * `PUT /api/v1/inbound/{order_id}`, JSON with the update's member names. The update rules
 * are checked first, with the current order when the caller gave it.
 */
export function updateOrder(current: CurrentOrder | undefined): Operation<UpdateInput, UpdateResult> {
  return {
    method: 'PUT',
    template: '/api/v1/inbound/{order_id}',
    write: true,
    subject: 'inbound order update',
    credential,
    check: ({ order_id, patch }) => checkUpdate(order_id, patch, current),
    request: ({ order_id, patch }) => ({ path: `/inbound/${order_id as string}`, json: patch }),
    parse: parseUpdated,
  };
}

/** The id and the patch as checked (the schema's reading of it is what is sent), or every problem with the rules broken. */
export function checkUpdate(orderId: unknown, patch: unknown, current: CurrentOrder | undefined): Eventually<Checked<UpdateInput>> {
  const id = idIssues('order_id', orderId);
  return andThen(checkInput(updateInput, patch), (parsed) => {
    if (!parsed.ok) return { ok: false, issues: [...id, ...parsed.issues] };
    const rules = checkInboundUpdate(parsed.value as InboundOrderUpdate, current);
    const issues = [...id, ...rules.map((v) => ({ path: [v.field], message: `${v.message} [${v.rule}]` }))];
    // The date as it goes on the wire, fixed now: a Date the caller changes later changes nothing.
    const wire = parsed.value.date === undefined ? parsed.value : { ...parsed.value, date: formatOrderDate(parsed.value.date) };
    return checkedOr({ order_id: orderId, patch: wire }, issues);
  });
}

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
export const listInbound = listOf<InboundQuery, InboundOrder>(
  '/inbound',
  inputCheck(readInboundListParams, async () => (await schemas()).inboundListParamsSchema),
  parseInboundPage,
  {
    subject: 'inbound list parameters',
    template: '/api/v1/inbound',
    keyOf: (order) => order.order_id,
  },
);

/** `GET /api/v1/shipments`, page by page. */
export const listShipments = listOf<ShipmentQuery, Shipment>(
  '/shipments',
  inputCheck(readShipmentListParams, async () => (await schemas()).shipmentListParamsSchema),
  parseShipmentPage,
  {
    subject: 'shipment list parameters',
    template: '/api/v1/shipments',
    keyOf: (shipment) => shipment.shipment_id,
  },
);
