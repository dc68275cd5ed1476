/**
 * The output formats of records: `table` (fits the terminal), `json` (one array), `ndjson`
 * (one object per line) and `csv` (RFC 4180, written with the SDK's own CSV writer, so what
 * `orders list --format csv` writes, `orders import` reads back; formula-like text
 * neutralised with a leading `'`, see `neutralise`). Each turns a batch of records into
 * whole lines of text; nothing is held but the table's column widths.
 */
import { cellOf, csvLine } from '../warehouse/csv.js';
import { FORMULA_PREFIXES } from '../warehouse/wire-format.js';
import { type Parsed, text } from './args.js';
import type { Context } from './context.js';
import { UsageError } from './errors.js';
import { quoted } from './io.js';
import { didYouMean } from './suggest.js';

export const FORMATS = ['table', 'json', 'ndjson', 'csv'] as const;
export type Format = (typeof FORMATS)[number];

type Row = Record<string, unknown>;

/** Turns batches of records into text; `end` closes the output (the JSON array, a table with no rows). */
export interface RecordWriter {
  write(records: readonly Row[]): string;
  end(): string;
}

/** Only `columns` of each record, in that order (all members when not given). */
function project(record: Row, columns: readonly string[] | undefined): Row {
  if (!columns) return record;
  const out: Row = {};
  for (const column of columns) out[column] = record[column];
  return out;
}

/** A JSON array written one record per line; the last record is held back until the next or the end, so every write is whole lines. */
function jsonWriter(columns: readonly string[] | undefined): RecordWriter {
  let held: string | undefined;
  return {
    write(records) {
      if (records.length === 0) return '';
      let out = held === undefined ? '[\n' : `${held},\n`;
      for (let i = 0; i < records.length - 1; i++) out += `${JSON.stringify(project(records[i]!, columns))},\n`;
      held = JSON.stringify(project(records.at(-1)!, columns));
      return out;
    },
    end: () => (held === undefined ? '[]\n' : `${held}\n]\n`),
  };
}

function ndjsonWriter(columns: readonly string[] | undefined): RecordWriter {
  return {
    write: (records) => records.map((r) => `${JSON.stringify(project(r, columns))}\n`).join(''),
    end: () => '',
  };
}

/** Text that, after any leading apostrophes, starts like a spreadsheet formula (`FORMULA_PREFIXES`). */
const formulaLike = (text: string) => {
  const rest = text.replace(/^'+/, '');
  return FORMULA_PREFIXES.some((p) => rest.startsWith(p));
};

/**
 * The CSV rule against formula injection (OWASP), kept here for every CSV the command
 * writes: a text cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return gains a
 * leading `'`, which a spreadsheet takes as "this is text" and does not show. A cell that
 * already starts with `'` and then, after any more `'`, one of those gains one more, so that
 * `unneutralise` (what `orders import` reads a cell with) gives back exactly what was written.
 */
export function neutralise(cell: string): string {
  return formulaLike(cell) ? `'${cell}` : cell;
}

/** `neutralise` undone: a cell of `'` (one or more) then a formula character loses one `'`; any other cell is as written. */
export function unneutralise(cell: string): string {
  return cell.startsWith("'") && formulaLike(cell) ? cell.slice(1) : cell;
}

/**
 * A CSV cell: the SDK's own (dates as MM/DD/YYYY, numbers in plain decimal, tracking numbers
 * joined by `;`); members that are objects, or lists of objects, as JSON text. Text is
 * `neutralise`d; a JS number is a number in a spreadsheet too (`-5`), and is written as is.
 */
export function csvCell(column: string, value: unknown): string {
  let text: string;
  if (value !== null && typeof value === 'object' && !(Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object'))) {
    text = JSON.stringify(value);
  } else {
    try {
      text = cellOf(column, value);
    } catch {
      // A date the service wrote in a form the SDK does not read is exported as sent.
      text = String(value);
    }
  }
  return typeof value === 'number' ? text : neutralise(text);
}

function csvWriter(columns: readonly string[]): RecordWriter {
  let started = false;
  const header = () => {
    if (started) return '';
    started = true;
    return `${csvLine(columns)}\r\n`;
  };
  return {
    write: (records) => header() + records.map((r) => `${csvLine(columns.map((c) => csvCell(c, r[c])))}\r\n`).join(''),
    end: () => header(),
  };
}

// C0 and C1 control characters (escape sequences among them): a cell never drives the terminal.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** A value as one line of table text. */
export function tableCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) return value.join(', ');
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.replace(CONTROL, ' ');
}

const textWidth = (text: string) => [...text].length;

function clip(text: string, size: number): string {
  const chars = [...text];
  return chars.length <= size ? text : `${chars.slice(0, Math.max(0, size - 1)).join('')}…`;
}

/** Text columns are not squeezed below this; past that, columns at the right are left out. */
const MIN_COLUMN = 8;
const GAP = '  ';

/**
 * A cell that must be shown whole: a number, or one word (an id, a date, a timestamp, a
 * code, a status), which cut would be wrong rather than short. Text with spaces can be cut.
 */
const WORD = /^\S*$/;
export const mustStayWhole = (cell: string) => WORD.test(cell);

/**
 * Column widths for `rows` in `total` characters: each column as wide as its widest cell or
 * its header. To fit, headers wider than their values are cut first, then text columns (the
 * widest first, one character at a time, down to 8); a column of whole values (`whole`)
 * keeps its values' width. Columns that still do not fit are left out from the right, and
 * `hidden` names them; the first (the record's id) is always shown.
 */
export function layout(
  columns: readonly string[],
  rows: readonly string[][],
  total: number,
  whole: readonly boolean[] = columns.map(() => false),
): { widths: number[]; hidden: string[] } {
  const values = columns.map((_, i) => Math.max(0, ...rows.map((r) => textWidth(r[i] ?? ''))));
  const natural = columns.map((c, i) => Math.max(textWidth(c), values[i]!));
  const floor = columns.map((c, i) =>
    whole[i] ? Math.max(values[i]!, Math.min(textWidth(c), MIN_COLUMN)) : Math.min(natural[i]!, MIN_COLUMN),
  );
  for (let shown = columns.length; shown > 1; shown--) {
    const widths = natural.slice(0, shown);
    const room = total - GAP.length * (shown - 1);
    let sum = widths.reduce((a, b) => a + b, 0);
    while (sum > room) {
      let pick = -1;
      for (let i = 0; i < shown; i++)
        if (widths[i]! > floor[i]! && (pick < 0 || widths[i]! - floor[i]! > widths[pick]! - floor[pick]!)) pick = i;
      if (pick < 0) break;
      widths[pick]!--;
      sum--;
    }
    if (sum <= room) return { widths, hidden: columns.slice(shown) };
  }
  return { widths: [Math.max(floor[0]!, Math.min(natural[0]!, total))], hidden: columns.slice(1) };
}

/**
 * A table as wide as the terminal. The widths come from the first batch (a page), so rows
 * stream after it; a later text cell wider than its column is cut with `…`, a whole value
 * (a number, an id, a date) never is. Numbers align right.
 */
function tableWriter(
  columns: readonly string[],
  total: number,
  onHidden: (hidden: string[]) => void,
  sample: readonly Row[] = [],
): RecordWriter {
  let widths: number[] | undefined;
  let whole: boolean[] = [];
  // `keep`: the columns whose cells are never cut (none for the header: a name, cut like text).
  const line = (cells: string[], numeric: boolean[], keep: boolean[]) =>
    `${cells
      .slice(0, widths!.length)
      .map((cell, i) => {
        const text = keep[i] && mustStayWhole(cell) ? cell : clip(cell, widths![i]!);
        const pad = ' '.repeat(Math.max(0, widths![i]! - textWidth(text)));
        return numeric[i] ? pad + text : i === widths!.length - 1 ? text : text + pad;
      })
      .join(GAP)}\n`;
  const sampled = sample.map((r) => columns.map((c) => tableCell(r[c])));
  const start = (rows: string[][]) => {
    const all = [...sampled, ...rows];
    whole = columns.map((_, i) => all.every((row) => mustStayWhole(row[i] ?? '')));
    const placed = layout(columns, all, total, whole);
    widths = placed.widths;
    if (placed.hidden.length) onHidden(placed.hidden);
    return line([...columns], [], []);
  };
  return {
    write(records) {
      if (records.length === 0) return '';
      const rows = records.map((r) => columns.map((c) => tableCell(r[c])));
      const numeric = columns.map((c) => records.every((r) => typeof r[c] === 'number' || r[c] == null));
      const head = widths ? '' : start(rows);
      return head + rows.map((row) => line(row, numeric, whole)).join('');
    },
    end: () => (widths ? '' : start([])),
  };
}

/**
 * A writer of `format`. `columns` are what a table or CSV shows; JSON keeps every member of a
 * record unless `pick` names some. `width` is the table's room; `onHidden` hears of columns left out.
 * `sample`: records a table is laid out for besides its first batch (when rows come one at a time).
 */
export function recordWriter(
  format: Format,
  view: {
    columns: readonly string[];
    pick: readonly string[] | undefined;
    width: number;
    onHidden: (hidden: string[]) => void;
    sample?: readonly Row[];
  },
): RecordWriter {
  switch (format) {
    case 'json':
      return jsonWriter(view.pick);
    case 'ndjson':
      return ndjsonWriter(view.pick);
    case 'csv':
      return csvWriter(view.columns);
    case 'table':
      return tableWriter(view.columns, view.width, view.onHidden, view.sample);
  }
}

/** One record as `format`: `table` lists member and value, one per line. */
export function singleRecord(format: Format, record: Row, width: number): string {
  if (format === 'json') return `${JSON.stringify(record, null, 2)}\n`;
  if (format === 'ndjson') return `${JSON.stringify(record)}\n`;
  const columns = Object.keys(record);
  if (format === 'csv') return `${csvLine(columns)}\r\n${csvLine(columns.map((c) => csvCell(c, record[c])))}\r\n`;
  const keyWidth = Math.max(...columns.map(textWidth));
  const room = Math.max(MIN_COLUMN, width - keyWidth - GAP.length);
  return columns
    .map((c) => {
      const cell = tableCell(record[c]);
      return `${c.padEnd(keyWidth)}${GAP}${mustStayWhole(cell) ? cell : clip(cell, room)}\n`;
    })
    .join('');
}

/** The output format a command was asked for (`--format`): a table on a terminal, JSON when piped. */
export function formatOf(ctx: Context, parsed: Parsed): Format {
  const format = text(parsed, 'format');
  if (format === undefined) return ctx.out.isTTY ? 'table' : 'json';
  if (!(FORMATS as readonly string[]).includes(format))
    throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, got ${quoted(format)}${didYouMean(format, FORMATS)}`);
  return format as Format;
}
