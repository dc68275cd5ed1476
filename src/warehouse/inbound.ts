import type { APIPromise } from '../core/api-promise.js';
import { type BulkOptions, type BulkPromise, runBulk } from '../core/bulk.js';
import { type ClientContext, callTrace, runOperation } from '../core/operation.js';
import type { RequestOptions } from '../core/options.js';
import type { Checked } from '../core/validation.js';
import { type CurrentOrder, copyCurrentOrder } from './check-update.js';
import { checkUpdate, createBulk, createOrder, listInbound, updateOrder } from './operations.js';
import type { PagePromise } from './page-promise.js';
import { type ListOptions, listPages } from './pages.js';
import type {
  BulkCreateResult,
  BulkInput,
  CreatedInboundOrder,
  InboundListParams,
  InboundOrder,
  InboundOrderCreate,
  InboundOrderUpdate,
  UpdateResult,
} from './types.js';

/**
 * Options of `inbound.update`.
 * @example
 * ```ts
 * const options: UpdateOptions = { current: order, maxRetries: 0 };
 * await warehouse.inbound.update(order.order_id, { listPrice: 29.99 }, options);
 * ```
 */
export interface UpdateOptions extends RequestOptions {
  /** The order as `inbound.list` returned it, so the rules can see the merged state. */
  current?: CurrentOrder | undefined;
}

/**
 * One change of an `inbound.updateMany` call.
 * @example
 * ```ts
 * const orders = (await warehouse.inbound.list({ limit: 50 })).items;
 * const changes: InboundUpdateItem[] = orders.map((order) => ({ order_id: order.order_id, patch: { notes: 'recounted' }, current: order }));
 * ```
 */
export interface InboundUpdateItem {
  order_id: string;
  patch: InboundOrderUpdate;
  /** The order as listed, for the rules to see the merged state. */
  current?: CurrentOrder | undefined;
}

/**
 * `inbound.*`: inbound orders, the items a client sends to the warehouse. Create one (form
 * upload) or many (CSV bulk upload), list them with pagination, and update them. Reached as
 * {@link WarehouseClient.inbound}; not constructed directly.
 * @example
 * ```ts
 * const { order_id } = await warehouse.inbound.create({
 *   date: '2026-11-22', retailer: 'Target', order_number: 'PO-1001', item_name: 'Desk lamp', color: 'black', brand_sku: 'LAMP-BLK',
 *   quantity: 12, asin: 'B000000001', unit_cost: 9.5, list_price: 24.99, fulfillment_type: 'fba',
 * });
 * const page = await warehouse.inbound.list({ limit: 50 });
 * await warehouse.inbound.update(order_id, { notes: 'fragile' });
 * ```
 */
export class InboundOrders {
  readonly #context: ClientContext;

  /** @internal */
  constructor(context: ClientContext) {
    this.#context = context;
  }

  /**
   * Creates one inbound order (multipart form; files as `Blob`/`File`).
   * @example
   * ```ts
   * const { order_id } = await warehouse.inbound.create({
   *   date: new Date(), retailer: 'Target', order_number: 'PO-1001', item_name: 'Desk lamp', color: 'black',
   *   brand_sku: 'LAMP-BLK', quantity: 12, asin: 'B000000001', unit_cost: 9.5, list_price: 24.99, fulfillment_type: 'fba',
   * });
   * ```
   */
  create(order: InboundOrderCreate, options?: RequestOptions): APIPromise<CreatedInboundOrder> {
    return runOperation(this.#context, createOrder, order, options, 'inbound.create');
  }

  /**
   * Creates many orders from a CSV (`bulk=true` + `file`): CSV text, a `Blob`/`File` (in
   * Node, `await fs.openAsBlob(path)` streams it from disk), CSV bytes, or rows of orders
   * that are checked one by one (all problems at once, by row and column) and written as
   * RFC 4180 CSV.
   * @example
   * ```ts
   * import { openAsBlob } from 'node:fs';
   * await warehouse.inbound.createBulk(await openAsBlob('orders.csv'));
   * const row: InboundOrderRow = {
   *   date: '2026-11-22', retailer: 'Target', order_number: 'PO-1001', item_name: 'Desk lamp', color: 'black', brand_sku: 'LAMP-BLK',
   *   quantity: 12, unit_cost: 9.5, list_price: 24.99, fulfillment_type: 'wfs',
   * };
   * await warehouse.inbound.createBulk([row, { ...row, order_number: 'PO-1002', color: 'white', brand_sku: 'LAMP-WHT' }]);
   * ```
   */
  createBulk(input: BulkInput, options?: RequestOptions): APIPromise<BulkCreateResult> {
    return runOperation(this.#context, createBulk, input, options, 'inbound.createBulk');
  }

  /**
   * Lists inbound orders. Await it for the first page, or `for await` it for every order.
   * @example
   * ```ts
   * for await (const order of warehouse.inbound.list({ sort_key: 'date', sort_order: 'asc' }, { concurrency: 4 })) console.log(order.order_id, order.date);
   * ```
   */
  list(params?: InboundListParams, options?: ListOptions): PagePromise<InboundOrder> {
    return listPages(this.#context, listInbound, params, options, 'inbound.list');
  }

  /**
   * Changes an inbound order (`PUT`, JSON, update member names). The update rules are
   * checked first (with `current`, against the merged order) and every broken one is
   * reported in one `RequestValidationError`; nothing is sent then.
   * @example
   * ```ts
   * await warehouse.inbound.update(order.order_id, { quantity: 24 }, { current: order });
   * ```
   */
  update(orderId: string, patch: InboundOrderUpdate, options?: UpdateOptions): APIPromise<UpdateResult> {
    const { current, ...request } = options ?? {};
    return runOperation(this.#context, updateOrder(current), { order_id: orderId, patch }, options && request, 'inbound.update');
  }

  /**
   * Changes many orders: every change is checked first (its id, its patch and the update
   * rules; all problems at once, by index, nothing sent), then each is sent once. Await it for
   * one result per change in input order, or `for await` it for each as it lands; it never
   * rejects for a failed change.
   * @example
   * ```ts
   * const orders = (await warehouse.inbound.list({ limit: 50 })).items;
   * const results = await warehouse.inbound.updateMany(orders.map((o) => ({ order_id: o.order_id, patch: { notes: 'recounted' }, current: o })));
   * ```
   */
  updateMany(items: readonly InboundUpdateItem[], options?: BulkOptions<InboundUpdateItem>): BulkPromise<UpdateResult> {
    return runBulk<InboundUpdateItem, UpdateResult>(
      items,
      {
        check: checkUpdateItem,
        send: (item, request) => this.update(item.order_id, item.patch, { ...request, current: item.current }),
        subject: 'inbound order updates',
        trace: () => callTrace(this.#context, updateOrder(undefined), 'inbound.updateMany'),
      },
      options,
    );
  }
}

/** One change of `updateMany` as checked: its id, its patch as the schema read it, and the members of `current` the rules read. */
function checkUpdateItem(item: unknown, index: number): Checked<InboundUpdateItem> {
  if (item === null || typeof item !== 'object')
    return { ok: false, issues: [{ path: [index], message: 'must be an object with order_id and patch' }] };
  const { order_id, patch, current } = item as InboundUpdateItem;
  const kept = copyCurrentOrder(current);
  const checked = checkUpdate(order_id, patch, kept);
  if (checked.ok) return { ok: true, value: { order_id, patch: checked.value.patch, current: kept } };
  const at = (path: (string | number)[]) => (path[0] === 'order_id' ? [index, 'order_id'] : [index, 'patch', ...path]);
  return { ok: false, issues: checked.issues.map((issue) => ({ ...issue, path: at(issue.path) })) };
}
