/**
 * Every choice the warehouse document leaves open ("not shown") about how values travel,
 * in one place. The README's Assumptions table names each; the mock reads the same
 * constants, so a change here changes the SDK and the mock together.
 */

/** Query arrays (`fulfillment_types`, `statuses`) are sent as repeated keys: `a=x&a=y`. */
export function appendQueryArray(query: URLSearchParams, name: string, values: readonly string[]): void {
  for (const value of values) query.append(name, value);
}

/** Multipart arrays of strings (`tracking_numbers`) are sent as repeated fields of the same name. */
export function appendFormArray(form: FormData, name: string, values: readonly string[]): void {
  for (const value of values) form.append(name, value);
}

/** Multipart arrays of objects (`bundle_items`) are sent as one field holding JSON text. */
export function appendFormJson(form: FormData, name: string, value: unknown): void {
  form.append(name, JSON.stringify(value));
}

/**
 * A `Date` given as an order date is sent as `MM/DD/YYYY` (UTC), the format the service
 * renders dates in; a string is sent as given.
 */
export function formatOrderDate(value: Date | string): string {
  if (typeof value === 'string') return value;
  const mm = String(value.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(value.getUTCDate()).padStart(2, '0');
  return `${mm}/${dd}/${String(value.getUTCFullYear()).padStart(4, '0')}`;
}

/**
 * Columns of the bulk-upload CSV, in order: the single-create form fields. The document
 * does not show them; these are the create endpoint's own field names.
 * @example
 * ```ts
 * const header = BULK_CSV_COLUMNS.join(','); // date,retailer,order_number,…
 * await warehouse.inbound.createBulk(`${header}\n${lines.join('\n')}`);
 * ```
 */
export const BULK_CSV_COLUMNS = [
  'date',
  'retailer',
  'order_number',
  'item_name',
  'color',
  'brand_sku',
  'quantity',
  'asin',
  'unit_cost',
  'list_price',
  'fulfillment_type',
  'size',
  'amazon_sku',
  'client_notes',
  'tracking_numbers',
  'sold_as',
  'units_per_pack',
  'upc',
] as const;

/**
 * Numbers in form fields and CSV cells are written in plain decimal notation: `String()`
 * would write 1e-7 and 1e21, which a form parser does not read as numbers.
 * @example
 * ```ts
 * formatNumber(0.0000001); // '0.0000001'
 * ```
 */
export function formatNumber(value: number): string {
  const size = Math.abs(value);
  return size === 0 || (size >= 1e-6 && size < 1e21)
    ? String(value)
    : value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

/**
 * Inside one CSV cell of a bulk upload, several tracking numbers are separated by this character.
 * @example
 * ```ts
 * const cell = ['1Z999AA10123456784', '9400111899223856928499'].join(CSV_LIST_SEPARATOR);
 * ```
 */
export const CSV_LIST_SEPARATOR = ';';
