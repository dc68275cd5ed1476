/**
 * The inbound order endpoints: list, create (single and bulk) and update.
 */
import { inboundListParamsSchema } from '../../warehouse/schemas.js';
import { FBM_SKU_PREFIX, UPDATE_RULE_MESSAGES } from '../../warehouse/update-rules.js';
import { formatOrderDate } from '../../warehouse/wire-format.js';
import { json, UUID } from '../kit/common.js';
import type { RouteMatch } from '../kit/routes.js';
import { type CreateDraft, checkBulkCsv, checkBulkForm, checkCreateForm, formRecord } from './create-checks.js';
import { failure, invalid, success } from './envelope.js';
import { page, parseListQuery } from './list-query.js';
import { checkPatch, type MockInboundPatch, patchField } from './patch-checks.js';
import type { InboundOrderRecord, LabelFileRecord } from './records.js';
import { mockUpdateViolations, syncBundleItems } from './rules.js';
import { type InboundListField, sortInbound } from './sort.js';
import type { WarehouseStore } from './state.js';
import { inboundListItem } from './views.js';

type Handler = (match: RouteMatch) => Response | Promise<Response>;

function list(store: WarehouseStore, { url }: RouteMatch): Response {
  const { state } = store;
  const query = parseListQuery(url.searchParams, inboundListParamsSchema);
  if (Array.isArray(query)) return invalid(query);
  const types = query.filters.fulfillment_types as string[] | undefined;
  const matching = types ? state.inboundOrders.filter((o) => types.includes(o.fulfillment_type)) : state.inboundOrders;
  const sorted = sortInbound(matching, query.sortKey as InboundListField, query.sortOrder);
  const orders = page(sorted, query).map(inboundListItem);
  // `limit` is echoed as sent (-1 included), as the page was asked for.
  return success('Inbound orders retrieved.', { orders, results: { total: matching.length, limit: query.limit, offset: query.offset } });
}

function storeOrder(store: WarehouseStore, draft: CreateDraft, files: LabelFileRecord[], taken?: Set<string>): string {
  const record: InboundOrderRecord = { order_id: store.newOrderId(taken), ...draft, status: 'inbound', created_at: store.nextCreatedAt() };
  if (files.length > 0) record.shipping_label_files = files;
  store.state.inboundOrders.push(record);
  return record.order_id;
}

async function create(store: WarehouseStore, { request }: RouteMatch): Promise<Response> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(contentType)) return invalid(['Content-Type must be multipart/form-data']);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return invalid(['the body is not valid multipart/form-data']);
  }
  // The document names one bulk field, bulk=true; a single order is a form without it.
  const bulk = form.getAll('bulk');
  if (bulk.length > 1 || (bulk[0] !== undefined && bulk[0] !== 'true'))
    return invalid(["bulk must be 'true', once (or absent for one order)"]);
  return bulk[0] === 'true' ? createBulk(store, form) : createSingle(store, form);
}

function createSingle(store: WarehouseStore, form: FormData): Response {
  const checked = checkCreateForm(formRecord(form));
  if (!checked.ok) return invalid(checked.errors);
  return success('Inbound order created.', { order_id: storeOrder(store, checked.value.draft, checked.value.files) });
}

async function createBulk(store: WarehouseStore, form: FormData): Promise<Response> {
  const file = checkBulkForm(formRecord(form));
  if (!file.ok) return invalid(file.errors);
  const drafts = checkBulkCsv(await file.value.text());
  // All or nothing: one bad row creates no order.
  if (!drafts.ok) return invalid(drafts.errors);
  const taken = new Set(store.state.inboundOrders.map((order) => order.order_id));
  const order_ids = drafts.value.map((draft) => storeOrder(store, draft, [], taken));
  const count = order_ids.length;
  return success(`${count} inbound ${count === 1 ? 'order' : 'orders'} created.`, { order_ids, count });
}

async function update(store: WarehouseStore, { request, params }: RouteMatch): Promise<Response> {
  const id = params[0]!;
  if (!UUID.test(id)) return invalid(['order_id must be a UUID']);
  const record = store.state.inboundOrders.find((o) => o.order_id === id);
  if (!record) return failure(404, 'Inbound order not found.', [`no inbound order has order_id ${id}`]);
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) return invalid(['Content-Type must be application/json']);
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return invalid(['the body is not valid JSON']);
  }
  const patch = checkPatch(body);
  if (!patch.ok) return invalid(patch.errors);
  const violations = mockUpdateViolations(record, patch.value, store.settings);
  if (violations.length > 0) return invalid(violations.map((rule) => UPDATE_RULE_MESSAGES[rule]));
  applyPatch(store, record, patch.value);
  return json(200, { status: 'success', message: 'Inbound order updated.', data: null, errors: null });
}

function applyPatch(store: WarehouseStore, record: InboundOrderRecord, patch: MockInboundPatch): void {
  const oldQuantity = record.quantity;
  for (const [name, value] of Object.entries(patch) as [keyof MockInboundPatch, unknown][]) {
    const stored = name === 'date' ? formatOrderDate(value as string) : structuredClone(value);
    (record as unknown as Record<string, unknown>)[patchField(name)] = stored;
  }
  // "Empty to be auto-generated": an fbm order left without a SKU gets a PFL one.
  if (record.fulfillment_type === 'fbm' && record.amazon_sku === '') record.amazon_sku = `${FBM_SKU_PREFIX}-${store.randomChars(8)}`;
  if (record.sold_as === 'bundle' && record.bundle_items && record.quantity !== oldQuantity) {
    syncBundleItems(record.bundle_items, oldQuantity, record.quantity);
  }
}

/** The inbound handlers over `store`. */
export function inboundRoutes(store: WarehouseStore): { list: Handler; create: Handler; update: Handler } {
  return {
    list: (match) => list(store, match),
    create: (match) => create(store, match),
    update: (match) => update(store, match),
  };
}
