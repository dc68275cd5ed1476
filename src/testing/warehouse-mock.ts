/**
 * A stateful in-memory fake of the warehouse service, written from the service document
 * rather than from the SDK, so tests that run the SDK against it check the SDK. Where the
 * document says "not shown" it accepts exactly the encodings of `warehouse/wire-format.ts`
 * and is strict about anything else (unknown query parameters, form fields, members), so a
 * misspelt wire name fails loudly instead of being ignored.
 */
import { WAREHOUSE_LIMITS } from '../warehouse/limits.js';
import { BULK_CSV_COLUMNS } from '../warehouse/schemas.js';
import { FBM_SKU_PREFIX, UPDATE_RULE_MESSAGES, type UpdateRuleId, VALIDATION_FAILURE_MESSAGE } from '../warehouse/update-rules.js';
import { CSV_LIST_SEPARATOR } from '../warehouse/wire-format.js';
import { createTransport, json, type MockRoute, type MockTransport, type RouteMatch } from './mock-kit.js';
import {
  type BundleItemRecord,
  INBOUND_CREATE_FULFILLMENT_TYPES,
  INBOUND_FILTER_FULFILLMENT_TYPES,
  INBOUND_FULFILLMENT_TYPES,
  INBOUND_LIST_FIELDS,
  INBOUND_SOLD_AS,
  type InboundFulfillmentType,
  type InboundOrderListItem,
  type InboundOrderRecord,
  type InboundSoldAs,
  type LabelFileRecord,
  SEED_STREAMS,
  SeededRandom,
  SHIPMENT_FULFILLMENT_TYPES,
  SHIPMENT_LIST_FIELDS,
  SHIPMENT_STATUSES,
  type ShipmentDetailRecord,
  type ShipmentListRecord,
  seedWarehouse,
  streamSeed,
  toMonthDayYear,
} from './warehouse-seed.js';

export type {
  BundleItemRecord,
  InboundFulfillmentType,
  InboundOrderListItem,
  InboundOrderRecord,
  InboundSoldAs,
  InboundStatus,
  LabelFileRecord,
  ShipmentBoxRecord,
  ShipmentDetailRecord,
  ShipmentFulfillmentType,
  ShipmentListRecord,
  ShipmentOrderRecord,
  ShipmentServiceRecord,
  ShipmentStatus,
  ShipmentTagRecord,
  ShipmentTrackingDetailRecord,
  ShipmentTrackingRecord,
  ShippingAddressRecord,
  UnitServicesSummaryRecord,
} from './warehouse-seed.js';

/**
 * Defaults of {@link WarehouseMockOptions}: the seeded counts, the seed, the base URL and
 * the credentials a client must send when the options do not name others.
 * @example
 * ```ts
 * const mock = createWarehouseMock();
 * const client = new WarehouseClient({
 *   baseUrl: WAREHOUSE_MOCK_DEFAULTS.baseUrl,
 *   apiKey: WAREHOUSE_MOCK_DEFAULTS.apiKey,
 *   warehouseId: WAREHOUSE_MOCK_DEFAULTS.warehouseId,
 *   fetch: mock.fetch,
 * });
 * ```
 */
export const WAREHOUSE_MOCK_DEFAULTS = {
  inboundOrders: 25,
  shipments: 10,
  seed: 1,
  baseUrl: 'https://api.warehouse.opslink.test/api/v1',
  apiKey: 'wh_test_5f2c8e1a9b7d4c3e8a6f0b1d',
  warehouseId: '3f6c2a9e-8b1d-4c57-9e2a-6d4b1f0c8a71',
  sellerPortalLinked: true,
} as const;

/**
 * Options of {@link createWarehouseMock}: how much seed data, which seed, where it answers
 * and which credentials (`Authorization: ApiKey <key>`, `X-Warehouse-Id`) it accepts.
 * @example
 * ```ts
 * const options: WarehouseMockOptions = { inboundOrders: 500, shipments: 0, seed: 42, sellerPortalLinked: false };
 * const mock = createWarehouseMock(options);
 * ```
 */
export interface WarehouseMockOptions {
  /** Seeded inbound orders. @default 25 */
  inboundOrders?: number;
  /** Seeded shipments. @default 10 */
  shipments?: number;
  /** Seed of the data; the same options give the same data on every run. @default 1 */
  seed?: number;
  /** Base URL, `/api/v1` included. @default 'https://api.warehouse.opslink.test/api/v1' */
  baseUrl?: string;
  /** The key `Authorization: ApiKey <key>` must carry. @default a `wh_test_…` key */
  apiKey?: string;
  /** The id `X-Warehouse-Id` must carry. @default a fixed UUID */
  warehouseId?: string;
  /** Whether the seller portal is linked, which fbm updates require. @default true */
  sellerPortalLinked?: boolean;
}

/**
 * Server-side settings the document's rules depend on; tests may flip them.
 * @example
 * ```ts
 * const settings: WarehouseMockSettings = mock.settings;
 * settings.sellerPortalLinked = false; // fbm updates now fail with fbm_seller_portal
 * ```
 */
export interface WarehouseMockSettings {
  sellerPortalLinked: boolean;
}

/**
 * Everything the warehouse mock holds: inbound orders and shipments (in detail form), as
 * plain arrays that requests read and change. Assert on them, or edit them to set up a case.
 * @example
 * ```ts
 * const order = mock.state.inboundOrders[0]!;
 * order.status = 'outbound'; // now changing fulfilledBy must fail
 * ```
 */
export interface WarehouseMockState {
  inboundOrders: InboundOrderRecord[];
  shipments: ShipmentDetailRecord[];
}

/**
 * The warehouse mock: its transport (`fetch`, MSW `handlers`, `faults`), its live state and
 * settings, and the credentials it accepts. Made by {@link createWarehouseMock}.
 * @example
 * ```ts
 * function clientFor(mock: WarehouseMock): WarehouseClient {
 *   return new WarehouseClient({ baseUrl: mock.baseUrl, apiKey: mock.apiKey, warehouseId: mock.warehouseId, fetch: mock.fetch });
 * }
 * const mock: WarehouseMock = createWarehouseMock({ seed: 7 });
 * const page = await clientFor(mock).inbound.list({ limit: 10 });
 * ```
 */
export interface WarehouseMock extends MockTransport {
  /** Live state: requests read and change it, and tests may too. */
  readonly state: WarehouseMockState;
  readonly apiKey: string;
  readonly warehouseId: string;
  readonly settings: WarehouseMockSettings;
  /** Back to the seeded state and initial settings, with no faults; arrays are refilled in place. */
  reset(): void;
}

/**
 * Body of `PUT /inbound/{order_id}`, with the update's own member names.
 * @example
 * ```ts
 * const patch: MockInboundPatch = { fulfilledBy: 'fbm', amazonSKU: 'X-1042', listPrice: 19.99 };
 * const order = mock.state.inboundOrders[0]!;
 * expect(mockUpdateViolations(order, patch, mock.settings)).toContain('fbm_amazon_sku_prefix');
 * ```
 */
export interface MockInboundPatch {
  date?: string;
  retailer?: string;
  orderNumber?: string;
  itemName?: string;
  color?: string;
  brandSKU?: string;
  size?: string;
  quantity?: number;
  asin?: string;
  amazonSKU?: string;
  cogs?: number;
  listPrice?: number;
  notes?: string;
  fulfilledBy?: InboundFulfillmentType;
  trackingNumbers?: string[];
  sold_as?: InboundSoldAs;
  units_per_pack?: number;
}

/**
 * What the update rules read of the stored order.
 * @example
 * ```ts
 * const subject: UpdateRuleSubject = {
 *   status: 'outbound', fulfillment_type: 'fba', amazon_sku: '', list_price: 0,
 *   sold_as: 'individual', units_per_pack: 1, quantity: 10,
 * };
 * mockUpdateViolations(subject, { fulfilledBy: 'fbm' }, { sellerPortalLinked: true });
 * // ['fulfilled_by_after_shipping', 'fbm_list_price']
 * ```
 */
export type UpdateRuleSubject = Pick<
  InboundOrderRecord,
  'status' | 'fulfillment_type' | 'amazon_sku' | 'list_price' | 'sold_as' | 'units_per_pack' | 'quantity'
>;

const RULE_ORDER = Object.keys(UPDATE_RULE_MESSAGES) as UpdateRuleId[];

/**
 * The update rules of the document, decided on the merged state (stored order + patch) as
 * the server does. Violations come back in the order of `UPDATE_RULE_MESSAGES`. Pure, so a
 * test can hold the SDK's pre-flight checker against it.
 * @example
 * ```ts
 * const order = mock.state.inboundOrders.find((o) => o.fulfillment_type === 'fbm')!;
 * mockUpdateViolations(order, { amazonSKU: 'X-1', listPrice: 0 }, mock.settings);
 * // ['fbm_amazon_sku_prefix', 'fbm_list_price']
 * ```
 */
export function mockUpdateViolations(record: UpdateRuleSubject, patch: MockInboundPatch, settings: WarehouseMockSettings): UpdateRuleId[] {
  const found = new Set<UpdateRuleId>();
  if (record.status === 'outbound' && patch.fulfilledBy !== undefined && patch.fulfilledBy !== record.fulfillment_type) {
    found.add('fulfilled_by_after_shipping');
  }
  const fulfillment = patch.fulfilledBy ?? record.fulfillment_type;
  if (fulfillment === 'fbm') {
    const sku = patch.amazonSKU ?? record.amazon_sku;
    if (sku !== '' && !sku.startsWith(FBM_SKU_PREFIX)) found.add('fbm_amazon_sku_prefix');
    const price: unknown = patch.listPrice ?? record.list_price;
    if (typeof price !== 'number' || !Number.isFinite(price) || price === 0) found.add('fbm_list_price');
    if (!settings.sellerPortalLinked) found.add('fbm_seller_portal');
  }
  if ((patch.sold_as ?? record.sold_as) !== 'individual') {
    const unitsPerPack = patch.units_per_pack ?? record.units_per_pack;
    const quantity = patch.quantity ?? record.quantity;
    // Divisibility by a zero, negative or fractional pack size means nothing: only the first rule is reported then.
    if (!Number.isInteger(unitsPerPack) || unitsPerPack <= 0) found.add('units_per_pack_positive');
    else if (quantity % unitsPerPack !== 0) found.add('quantity_divisible');
  }
  return RULE_ORDER.filter((id) => found.has(id));
}

// ---------------------------------------------------------------------------------------
// Envelope

function success(message: string, data: unknown): Response {
  return json(200, { status: 'success', message, data, errors: null });
}

function failure(status: number, message: string, errors: string[]): Response {
  return json(status, { status: 'failed', message, data: null, errors });
}

function invalid(errors: string[]): Response {
  return failure(400, VALIDATION_FAILURE_MESSAGE, errors);
}

// ---------------------------------------------------------------------------------------
// Small parsers

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** UTC ms of an order date written MM/DD/YYYY or YYYY-MM-DD; undefined if not a real date. */
function parseOrderDate(text: string): number | undefined {
  let parts = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  let year: number;
  let month: number;
  let day: number;
  if (parts) {
    [month, day, year] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  } else {
    parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    if (!parts) return undefined;
    [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  }
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
  const check = new Date(0);
  check.setUTCFullYear(year, month - 1, day);
  const ms = check.getTime();
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  return ms;
}

const POSITIVE_INTEGER = /^[1-9]\d*$/;
const NON_NEGATIVE_DECIMAL = /^\d+(\.\d+)?$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Result of {@link parseCsv}: the records, each with its 1-based row number as a
 * spreadsheet shows it, or the first error found.
 * @example
 * ```ts
 * const result: CsvParse = parseCsv('order_number,quantity\r\nPO-1001,12\r\nPO-1002,6\r\n');
 * if ('error' in result) throw new Error(result.error);
 * expect(result.records.map((r) => r.fields[0])).toEqual(['order_number', 'PO-1001', 'PO-1002']);
 * ```
 */
export type CsvParse = { records: { row: number; fields: string[] }[] } | { error: string };

/**
 * RFC 4180 CSV: quoted fields may hold commas, doubled quotes and CR/LF; records end in
 * CRLF, LF or CR. `row` counts records from 1 (the header) as a spreadsheet shows them,
 * blank lines included; blank lines themselves are dropped. A quote inside an unquoted
 * field is an error, so a writer that forgets to quote is caught rather than guessed at.
 * The warehouse mock reads bulk uploads with it; a test can read the CSV an upload sent.
 * @example
 * ```ts
 * const result = parseCsv('order_number,item_name\r\nPO-1001,"Lamp, black"\r\n');
 * if ('records' in result) console.log(result.records[1]?.fields); // ['PO-1001', 'Lamp, black']
 * ```
 */
export function parseCsv(input: string): CsvParse {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records: { row: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let row = 1;
  // start: at the start of a field; plain: inside an unquoted field; quoted: inside quotes;
  // closed: just after a closing quote.
  let mode: 'start' | 'plain' | 'quoted' | 'closed' = 'start';
  let recordHasContent = false;

  const endRecord = () => {
    fields.push(field);
    const blank = fields.length === 1 && fields[0] === '' && !recordHasContent;
    if (!blank) records.push({ row, fields });
    row++;
    fields = [];
    field = '';
    mode = 'start';
    recordHasContent = false;
  };

  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (mode === 'quoted') {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          mode = 'closed';
        }
      } else {
        field += c;
      }
      continue;
    }
    if (c === ',') {
      fields.push(field);
      field = '';
      mode = 'start';
      recordHasContent = true;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else if (c === '"') {
      if (mode !== 'start') return { error: `Row ${row}: a quote inside a field that does not start with a quote` };
      mode = 'quoted';
      recordHasContent = true;
    } else {
      if (mode === 'closed') return { error: `Row ${row}: text after a closing quote` };
      field += c;
      mode = 'plain';
      recordHasContent = true;
    }
  }
  if (mode === 'quoted') return { error: `Row ${row}: a quoted field is never closed` };
  // A final line break ends the last record; only text after it makes another one.
  if (recordHasContent || field !== '' || fields.length > 0) endRecord();
  return { records };
}

// ---------------------------------------------------------------------------------------
// Create (single and bulk share one validator)

const REQUIRED_CREATE_FIELDS = [
  'date',
  'retailer',
  'order_number',
  'item_name',
  'color',
  'brand_sku',
  'quantity',
  'unit_cost',
  'list_price',
  'fulfillment_type',
] as const;
/** Text fields of the single-order form, from the document's table (tracking_numbers and files are handled apart). */
const SINGLE_TEXT_FIELDS = new Set<string>([
  ...REQUIRED_CREATE_FIELDS,
  'asin',
  'size',
  'amazon_sku',
  'client_notes',
  'sold_as',
  'units_per_pack',
  'upc',
  'bundle_items',
]);
const CREATE_SOLD_AS = ['individual', 'bundle'] as const;

type CreateDraft = Omit<InboundOrderRecord, 'order_id' | 'status' | 'created_at'>;

function includes<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

/** Checks one order's create fields (empty text counts as absent) and builds its record, or lists every problem. */
function validateCreate(
  fields: Map<string, string>,
  tracking_numbers: string[],
  bundleItemsText: string | undefined,
): { errors: string[]; draft?: CreateDraft } {
  const errors: string[] = [];
  const get = (name: string): string | undefined => {
    const value = fields.get(name);
    return value === undefined || value.trim() === '' ? undefined : value;
  };
  for (const name of REQUIRED_CREATE_FIELDS) if (get(name) === undefined) errors.push(`${name} is required`);

  const dateText = get('date');
  const dateMs = dateText === undefined ? undefined : parseOrderDate(dateText.trim());
  if (dateText !== undefined && dateMs === undefined) errors.push('date must be a date written MM/DD/YYYY or YYYY-MM-DD');

  const quantityText = get('quantity')?.trim();
  if (quantityText !== undefined && !POSITIVE_INTEGER.test(quantityText)) errors.push('quantity must be a positive integer');
  for (const name of ['unit_cost', 'list_price']) {
    const value = get(name)?.trim();
    if (value !== undefined && !NON_NEGATIVE_DECIMAL.test(value)) errors.push(`${name} must be a non-negative number`);
  }

  const fulfillment = get('fulfillment_type')?.trim();
  if (fulfillment !== undefined && !includes(INBOUND_CREATE_FULFILLMENT_TYPES, fulfillment)) {
    errors.push(`fulfillment_type must be one of ${INBOUND_CREATE_FULFILLMENT_TYPES.join(', ')}`);
  }
  if ((fulfillment === 'fba' || fulfillment === 'fbm') && get('asin') === undefined) errors.push('asin is required for fba and fbm orders');

  const soldAs = get('sold_as')?.trim() ?? 'individual';
  if (!includes(CREATE_SOLD_AS, soldAs)) errors.push(`sold_as must be one of ${CREATE_SOLD_AS.join(', ')}`);
  const unitsText = get('units_per_pack')?.trim();
  if (unitsText === undefined && soldAs === 'bundle') errors.push('units_per_pack is required when sold_as is bundle');
  if (unitsText !== undefined && !POSITIVE_INTEGER.test(unitsText)) errors.push('units_per_pack must be a positive integer');

  let bundle_items: BundleItemRecord[] | undefined;
  if (bundleItemsText !== undefined && bundleItemsText.trim() !== '') {
    const parsed = parseBundleItems(bundleItemsText);
    if (typeof parsed === 'string') errors.push(parsed);
    else bundle_items = parsed;
  }
  for (const number of tracking_numbers) if (number.trim() === '') errors.push('tracking_numbers must not hold an empty value');

  if (errors.length > 0) return { errors };
  const draft: CreateDraft = {
    date: toMonthDayYear(dateMs!),
    retailer: get('retailer')!,
    order_number: get('order_number')!,
    item_name: get('item_name')!,
    color: get('color')!,
    brand_sku: get('brand_sku')!,
    size: get('size') ?? '',
    quantity: Number(quantityText),
    asin: get('asin') ?? '',
    amazon_sku: get('amazon_sku') ?? '',
    unit_cost: Number(get('unit_cost')),
    list_price: Number(get('list_price')),
    client_notes: get('client_notes') ?? null,
    fulfillment_type: fulfillment as InboundFulfillmentType,
    sold_as: soldAs as InboundSoldAs,
    units_per_pack: unitsText === undefined ? 1 : Number(unitsText),
    upc: get('upc') ?? null,
    tracking_numbers: tracking_numbers.map((n) => n.trim()),
  };
  // The document uses bundle_items only when sold_as is bundle; elsewhere they are ignored.
  if (bundle_items && draft.sold_as === 'bundle') draft.bundle_items = bundle_items;
  return { errors, draft };
}

function parseBundleItems(text: string): BundleItemRecord[] | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'bundle_items must be JSON text of an array';
  }
  if (!Array.isArray(value)) return 'bundle_items must be JSON text of an array';
  const problems: string[] = [];
  for (const [i, item] of (value as unknown[]).entries()) {
    if (!isRecord(item)) {
      problems.push(`bundle_items[${i}] must be an object`);
      continue;
    }
    if (!Number.isInteger(item.quantity) || (item.quantity as number) <= 0)
      problems.push(`bundle_items[${i}].quantity must be a positive integer`);
    if (typeof item.item_name !== 'string' || item.item_name === '')
      problems.push(`bundle_items[${i}].item_name must be a non-empty string`);
    if (typeof item.color !== 'string') problems.push(`bundle_items[${i}].color must be a string`);
  }
  return problems.length > 0 ? problems.join('; ') : (value as BundleItemRecord[]);
}

// ---------------------------------------------------------------------------------------
// Update

type PatchMember = { field: keyof InboundOrderRecord; check: (value: unknown) => string | undefined };

const isString = (name: string) => (v: unknown) => (typeof v === 'string' ? undefined : `${name} must be a string`);
const isFiniteNumber = (name: string) => (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v) ? undefined : `${name} must be a number`;
const isOneOf = (name: string, allowed: readonly string[]) => (v: unknown) =>
  typeof v === 'string' && allowed.includes(v) ? undefined : `${name} must be one of ${allowed.join(', ')}`;

/** Update member name -> record field, with its type check. Rule checks come after these. */
const PATCH_MEMBERS: Record<keyof MockInboundPatch, PatchMember> = {
  date: {
    field: 'date',
    check: (v) =>
      typeof v === 'string' && parseOrderDate(v) !== undefined ? undefined : 'date must be a date written MM/DD/YYYY or YYYY-MM-DD',
  },
  retailer: { field: 'retailer', check: isString('retailer') },
  orderNumber: { field: 'order_number', check: isString('orderNumber') },
  itemName: { field: 'item_name', check: isString('itemName') },
  color: { field: 'color', check: isString('color') },
  brandSKU: { field: 'brand_sku', check: isString('brandSKU') },
  size: { field: 'size', check: isString('size') },
  quantity: {
    field: 'quantity',
    check: (v) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? undefined : 'quantity must be a positive integer'),
  },
  asin: { field: 'asin', check: isString('asin') },
  amazonSKU: { field: 'amazon_sku', check: isString('amazonSKU') },
  cogs: { field: 'unit_cost', check: isFiniteNumber('cogs') },
  listPrice: { field: 'list_price', check: isFiniteNumber('listPrice') },
  notes: { field: 'client_notes', check: isString('notes') },
  fulfilledBy: { field: 'fulfillment_type', check: isOneOf('fulfilledBy', INBOUND_FULFILLMENT_TYPES) },
  trackingNumbers: {
    field: 'tracking_numbers',
    check: (v) => (Array.isArray(v) && v.every((n) => typeof n === 'string') ? undefined : 'trackingNumbers must be an array of strings'),
  },
  sold_as: { field: 'sold_as', check: isOneOf('sold_as', INBOUND_SOLD_AS) },
  // A number of any kind passes here: whether it is a positive integer is rule 3's call.
  units_per_pack: { field: 'units_per_pack', check: isFiniteNumber('units_per_pack') },
};

function readPatch(body: Record<string, unknown>): { patch: MockInboundPatch; errors: string[] } {
  const errors: string[] = [];
  for (const [name, value] of Object.entries(body)) {
    const member = Object.hasOwn(PATCH_MEMBERS, name) ? PATCH_MEMBERS[name as keyof MockInboundPatch] : undefined;
    if (!member) {
      errors.push(`unknown member '${name}'`);
      continue;
    }
    const problem = member.check(value);
    if (problem) errors.push(problem);
  }
  return { patch: body as MockInboundPatch, errors };
}

/**
 * Rule 4, bundle quantity sync. The document says only that the children follow the
 * parent; the mock keeps each child's share per parent unit:
 *   child.quantity = round(newParentQuantity × child.quantity / oldParentQuantity), at least 1.
 * Seeded children are whole multiples of their parent, so for them this is exact.
 */
function syncBundleItems(items: BundleItemRecord[], oldQuantity: number, newQuantity: number): void {
  for (const item of items) item.quantity = Math.max(1, Math.round((newQuantity * item.quantity) / oldQuantity));
}

// ---------------------------------------------------------------------------------------
// Lists

type SortKind = 'text' | 'number' | 'monthDayYear' | 'timestamp' | 'json';

const INBOUND_SORT: Record<(typeof INBOUND_LIST_FIELDS)[number], SortKind> = {
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

const SHIPMENT_SORT: Record<(typeof SHIPMENT_LIST_FIELDS)[number], SortKind> = {
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

function memoStillHolds<T extends Record<string, unknown>>(memo: SortMemo, records: T[], key: string, idKey: string): boolean {
  if (memo.records.length !== records.length) return false;
  for (let i = 0; i < records.length; i++) {
    const record = records[i]!;
    if (memo.records[i] !== record || memo.values[i] !== record[key] || memo.ids[i] !== record[idKey]) return false;
  }
  return true;
}

/** Nulls sort as the smallest value; ties fall back to the id, ascending, so pages never overlap. */
function sortRecords<T extends Record<string, unknown>>(
  records: T[],
  key: string,
  kind: SortKind,
  order: 'asc' | 'desc',
  idKey: string,
): T[] {
  const memoKey = `${key}|${kind}|${order}|${idKey}`;
  const memo = sortMemos.get(memoKey);
  if (memo && memoStillHolds(memo, records, key, idKey)) return memo.sorted as T[];
  const direction = order === 'asc' ? 1 : -1;
  const keyed = records.map((record) => ({ record, value: sortValue(kind, record[key]), id: String(record[idKey]) }));
  keyed.sort((a, b) => {
    let c = 0;
    if (a.value === null || b.value === null) c = a.value === b.value ? 0 : a.value === null ? -1 : 1;
    else if (typeof a.value === 'number' && typeof b.value === 'number') c = a.value - b.value;
    else c = a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
    if (c !== 0) return c * direction;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  const sorted = keyed.map((k) => k.record);
  sortMemos.set(memoKey, { records: [...records], values: records.map((r) => r[key]), ids: records.map((r) => r[idKey]), sorted });
  return sorted;
}

interface ListQuery {
  offset: number;
  limit: number;
  sortKey: string;
  sortOrder: 'asc' | 'desc';
  arrays: Map<string, string[]>;
  scalars: Map<string, string>;
}

interface ListSpec {
  sortFields: readonly string[];
  /** Whether `limit=-1` (every record) is documented for this list. */
  allowAll: boolean;
  arrays: Record<string, readonly string[]>;
  extraScalars: readonly string[];
}

/** Reads and checks a list's query; every problem is reported, unknown parameters included. */
function parseListQuery(params: URLSearchParams, spec: ListSpec): ListQuery | string[] {
  const errors: string[] = [];
  const scalarNames = ['offset', 'limit', 'sort_key', 'sort_order', ...spec.extraScalars];
  for (const name of new Set(params.keys())) {
    if (!scalarNames.includes(name) && !Object.hasOwn(spec.arrays, name)) errors.push(`unknown query parameter '${name}'`);
  }
  const scalars = new Map<string, string>();
  for (const name of scalarNames) {
    const values = params.getAll(name);
    if (values.length > 1) errors.push(`${name} must be given once`);
    if (values[0] !== undefined) scalars.set(name, values[0]);
  }

  let offset = 0;
  const offsetText = scalars.get('offset');
  if (offsetText !== undefined) {
    if (/^\d+$/.test(offsetText)) offset = Number(offsetText);
    else errors.push('offset must be a non-negative integer');
  }
  let limit: number = WAREHOUSE_LIMITS.defaultPageSize;
  const limitText = scalars.get('limit');
  if (limitText !== undefined) {
    if (spec.allowAll && limitText === String(WAREHOUSE_LIMITS.allRecords)) limit = WAREHOUSE_LIMITS.allRecords;
    else if (POSITIVE_INTEGER.test(limitText)) limit = Number(limitText);
    else
      errors.push(
        spec.allowAll ? `limit must be a positive integer or ${WAREHOUSE_LIMITS.allRecords}` : 'limit must be a positive integer',
      );
  }
  const sortKey = scalars.get('sort_key') ?? 'created_at';
  if (!spec.sortFields.includes(sortKey)) errors.push(`sort_key must be one of ${spec.sortFields.join(', ')}`);
  const sortOrder = scalars.get('sort_order') ?? 'desc';
  if (sortOrder !== 'asc' && sortOrder !== 'desc') errors.push('sort_order must be asc or desc');

  const arrays = new Map<string, string[]>();
  for (const [name, allowed] of Object.entries(spec.arrays)) {
    const raw = params.getAll(name);
    if (raw.length === 0) continue;
    // Repeated keys are the SDK's encoding; one comma-separated value is accepted as well.
    const values = raw.flatMap((v) => v.split(',')).map((v) => v.trim());
    for (const value of values) if (!allowed.includes(value)) errors.push(`${name}: '${value}' is not one of ${allowed.join(', ')}`);
    arrays.set(name, values);
  }
  if (errors.length > 0) return errors;
  return { offset, limit, sortKey, sortOrder: sortOrder as 'asc' | 'desc', arrays, scalars };
}

function page<T>(records: T[], query: ListQuery): T[] {
  return query.limit === WAREHOUSE_LIMITS.allRecords
    ? records.slice(query.offset)
    : records.slice(query.offset, query.offset + query.limit);
}

function inboundListItem(record: InboundOrderRecord): InboundOrderListItem {
  const item: Record<string, unknown> = {};
  for (const field of INBOUND_LIST_FIELDS) item[field] = structuredClone(record[field]);
  return item as InboundOrderListItem;
}

function shipmentListItem(record: ShipmentDetailRecord): ShipmentListRecord {
  const item: Record<string, unknown> = {};
  for (const field of SHIPMENT_LIST_FIELDS) item[field] = structuredClone(record[field]);
  item.trackings = record.trackings.map(({ tracking_number, carrier, tracking_status }) => ({ tracking_number, carrier, tracking_status }));
  return item as unknown as ShipmentListRecord;
}

function shipmentDetail(record: ShipmentDetailRecord): ShipmentDetailRecord {
  const list = shipmentListItem(record);
  return {
    ...list,
    trackings: structuredClone(record.trackings),
    orders: structuredClone(record.orders),
    boxes: structuredClone(record.boxes),
    services: structuredClone(record.services),
    seller_central_linked: record.seller_central_linked,
    wfs_linked: record.wfs_linked,
    unit_services_summary: structuredClone(record.unit_services_summary),
  };
}

// ---------------------------------------------------------------------------------------
// The mock

function checkCount(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 0)
    throw new RangeError(`createWarehouseMock: ${name} must be a non-negative integer, got ${value}`);
  return value;
}

/** Refills `target` in place with `items`. */
function replaceContents<T>(target: T[], items: readonly T[]): void {
  target.length = 0;
  for (const item of items) target.push(item);
}

/**
 * A stateful warehouse service in memory, faithful to the service document.
 * @example
 * ```ts
 * const warehouse = createWarehouseMock({ inboundOrders: 1234, shipments: 300 });
 * const client = new WarehouseClient({ baseUrl: warehouse.baseUrl, apiKey: warehouse.apiKey, warehouseId: warehouse.warehouseId, fetch: warehouse.fetch });
 * ```
 */
export function createWarehouseMock(options: WarehouseMockOptions = {}): WarehouseMock {
  const inboundCount = checkCount('inboundOrders', options.inboundOrders ?? WAREHOUSE_MOCK_DEFAULTS.inboundOrders);
  const shipmentCount = checkCount('shipments', options.shipments ?? WAREHOUSE_MOCK_DEFAULTS.shipments);
  const seed = (options.seed ?? WAREHOUSE_MOCK_DEFAULTS.seed) >>> 0;
  const apiKey = options.apiKey ?? WAREHOUSE_MOCK_DEFAULTS.apiKey;
  const warehouseId = options.warehouseId ?? WAREHOUSE_MOCK_DEFAULTS.warehouseId;
  const initialPortalLinked = options.sellerPortalLinked ?? WAREHOUSE_MOCK_DEFAULTS.sellerPortalLinked;

  const state: WarehouseMockState = { inboundOrders: [], shipments: [] };
  const settings: WarehouseMockSettings = { sellerPortalLinked: initialPortalLinked };
  // Ids and SKUs the mock makes after seeding come from their own stream, so a test that
  // replays the same requests gets the same ids.
  let created = new SeededRandom(streamSeed(seed, SEED_STREAMS.created, 0));
  let lastCreatedMs = 0;

  function fill(): void {
    const seeded = seedWarehouse(seed, inboundCount, shipmentCount);
    // Refilled in place (references held by tests stay valid), one by one: spreading
    // hundreds of thousands of records into splice() overflows the stack.
    replaceContents(state.inboundOrders, seeded.inboundOrders);
    replaceContents(state.shipments, seeded.shipments);
    settings.sellerPortalLinked = initialPortalLinked;
    created = new SeededRandom(streamSeed(seed, SEED_STREAMS.created, 0));
    lastCreatedMs = 0;
  }
  fill();

  /** A fresh order id that no stored order has. */
  function newOrderId(): string {
    for (;;) {
      const id = created.uuid();
      if (!state.inboundOrders.some((o) => o.order_id === id)) return id;
    }
  }

  /** "Now", but strictly after the previous creation, so created_at stays distinct and ordered. */
  function nextCreatedAt(): string {
    lastCreatedMs = Math.max(Date.now(), lastCreatedMs + 1);
    return new Date(lastCreatedMs).toISOString();
  }

  function authorize(request: Request): Response | undefined {
    const errors: string[] = [];
    const authorization = request.headers.get('authorization')?.trim() ?? '';
    if (authorization === '') errors.push('Missing API key');
    else {
      // Auth schemes are case-insensitive (RFC 9110); the key itself is compared exactly.
      const match = /^apikey\s+(\S+)$/i.exec(authorization);
      if (!match || match[1] !== apiKey) errors.push('Invalid API key');
    }
    const warehouse = request.headers.get('x-warehouse-id')?.trim() ?? '';
    if (warehouse === '') errors.push('Missing X-Warehouse-Id header');
    else if (warehouse !== warehouseId) errors.push('Unknown warehouse');
    return errors.length > 0 ? failure(401, 'Unauthorized.', errors) : undefined;
  }

  const authorized =
    (handler: (match: RouteMatch) => Response | Promise<Response>) =>
    (match: RouteMatch): Response | Promise<Response> =>
      authorize(match.request) ?? handler(match);

  function listInbound({ url }: RouteMatch): Response {
    const query = parseListQuery(url.searchParams, {
      sortFields: INBOUND_LIST_FIELDS,
      allowAll: true,
      arrays: { fulfillment_types: INBOUND_FILTER_FULFILLMENT_TYPES },
      // The document names lang without saying what it translates: any value is accepted.
      extraScalars: ['lang'],
    });
    if (Array.isArray(query)) return invalid(query);
    const types = query.arrays.get('fulfillment_types');
    const matching = types ? state.inboundOrders.filter((o) => types.includes(o.fulfillment_type)) : state.inboundOrders;
    const sorted = sortRecords(
      matching as unknown as Record<string, unknown>[],
      query.sortKey,
      INBOUND_SORT[query.sortKey as keyof typeof INBOUND_SORT],
      query.sortOrder,
      'order_id',
    );
    const orders = page(sorted as unknown as InboundOrderRecord[], query).map(inboundListItem);
    // `limit` is echoed as sent (-1 included), as the page was asked for.
    return success('Inbound orders retrieved.', { orders, results: { total: matching.length, limit: query.limit, offset: query.offset } });
  }

  async function createInbound({ request }: RouteMatch): Promise<Response> {
    const contentType = request.headers.get('content-type') ?? '';
    if (!/^multipart\/form-data\b/i.test(contentType)) return invalid(['Content-Type must be multipart/form-data']);
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return invalid(['the body is not valid multipart/form-data']);
    }
    const bulk = form.getAll('bulk');
    if (bulk.length > 1 || (bulk[0] !== undefined && bulk[0] !== 'true' && bulk[0] !== 'false'))
      return invalid(["bulk must be 'true' (or 'false')"]);
    return bulk[0] === 'true' ? createBulk(form) : createSingle(form);
  }

  function storeOrder(draft: CreateDraft, files: LabelFileRecord[]): string {
    const record: InboundOrderRecord = { order_id: newOrderId(), ...draft, status: 'inbound', created_at: nextCreatedAt() };
    if (files.length > 0) record.shipping_label_files = files;
    state.inboundOrders.push(record);
    return record.order_id;
  }

  function createSingle(form: FormData): Response {
    const errors: string[] = [];
    const fields = new Map<string, string>();
    const trackingNumbers: string[] = [];
    const files: LabelFileRecord[] = [];
    for (const [name, value] of form.entries()) {
      if (name === 'bulk') continue;
      if (name === 'tracking_numbers') {
        if (typeof value === 'string') trackingNumbers.push(value);
        else errors.push('tracking_numbers must be text fields');
      } else if (name === 'shipping_label_files') {
        if (typeof value === 'string') errors.push('shipping_label_files must be file parts');
        else files.push({ name: value.name, size: value.size, type: value.type });
      } else if (SINGLE_TEXT_FIELDS.has(name)) {
        if (typeof value !== 'string') errors.push(`${name} must be a text field, not a file`);
        else if (fields.has(name)) errors.push(`${name} must be given once`);
        else fields.set(name, value);
      } else {
        errors.push(`unknown field '${name}'`);
      }
    }
    const bundleItemsText = fields.get('bundle_items');
    fields.delete('bundle_items');
    const result = validateCreate(fields, trackingNumbers, bundleItemsText);
    errors.push(...result.errors);
    if (errors.length > 0 || !result.draft) return invalid(errors);
    return success('Inbound order created.', { order_id: storeOrder(result.draft, files) });
  }

  async function createBulk(form: FormData): Promise<Response> {
    const errors: string[] = [];
    let file: File | undefined;
    for (const [name, value] of form.entries()) {
      if (name === 'bulk') continue;
      if (name !== 'file') errors.push(`unknown field '${name}' in bulk mode`);
      else if (typeof value === 'string') errors.push('file must be a file part holding the CSV');
      else if (file) errors.push('file must be given once');
      else file = value;
    }
    if (!file && errors.length === 0) errors.push('file is required in bulk mode');
    if (errors.length > 0 || !file) return invalid(errors);

    const parsed = parseCsv(await file.text());
    if ('error' in parsed) return invalid([parsed.error]);
    const [header, ...rows] = parsed.records;
    if (!header) return invalid(['the CSV needs a header row']);
    const columns = header.fields.map((name) => name.trim());
    const seen = new Set<string>();
    for (const column of columns) {
      if (!includes(BULK_CSV_COLUMNS, column)) errors.push(`unknown CSV column '${column}'`);
      else if (seen.has(column)) errors.push(`CSV column '${column}' appears twice`);
      seen.add(column);
    }
    // Optional columns may be left out; the required ones must be there.
    for (const name of REQUIRED_CREATE_FIELDS) if (!seen.has(name)) errors.push(`CSV column '${name}' is missing`);
    if (errors.length > 0) return invalid(errors);
    if (rows.length === 0) return invalid(['the CSV has no data rows']);

    const drafts: CreateDraft[] = [];
    for (const { row, fields: cells } of rows) {
      if (cells.length !== columns.length) {
        errors.push(`Row ${row}: expected ${columns.length} fields, found ${cells.length}`);
        continue;
      }
      const fields = new Map(columns.map((name, i) => [name, cells[i]!] as const));
      const trackingNumbers = (fields.get('tracking_numbers') ?? '')
        .split(CSV_LIST_SEPARATOR)
        .map((n) => n.trim())
        .filter((n) => n !== '');
      fields.delete('tracking_numbers');
      const result = validateCreate(fields, trackingNumbers, undefined);
      if (result.draft) drafts.push(result.draft);
      else errors.push(`Row ${row}: ${result.errors.join('; ')}`);
    }
    // All or nothing: one bad row creates no order.
    if (errors.length > 0) return invalid(errors);
    const order_ids = drafts.map((draft) => storeOrder(draft, []));
    const count = order_ids.length;
    return success(`${count} inbound ${count === 1 ? 'order' : 'orders'} created.`, { order_ids, count });
  }

  async function updateInbound({ request, params }: RouteMatch): Promise<Response> {
    const id = params[0]!;
    if (!isUuid(id)) return invalid(['order_id must be a UUID']);
    const record = state.inboundOrders.find((o) => o.order_id === id);
    if (!record) return failure(404, 'Inbound order not found.', [`no inbound order has order_id ${id}`]);
    if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) return invalid(['Content-Type must be application/json']);
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return invalid(['the body is not valid JSON']);
    }
    if (!isRecord(body)) return invalid(['the body must be a JSON object']);
    const { patch, errors } = readPatch(body);
    if (errors.length > 0) return invalid(errors);
    const violations = mockUpdateViolations(record, patch, settings);
    if (violations.length > 0) return invalid(violations.map((id) => UPDATE_RULE_MESSAGES[id]));

    const oldQuantity = record.quantity;
    for (const [name, value] of Object.entries(patch) as [keyof MockInboundPatch, unknown][]) {
      const { field } = PATCH_MEMBERS[name];
      const stored = name === 'date' ? toMonthDayYear(parseOrderDate(value as string)!) : structuredClone(value);
      (record as unknown as Record<string, unknown>)[field] = stored;
    }
    // "Empty to be auto-generated": an fbm order left without a SKU gets a PFL one.
    if (record.fulfillment_type === 'fbm' && record.amazon_sku === '') record.amazon_sku = `${FBM_SKU_PREFIX}-${created.chars(8)}`;
    if (record.sold_as === 'bundle' && record.bundle_items && record.quantity !== oldQuantity) {
      syncBundleItems(record.bundle_items, oldQuantity, record.quantity);
    }
    return json(200, { status: 'success', message: 'Inbound order updated.', data: null, errors: null });
  }

  function listShipments({ url }: RouteMatch): Response {
    const query = parseListQuery(url.searchParams, {
      sortFields: SHIPMENT_LIST_FIELDS,
      allowAll: false,
      arrays: { fulfillment_types: SHIPMENT_FULFILLMENT_TYPES, statuses: SHIPMENT_STATUSES },
      extraScalars: ['shipment_id'],
    });
    if (Array.isArray(query)) return invalid(query);
    const shipmentId = query.scalars.get('shipment_id');
    if (shipmentId !== undefined && !isUuid(shipmentId)) return invalid(['shipment_id must be a UUID']);
    const types = query.arrays.get('fulfillment_types');
    const statuses = query.arrays.get('statuses');
    const matching = state.shipments.filter(
      (s) =>
        (!types || types.includes(s.fulfillment_type)) &&
        (!statuses || statuses.includes(s.status)) &&
        (shipmentId === undefined || s.shipment_id.toLowerCase() === shipmentId.toLowerCase()),
    );
    const sorted = sortRecords(
      matching as unknown as Record<string, unknown>[],
      query.sortKey,
      SHIPMENT_SORT[query.sortKey as keyof typeof SHIPMENT_SORT],
      query.sortOrder,
      'shipment_id',
    );
    const shipments = page(sorted as unknown as ShipmentDetailRecord[], query).map(shipmentListItem);
    return success('Shipments retrieved.', {
      shipments,
      results: { offset: query.offset, limit: query.limit, total_results: matching.length },
    });
  }

  function retrieveShipment({ params }: RouteMatch): Response {
    const id = params[0]!;
    if (!isUuid(id)) return invalid(['shipment_id must be a UUID']);
    const shipment = state.shipments.find((s) => s.shipment_id.toLowerCase() === id.toLowerCase());
    if (!shipment) return failure(404, 'Shipment not found.', [`no shipment has shipment_id ${id}`]);
    return success('Shipment retrieved.', { shipment: shipmentDetail(shipment) });
  }

  const routes: MockRoute[] = [
    { method: 'GET', path: '/inbound', handler: authorized(listInbound) },
    { method: 'POST', path: '/inbound', handler: authorized(createInbound) },
    { method: 'PUT', path: '/inbound/:order_id', handler: authorized(updateInbound) },
    { method: 'GET', path: '/shipments', handler: authorized(listShipments) },
    { method: 'GET', path: '/shipments/:shipment_id', handler: authorized(retrieveShipment) },
  ];
  const transport = createTransport(options.baseUrl ?? WAREHOUSE_MOCK_DEFAULTS.baseUrl, routes, (url) =>
    failure(404, 'Not found.', [`no endpoint at ${url.pathname}`]),
  );

  return {
    ...transport,
    state,
    apiKey,
    warehouseId,
    settings,
    reset() {
      fill();
      transport.faults.reset();
    },
  };
}
