/**
 * The check of `orders import`: every row of a CSV read with the SDK's own reader
 * (`parseCsv`, `rowFromCells`) and checked with its row schema, streaming through the file
 * (memory stays flat however large), every problem told by row and column. Records are
 * gathered by the SDK's own splitter (`CsvRecords`: a line break inside quotes continues the
 * record) and handed to the reader in batches, with their row numbers as a spreadsheet shows
 * them (the header is row 1). A cell that `orders list --format csv` neutralised with a leading `'` is read without it
 * (`unneutralise`); text that then starts like a formula meets the SDK's bulk CSV rule, and
 * its problem line says how to send that order instead.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { basename } from 'node:path';
import { checkValue } from '../core/validation.js';
import { BULK_CSV_COLUMNS, INBOUND_ORDER_FIELDS } from '../index.js';
import { firstEvent } from '../internal/signals.js';
import { inboundOrderRowSchema } from '../schemas.js';
import { csvLine } from '../warehouse/csv.js';
import { CsvRecords, parseCsv, rowFromCells, UnclosedQuote } from '../warehouse/csv-check.js';
import { fieldKinds } from '../warehouse/multipart.js';
import { decodeChunks, EncodingProblem } from './decode.js';
import { InputError } from './errors.js';
import { unneutralise } from './formats.js';
import { type Progress, quoted } from './io.js';

/** Number columns, read as numbers (as the SDK writes them), from the row schema's shape. */
const NUMERIC = Object.entries(fieldKinds(inboundOrderRowSchema.shape))
  .filter(([, kind]) => kind === 'number')
  .map(([column]) => column);

/** Columns a row must have: those the row schema calls required when missing. */
export const REQUIRED = (() => {
  const result = checkValue(inboundOrderRowSchema, {});
  return result.ok ? [] : result.issues.filter((i) => i.path.length === 1 && i.message === 'is required').map((i) => String(i.path[0]));
})();

/** The SDK's message for text that starts like a formula (its bulk CSV rule), read off the row schema. */
const FORMULA_MESSAGE = (() => {
  const result = checkValue(inboundOrderRowSchema, { item_name: '=' });
  return result.ok ? undefined : result.issues.find((i) => i.path[0] === 'item_name')?.message;
})();
/** Added to that message: how such an order can be sent. */
export const FORMULA_HINT =
  "a bulk CSV cannot carry it: create this order on its own with the SDK's inbound.create (a multipart form, no CSV on the wire)";

/** Columns of the export that the upload does not take (`order_id`, `status`, `created_at`): skipped. */
export const LIST_ONLY = INBOUND_ORDER_FIELDS.filter((f) => !(BULK_CSV_COLUMNS as readonly string[]).includes(f));

/** Records handed to the CSV reader at once. */
const BATCH = 500;
/** A spreadsheet's name of the column at `index` (0 → A, 26 → AA). */
function letter(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export interface Problem {
  row: number;
  /** The column, as the header names it, with its letter. */
  column?: string;
  /** The cell as read. */
  value?: string;
  message: string;
}

export function describeProblem(p: Problem): string {
  const value = p.value === undefined ? '' : p.value === '' ? ', empty' : `, value ${quoted(p.value)}`;
  return `row ${p.row}${p.column ? `, column ${p.column}` : ''}${value}: ${p.message}`;
}

interface CheckResult {
  rows: number;
  problems: number;
  /** Columns read but not uploaded. */
  skipped: string[];
  /** Cells read without the leading `'` of a neutralised formula: the file as read differs from the file as written. */
  unneutralised: number;
  /** Read from another encoding than UTF-8, or without a byte order mark: the text as read is what is uploaded. */
  transcoded: boolean;
}

/** What `checkCsv` takes besides the path. */
export interface CheckOptions {
  onProblem: (p: Problem) => void;
  /** Also write the file here without the skipped columns, cells as read (what is uploaded then). */
  rewrite?: string;
  /** Write `rewrite` even when no column is skipped. */
  always?: boolean;
  progress?: Progress;
  size?: number;
  signal?: AbortSignal;
  /** The file's encoding, as `encodingOf` names it. @default 'utf-8' */
  encoding?: string;
}

/**
 * Reads the CSV at `path`, checks the header and every row, and hands each problem to
 * `onProblem` as it is found. With `rewrite`, also writes the file there without the skipped
 * columns, cells as read (what is uploaded then); only when there are skipped columns,
 * unless `always`.
 */
export async function checkCsv(path: string, options: CheckOptions): Promise<CheckResult> {
  const input = createReadStream(path);
  const check = new CsvCheck(options);
  const batches = new Batches(check, options, path);
  try {
    const text = decodeChunks(input, options.encoding ?? 'utf-8', () => {
      check.transcoded = true;
    });
    for await (const record of recordsOf(text, check, options.signal)) {
      if (!batches.add(record)) continue;
      await batches.flush();
      if (check.fatal) break;
      options.progress?.update({ done: input.bytesRead, total: options.size });
    }
    await batches.flush();
    check.atEnd();
  } catch (error) {
    if (!(error instanceof EncodingProblem)) throw error;
    check.stop({ row: batches.next, message: error.message });
  } finally {
    input.destroy();
    await batches.close();
  }
  options.progress?.update({ done: options.size ?? 0, total: options.size });
  return check.result();
}

/**
 * The records of the file, each the text of its lines, split by the SDK's own reader
 * (`CsvRecords`: a line break inside quotes continues a record). An unclosed quote stops the
 * check at the row it opened on.
 */
async function* recordsOf(chunks: AsyncIterable<string>, check: CsvCheck, signal: AbortSignal | undefined): AsyncGenerator<string> {
  const records = new CsvRecords();
  let row = 1;
  try {
    for await (const chunk of chunks) {
      if (signal?.aborted) return;
      for (const record of records.push(chunk)) {
        yield record;
        row++;
      }
    }
    const last = records.end();
    if (last !== undefined) yield last;
  } catch (error) {
    if (!(error instanceof UnclosedQuote)) throw error;
    check.stop({ row, message: error.message });
  }
}

/** Complete records waiting to be read by the CSV reader in one batch, and the rewritten file they go to. */
class Batches {
  /** The row of the next record to arrive. */
  next = 1;
  readonly #check: CsvCheck;
  readonly #options: CheckOptions;
  /** The file checked, as the error names it. */
  readonly #source: string;
  #lines: string[] = [];
  #first = 1;
  #output: ReturnType<typeof createWriteStream> | undefined;
  /** Why the rewritten file could not be written (a full disk): the copy is incomplete. */
  #failed: Error | undefined;

  constructor(check: CsvCheck, options: CheckOptions, source: string) {
    this.#check = check;
    this.#options = options;
    this.#source = source;
  }

  /** Adds a record; `true` when the batch is full. */
  add(record: string): boolean {
    this.#lines.push(record);
    if (this.#lines.length === 1) this.#first = this.next;
    this.next++;
    return this.#lines.length >= BATCH;
  }

  /** Reads the batch, checks its rows and writes those that pass (while none has failed). */
  async flush(): Promise<void> {
    const check = this.#check;
    if (this.#lines.length === 0 || check.fatal) return;
    const parsed = parseCsv(this.#lines.join(''));
    const start = this.#first;
    this.#lines = [];
    if ('error' in parsed) {
      check.stop({ row: start, message: parsed.error.replace(/^Row (\d+): /, (_, n) => `(row ${start + Number(n) - 1}) `) });
      return;
    }
    let out = '';
    for (const record of parsed.records) {
      const row = start + record.row - 1;
      if (!check.header) {
        out += `${csvLine(check.readHeader(record.fields))}\r\n`;
        this.#open();
        continue;
      }
      const cells = check.readRow(row, record.fields);
      if (cells && check.problems === 0) out += `${csvLine(cells)}\r\n`;
    }
    const file = this.#output;
    if (!file || check.problems > 0) return;
    this.#mustBeWritable(file);
    // A stream that failed or was destroyed never drains: its close or error ends the wait too.
    if (!file.write(out)) await firstEvent(file, ['drain', 'close', 'error']);
    this.#mustBeWritable(file);
  }

  /** Written only when the header has columns to skip (or `always`, or the text was transcoded); else the file itself is uploaded. */
  #open(): void {
    const { rewrite, always } = this.#options;
    if (rewrite !== undefined && (this.#check.skipped.length || always || this.#check.transcoded)) {
      this.#output = createWriteStream(rewrite, { mode: 0o600 });
      // Heard at once, whenever it comes: unheard, a failed write ended the process.
      this.#output.on('error', (error) => {
        this.#failed ??= error;
      });
    }
  }

  /** A copy that lost a write is never uploaded: the import stops, nothing sent. */
  #mustBeWritable(file: ReturnType<typeof createWriteStream>): void {
    if (this.#failed || file.destroyed) throw this.#cannotWrite(file);
  }

  #cannotWrite(file: ReturnType<typeof createWriteStream>): InputError {
    const why = (this.#failed as NodeJS.ErrnoException | undefined)?.code ?? this.#failed?.message ?? 'closed before it was written';
    return new InputError(`cannot write the checked copy of ${basename(this.#source)} to upload (${file.path}): ${why}; nothing was sent`);
  }

  /** Ends the copy once every write reached the file (its close), or says why it could not. */
  async close(): Promise<void> {
    const file = this.#output;
    if (!file) return;
    if (!file.destroyed) {
      file.end();
      await firstEvent(file, ['close', 'error']);
    }
    if (this.#failed || !file.writableFinished) throw this.#cannotWrite(file);
  }
}

/** The header and rows as checked so far: every problem counted and handed on. */
class CsvCheck {
  header: { names: string[]; kept: number[]; keptNames: string[]; missing: Set<string> } | undefined;
  problems = 0;
  rows = 0;
  unneutralised = 0;
  fatal = false;
  transcoded: boolean;
  readonly skipped: string[] = [];
  readonly #onProblem: (p: Problem) => void;

  constructor(options: CheckOptions) {
    this.#onProblem = options.onProblem;
    this.transcoded = (options.encoding ?? 'utf-8') !== 'utf-8';
  }

  problem(p: Problem): void {
    this.problems++;
    this.#onProblem(p);
  }

  /** A problem after which nothing more can be read. */
  stop(p: Problem): void {
    this.fatal = true;
    this.problem(p);
  }

  /** Checks the header's columns; returns the names of those uploaded. */
  readHeader(fields: string[]): string[] {
    const names = fields.map((f) => f.trim());
    const kept: number[] = [];
    const seen = new Set<string>();
    names.forEach((name, i) => {
      const column = `${letter(i)} (${name})`;
      if (seen.has(name)) this.problem({ row: 1, column, message: 'appears twice' });
      else if ((BULK_CSV_COLUMNS as readonly string[]).includes(name)) kept.push(i);
      else if ((LIST_ONLY as readonly string[]).includes(name)) this.skipped.push(name);
      else this.problem({ row: 1, column, message: `is not a column of the upload (${BULK_CSV_COLUMNS.join(', ')})` });
      seen.add(name);
    });
    const missing = new Set(REQUIRED.filter((c) => !seen.has(c)));
    for (const column of missing) this.problem({ row: 1, message: `the column ${column} is missing` });
    this.header = { names, kept, keptNames: kept.map((i) => names[i]!), missing };
    return this.header.keptNames;
  }

  /** Checks one row with the SDK's row schema; returns its uploaded cells, or `undefined` when it has problems. */
  readRow(row: number, fields: string[]): string[] | undefined {
    this.rows++;
    const h = this.header!;
    if (fields.length !== h.names.length) {
      this.problem({ row, message: `has ${fields.length} fields; the header has ${h.names.length}` });
      return undefined;
    }
    const cells = h.kept.map((i) => {
      const cell = unneutralise(fields[i]!);
      if (cell !== fields[i]) this.unneutralised++;
      return cell;
    });
    const result = checkValue(inboundOrderRowSchema, rowFromCells(h.keptNames, cells, NUMERIC));
    if (result.ok) return cells;
    for (const issue of result.issues) {
      const name = String(issue.path[0] ?? '');
      if (h.missing.has(name)) continue; // reported once, at the header
      const index = h.names.indexOf(name);
      const item = issue.path.length > 1 ? ` item ${Number(issue.path[1]) + 1}` : '';
      const message = issue.message === FORMULA_MESSAGE ? `${issue.message}; ${FORMULA_HINT}` : issue.message;
      const value = index >= 0 ? { value: fields[index]! } : {};
      this.problem({ row, column: index >= 0 ? `${letter(index)} (${name})${item}` : name || undefined, ...value, message });
    }
    return undefined;
  }

  /** An empty file, or a header and no orders, once the whole file was read. */
  atEnd(): void {
    if (this.fatal) return;
    if (!this.header) this.problem({ row: 1, message: 'the file is empty: it needs a header row and at least one order' });
    else if (this.rows === 0) this.problem({ row: 2, message: 'the file has a header but no orders' });
  }

  result(): CheckResult {
    const { rows, problems, skipped, unneutralised, transcoded } = this;
    return { rows, problems, skipped, unneutralised, transcoded };
  }
}
