/**
 * `opslink orders import` (run in this process) reads the file as UTF-8, or in the encoding `--encoding` names: a
 * Latin-1 CSV (what a spreadsheet saves as "CSV") is refused at its first bad byte, by row and
 * byte offset, with nothing sent, rather than uploaded with replacement characters.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BULK_CSV_COLUMNS } from '../../src/warehouse/index.js';
import { lines, runInProcess, type Services, startServices } from './helpers.js';

let s: Services;
const dir = mkdtempSync(join(tmpdir(), 'opslink-cli-encoding-'));

beforeAll(async () => {
  s = await startServices({ orders: 2 });
});
afterAll(() => s.close());
beforeEach(() => {
  s.requests.length = 0;
});

const HEADER = BULK_CSV_COLUMNS.join(',');
const row = (orderNumber: string, itemName: string) => {
  const cells: Record<string, string> = {
    date: '03/14/2026',
    retailer: 'Walmart',
    order_number: orderNumber,
    item_name: itemName,
    color: 'white',
    brand_sku: 'LAMP-WHT',
    quantity: '24',
    unit_cost: '9.5',
    list_price: '24.99',
    fulfillment_type: 'wfs',
  };
  return BULK_CSV_COLUMNS.map((c) => cells[c] ?? '').join(',');
};
const TEXT = `${HEADER}\r\n${row('PO-7001', 'Desk lamp')}\r\n${row('PO-7002', 'Lámpara de escritorio')}\r\n`;
const file = (name: string, bytes: Uint8Array) => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};
const createdNames = () => s.warehouse.state.inboundOrders.slice(2).map((o) => o.item_name);

describe('opslink orders import: the file encoding', () => {
  it('refuses a Latin-1 file read as UTF-8, naming the row and byte offset, sends nothing, exits 1', async () => {
    const latin1 = Buffer.from(TEXT, 'latin1');
    const offset = latin1.indexOf(0xe1); // the á of Lámpara
    const result = await runInProcess(['orders', 'import', file('latin1.csv', latin1)], { env: s.env });
    expect(result.code).toBe(1);
    expect(lines(result.stderr)).toContainEqual(
      `row 3: is not valid UTF-8 at byte offset ${offset} (byte 0xE1); save the file as UTF-8, or name its encoding with --encoding (e.g. --encoding latin1)`,
    );
    expect(s.requests).toEqual([]);
  });

  it('reads it with --encoding latin1 and uploads the text as UTF-8', async () => {
    const result = await runInProcess(['orders', 'import', file('latin1-named.csv', Buffer.from(TEXT, 'latin1')), '--encoding', 'latin1'], {
      env: s.env,
    });
    expect(result.code).toBe(0);
    expect(createdNames().slice(-2)).toEqual(['Desk lamp', 'Lámpara de escritorio']);
  });

  it('reads UTF-16LE with its byte order mark when named', async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TEXT, 'utf16le')]);
    const result = await runInProcess(['orders', 'import', file('utf16.csv', bytes), '--encoding', 'utf-16le'], { env: s.env });
    expect(result.code).toBe(0);
    expect(createdNames().slice(-2)).toEqual(['Desk lamp', 'Lámpara de escritorio']);
  });

  it('takes a UTF-8 byte order mark off: the header reads and the orders are created', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT, 'utf8')]);
    const result = await runInProcess(['orders', 'import', file('bom.csv', bytes)], { env: s.env });
    expect(result.code).toBe(0);
    expect(createdNames().slice(-2)).toEqual(['Desk lamp', 'Lámpara de escritorio']);
  });

  it('an encoding it does not know is a usage error (exit 2); the help names the flag', async () => {
    const result = await runInProcess(['orders', 'import', file('any.csv', Buffer.from(TEXT)), '--encoding', 'klingon', '--dry-run']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--encoding klingon is not an encoding');
    const help = await runInProcess(['orders', 'import', '--help']);
    expect(help.stdout).toMatch(/--encoding NAME/);
  });
});
