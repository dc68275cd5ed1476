/**
 * Builds the multipart bodies of `POST /api/v1/inbound` with the platform's `FormData` and
 * `Blob`, which every runtime's fetch sends as a proper multipart body with its boundary.
 * (The `form-data` npm package is not a fetch body: Node's fetch sends it as the text
 * "[object FormData]".)
 */
import { toCsv } from './csv.js';
import type { BulkInput, InboundOrderRow } from './types.js';
import { appendFormArray, appendFormJson, BULK_CSV_COLUMNS, CSV_LIST_SEPARATOR, formatNumber, formatOrderDate } from './wire-format.js';

type ParsedOrder = {
  date: string | Date;
  tracking_numbers?: string[] | undefined;
  bundle_items?: unknown[] | undefined;
  shipping_label_files?: Blob | Blob[] | undefined;
  [field: string]: unknown;
};

/** Default file name of a label part given as a nameless `Blob`. */
const LABEL_NAME = 'shipping-label';
/** Default file name of a bulk CSV given as text, bytes or rows. */
export const BULK_FILE_NAME = 'inbound-orders.csv';

function scalar(value: unknown): string {
  return typeof value === 'number' ? formatNumber(value) : String(value);
}

/** The form of a single-order create. */
export function createOrderForm(order: ParsedOrder): FormData {
  const form = new FormData();
  for (const [field, value] of Object.entries(order)) {
    if (value === undefined) continue;
    if (field === 'date') form.append('date', formatOrderDate(order.date));
    else if (field === 'tracking_numbers') appendFormArray(form, field, order.tracking_numbers ?? []);
    else if (field === 'bundle_items') appendFormJson(form, field, value);
    else if (field === 'shipping_label_files') {
      const files = Array.isArray(value) ? value : [value as Blob];
      files.forEach((file, i) => {
        const name = typeof (file as File).name === 'string' && (file as File).name ? (file as File).name : `${LABEL_NAME}-${i + 1}`;
        form.append(field, file, name);
      });
    } else form.append(field, scalar(value));
  }
  return form;
}

/** One CSV row of an order, in `BULK_CSV_COLUMNS` order. */
function rowCells(row: InboundOrderRow): string[] {
  return BULK_CSV_COLUMNS.map((column) => {
    const value = row[column];
    if (value === undefined || value === null) return '';
    if (column === 'date') return formatOrderDate(value as string | Date);
    if (column === 'tracking_numbers') return (value as string[]).join(CSV_LIST_SEPARATOR);
    return scalar(value);
  });
}

/** Orders as RFC 4180 CSV text with a header row. */
export function ordersToCsv(rows: readonly InboundOrderRow[]): string {
  return toCsv(BULK_CSV_COLUMNS, rows.map(rowCells));
}

/**
 * The form of a bulk create: `bulk=true` and the CSV as `file`. A `Blob` (or `File`, or
 * `fs.openAsBlob`) is passed through untouched, so a large file streams from disk.
 */
export function bulkForm(input: Exclude<BulkInput, readonly InboundOrderRow[]> | { csv: string }): FormData {
  const form = new FormData();
  form.append('bulk', 'true');
  if (input instanceof Blob) {
    const name = typeof (input as File).name === 'string' && (input as File).name ? (input as File).name : BULK_FILE_NAME;
    form.append('file', input, name);
  } else {
    const text = typeof input === 'object' && 'csv' in input ? input.csv : input;
    form.append('file', new Blob([text as BlobPart], { type: 'text/csv' }), BULK_FILE_NAME);
  }
  return form;
}
