/**
 * RFC 4180 CSV for bulk uploads, as the SDK writes rows: CRLF line ends; a field is quoted when
 * it holds a comma, a quote, a line break or edge white space, with its quotes doubled. The
 * reader (the upload's check, the mock, the command line) is `csv-check.ts`.
 */
import type { InboundOrderRow } from './types.js';
import { CSV_LIST_SEPARATOR, formatNumber, formatOrderDate, readOrderDate } from './wire-format.js';

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One field: quoted (with doubled quotes) when it holds a comma, quote, line break or edge space. */
export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One CSV line (without its line end). */
export function csvLine(fields: readonly string[]): string {
  return fields.map(csvField).join(',');
}

/** A header row and one row per record, every line ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  let out = `${csvLine(header)}\r\n`;
  for (const row of rows) out += `${csvLine(row)}\r\n`;
  return out;
}

/** A cell as written: dates as MM/DD/YYYY, numbers in plain decimal, tracking numbers joined by `;`. */
export function cellOf(column: string, value: unknown): string {
  if (value === undefined || value === null) return '';
  // A date the reader cannot make out (from a server, say) is written as it came, not thrown on.
  if (column === 'date') return typeof value === 'string' && !readOrderDate(value) ? value : formatOrderDate(value as string | Date);
  if (Array.isArray(value)) return value.join(CSV_LIST_SEPARATOR);
  return typeof value === 'number' ? formatNumber(value) : String(value);
}

/** Orders as RFC 4180 CSV text with a header row of `columns`. */
export function ordersToCsv(columns: readonly string[], rows: readonly InboundOrderRow[]): string {
  return toCsv(
    columns,
    rows.map((row) => columns.map((column) => cellOf(column, (row as Record<string, unknown>)[column]))),
  );
}
