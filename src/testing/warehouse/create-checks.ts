/**
 * Request checks of `POST /inbound`, single and bulk. Input: the form as a record of field
 * name to its values (text or files, in order), or a CSV row as a record of column to cell.
 * Output: the typed order(s) to store, or every problem found as the server words it.
 * Single and bulk share one validator of an order's fields.
 */
import { BULK_CSV_COLUMNS, CSV_LIST_SEPARATOR } from '../../warehouse/wire-format.js';
import { type Checked, checked, isRecord } from '../kit/common.js';
import { parseCsv } from './csv.js';
import { parseOrderDate, toMonthDayYear } from './dates.js';
import {
  type BundleItemRecord,
  INBOUND_CREATE_FULFILLMENT_TYPES,
  type InboundFulfillmentType,
  type InboundOrderRecord,
  type InboundSoldAs,
  type LabelFileRecord,
} from './records.js';

/** A multipart form as the checks read it: each field's values in the order sent. */
export type FormRecord = Record<string, (string | File)[]>;

/** Groups a parsed form's entries by field name. */
export function formRecord(form: FormData): FormRecord {
  const grouped = new Map<string, (string | File)[]>();
  for (const [name, value] of form.entries()) {
    const values = grouped.get(name);
    if (values) values.push(value);
    else grouped.set(name, [value]);
  }
  // fromEntries defines own members, so a field named `__proto__` stays a field.
  return Object.fromEntries(grouped);
}

const POSITIVE_INTEGER = /^[1-9]\d*$/;
const NON_NEGATIVE_DECIMAL = /^\d+(\.\d+)?$/;

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

export type CreateDraft = Omit<InboundOrderRecord, 'order_id' | 'status' | 'created_at'>;

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

/** A single order's form: its text fields, tracking numbers and label files. */
export function checkCreateForm(form: FormRecord): Checked<{ draft: CreateDraft; files: LabelFileRecord[] }> {
  const errors: string[] = [];
  const fields = new Map<string, string>();
  const trackingNumbers: string[] = [];
  const files: LabelFileRecord[] = [];
  for (const [name, values] of Object.entries(form)) {
    for (const value of values) {
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
  }
  const bundleItemsText = fields.get('bundle_items');
  fields.delete('bundle_items');
  const result = validateCreate(fields, trackingNumbers, bundleItemsText);
  errors.push(...result.errors);
  const draft = result.draft;
  return draft ? checked(errors, () => ({ draft, files })) : { ok: false, errors };
}

/** A bulk form: `bulk=true` and one file part holding the CSV. */
export function checkBulkForm(form: FormRecord): Checked<File> {
  const errors: string[] = [];
  let file: File | undefined;
  for (const [name, values] of Object.entries(form)) {
    for (const value of values) {
      if (name === 'bulk') continue;
      if (name !== 'file') errors.push(`unknown field '${name}' in bulk mode`);
      else if (typeof value === 'string') errors.push('file must be a file part holding the CSV');
      else if (file) errors.push('file must be given once');
      else file = value;
    }
  }
  if (!file && errors.length === 0) errors.push('file is required in bulk mode');
  return file ? checked(errors, () => file) : { ok: false, errors };
}

/** The header row of a bulk CSV: known columns, each once, the required ones present. */
function checkCsvColumns(header: string[]): Checked<string[]> {
  const errors: string[] = [];
  const columns = header.map((name) => name.trim());
  const seen = new Set<string>();
  for (const column of columns) {
    if (!includes(BULK_CSV_COLUMNS, column)) errors.push(`unknown CSV column '${column}'`);
    else if (seen.has(column)) errors.push(`CSV column '${column}' appears twice`);
    seen.add(column);
  }
  // Optional columns may be left out; the required ones must be there.
  for (const name of REQUIRED_CREATE_FIELDS) if (!seen.has(name)) errors.push(`CSV column '${name}' is missing`);
  return checked(errors, () => columns);
}

/** One data row of a bulk CSV, as column → cell; `tracking_numbers` holds several, separated. */
export function checkCsvRow(row: Record<string, string>): Checked<CreateDraft> {
  const fields = new Map(Object.entries(row));
  const trackingNumbers = (fields.get('tracking_numbers') ?? '')
    .split(CSV_LIST_SEPARATOR)
    .map((n) => n.trim())
    .filter((n) => n !== '');
  fields.delete('tracking_numbers');
  const { errors, draft } = validateCreate(fields, trackingNumbers, undefined);
  return draft ? { ok: true, value: draft } : { ok: false, errors };
}

/** A whole bulk CSV: every row must pass (all or nothing); problems are numbered by row. */
export function checkBulkCsv(text: string): Checked<CreateDraft[]> {
  const parsed = parseCsv(text);
  if ('error' in parsed) return { ok: false, errors: [parsed.error] };
  const [header, ...rows] = parsed.records;
  if (!header) return { ok: false, errors: ['the CSV needs a header row'] };
  const columns = checkCsvColumns(header.fields);
  if (!columns.ok) return columns;
  if (rows.length === 0) return { ok: false, errors: ['the CSV has no data rows'] };
  const errors: string[] = [];
  const drafts: CreateDraft[] = [];
  for (const { row, fields: cells } of rows) {
    if (cells.length !== columns.value.length) {
      errors.push(`Row ${row}: expected ${columns.value.length} fields, found ${cells.length}`);
      continue;
    }
    const result = checkCsvRow(Object.fromEntries(columns.value.map((name, i) => [name, cells[i]!])));
    if (result.ok) drafts.push(result.value);
    else errors.push(`Row ${row}: ${result.errors.join('; ')}`);
  }
  return checked(errors, () => drafts);
}
