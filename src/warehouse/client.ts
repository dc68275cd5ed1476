import type { APIPromise } from '../core/api-promise.js';
import { ConfigurationError, RequestValidationError, type ValidationIssue } from '../core/errors.js';
import { WAREHOUSE_LIMITS } from '../core/limits.js';
import type { CommonOptions, RequestOptions } from '../core/options.js';
import { PagePromise, type PaginationOptions } from '../core/pagination.js';
import { parseRequest, safeParseRequest, toValidationIssues } from '../core/validation.js';
import { checkSecret, normalizeBaseUrl, resolveCommon, sensitiveValues, throwIfIssues } from '../internal/config.js';
import { HttpClient } from '../internal/http.js';
import { credentialState, defineInspect } from '../internal/inspect.js';
import { uuidSegment } from '../internal/path.js';
import { Redactor } from '../internal/redact.js';
import { type CurrentOrder, checkInboundUpdate } from './check-update.js';
import { bulkForm, createOrderForm, ordersToCsv } from './multipart.js';
import { parseBulkCreated, parseCreated, parseInboundPage, parseShipmentDetail, parseShipmentPage, parseUpdated } from './responses.js';
import {
  inboundListParamsSchema,
  inboundOrderCreateSchema,
  inboundOrderRowSchema,
  inboundOrderUpdateSchema,
  shipmentListParamsSchema,
} from './schemas.js';
import type {
  BulkCreateResult,
  BulkInput,
  CreatedInboundOrder,
  InboundListParams,
  InboundOrder,
  InboundOrderCreate,
  InboundOrderRow,
  InboundOrderUpdate,
  Shipment,
  ShipmentDetail,
  ShipmentListParams,
  UpdateResult,
} from './types.js';
import { appendQueryArray, formatOrderDate } from './wire-format.js';

/**
 * Options of a {@link WarehouseClient}. Give `baseUrl` or `domain`.
 * @example
 * ```ts
 * const options: WarehouseClientOptions = {
 *   baseUrl: 'https://api.example.com/api/v1',
 *   apiKey: process.env.WH_KEY!,
 *   warehouseId: process.env.WH_ID!,
 *   timeout: 10_000,
 * };
 * const warehouse = new WarehouseClient(options);
 * ```
 */
export interface WarehouseClientOptions extends CommonOptions {
  /** `https://api.example.com` or `https://api.example.com/api/v1` (both accepted). */
  baseUrl?: string;
  /** The customer's domain, e.g. `example.com`: requests go to `https://api.example.com/api/v1`. */
  domain?: string;
  /** API key from the dashboard (Settings, API Keys). */
  apiKey: string;
  /** The warehouse every request applies to (sent as `X-Warehouse-Id`). */
  warehouseId: string;
}

/**
 * Options of a list call: how to page, plus the usual per-call options.
 * @example
 * ```ts
 * const options: ListOptions = { concurrency: 4, maxItems: 500, timeout: 10_000 };
 * for await (const shipment of warehouse.shipments.list({ statuses: ['shipped'] }, options)) console.log(shipment.shipment_id);
 * ```
 */
export type ListOptions = PaginationOptions & RequestOptions;

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
  current?: CurrentOrder;
}

const API_PREFIX = '/api/v1';
const DOMAIN = /^(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

function resolveBaseUrl(options: WarehouseClientOptions, issues: ValidationIssue[]): string {
  if (options.baseUrl !== undefined && options.domain !== undefined) {
    issues.push({ path: ['domain'], message: 'give baseUrl or domain, not both' });
  }
  if (options.baseUrl === undefined && options.domain !== undefined) {
    if (typeof options.domain !== 'string' || !DOMAIN.test(options.domain)) {
      issues.push({ path: ['domain'], message: 'must be a domain name such as example.com' });
      return '';
    }
    return `https://api.${options.domain.toLowerCase()}${API_PREFIX}`;
  }
  if (options.baseUrl === undefined) {
    issues.push({ path: ['baseUrl'], message: 'is required (or give domain)' });
    return '';
  }
  const base = normalizeBaseUrl(issues, 'baseUrl', options.baseUrl);
  // Paths in the document start with /api/v1; a base that already ends with it is used as is.
  return base.endsWith(API_PREFIX) ? base : `${base}${API_PREFIX}`;
}

/**
 * Client of the warehouse API: inbound orders and outbound shipments of one warehouse.
 * @example
 * ```ts
 * const warehouse = new WarehouseClient({ domain: 'example.com', apiKey: process.env.WH_KEY!, warehouseId: process.env.WH_ID! });
 * for await (const order of warehouse.inbound.list({ fulfillment_types: ['fba'] })) console.log(order.order_number);
 * ```
 */
export class WarehouseClient {
  /** Where requests go, ending in `/api/v1`. */
  readonly baseUrl: string;
  /** The warehouse requests apply to. */
  readonly warehouseId: string;
  /** Inbound orders: create, bulk upload, list, update. */
  readonly inbound: InboundOrders;
  /** Outbound shipments: list, retrieve. */
  readonly shipments: Shipments;
  readonly #apiKey: string;

  constructor(options: WarehouseClientOptions) {
    if (options === null || typeof options !== 'object')
      throw new ConfigurationError([{ path: ['options'], message: 'must be an object' }]);
    const issues: ValidationIssue[] = [];
    const baseUrl = resolveBaseUrl(options, issues);
    checkSecret(issues, 'apiKey', options.apiKey, true);
    checkSecret(issues, 'warehouseId', options.warehouseId, true);
    const common = resolveCommon(options, issues);
    throwIfIssues(issues);
    this.baseUrl = baseUrl;
    this.warehouseId = options.warehouseId;
    this.#apiKey = options.apiKey;
    const http = new HttpClient({
      ...common,
      baseUrl,
      serviceHeaders: { authorization: `ApiKey ${options.apiKey}`, 'x-warehouse-id': options.warehouseId },
      redactor: new Redactor([options.apiKey, ...sensitiveValues(options.headers)]),
    });
    this.inbound = new InboundOrders(http);
    this.shipments = new Shipments(http);
  }

  /** What `JSON.stringify` shows: never the key. */
  toJSON(): Record<string, unknown> {
    return { baseUrl: this.baseUrl, warehouseId: this.warehouseId, apiKey: credentialState(this.#apiKey) };
  }
}

defineInspect(WarehouseClient, 'WarehouseClient');

function splitListOptions(options: ListOptions | undefined): { paging: PaginationOptions; request: RequestOptions | undefined } {
  if (!options) return { paging: {}, request: undefined };
  const { concurrency, maxItems, ...request } = options;
  const issues: ValidationIssue[] = [];
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= 64)) {
    issues.push({ path: ['concurrency'], message: 'must be a whole number from 1 to 64' });
  }
  if (maxItems !== undefined && !(Number.isInteger(maxItems) && maxItems >= 0))
    issues.push({ path: ['maxItems'], message: 'must be a whole number, 0 or more' });
  if (issues.length) throw new RequestValidationError(issues, 'list options');
  return { paging: { concurrency, maxItems }, request };
}

/** A PagePromise whose first page already failed (bad params), so iteration rejects too. */
function failedList<Item>(error: unknown): PagePromise<Item> {
  return new PagePromise<Item>(
    { fetch: () => HttpClient.reject(error), limit: 0, keyOf: () => undefined, method: 'GET', path: '' },
    0,
    undefined,
  );
}

/**
 * `inbound.*`: inbound orders, the items a client sends to the warehouse. Create one (form
 * upload) or many (CSV bulk upload), list them with pagination, and update them. Reached as
 * {@link WarehouseClient.inbound}; not constructed directly.
 * @example
 * ```ts
 * const { order_id } = await warehouse.inbound.create(newOrder);
 * const page = await warehouse.inbound.list({ limit: 50 });
 * await warehouse.inbound.update(order_id, { notes: 'fragile' });
 * ```
 */
export class InboundOrders {
  readonly #http: HttpClient;

  /** @internal */
  constructor(http: HttpClient) {
    this.#http = http;
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
    try {
      const parsed = parseRequest(inboundOrderCreateSchema, order, 'inbound order');
      return this.#http.request({ method: 'POST', path: '/inbound', body: createOrderForm(parsed) }, options, parseCreated);
    } catch (error) {
      return HttpClient.reject(error);
    }
  }

  /**
   * Creates many orders from a CSV (`bulk=true` + `file`): CSV text, a `Blob`/`File` (in
   * Node, `await fs.openAsBlob(path)` streams it from disk), CSV bytes, or rows of orders
   * that are checked one by one and written as RFC 4180 CSV.
   * @example
   * ```ts
   * await warehouse.inbound.createBulk(await openAsBlob('orders.csv'));
   * await warehouse.inbound.createBulk([{ ...order1 }, { ...order2 }]);
   * ```
   */
  createBulk(input: BulkInput, options?: RequestOptions): APIPromise<BulkCreateResult> {
    try {
      return this.#http.request({ method: 'POST', path: '/inbound', body: bulkForm(toBulkBody(input)) }, options, parseBulkCreated);
    } catch (error) {
      return HttpClient.reject(error);
    }
  }

  /**
   * Lists inbound orders. Await it for the first page, or `for await` it for every order.
   * @example
   * ```ts
   * for await (const order of warehouse.inbound.list({ sort_key: 'date', sort_order: 'asc' }, { concurrency: 4 })) use(order);
   * ```
   */
  list(params: InboundListParams = {}, options?: ListOptions): PagePromise<InboundOrder> {
    try {
      const query = parseRequest(inboundListParamsSchema, params, 'inbound list parameters');
      const { paging, request } = splitListOptions(options);
      const limit = query.limit ?? WAREHOUSE_LIMITS.defaultPageSize;
      return new PagePromise<InboundOrder>(
        {
          limit,
          keyOf: (order) => order.order_id,
          method: 'GET',
          path: '/api/v1/inbound',
          fetch: (offset, signal) => {
            const search = new URLSearchParams({ offset: String(offset), limit: String(limit) });
            if (query.sort_key) search.set('sort_key', query.sort_key);
            if (query.sort_order) search.set('sort_order', query.sort_order);
            if (query.fulfillment_types) appendQueryArray(search, 'fulfillment_types', query.fulfillment_types);
            if (query.lang) search.set('lang', query.lang);
            return this.#http.request({ method: 'GET', path: '/inbound', query: search }, { ...request, signal }, (raw) =>
              parseInboundPage(raw, { offset, limit }),
            );
          },
        },
        query.offset ?? 0,
        request?.signal,
        paging,
      );
    } catch (error) {
      return failedList(error);
    }
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
    try {
      const id = uuidSegment('order_id', orderId);
      const { current, ...request } = options ?? {};
      const parsed = parseRequest(inboundOrderUpdateSchema, patch, 'inbound order update');
      const violations = checkInboundUpdate(parsed as InboundOrderUpdate, current);
      if (violations.length) {
        throw new RequestValidationError(
          violations.map((v) => ({ path: [v.field], message: `${v.message} [${v.rule}]` })),
          'inbound order update',
        );
      }
      const json = parsed.date === undefined ? parsed : { ...parsed, date: formatOrderDate(parsed.date) };
      return this.#http.request({ method: 'PUT', path: `/inbound/${id}`, json }, options ? request : undefined, parseUpdated);
    } catch (error) {
      return HttpClient.reject(error);
    }
  }
}

function toBulkBody(input: BulkInput): Parameters<typeof bulkForm>[0] {
  if (Array.isArray(input)) {
    const rows = input as readonly InboundOrderRow[];
    if (rows.length === 0) throw new RequestValidationError([{ path: [], message: 'must hold at least one order' }], 'bulk upload');
    const issues: ValidationIssue[] = [];
    // An index loop, not forEach: a hole in a sparse array is a missing order, not nothing.
    for (let i = 0; i < rows.length; i++) {
      const result = safeParseRequest(inboundOrderRowSchema, rows[i]);
      if (!result.success) issues.push(...toValidationIssues(result.issues, [i]));
    }
    if (issues.length) throw new RequestValidationError(issues, 'bulk upload');
    return { csv: ordersToCsv(rows) };
  }
  if (typeof input === 'string') {
    if (input.trim() === '') throw new RequestValidationError([{ path: [], message: 'CSV text must not be empty' }], 'bulk upload');
    return input;
  }
  if (input instanceof Blob) {
    if (input.size === 0) throw new RequestValidationError([{ path: [], message: 'CSV file must not be empty' }], 'bulk upload');
    return input;
  }
  if (input instanceof Uint8Array || input instanceof ArrayBuffer) {
    if (input.byteLength === 0) throw new RequestValidationError([{ path: [], message: 'CSV bytes must not be empty' }], 'bulk upload');
    return new Blob([input as BlobPart], { type: 'text/csv' });
  }
  throw new RequestValidationError(
    [{ path: [], message: 'must be CSV text, a Blob or File, bytes, or an array of orders' }],
    'bulk upload',
  );
}

/**
 * `shipments.*`: outbound shipments, with their orders, boxes, services and tracking. List
 * them with pagination and retrieve one in full. Reached as {@link WarehouseClient.shipments};
 * not constructed directly.
 * @example
 * ```ts
 * const first = await warehouse.shipments.list({ statuses: ['shipped'], limit: 20 });
 * const detail = await warehouse.shipments.retrieve(first.items[0]!.shipment_id);
 * console.log(detail.orders.map((o) => o.item_name));
 * ```
 */
export class Shipments {
  readonly #http: HttpClient;

  /** @internal */
  constructor(http: HttpClient) {
    this.#http = http;
  }

  /**
   * Lists shipments. Await it for the first page, or `for await` it for every shipment.
   * @example
   * ```ts
   * for await (const s of warehouse.shipments.list({ statuses: ['shipped'] })) console.log(s.name, s.trackings);
   * ```
   */
  list(params: ShipmentListParams = {}, options?: ListOptions): PagePromise<Shipment> {
    try {
      const query = parseRequest(shipmentListParamsSchema, params, 'shipment list parameters');
      const { paging, request } = splitListOptions(options);
      const limit = query.limit ?? WAREHOUSE_LIMITS.defaultPageSize;
      return new PagePromise<Shipment>(
        {
          limit,
          keyOf: (shipment) => shipment.shipment_id,
          method: 'GET',
          path: '/api/v1/shipments',
          fetch: (offset, signal) => {
            const search = new URLSearchParams({ offset: String(offset), limit: String(limit) });
            if (query.sort_key) search.set('sort_key', query.sort_key);
            if (query.sort_order) search.set('sort_order', query.sort_order);
            if (query.fulfillment_types) appendQueryArray(search, 'fulfillment_types', query.fulfillment_types);
            if (query.statuses) appendQueryArray(search, 'statuses', query.statuses);
            if (query.shipment_id) search.set('shipment_id', query.shipment_id);
            return this.#http.request({ method: 'GET', path: '/shipments', query: search }, { ...request, signal }, (raw) =>
              parseShipmentPage(raw, { offset, limit }),
            );
          },
        },
        query.offset ?? 0,
        request?.signal,
        paging,
      );
    } catch (error) {
      return failedList(error);
    }
  }

  /**
   * One shipment with its orders, boxes, services and tracking detail.
   * @example
   * ```ts
   * const shipment = await warehouse.shipments.retrieve(id);
   * console.log(shipment.boxes.length, shipment.trackings[0]?.carrier);
   * ```
   */
  retrieve(shipmentId: string, options?: RequestOptions): APIPromise<ShipmentDetail> {
    try {
      const id = uuidSegment('shipment_id', shipmentId);
      return this.#http.request({ method: 'GET', path: `/shipments/${id}` }, options, parseShipmentDetail);
    } catch (error) {
      return HttpClient.reject(error);
    }
  }
}
