/**
 * Request checks of `POST /inbound`, single and bulk, with the SDK's own schemas: the form
 * is decoded by the same rules the SDK encodes it with (`warehouse/multipart.ts`), and a bulk
 * CSV is read by the same reader (`warehouse/csv.ts`), then each order is checked with
 * `inboundOrderCreateSchema` or `inboundOrderRowSchema`. One contract: what the SDK refuses
 * before sending, the mock answers with a 400, and nothing else.
 */
import { checkValue } from '../../core/validation.js';
import { parseCsv, rowFromCells } from '../../warehouse/csv-check.js';
import { BULK_CSV_COLUMNS } from '../../warehouse/fast-checks.generated.js';
import { decodeCreateForm, fieldKinds } from '../../warehouse/multipart.js';
import { inboundOrderCreateObject, inboundOrderCreateSchema, inboundOrderRowSchema } from '../../warehouse/schemas.js';
import { formatOrderDate } from '../../warehouse/wire-format.js';
import type { Checked } from '../kit/common.js';
import type { BundleItemRecord, InboundOrderRecord, LabelFileRecord } from './records.js';

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

export type CreateDraft = Omit<InboundOrderRecord, 'order_id' | 'status' | 'created_at'>;

const KINDS = fieldKinds(inboundOrderCreateObject.shape);
const NUMERIC = Object.keys(KINDS).filter((name) => KINDS[name] === 'number');
/** Columns a bulk CSV must have: the create form's required fields, read off its schema. */
const REQUIRED_COLUMNS = BULK_CSV_COLUMNS.filter(
  (name) => (inboundOrderCreateObject.shape[name] as { _zod: { def: { type: string } } })._zod.def.type !== 'optional',
);

/** `path: message`, as the mock words a problem in an envelope's `errors`. */
function described(issues: { path: (string | number)[]; message: string }[], prefix = ''): string[] {
  return issues.map((issue) => `${prefix}${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`);
}

/** The stored record of an order the schema accepted: what the list endpoint will show of it. */
function draftOf(order: Record<string, unknown>): CreateDraft {
  const text = (name: string) => (order[name] === undefined ? '' : String(order[name]));
  const orNull = (name: string) => (order[name] === undefined ? null : String(order[name]));
  const draft: CreateDraft = {
    date: formatOrderDate(order.date as string),
    retailer: text('retailer'),
    order_number: text('order_number'),
    item_name: text('item_name'),
    color: text('color'),
    brand_sku: text('brand_sku'),
    size: text('size'),
    quantity: order.quantity as number,
    asin: text('asin'),
    amazon_sku: text('amazon_sku'),
    unit_cost: order.unit_cost as number,
    list_price: order.list_price as number,
    client_notes: orNull('client_notes'),
    fulfillment_type: order.fulfillment_type as CreateDraft['fulfillment_type'],
    sold_as: (order.sold_as ?? 'individual') as CreateDraft['sold_as'],
    units_per_pack: order.units_per_pack === undefined ? 1 : Number(order.units_per_pack),
    upc: orNull('upc'),
    tracking_numbers: (order.tracking_numbers as string[] | undefined) ?? [],
  };
  // The document uses bundle_items only when sold_as is bundle; elsewhere they are ignored.
  if (draft.sold_as === 'bundle' && Array.isArray(order.bundle_items)) draft.bundle_items = order.bundle_items as BundleItemRecord[];
  return draft;
}

/** A single order's form: decoded as the SDK encodes it, then checked with the create schema. */
export function checkCreateForm(form: FormRecord): Checked<{ draft: CreateDraft; files: LabelFileRecord[] }> {
  const entries = Object.entries(form).flatMap(([name, values]) => values.map((value) => [name, value] as [string, FormDataEntryValue]));
  const order = decodeCreateForm(entries, KINDS);
  const result = checkValue(inboundOrderCreateSchema, order);
  if (!result.ok) return { ok: false, errors: described(result.issues) };
  const labels = [order.shipping_label_files ?? []].flat() as File[];
  const files = labels.map((file) => ({ name: file.name, size: file.size, type: file.type }));
  return { ok: true, value: { draft: draftOf(result.value as Record<string, unknown>), files } };
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
  return file && errors.length === 0 ? { ok: true, value: file } : { ok: false, errors };
}

/** The header row of a bulk CSV: known columns, each once, the required ones present. */
function checkCsvColumns(header: string[]): string[] {
  const errors: string[] = [];
  const seen = new Set<string>();
  for (const column of header) {
    if (!(BULK_CSV_COLUMNS as string[]).includes(column)) errors.push(`unknown CSV column '${column}'`);
    else if (seen.has(column)) errors.push(`CSV column '${column}' appears twice`);
    seen.add(column);
  }
  for (const name of REQUIRED_COLUMNS) if (!seen.has(name)) errors.push(`CSV column '${name}' is missing`);
  return errors;
}

/** A whole bulk CSV: every row must pass (all or nothing); problems are named by row (the header is row 1) and column. */
export function checkBulkCsv(text: string): Checked<CreateDraft[]> {
  const parsed = parseCsv(text);
  if ('error' in parsed) return { ok: false, errors: [parsed.error] };
  const [header, ...rows] = parsed.records;
  if (!header) return { ok: false, errors: ['the CSV needs a header row'] };
  const columnErrors = checkCsvColumns(header.fields);
  if (columnErrors.length) return { ok: false, errors: columnErrors };
  if (rows.length === 0) return { ok: false, errors: ['the CSV has no data rows'] };
  const errors: string[] = [];
  const drafts: CreateDraft[] = [];
  for (const { row, fields } of rows) {
    if (fields.length !== header.fields.length) {
      errors.push(`Row ${row}: expected ${header.fields.length} fields, found ${fields.length}`);
      continue;
    }
    const result = checkValue(inboundOrderRowSchema, rowFromCells(header.fields, fields, NUMERIC));
    if (result.ok) drafts.push(draftOf(result.value as Record<string, unknown>));
    else errors.push(...described(result.issues, `Row ${row}: `));
  }
  return errors.length ? { ok: false, errors } : { ok: true, value: drafts };
}
