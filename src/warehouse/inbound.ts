import type { APIPromise } from '../core/api-promise.js';
import { type BulkOptions, type BulkPromise, runBulk } from '../core/bulk.js';
import { type ClientContext, callTrace, runOperation } from '../core/operation.js';
import type { RequestOptions } from '../core/options.js';
import type { Checked } from '../core/validation.js';
import type { CurrentOrder } from './check-update.js';
import * as writes from './inbound-writes.js';
import { createOrder, listInbound } from './operations.js';
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

/** What traces name an update by (the loaded operation's method and path). */
const UPDATE = { method: 'PUT', template: '/api/v1/inbound/{order_id}' } as const;

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
    // Bytes copied now, as rows are (a Blob or File is taken as given): the caller may reuse its buffer meanwhile.
    const taken = input instanceof ArrayBuffer ? input.slice(0) : input instanceof Uint8Array ? new Uint8Array(input) : input;
    return runOperation(this.#context, writes.createBulk, taken, options, 'inbound.createBulk');
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
    return runOperation(this.#context, writes.updateOrder, { order_id: orderId, patch, current }, options && request, 'inbound.update');
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
        check: writes.checkUpdateItem as (item: unknown, index: number) => Checked<InboundUpdateItem>,
        send: (item, request) => runOperation(this.#context, writes.updateOrder, item, request, 'inbound.update'),
        subject: 'inbound order updates',
        trace: () => callTrace(this.#context, UPDATE, 'inbound.updateMany'),
      },
      options,
    );
  }
}
