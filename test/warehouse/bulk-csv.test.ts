/**
 * CSV bulk upload: no value may change meaning on the way. A `;` inside one tracking number
 * (the list separator) and text that starts like a spreadsheet formula are refused before
 * sending, row and column named; a comma, a quote, a line break or edge white space is quoted
 * by RFC 4180. Every row written round-trips through an independent RFC 4180 parser
 * (csv-parse) to the same values.
 */
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BULK_CSV_COLUMNS, type InboundOrderRow, RequestValidationError, WarehouseClient } from '../../src/index.js';
import { inboundOrderRowSchema } from '../../src/schemas.js';
import { cellOf, ordersToCsv } from '../../src/warehouse/csv.js';
import { parseCsv, rowFromCells } from '../../src/warehouse/csv-check.js';
import { binaryString } from '../support/arbitraries.js';
import { BULK_ROW } from '../support/bulk-csv.js';
import { jsonResponse, scriptedFetch } from '../support/scripted-fetch.js';

const RUNS = { numRuns: Number(process.env.FC_RUNS ?? 300), seed: process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined };

const fetch = scriptedFetch(jsonResponse(200, { status: 'success', message: 'Orders queued', data: null, errors: null }));
const warehouse = new WarehouseClient({ baseUrl: 'https://api.example.test', apiKey: 'wh-key-1', warehouseId: 'wh', fetch });

const row = (patch: Partial<InboundOrderRow> = {}): InboundOrderRow => ({ ...BULK_ROW, ...patch }) as InboundOrderRow;

async function refusal(rows: InboundOrderRow[]) {
  const before = fetch.calls.length;
  const error = await warehouse.inbound.createBulk(rows).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(RequestValidationError);
  expect(fetch.calls.length).toBe(before); // nothing sent
  return (error as RequestValidationError).issues;
}

describe('values that would change meaning are refused before sending, row and column named', () => {
  it('a ; inside one tracking number, which would arrive as two', async () => {
    const issues = await refusal([row(), row({ tracking_numbers: ['1Z999', '1Z;888'] })]);
    expect(issues).toEqual([{ path: [1, 'tracking_numbers', 1], message: expect.stringContaining('must not contain ";"') }]);
  });

  it.each(['=SUM(A1:A9)', '+1 555 0100', '-2', '@cmd', '\tindent', '\rreturn'])('text starting like a formula: %j', async (text) => {
    const issues = await refusal([row({ client_notes: text }), row({ retailer: text })]);
    expect(issues.map((i) => i.path)).toEqual([
      [0, 'client_notes'],
      [1, 'retailer'],
    ]);
    expect(issues[0]!.message).toMatch(/spreadsheet would run it as a formula/);
  });

  it('but a negative number is a number, not a formula', async () => {
    await warehouse.inbound.createBulk([row({ unit_cost: -1.5 })]);
    const csv = await ((await fetch.calls.at(-1)!.formData()).get('file') as Blob).text();
    expect((parse(csv, { columns: true }) as Record<string, string>[])[0]!.unit_cost).toBe('-1.5');
  });
});

/** Text of any code points, commas, quotes, line breaks and edge spaces included, not starting like a formula. */
const cellText = (min: number) =>
  fc
    .string({
      unit: fc.oneof(
        fc.constantFrom(',', '"', '\r\n', '\n', '\r', ' ', ';', '=', '-', 'é', '📦'),
        binaryString({ minLength: 1, maxLength: 1 }),
      ),
      minLength: min,
      maxLength: 30,
    })
    .filter((s) => !/^[=+\-@\t\r]/.test(s) && (min === 0 || s.length > 0));

const rowArb: fc.Arbitrary<InboundOrderRow> = fc
  .record(
    {
      date: fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2999-12-31T00:00:00Z'), noInvalidDate: true }),
      retailer: cellText(1),
      order_number: cellText(1),
      item_name: cellText(1),
      color: cellText(1),
      brand_sku: cellText(1),
      quantity: fc.nat({ max: 1_000_000 }),
      asin: cellText(1),
      unit_cost: fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }),
      list_price: fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }),
      fulfillment_type: fc.constantFrom('fba', 'fbm', 'wfs', 'two-step', 'shopify'),
      size: cellText(0),
      amazon_sku: cellText(0),
      client_notes: cellText(0),
      tracking_numbers: fc.array(
        cellText(1).filter((t) => !t.includes(';')),
        { maxLength: 3 },
      ),
      sold_as: fc.constantFrom('individual', 'bundle'),
      units_per_pack: fc.integer({ min: 1, max: 48 }),
      upc: cellText(0),
    },
    {
      requiredKeys: [
        'date',
        'retailer',
        'order_number',
        'item_name',
        'color',
        'brand_sku',
        'quantity',
        'asin',
        'unit_cost',
        'list_price',
        'fulfillment_type',
        'units_per_pack',
      ],
    },
  )
  .filter((r) => inboundOrderRowSchema.safeParse(r).success) as fc.Arbitrary<InboundOrderRow>;

describe('every row written round-trips to the same values', () => {
  it('through csv-parse (an independent RFC 4180 reader), cell by cell', () => {
    fc.assert(
      fc.property(fc.array(rowArb, { minLength: 1, maxLength: 5 }), (rows) => {
        const csv = ordersToCsv(BULK_CSV_COLUMNS, rows);
        const records: string[][] = parse(csv, { relax_quotes: false, skip_empty_lines: false });
        expect(records[0]).toEqual(BULK_CSV_COLUMNS);
        expect(records).toHaveLength(rows.length + 1);
        rows.forEach((r, i) => {
          expect(records[i + 1]).toEqual(BULK_CSV_COLUMNS.map((c) => cellOf(c, (r as Record<string, unknown>)[c])));
        });
      }),
      RUNS,
    );
  });

  it('and back into the row the mock and the command line check: the same order, dates as MM/DD/YYYY', () => {
    fc.assert(
      fc.property(rowArb, (r) => {
        const parsed = parseCsv(ordersToCsv(BULK_CSV_COLUMNS, [r]));
        if ('error' in parsed) throw new Error(parsed.error);
        const [header, record] = parsed.records;
        const back = rowFromCells(header!.fields, record!.fields, ['quantity', 'unit_cost', 'list_price']);
        const expected = Object.fromEntries(
          Object.entries(r)
            .filter(([, v]) => v !== '' && v !== undefined && !(Array.isArray(v) && v.length === 0))
            .map(([k, v]) => [k, k === 'date' || k === 'units_per_pack' ? cellOf(k, v) : v === 0 ? 0 : v]), // -0 is written as 0
        );
        expect(back).toEqual(expected);
        expect(inboundOrderRowSchema.safeParse(back).success).toBe(true);
      }),
      RUNS,
    );
  });

  it('as the SDK uploads it: the file part csv-parse reads is the rows given', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(rowArb, { minLength: 1, maxLength: 3 }), async (rows) => {
        await warehouse.inbound.createBulk(rows);
        const form = await fetch.calls.at(-1)!.formData();
        expect(form.get('bulk')).toBe('true');
        const records = parse(await (form.get('file') as Blob).text(), { columns: true }) as Record<string, string>[];
        expect(records.map((r) => r.order_number)).toEqual(rows.map((r) => r.order_number));
        expect(records.map((r) => r.tracking_numbers!.split(';').filter(Boolean))).toEqual(rows.map((r) => r.tracking_numbers ?? []));
      }),
      { ...RUNS, numRuns: Math.min(RUNS.numRuns, 100) },
    );
  });
});
