/**
 * RFC 4180 CSV read back (`parseCsv`, `rowFromCells`: the upload's check, the mock and the
 * command line read files with them), and a bulk CSV checked before it is sent
 * (`inbound.createBulk` with text, bytes or a `Blob`), the way rows are: the header's columns, then every record read back into a row (`rowFromCells`)
 * and held to the row check, every problem at once, by row (counted from 0, as an array of
 * rows is) and column. A `Blob` (a file from `openAsBlob`) is read slice by slice, so memory
 * does not grow with the file; it is read again when it is sent. Records are gathered line by line
 * (a line break inside quotes continues a record) and read one by one.
 */
import type { ValidationIssue } from '../core/errors/index.js';
import type { Checked } from '../core/validation.js';
import { type Stop, workSlices } from '../internal/signals.js';
import { BULK_CSV_COLUMNS, CREATE_FORM_KINDS } from './fast-checks.generated.js';
import { CSV_LIST_SEPARATOR, readNumber } from './wire-format.js';

/** A record still open (an unclosed quote) past this many characters is refused, not held. */
const MAX_RECORD = 1 << 20;
/** A record's line end, as written. */
const LINE_END = /(?:\r\n|\n|\r)$/;
/** Problems kept: past them the check goes on counting, so a file wrong throughout holds no more memory than this. */
export const MAX_CSV_ISSUES = 1_000;
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

/** A run of unquoted text: up to the next comma, line break or quote. */
const PLAIN_RUN = /[^,\r\n"]+/y;

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
  // Runs of text are taken whole (a quoted run up to its next quote, a plain one up to the next
  // comma, line break or quote), not a character at a time.
  for (let i = 0; i < text.length; ) {
    if (mode === 'quoted') {
      const quote = text.indexOf('"', i);
      if (quote < 0) {
        field += text.slice(i);
        break;
      }
      field += text.slice(i, quote);
      if (text[quote + 1] === '"') field += '"';
      else mode = 'closed';
      i = quote + (mode === 'closed' ? 1 : 2);
      continue;
    }
    const c = text[i] as string;
    if (c === ',') {
      fields.push(field);
      field = '';
      mode = 'start';
      content = true;
      i++;
    } else if (c === '\n' || c === '\r') {
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      endRecord();
    } else if (c === '"') {
      if (mode !== 'start') return { error: `Row ${row}: a quote inside a field that does not start with a quote` };
      mode = 'quoted';
      content = true;
      i++;
    } else {
      if (mode === 'closed') return { error: `Row ${row}: text after a closing quote` };
      PLAIN_RUN.lastIndex = i;
      PLAIN_RUN.test(text);
      field += text.slice(i, PLAIN_RUN.lastIndex);
      i = PLAIN_RUN.lastIndex;
      mode = 'plain';
      content = true;
    }
  }
  if (mode === 'quoted') return { error: `Row ${row}: a quoted field is never closed` };
  // A final line break ends the last record; only text after it makes another one.
  if (content || field !== '' || fields.length > 0) endRecord();
  return { records };
}

/** The upload's columns, in order. */
const CSV_COLUMNS: readonly string[] = BULK_CSV_COLUMNS;
/** The number columns of a row, read as numbers when they are plain decimals (as the SDK writes them). */
const NUMERIC = CSV_COLUMNS.filter((column) => CREATE_FORM_KINDS[column] === 'number');

/** Why the records of a text cannot be read on: a quote never closed. */
export class UnclosedQuote extends Error {}

/**
 * Splits text, chunk after chunk, into CSV records, each the text of its lines with their line
 * ends as written (CRLF, LF or CR), so the CSV reader sees the text unchanged; a line break
 * inside quotes continues a record (an odd count of quotes so far means one is open). A quote
 * never closed, at the end or past {@link MAX_RECORD} characters, throws {@link UnclosedQuote}.
 */
export class CsvRecords {
  #rest = '';
  #record = '';
  #open = false;

  /** The records `chunk` completes. */
  push(chunk: string): string[] {
    const text = this.#rest + chunk;
    const records: string[] = [];
    const ends = /\r\n|\n|\r/g;
    let start = 0;
    for (let end = ends.exec(text); end; end = ends.exec(text)) {
      // A CR at the end of a chunk may be the first half of a CRLF: wait for the next chunk.
      if (end[0] === '\r' && end.index === text.length - 1) break;
      const record = this.#line(text.slice(start, end.index + end[0].length));
      if (record !== undefined) records.push(record);
      start = end.index + end[0].length;
    }
    this.#rest = text.slice(start);
    if (this.#rest.length + this.#record.length > MAX_RECORD) throw this.#unclosed();
    return records;
  }

  /** The last record (text after the last line end), once the text has ended. */
  end(): string | undefined {
    const last = this.#rest ? this.#line(this.#rest) : undefined;
    this.#rest = '';
    if (this.#open) throw new UnclosedQuote('a quoted field is never closed');
    return last;
  }

  #line(line: string): string | undefined {
    for (let i = line.indexOf('"'); i >= 0; i = line.indexOf('"', i + 1)) this.#open = !this.#open;
    this.#record += line;
    if (this.#open && this.#record.length <= MAX_RECORD) return undefined;
    if (this.#open) throw this.#unclosed();
    const record = this.#record;
    this.#record = '';
    return record;
  }

  #unclosed(): UnclosedQuote {
    return new UnclosedQuote(`a quoted field runs on past ${MAX_RECORD.toLocaleString('en-US')} characters (a quote never closed?)`);
  }
}

/** How much of a `Blob` is read at a time: its text stays below the size V8 allocates apart (large objects wait for a full collection). */
const SLICE_BYTES = 64 * 1024;

/**
 * The text of a `Blob`, read slice by slice and decoded as strict UTF-8 (a byte that is not
 * throws). Each slice's memory is let go as soon as it is decoded (detached) rather than at
 * the next garbage collection, which waits for tens of MB of them: memory stays flat however
 * large the file.
 */
async function* textOfBlob(blob: Blob): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let offset = 0; offset < blob.size; offset += SLICE_BYTES) {
    const slice = await blob.slice(offset, offset + SLICE_BYTES).arrayBuffer();
    const text = decoder.decode(slice, { stream: true });
    (slice as ArrayBuffer & { transfer?(length: number): ArrayBuffer }).transfer?.(0);
    yield text;
  }
  yield decoder.decode();
}

/** CSV text in slices of {@link SLICE_BYTES} characters, read as a file's are. */
function* slicesOf(text: string): Generator<string> {
  for (let offset = 0; offset < text.length; offset += SLICE_BYTES) yield text.slice(offset, offset + SLICE_BYTES);
}

/** One row's check: its value, or every problem under `at`. */
export type RowCheck = (row: unknown, at: (string | number)[]) => Checked<unknown>;

/**
 * Every problem of a bulk CSV (`text`, or a `Blob` read as a stream), as `ValidationIssue`s:
 * `['header', column]` for the header, `[row, column]` for a record's cell (the first record
 * after the header is row 0), `[row]` for a record that cannot be read, `[]` for the file.
 * `stop` ends it (rejecting with its reason) at the next slice.
 */

export async function checkCsvUpload(csv: string | Blob, rowCheck: RowCheck, stop?: Stop): Promise<ValidationIssue[]> {
  const check = new UploadCheck(rowCheck);
  const records = new CsvRecords();
  // Every slice read, the event loop may turn (a file of 100,000 rows takes a few hundred ms):
  // the call's signal and deadline end the check in time, and stop it.
  const turn = workSlices(stop);
  const readAll = (list: string[]) => {
    for (const record of list) check.read(record);
  };
  try {
    for await (const chunk of typeof csv === 'string' ? slicesOf(csv) : textOfBlob(csv)) {
      readAll(records.push(chunk));
      await turn();
    }
    const last = records.end();
    if (last !== undefined) readAll([last]);
    check.atEnd();
  } catch (error) {
    if (stop?.aborted) throw error;
    if (error instanceof UnclosedQuote) check.add([check.rows], error.message);
    else if (error instanceof TypeError) check.add([], 'is not UTF-8 text: a bulk CSV is sent as UTF-8');
    else if (typeof csv !== 'string')
      // The platform's read failed (NotReadableError): a file changed, moved or removed while it was read.
      check.add(
        [],
        `could not be read (${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}): was the file changed while it was checked?`,
      );
    else throw error;
  }
  return check.issues();
}

/** The header and the rows checked so far, and their problems. */
class UploadCheck {
  /** Orders read so far: the row the next one is (blank lines are no orders). */
  rows = 0;
  readonly #rowCheck: RowCheck;
  #header: string[] | undefined;
  /** Columns a row's check found missing that the header lacks: told once, at the header. */
  readonly #missing = new Set<string>();
  readonly #issues: ValidationIssue[] = [];
  #more = 0;

  constructor(rowCheck: RowCheck) {
    this.#rowCheck = rowCheck;
  }

  add(path: (string | number)[], message: string): void {
    if (this.#issues.length < MAX_CSV_ISSUES) this.#issues.push({ path, message });
    else this.#more++;
  }

  issues(): ValidationIssue[] {
    if (this.#more === 0) return this.#issues;
    return [
      ...this.#issues,
      { path: [], message: `and ${this.#more.toLocaleString('en-US')} more problems past the first ${MAX_CSV_ISSUES}` },
    ];
  }

  /** Reads one record (its text, line end included): the header, an order, or nothing (a blank line). */
  read(record: string): void {
    let fields: string[] | undefined;
    if (record.includes('"')) {
      const parsed = parseCsv(record);
      if ('error' in parsed) {
        this.add([this.#header ? this.rows++ : 'header'], parsed.error.replace(/^Row \d+: /, ''));
        return;
      }
      fields = parsed.records[0]?.fields;
    } else {
      // No quote: the fields are what the commas part, as the reader would make them (most records).
      const line = record.replace(LINE_END, '');
      fields = line === '' ? undefined : line.split(',');
    }
    if (!fields) return;
    if (!this.#header) this.#readHeader(fields);
    else this.#readRow(this.rows++, fields);
  }

  /** The header's columns: an unknown one or one named twice is a problem, and not read in the rows. */
  #readHeader(fields: string[]): void {
    const names = fields.map((f) => f.trim());
    const seen = new Set<string>();
    this.#header = names.map((name) => {
      const problem = seen.has(name)
        ? 'appears twice'
        : CSV_COLUMNS.includes(name)
          ? undefined
          : `is not a column of the upload (${CSV_COLUMNS.join(', ')})`;
      seen.add(name);
      if (problem) this.add(['header', name], problem);
      return problem ? '' : name;
    });
  }

  #readRow(row: number, fields: string[]): void {
    const header = this.#header as string[];
    if (fields.length !== header.length) {
      this.add([row], `has ${fields.length} fields; the header has ${header.length}`);
      return;
    }
    // Columns refused at the header (named '' here) are left out of the row: told once, not on every row.
    const cells = rowFromCells(header, fields, NUMERIC);
    delete cells[''];
    const checked = this.#rowCheck(cells, [row]);
    if (checked.ok) return;
    for (const issue of checked.issues) {
      const column = String(issue.path[1] ?? '');
      if (column === '' || header.includes(column)) this.add(issue.path, issue.message);
      else if (!this.#missing.has(column)) {
        this.#missing.add(column);
        this.add(['header', column], `is missing: every order needs it (${issue.message})`);
      }
    }
  }

  /** An empty file, or a header and no orders, once the whole text was read. */
  atEnd(): void {
    if (!this.#header) this.add([], 'is empty: a bulk CSV needs a header row and at least one order');
    else if (this.rows === 0) this.add([], 'has a header but no orders');
  }
}
