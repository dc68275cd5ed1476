/**
 * `orders import FILE.csv`: every row checked with the SDK's own row schema first, streaming
 * through the file (memory stays flat however large), every problem printed by row and
 * column; nothing is sent if any row is bad. Then the file is uploaded as a Blob from
 * `fs.openAsBlob`, so a large file streams from disk.
 *
 * The CSV is read with the SDK's own reader (`parseCsv`, `rowFromCells`): records are
 * gathered line by line (a line break inside quotes continues the record) and handed to it in
 * batches, with their row numbers as a spreadsheet shows them (the header is row 1). A cell
 * that `orders list --format csv` neutralised with a leading `'` is read without it
 * (`unneutralise`); text that then starts like a formula meets the SDK's bulk CSV rule, and
 * its problem line says how to send that order instead.
 */
import { createReadStream, createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { checkValue } from '../core/validation.js';
import { BULK_CSV_COLUMNS, INBOUND_ORDER_FIELDS, inboundOrderRowSchema, WAREHOUSE_ENV } from '../index.js';
import { csvLine, parseCsv, rowFromCells } from '../warehouse/csv.js';
import { fieldKinds } from '../warehouse/multipart.js';
import type { CommandSpec, Parsed } from './args.js';
import { type Context, WAREHOUSE_FLAGS, warehouseClient } from './context.js';
import { decodeChunks, ENCODINGS, EncodingProblem, encodingOf } from './decode.js';
import { InputError } from './errors.js';
import { unneutralise } from './formats.js';
import { type Progress, quoted, spoolStdin } from './io.js';

/** Number columns, read as numbers (as the SDK writes them), from the row schema's shape. */
const NUMERIC = Object.entries(fieldKinds(inboundOrderRowSchema.shape))
  .filter(([, kind]) => kind === 'number')
  .map(([column]) => column);

/** Columns a row must have: those the row schema calls required when missing. */
const REQUIRED = (() => {
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
const LIST_ONLY = INBOUND_ORDER_FIELDS.filter((f) => !(BULK_CSV_COLUMNS as readonly string[]).includes(f));

/** Records handed to the CSV reader at once. */
const BATCH = 500;
/** A record still open (an unclosed quote) past this many characters is reported, not held. */
const MAX_RECORD = 1 << 20;

/**
 * The lines of a text stream, each with its own line end (CRLF, LF or CR) as written, so the
 * CSV reader sees the bytes of the file unchanged (a line break inside quotes included).
 */
async function* linesOf(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let rest = '';
  for await (const chunk of chunks) {
    const text = rest + chunk;
    const ends = /\r\n|\n|\r/g;
    let start = 0;
    for (let end = ends.exec(text); end; end = ends.exec(text)) {
      // A CR at the end of a chunk may be the first half of a CRLF: wait for the next chunk.
      if (end[0] === '\r' && end.index === text.length - 1) break;
      yield text.slice(start, end.index + end[0].length);
      start = end.index + end[0].length;
    }
    rest = text.slice(start);
  }
  if (rest) yield rest;
}

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

/**
 * Reads the CSV at `path`, checks the header and every row, and hands each problem to
 * `onProblem` as it is found. With `rewrite`, also writes the file there without the skipped
 * columns, cells as read (what is uploaded then); only when there are skipped columns,
 * unless `always`.
 */
export async function checkCsv(
  path: string,
  options: {
    onProblem: (p: Problem) => void;
    rewrite?: string;
    always?: boolean;
    progress?: Progress;
    size?: number;
    signal?: AbortSignal;
    /** The file's encoding, as `encodingOf` names it. @default 'utf-8' */
    encoding?: string;
  },
): Promise<CheckResult> {
  const { onProblem, signal, encoding = 'utf-8' } = options;
  let problems = 0;
  const problem = (p: Problem) => {
    problems++;
    onProblem(p);
  };
  const input = createReadStream(path);
  let transcoded = encoding !== 'utf-8';
  // Written only when the header has columns to skip (or `always`); else the file itself is uploaded.
  let output: ReturnType<typeof createWriteStream> | undefined;
  let header: { names: string[]; kept: number[]; keptNames: string[]; missing: Set<string> } | undefined;
  let rows = 0;
  let unneutralised = 0;
  let fatal = false;
  const skipped: string[] = [];

  const onHeader = (fields: string[]) => {
    const names = fields.map((f) => f.trim());
    const kept: number[] = [];
    const seen = new Set<string>();
    names.forEach((name, i) => {
      const column = `${letter(i)} (${name})`;
      if (seen.has(name)) problem({ row: 1, column, message: 'appears twice' });
      else if ((BULK_CSV_COLUMNS as readonly string[]).includes(name)) kept.push(i);
      else if ((LIST_ONLY as readonly string[]).includes(name)) skipped.push(name);
      else problem({ row: 1, column, message: `is not a column of the upload (${BULK_CSV_COLUMNS.join(', ')})` });
      seen.add(name);
    });
    const missing = new Set(REQUIRED.filter((c) => !seen.has(c)));
    for (const column of missing) problem({ row: 1, message: `the column ${column} is missing` });
    header = { names, kept, keptNames: kept.map((i) => names[i]!), missing };
    return header.keptNames;
  };

  const onRow = (row: number, fields: string[]) => {
    rows++;
    const h = header!;
    if (fields.length !== h.names.length) {
      problem({ row, message: `has ${fields.length} fields; the header has ${h.names.length}` });
      return undefined;
    }
    const cells = h.kept.map((i) => {
      const cell = unneutralise(fields[i]!);
      if (cell !== fields[i]) unneutralised++;
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
      problem({ row, column: index >= 0 ? `${letter(index)} (${name})${item}` : name || undefined, ...value, message });
    }
    return undefined;
  };

  // Complete records' lines, waiting to be read in one batch; `first` is the first one's row.
  let batch: string[] = [];
  let first = 1;
  let next = 1;
  const flush = async () => {
    if (batch.length === 0 || fatal) return;
    const parsed = parseCsv(batch.join(''));
    const start = first;
    batch = [];
    if ('error' in parsed) {
      fatal = true;
      problem({ row: start, message: parsed.error.replace(/^Row (\d+): /, (_, n) => `(row ${start + Number(n) - 1}) `) });
      return;
    }
    let out = '';
    for (const record of parsed.records) {
      const row = start + record.row - 1;
      if (!header) {
        const names = onHeader(record.fields);
        if (options.rewrite !== undefined && (skipped.length || options.always || transcoded))
          output = createWriteStream(options.rewrite, { mode: 0o600 });
        out += `${csvLine(names)}\r\n`;
        continue;
      }
      const cells = onRow(row, record.fields);
      if (cells && problems === 0) out += `${csvLine(cells)}\r\n`;
    }
    const file = output;
    if (file && problems === 0 && !file.write(out)) await new Promise<void>((resolve) => file.once('drain', () => resolve()));
  };

  try {
    // One record may span lines: a line break inside quotes. An odd count of quotes so far means one is open.
    let record: string[] = [];
    let open = false;
    let size = 0;
    const text = decodeChunks(input, encoding, () => {
      transcoded = true;
    });
    for await (const line of linesOf(text)) {
      if (signal?.aborted) break;
      record.push(line);
      size += line.length;
      for (let i = line.indexOf('"'); i >= 0; i = line.indexOf('"', i + 1)) open = !open;
      if (open && size < MAX_RECORD) continue;
      if (open) {
        fatal = true;
        problem({
          row: next,
          message: `a quoted field runs on past ${MAX_RECORD.toLocaleString('en-US')} characters (a quote never closed?)`,
        });
        break;
      }
      batch.push(record.join(''));
      if (batch.length === 1) first = next;
      next++;
      record = [];
      size = 0;
      if (batch.length >= BATCH) {
        await flush();
        if (fatal) break;
        options.progress?.update({ done: input.bytesRead, total: options.size });
      }
    }
    if (!fatal && record.length) {
      problem({ row: next, message: 'a quoted field is never closed' });
      fatal = true;
    }
    await flush();
    if (!header && !fatal) problem({ row: 1, message: 'the file is empty: it needs a header row and at least one order' });
    else if (header && rows === 0 && !fatal) problem({ row: 2, message: 'the file has a header but no orders' });
  } catch (error) {
    if (!(error instanceof EncodingProblem)) throw error;
    fatal = true;
    problem({ row: next, message: error.message });
  } finally {
    input.destroy();
    const file = output;
    if (file) await new Promise((resolve) => file.end(resolve));
  }
  options.progress?.update({ done: options.size ?? 0, total: options.size });
  return { rows, problems, skipped, unneutralised, transcoded };
}

export const ordersImport: CommandSpec = {
  name: 'orders import',
  summary: 'Create inbound orders from a CSV file: every row checked first, then one bulk upload.',
  usage: 'FILE.csv | -',
  description: [
    `Columns: ${BULK_CSV_COLUMNS.join(', ')} (header row first, any order;`,
    `required: ${REQUIRED.join(', ')}). The CSV of \`opslink orders list --format csv\` is read as is:`,
    `its ${LIST_ONLY.join(', ')} columns are skipped, and a cell it wrote with a leading ' (text that starts`,
    'like a formula: =, +, -, @) is read without it. "-" reads the CSV from stdin.',
    'Every problem is printed as "row N, column X (name), value "…": …";',
    'if there is any, nothing is sent (exit 1).',
    'The file is read as UTF-8 (a byte order mark is dropped): a file that is not (a spreadsheet saved as',
    '"CSV" in Latin-1, say) is refused at its first bad byte, by row and byte offset (exit 1), unless',
    '--encoding names its encoding; it is then uploaded as UTF-8.',
  ].join('\n'),
  options: {
    'dry-run': { type: 'boolean', help: 'check every row and print the result; send nothing' },
    encoding: { type: 'string', value: 'NAME', help: `the file's encoding: ${ENCODINGS.join(', ')}… (default utf8)` },
    ...WAREHOUSE_FLAGS,
  },
  positionals: { min: 1, max: 1 },
  env: Object.values(WAREHOUSE_ENV),
  examples: [
    "printf '%s%s\\n' date,retailer,order_number,item_name,color,brand_sku, quantity,unit_cost,list_price,fulfillment_type '03/14/2026,Walmart,PO-2001,Desk lamp,white,LAMP-WHT,' 24,9.5,24.99,wfs > new-orders.csv",
    'opslink orders import new-orders.csv --dry-run',
  ],
};

/** Counts the bytes of a request body as `fetch` reads it: the upload's progress. */
function countingFetch(onBytes: (n: number) => void): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    if (!request.body) return fetch(request);
    const counted = request.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          onBytes(chunk.byteLength);
          controller.enqueue(chunk);
        },
      }),
    );
    return fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: counted,
      signal: request.signal,
      duplex: 'half',
    } as RequestInit);
  };
}

/** `orders import FILE` or `orders import -`: stdin is kept in a private file first (it is read twice: checked, then uploaded). */
export async function runOrdersImport(ctx: Context, parsed: Parsed): Promise<void> {
  const path = parsed.positionals[0]!;
  if (path !== '-') return importFile(ctx, parsed, path, path);
  const spooled = await spoolStdin('stdin.csv', ctx.signal);
  try {
    return await importFile(ctx, parsed, spooled.path, 'stdin');
  } finally {
    await spooled.remove();
  }
}

/** Checks and uploads the CSV at `path`; `label` is how messages name it. */
async function importFile(ctx: Context, parsed: Parsed, path: string, label: string): Promise<void> {
  const dryRun = parsed.values['dry-run'] === true;
  const encoding = encodingOf(parsed.values.encoding as string | undefined);
  let sent = 0;
  // The client first: a missing key is reported before a large file is read.
  const client = dryRun
    ? undefined
    : warehouseClient(ctx, parsed, ctx.term.showProgress ? { fetch: countingFetch((n) => (sent += n)) } : {});
  let before: Awaited<ReturnType<typeof stat>>;
  try {
    before = await stat(path);
  } catch (error) {
    throw new InputError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const dir = dryRun ? undefined : await mkdtemp(join(tmpdir(), 'opslink-import-'));
  try {
    const rewrite = dir && join(dir, basename(path));
    const progress = ctx.term.progress(`checking ${basename(path)}`, { kind: 'bytes' });
    const result = await checkCsv(path, {
      onProblem: (p) => ctx.term.error(describeProblem(p)),
      progress,
      size: before.size,
      signal: ctx.signal,
      encoding,
      ...(rewrite && { rewrite }),
    });
    if (ctx.signal.aborted) return ctx.term.error(`interrupted while checking ${label}: nothing was sent`);
    progress.done();
    const summary = { file: label, rows: result.rows, problems: result.problems, skippedColumns: result.skipped };
    if (result.problems > 0) {
      await ctx.out.write(`${JSON.stringify({ ...summary, sent: false }, null, 2)}\n`);
      throw new InputError(
        `${result.problems.toLocaleString('en-US')} problem${result.problems === 1 ? '' : 's'} in ${label} (${result.rows.toLocaleString('en-US')} rows); nothing was sent`,
      );
    }
    if (result.skipped.length) ctx.term.info(`skipped columns the upload does not take: ${result.skipped.join(', ')}`);
    if (dryRun || !client) {
      await ctx.out.write(`${JSON.stringify({ ...summary, sent: false }, null, 2)}\n`);
      return ctx.term.info(`dry run: ${result.rows.toLocaleString('en-US')} rows checked, no problem; nothing sent`);
    }
    if (result.unneutralised && !result.skipped.length && !result.transcoded) {
      // Cells read without their leading ': upload them as read, not the file as written.
      await checkCsv(path, { onProblem: () => {}, rewrite: rewrite!, always: true, signal: ctx.signal, encoding });
      if (ctx.signal.aborted) return;
    }
    const after = await stat(path);
    if (after.size !== before.size || after.mtimeMs !== before.mtimeMs)
      throw new InputError(`${path} changed while it was checked; nothing was sent`);
    const source = result.skipped.length || result.unneutralised || result.transcoded ? rewrite! : path;
    const blob = await openAsBlob(source, { type: 'text/csv' });
    const file = new File([blob], basename(path), { type: 'text/csv' });
    const upload = ctx.term.progress(`uploading ${basename(path)}`, { kind: 'bytes' });
    const timer = setInterval(() => upload.update({ done: sent, total: file.size }), 100);
    try {
      const created = await client.inbound.createBulk(file, { signal: ctx.signal });
      upload.update({ done: file.size, total: file.size });
      upload.done();
      await ctx.out.write(`${JSON.stringify({ ...summary, sent: true, message: created.message, data: created.data }, null, 2)}\n`);
    } catch (error) {
      // The request had started (nothing else in this block can be interrupted): its outcome is unknown.
      if (ctx.signal.aborted) {
        ctx.term.endLine();
        ctx.term.error(
          `interrupted during the upload of ${label}: the upload had started, so whether the service created the orders is unknown; check with \`opslink orders list\` before importing again`,
        );
      }
      throw error;
    } finally {
      clearInterval(timer);
    }
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}
