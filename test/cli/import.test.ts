/** `opslink orders import`, run in this process: the CSV round trip, every problem by row and column, nothing sent when any row is bad. */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BULK_CSV_COLUMNS } from '../../src/warehouse/index.js';
import { BIN, childEnv, lines, runInProcess, type Services, startServices } from './helpers.js';

let s: Services;
const dir = mkdtempSync(join(tmpdir(), 'opslink-cli-import-'));

beforeAll(async () => {
  s = await startServices({ orders: 40 });
  // Orders the create endpoint takes back: it knows no multi-pack and no manual fulfillment,
  // and wants an asin for fba and fbm.
  for (const order of s.warehouse.state.inboundOrders) {
    if (order.sold_as === 'multi-pack') order.sold_as = 'individual';
    if (order.fulfillment_type === 'manual') order.fulfillment_type = 'wfs';
    if ((order.fulfillment_type === 'fba' || order.fulfillment_type === 'fbm') && !order.asin) order.asin = 'B000000001';
  }
  // Cells a CSV must quote: a comma, a quote, a line break.
  s.warehouse.state.inboundOrders[0]!.client_notes = 'Glass, "fragile"\r\nStack two high';
});
afterAll(() => s.close());
beforeEach(() => {
  s.requests.length = 0;
  s.warehouse.faults.reset();
});

const HEADER = BULK_CSV_COLUMNS.join(',');
const row = (overrides: Partial<Record<(typeof BULK_CSV_COLUMNS)[number], string>> = {}) => {
  const base: Record<string, string> = {
    ...Object.fromEntries(BULK_CSV_COLUMNS.map((c) => [c, ''])),
    ...{ date: '03/14/2026', retailer: 'Walmart', order_number: 'PO-2001', item_name: 'Desk lamp', color: 'white' },
    ...{ brand_sku: 'LAMP-WHT', quantity: '24', unit_cost: '9.5', list_price: '24.99', fulfillment_type: 'wfs' },
  };
  return BULK_CSV_COLUMNS.map((c) => overrides[c] ?? base[c]).join(',');
};
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('opslink orders import', () => {
  it('reads back what orders list --format csv writes: the same orders, created again', async () => {
    const exported = await runInProcess(['orders', 'list', '--format', 'csv'], { env: s.env });
    expect(exported.code).toBe(0);
    const path = file('export.csv', exported.stdout);
    s.requests.length = 0;
    const before = s.warehouse.state.inboundOrders.map((o) => ({ ...o }));
    const checked = await runInProcess(['orders', 'import', path, '--dry-run'], { env: s.env });
    expect(checked.stderr).toContain('skipped columns the upload does not take: order_id, status, created_at');
    expect(checked.code).toBe(0);
    expect(JSON.parse(checked.stdout)).toMatchObject({ rows: 40, problems: 0, sent: false });
    expect(s.requests).toEqual([]);

    const imported = await runInProcess(['orders', 'import', path], { env: s.env });
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ rows: 40, sent: true, message: '40 inbound orders created.' });
    expect(s.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    const created = s.warehouse.state.inboundOrders.slice(40);
    const key = (o: Record<string, unknown>) => BULK_CSV_COLUMNS.map((c) => JSON.stringify(o[c] ?? null)).join('|');
    const same = (o: Record<string, unknown>) => ({ ...o, client_notes: o.client_notes === '' ? null : o.client_notes });
    // The list sends newest first; the copies are made in file order.
    const originals = [...before].sort((a, b) => b.created_at.localeCompare(a.created_at));
    expect(created.map((o) => key(same(o as never)))).toEqual(originals.map((o) => key(same(o as never))));
    expect(created[originals.findIndex((o) => o.order_id === before[0]!.order_id)]!.client_notes).toBe(
      'Glass, "fragile"\r\nStack two high',
    );
  });

  it('prints every problem by row and column, sends nothing, and exits 1', async () => {
    const rows = [
      HEADER,
      row(),
      row({ quantity: '2.5' }), // row 3: column G
      row({ client_notes: '"Line one\nline two"' }), // row 4: fine, two lines
      '', // row 5: blank, skipped
      row({ fulfillment_type: 'fba' }), // row 6: asin (H) required
      row({ retailer: '', unit_cost: 'cheap' }), // row 7: B and I
      row({ client_notes: '=HYPERLINK("x")'.replaceAll('"', '""').replace(/^/, '"').concat('"') }), // row 8: N
      row({ date: '02/30/2026' }), // row 9: A
      row({ sold_as: 'bundle' }), // row 10: Q (units_per_pack) required
    ];
    const path = file('planted.csv', `${rows.join('\r\n')}\r\n`);
    const result = await runInProcess(['orders', 'import', path], { env: s.env });
    expect(result.code).toBe(1);
    const problems = lines(result.stderr).filter((l) => l.startsWith('row '));
    expect(problems).toEqual([
      'row 3, column G (quantity), value "2.5": must be an integer',
      'row 6, column H (asin), empty: is required for fba orders',
      'row 7, column B (retailer), empty: is required',
      'row 7, column I (unit_cost), value "cheap": must be a number, not a string',
      expect.stringMatching(/^row 8, column N \(client_notes\), value "=HYPERLINK\(\\"x\\"\)": must not start with =/),
      expect.stringMatching(/^row 9, column A \(date\), value "02\/30\/2026": must be a real calendar day/),
      'row 10, column Q (units_per_pack), empty: is required when sold_as is bundle',
    ]);
    expect(lines(result.stderr).at(-1)).toBe(`error: 7 problems in ${path} (8 rows); nothing was sent`);
    expect(JSON.parse(result.stdout)).toMatchObject({ rows: 8, problems: 7, sent: false });
    expect(s.requests).toEqual([]);
  });

  it('checks the header once: unknown, repeated and missing columns', async () => {
    const header = HEADER.replace('quantity,', 'colour,').concat(',retailer');
    const path = file('header.csv', `${header}\r\n${row()},Walmart\r\n${row()},Walmart\r\n`);
    const result = await runInProcess(['orders', 'import', path, '--dry-run'], { env: s.env });
    expect(result.code).toBe(1);
    expect(lines(result.stderr).filter((l) => l.startsWith('row '))).toEqual([
      expect.stringMatching(/^row 1, column G \(colour\): is not a column of the upload/),
      'row 1, column S (retailer): appears twice',
      'row 1: the column quantity is missing',
    ]);
  });

  it('reports rows with a wrong number of fields, and a quote never closed', async () => {
    const short = file('short.csv', `${HEADER}\n${row()}\n${row().split(',').slice(0, 5).join(',')}\n`);
    const shortResult = await runInProcess(['orders', 'import', short, '--dry-run']);
    expect(shortResult.code).toBe(1);
    expect(shortResult.stderr).toContain('row 3: has 5 fields; the header has 18');
    const open = file('open.csv', `${HEADER}\n${row()}\n${row({ client_notes: '"never closed' })}\n${row()}\n`);
    const openResult = await runInProcess(['orders', 'import', open, '--dry-run']);
    expect(openResult.code).toBe(1);
    expect(openResult.stderr).toContain('row 3: a quoted field is never closed');
  });

  it('exits 1 for a file it cannot read, an empty file, or a header without rows', async () => {
    const missing = await runInProcess(['orders', 'import', join(dir, 'nope.csv'), '--dry-run']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('cannot read');
    expect((await runInProcess(['orders', 'import', file('empty.csv', ''), '--dry-run'])).stderr).toContain('the file is empty');
    expect((await runInProcess(['orders', 'import', file('header-only.csv', `${HEADER}\r\n`), '--dry-run'])).stderr).toContain('no orders');
  });

  it('uploads a good file as is, with the upload progress in bytes when forced', async () => {
    const path = file('good.csv', `${HEADER}\r\n${row({ order_number: 'PO-9001' })}\r\n${row({ order_number: 'PO-9002' })}\r\n`);
    const result = await runInProcess(['orders', 'import', path], { env: { ...s.env, OPSLINK_PROGRESS: '1' } });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ rows: 2, sent: true, data: { count: 2 } });
    expect(result.stderr).toMatch(/uploading good\.csv · [\d.]+ (B|KB) of [\d.]+ (B|KB) · .* · done in/);
    expect(s.warehouse.state.inboundOrders.slice(-2).map((o) => o.order_number)).toEqual(['PO-9001', 'PO-9002']);
  });

  it('exits 3 when the service refuses the upload', async () => {
    s.warehouse.faults.status('POST /api/v1/inbound', 400, {
      body: { status: 'failed', message: 'Bad file.', data: null, errors: ['row 2: no'] },
    });
    const path = file('refused.csv', `${HEADER}\r\n${row()}\r\n`);
    const result = await runInProcess(['orders', 'import', path], { env: s.env });
    expect(result.code).toBe(3);
    expect(lines(result.stderr)).toEqual(['error: BadRequestError: Bad file. (400 POST /api/v1/inbound)', '  row 2: no']);
  });

  it('a checked copy it cannot write (the disk full) exits 1 saying so, and sends nothing', async () => {
    // A column the upload does not take: the file is uploaded as a copy without it, written
    // while it is checked. The built bin, under a file size limit of a few KiB (the copy's
    // writes fail with EFBIG, as on a full disk with ENOSPC): a write that failed never
    // drains, and an error nobody listened for ended the process with a stack.
    const rows = Array.from({ length: 1_000 }, (_, i) => `${row({ order_number: `PO-FULL-${i}` })},ord_${i}`);
    const path = file('full.csv', `${HEADER},order_id\r\n${rows.join('\r\n')}\r\n`);
    const child = spawn('sh', ['-c', 'ulimit -f 8 && exec "$0" "$@"', process.execPath, BIN, 'orders', 'import', path], {
      env: childEnv(s.env),
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(stderr).toMatch(/^error: cannot write the checked copy of full\.csv to upload \(.*\): EFBIG; nothing was sent\n$/);
    expect(code).toBe(1);
    expect(s.requests).toEqual([]);
  });

  it('needs credentials for a real import, not for a dry run', async () => {
    const path = file('creds.csv', `${HEADER}\r\n${row()}\r\n`);
    expect((await runInProcess(['orders', 'import', path])).code).toBe(2);
    expect((await runInProcess(['orders', 'import', path, '--dry-run'])).code).toBe(0);
  });
});
