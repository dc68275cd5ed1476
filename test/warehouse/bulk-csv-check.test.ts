/**
 * `inbound.createBulk` checks every form it takes the same way before anything is sent
 * (API.md, WarehouseClient): CSV text, bytes (`Uint8Array`, `ArrayBuffer`) and a `Blob` or
 * file are read back into rows and held to the rules rows are held to — every row and column,
 * all problems at once, formula-like cells refused — with the same issues an array of the same
 * rows gets. A file is read as a stream, then again to be sent.
 */
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BULK_CSV_COLUMNS, RequestValidationError, WarehouseClient } from '../../src/index.js';
import { ordersToCsv } from '../../src/warehouse/csv.js';
import { MAX_CSV_ISSUES } from '../../src/warehouse/csv-check.js';
import { BULK_HEADER, BULK_ROW, LINE_BREAK_CSV, ONE_ORDER_CSV } from '../support/bulk-csv.js';
import { jsonResponse, scriptedFetch } from '../support/scripted-fetch.js';

const fetch = scriptedFetch(jsonResponse(200, { status: 'success', message: 'Orders queued', data: null, errors: null }));
const warehouse = new WarehouseClient({ baseUrl: 'https://api.example.test', apiKey: 'wh-key-1', warehouseId: 'wh', fetch, maxRetries: 0 });

const ROW = BULK_ROW;

/** The same CSV in every form `createBulk` takes it. */
const forms = (csv: string) => {
  const bytes = new TextEncoder().encode(csv);
  return [
    ['text', csv],
    ['a Uint8Array', bytes],
    ['an ArrayBuffer', bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)],
    ['a Blob', new Blob([csv], { type: 'text/csv' })],
    ['a File', new File([csv], 'orders.csv', { type: 'text/csv' })],
  ] as const;
};

/** The issues of a refusal, nothing sent. */
async function refusal(input: unknown) {
  const before = fetch.calls.length;
  const error = await warehouse.inbound.createBulk(input as string).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(RequestValidationError);
  expect(fetch.calls.length).toBe(before);
  return (error as RequestValidationError).issues;
}

// Issue 42, item 7: text and bytes went unchecked while rows were checked.
const BAD = `${BULK_HEADER}\r\n01/02/2026,Target,PO-1,=cmd(),black,LAMP-BLK,12,9.5,24.99,wfs\r\n01/02/2026,Target,PO-2,Desk lamp,black,LAMP-BLK,abc,9.5,24.99,wfs\r\n`;

describe('every form is checked like rows, nothing sent when it fails', () => {
  it.each(forms(BAD))('%s: a formula-like cell and a quantity that is no number, by row and column', async (_name, input) => {
    const issues = await refusal(input);
    expect(issues.map((i) => i.path)).toEqual([
      [0, 'item_name'],
      [1, 'quantity'],
    ]);
    expect(issues[0]?.message).toMatch(/spreadsheet would run it as a formula/);
  });

  it('the issues are those of the same rows given as an array', async () => {
    const rows = [
      { ...ROW, item_name: '=cmd()' },
      { ...ROW, quantity: 'abc' as unknown as number },
      { ...ROW, fulfillment_type: 'amazon' as 'wfs' },
    ];
    const asRows = await refusal(rows);
    expect(await refusal(ordersToCsv(BULK_CSV_COLUMNS, rows))).toEqual(asRows);
  });

  it.each(forms(LINE_BREAK_CSV))('%s that passes is sent as it is (a line break inside quotes kept)', async (_name, input) => {
    await warehouse.inbound.createBulk(input);
    const file = (await fetch.calls.at(-1)!.formData()).get('file') as Blob;
    expect(await file.text()).toBe(LINE_BREAK_CSV);
  });

  it('the header: an unknown column, one named twice; a required one missing is told once, at the header', async () => {
    const csv = 'date,retailer,retailer,colour,order_number,item_name,color,brand_sku,unit_cost,list_price,fulfillment_type\r\n'.concat(
      '01/02/2026,T,T,red,PO-1,Lamp,red,B,1,2,wfs\r\n'.repeat(3),
    );
    const issues = await refusal(csv);
    expect(issues).toEqual([
      { path: ['header', 'retailer'], message: 'appears twice' },
      { path: ['header', 'colour'], message: expect.stringMatching(/^is not a column of the upload \(date, retailer, /) },
      { path: ['header', 'quantity'], message: expect.stringMatching(/^is missing: every order needs it/) },
    ]);
  });

  it.each([
    ['empty of orders', `${BULK_HEADER}\r\n`, [{ path: [], message: 'has a header but no orders' }]],
    [
      'a record with a field too many',
      `${ONE_ORDER_CSV}01/02/2026,T,PO-2,L,b,B,1,1,2,wfs,extra\r\n`,
      [{ path: [1], message: 'has 11 fields; the header has 10' }],
    ],
    [
      'a quote never closed',
      `${ONE_ORDER_CSV}01/02/2026,"T,PO-2,L,b,B,1,1,2,wfs\r\n`,
      [{ path: [1], message: 'a quoted field is never closed' }],
    ],
    [
      'a quote inside a field',
      `${ONE_ORDER_CSV}01/02/2026,T"x"y,PO-2,L,b,B,1,1,2,wfs\r\n`,
      [{ path: [1], message: 'a quote inside a field that does not start with a quote' }],
    ],
  ])('%s', async (_name, csv, expected) => {
    expect(await refusal(csv)).toEqual(expected);
  });

  it('bytes that are not UTF-8: refused, saying so', async () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode(`${BULK_HEADER}\r\n01/02/2026,`),
      0xe9,
      ...new TextEncoder().encode(',PO,L,b,B,1,1,2,wfs\r\n'),
    ]);
    expect(await refusal(bytes)).toEqual([{ path: [], message: 'is not UTF-8 text: a bulk CSV is sent as UTF-8' }]);
  });

  it(`a file wrong throughout: the first ${MAX_CSV_ISSUES} problems, then how many more`, async () => {
    const issues = await refusal(`${BULK_HEADER}\r\n${'01/02/2026,T,PO,L,b,B,x,1,2,wfs\r\n'.repeat(MAX_CSV_ISSUES + 250)}`);
    expect(issues).toHaveLength(MAX_CSV_ISSUES + 1);
    expect(issues.at(-1)).toEqual({ path: [], message: `and 250 more problems past the first ${MAX_CSV_ISSUES}` });
  });
});

describe('a file from disk', () => {
  it('of 40,000 orders is read as a stream to be checked, then again to be sent, whole', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'opslink-bulk-'));
    try {
      const path = join(dir, 'orders.csv');
      const csv = `${BULK_HEADER}\r\n${'11/22/2026,Target,PO-1,"Desk lamp, black",black,LAMP-BLK,12,9.5,24.99,wfs\r\n'.repeat(40_000)}`;
      await writeFile(path, csv);
      await warehouse.inbound.createBulk(await openAsBlob(path, { type: 'text/csv' }));
      const file = (await fetch.calls.at(-1)!.formData()).get('file') as Blob;
      expect(file.size).toBe(Buffer.byteLength(csv));
      // A problem near the end is found too: the whole file was read.
      await writeFile(path, `${csv}11/22/2026,Target,PO-2,=HYPERLINK(1),black,B,1,1,2,wfs\r\n`);
      expect((await refusal(await openAsBlob(path))).map((i) => i.path)).toEqual([[40_000, 'item_name']]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('rows written as CSV by the SDK (property)', () => {
  it('rows that pass as an array pass as CSV text and as bytes', async () => {
    const text = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !/^[=+\-@\t\r]/.test(s) && s.trim() === s && s !== '');
    const row = fc.record({
      retailer: text,
      order_number: text,
      item_name: text,
      color: text,
      brand_sku: text,
      quantity: fc.nat({ max: 1000 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 5 }), async (patches) => {
        const rows = patches.map((patch) => ({ ...ROW, ...patch }));
        const asRows = await warehouse.inbound.createBulk(rows).then(
          () => 'sent',
          (e: unknown) => e,
        );
        fc.pre(asRows === 'sent');
        const csv = ordersToCsv(BULK_CSV_COLUMNS, rows);
        await warehouse.inbound.createBulk(csv);
        await warehouse.inbound.createBulk(new TextEncoder().encode(csv));
      }),
      { numRuns: 60, seed: 4207 },
    );
  });
});
