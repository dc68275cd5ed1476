/**
 * `orders import FILE.csv`: every row checked with the SDK's own row schema first, streaming
 * through the file (memory stays flat however large), every problem printed by row and
 * column; nothing is sent if any row is bad. Then the file is uploaded as a Blob from
 * `fs.openAsBlob`, so a large file streams from disk.
 * The check itself is `csv-check.ts`.
 */
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { BULK_CSV_COLUMNS, WAREHOUSE_ENV } from '../index.js';
import type { CommandSpec, Parsed } from './args.js';
import { type Context, WAREHOUSE_FLAGS, warehouseClient } from './context.js';
import { checkCsv, describeProblem, LIST_ONLY, REQUIRED } from './csv-check.js';
import { ENCODINGS, encodingOf } from './decode.js';
import { InputError } from './errors.js';
import { spoolStdin } from './io.js';

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
