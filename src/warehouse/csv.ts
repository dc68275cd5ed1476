/**
 * RFC 4180 CSV for bulk uploads, both ways: the SDK writes rows with it; the mock and the
 * command line read a file back with it. CRLF line ends; a field is quoted when it holds a
 * comma, a quote, a line break or edge white space, with its quotes doubled.
 */
import type { InboundOrderRow } from './types.js';
import { CSV_LIST_SEPARATOR, formatNumber, formatOrderDate, readNumber, readOrderDate } from './wire-format.js';

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

/**
 * A CSV record read back into an order row: empty cells left out, numeric columns as numbers
 * when they read as plain decimals (else as text, for the schema to refuse), tracking numbers
 * split at `;`. `numeric` names the number columns.
 */
export function rowFromCells(header: readonly string[], fields: readonly string[], numeric: readonly string[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  header.forEach((column, i) => {
    const cell = fields[i] ?? '';
    if (cell === '') return;
    if (column === 'tracking_numbers') row[column] = cell.split(CSV_LIST_SEPARATOR);
    else row[column] = numeric.includes(column) ? (readNumber(cell) ?? cell) : cell;
  });
  return row;
}

/**
 * A parsed CSV: its records, each with the 1-based row number a spreadsheet shows (the header
 * is row 1), or an error naming the row.
 * @example
 * ```ts
 * const parsed: CsvParse = parseCsv('order_number,quantity\r\nPO-1001,4\r\n');
 * if ('error' in parsed) throw new Error(parsed.error);
 * for (const { row, fields } of parsed.records) console.log(row, fields[0]);
 * ```
 */
export type CsvParse = { records: { row: number; fields: string[] }[] } | { error: string };

/**
 * RFC 4180 CSV: quoted fields may hold commas, doubled quotes and CR/LF; records end in CRLF,
 * LF or CR. Blank lines are dropped (their row numbers still count). A quote inside an
 * unquoted field is an error, so a writer that forgets to quote is caught, not guessed at.
 */
export function parseCsv(input: string): CsvParse {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records: { row: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let row = 1;
  // start: at a field's start; plain: inside an unquoted field; quoted: inside quotes; closed: after a closing quote.
  let mode: 'start' | 'plain' | 'quoted' | 'closed' = 'start';
  let content = false;
  const endRecord = () => {
    fields.push(field);
    if (content || fields.length > 1 || field !== '') records.push({ row, fields });
    row++;
    fields = [];
    field = '';
    mode = 'start';
    content = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (mode === 'quoted') {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') field += text[i++];
      else mode = 'closed';
    } else if (c === ',') {
      fields.push(field);
      field = '';
      mode = 'start';
      content = true;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else if (c === '"') {
      if (mode !== 'start') return { error: `Row ${row}: a quote inside a field that does not start with a quote` };
      mode = 'quoted';
      content = true;
    } else {
      if (mode === 'closed') return { error: `Row ${row}: text after a closing quote` };
      field += c;
      mode = 'plain';
      content = true;
    }
  }
  if (mode === 'quoted') return { error: `Row ${row}: a quoted field is never closed` };
  // A final line break ends the last record; only text after it makes another one.
  if (content || field !== '' || fields.length > 0) endRecord();
  return { records };
}
