/**
 * The CSV rule against formula injection: every CSV the command writes gives a text cell that
 * starts with =, +, -, @, a tab or a CR a leading `'`; `orders import` reads it back without
 * it, and the SDK's bulk CSV rule then refuses the order, by row and column, saying how to send
 * it instead. A number is not text, and an apostrophe before anything else is plain text.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FORMULA_HINT } from '../../src/cli/csv-check.js';
import { csvCell, neutralise, unneutralise } from '../../src/cli/formats.js';
import { BULK_CSV_COLUMNS, INBOUND_ORDER_FIELDS, type InboundOrderCreate, SHIPMENT_FIELDS, WarehouseClient } from '../../src/index.js';
import { csvLine } from '../../src/warehouse/csv.js';
import { parseCsv } from '../../src/warehouse/csv-check.js';
import { FORMULA_PREFIXES } from '../../src/warehouse/wire-format.js';
import { lines, runInProcess, SECRETS, type Services, startServices } from './helpers.js';

const RUNS = { numRuns: Number(process.env.FC_RUNS ?? 300), seed: process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined };

let s: Services;
const dir = mkdtempSync(join(tmpdir(), 'opslink-cli-formula-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

/** Item names the create endpoint takes and a spreadsheet would run as a formula. */
const FORMULAS = ['-20% coupon pack', '+1 spare cable', '@home desk lamp', '=HYPERLINK("http://evil.example","click")'];
/** Item names with an apostrophe: plain text, and text a neutralised cell would look like. */
const APOSTROPHES = ["'plain", "'=quoted", "''@twice"];
const NORMAL = ['Desk lamp', 'Desk lamp, white', 'Mug "large"'];

const order = (n: number, item_name: string): InboundOrderCreate => ({
  date: '2026-03-14',
  retailer: 'Target',
  order_number: `PO-${n}`,
  item_name,
  color: 'black',
  brand_sku: `SKU-${n}`,
  quantity: 2,
  unit_cost: -1.5,
  list_price: 3,
  fulfillment_type: 'wfs',
});

async function create(names: readonly string[]) {
  const warehouse = new WarehouseClient({
    baseUrl: s.server.warehouseBaseUrl,
    apiKey: SECRETS.apiKey,
    warehouseId: s.warehouse.warehouseId,
  });
  for (const [i, name] of names.entries()) await warehouse.inbound.create(order(i + 1, name));
}

const csvOf = (text: string) => {
  const parsed = parseCsv(text);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.records.map((r) => r.fields);
};
const startsLikeFormula = (cell: string) => FORMULA_PREFIXES.some((p) => cell.startsWith(p));

beforeAll(async () => {
  s = await startServices({ orders: 0, shipments: 2 });
});
afterAll(() => s.close());
beforeEach(() => {
  s.warehouse.state.inboundOrders.length = 0;
  s.requests.length = 0;
});

describe('CSV output: formula-like text neutralised', () => {
  it('orders list --format csv writes such cells with a leading apostrophe; numbers, even negative, as numbers', async () => {
    await create([...FORMULAS, ...APOSTROPHES, ...NORMAL]);
    const result = await runInProcess(['orders', 'list', '--format', 'csv'], { env: s.env });
    expect(result.code).toBe(0);
    const [header, ...rows] = csvOf(result.stdout);
    expect(header).toEqual([...INBOUND_ORDER_FIELDS]);
    const column = (name: string) => rows.map((r) => r[INBOUND_ORDER_FIELDS.indexOf(name as never)]!);
    const byNumber = Object.fromEntries(column('order_number').map((n, i) => [n, column('item_name')[i]]));
    const names = [...FORMULAS, ...APOSTROPHES, ...NORMAL];
    expect(byNumber).toEqual(
      Object.fromEntries(names.map((n, i) => [`PO-${i + 1}`, startsLikeFormula(n.replace(/^'+/, '')) ? `'${n}` : n])),
    );
    expect(column('item_name')).toContain(`'=HYPERLINK("http://evil.example","click")`);
    expect(column('item_name')).toContain("'plain");
    expect(column('unit_cost')).toEqual(rows.map(() => '-1.5'));
    const text = rows.flatMap((r, i) =>
      r.filter((_, c) => !['unit_cost', 'list_price'].includes(INBOUND_ORDER_FIELDS[c]!)).map((cell) => [i, cell]),
    );
    expect(text.filter(([, cell]) => startsLikeFormula(String(cell)))).toEqual([]);
  });

  it('shipments list and get --format csv too', async () => {
    const shipment = s.warehouse.state.shipments[0]!;
    shipment.name = '=cmd|"/c calc"!A1';
    const list = csvOf((await runInProcess(['shipments', 'list', '--format', 'csv'], { env: s.env })).stdout);
    const name = SHIPMENT_FIELDS.indexOf('name');
    expect(list.slice(1).map((r) => r[name])).toContain(`'=cmd|"/c calc"!A1`);
    const one = csvOf((await runInProcess(['shipments', 'get', shipment.shipment_id, '--format', 'csv'], { env: s.env })).stdout);
    expect(one[1]![one[0]!.indexOf('name')]).toBe(`'=cmd|"/c calc"!A1`);
    for (const row of [...list, ...one]) expect(row.filter(startsLikeFormula)).toEqual([]);
  });
});

describe('orders import of an export with formula-like text', () => {
  it('reports each such order by row and column with how to send it, sends nothing, exits 1', async () => {
    await create([...NORMAL, ...FORMULAS, "'plain"]);
    const exported = await runInProcess(['orders', 'list', '--format', 'csv'], { env: s.env });
    const path = file('formulas.csv', exported.stdout);
    s.requests.length = 0;
    for (const args of [[], ['--dry-run']]) {
      const result = await runInProcess(['orders', 'import', path, ...args], { env: s.env });
      expect(result.code).toBe(1);
      const problems = lines(result.stderr).filter((l) => l.startsWith('row '));
      // The rows (the header is row 1) of the orders created with FORMULAS, column E (item_name).
      const numbers = csvOf(exported.stdout).map((r) => r[INBOUND_ORDER_FIELDS.indexOf('order_number')]);
      const formulaRows = FORMULAS.map((_, i) => numbers.indexOf(`PO-${NORMAL.length + i + 1}`) + 1).sort((a, b) => a - b);
      expect(formulaRows).toHaveLength(4);
      // The cell as the file has it (its leading '), quoted as the message quotes it.
      const itemName = (row: number) =>
        csvOf(exported.stdout)[row - 1]![INBOUND_ORDER_FIELDS.indexOf('item_name')]!.replace(/["\\]/g, '\\$&');
      expect(problems).toEqual(
        formulaRows.map(
          (row) =>
            `row ${row}, column E (item_name), value "${itemName(row)}": must not start with =, +, -, @, a tab or a carriage return (a spreadsheet would run it as a formula); ${FORMULA_HINT}`,
        ),
      );
      expect(FORMULA_HINT).toMatch(/inbound\.create/);
      expect(JSON.parse(result.stdout)).toMatchObject({ rows: 8, problems: 4, sent: false });
    }
    expect(s.requests).toEqual([]);
  });

  it('the hint is for the formula rule only', async () => {
    const header = BULK_CSV_COLUMNS.join(',');
    const cells = (item: string, quantity: string) =>
      BULK_CSV_COLUMNS.map(
        (c) =>
          ({
            date: '03/14/2026',
            retailer: 'Walmart',
            order_number: 'PO-1',
            item_name: item,
            color: 'white',
            brand_sku: 'SKU',
            quantity,
            unit_cost: '-9.5',
            list_price: '24.99',
            fulfillment_type: 'wfs',
          })[c as string] ?? '',
      ).join(',');
    const path = file('mixed.csv', `${header}\r\n${cells("'@lamp", '2.5')}\r\n`);
    const result = await runInProcess(['orders', 'import', path, '--dry-run'], { env: s.env });
    expect(lines(result.stderr).filter((l) => l.startsWith('row '))).toEqual([
      'row 2, column G (quantity), value "2.5": must be an integer',
      `row 2, column D (item_name), value "'@lamp": must not start with =, +, -, @, a tab or a carriage return (a spreadsheet would run it as a formula); ${FORMULA_HINT}`,
    ]);
  });

  it('normal orders and apostrophes round-trip byte for byte: export, import, export again', async () => {
    await create([...NORMAL, ...APOSTROPHES]);
    const columns = ['--columns', BULK_CSV_COLUMNS.join(',')];
    const first = await runInProcess(['orders', 'list', '--format', 'csv', ...columns], { env: s.env });
    const [header, ...rows] = lines(first.stdout);
    expect(rows).toHaveLength(6);
    expect(rows.some((r) => r.includes(",'plain,"))).toBe(true);
    expect(rows.some((r) => r.includes(",''=quoted,"))).toBe(true);
    const path = file('plain.csv', first.stdout);
    const imported = await runInProcess(['orders', 'import', path], { env: s.env });
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ rows: 6, sent: true });
    // The service got the text as it was created ("'=quoted", not "''=quoted").
    expect(
      s.warehouse.state.inboundOrders
        .slice(6)
        .map((o) => o.item_name)
        .sort(),
    ).toEqual([...NORMAL, ...APOSTROPHES].sort());
    const again = await runInProcess(['orders', 'list', '--format', 'csv', ...columns], { env: s.env });
    const [header2, ...rows2] = lines(again.stdout);
    expect(header2).toBe(header);
    // Every row twice: the original and its copy, the same bytes.
    expect(rows2.sort()).toEqual([...rows, ...rows].sort());
  });
});

describe('neutralise and unneutralise', () => {
  const formulaStart = fc.constantFrom(...FORMULA_PREFIXES, "'", "'=", "''+", "'x");
  const text = fc.tuple(fc.array(formulaStart, { maxLength: 3 }), fc.string({ maxLength: 12 })).map(([a, b]) => a.join('') + b);

  it('reading back gives what was written; no written cell starts like a formula', () => {
    fc.assert(
      fc.property(text, (value) => {
        const cell = csvCell('item_name', value);
        expect(startsLikeFormula(cell)).toBe(false);
        const [[read]] = csvOf(`${csvLine([cell, 'end'])}\r\n`) as [[string]];
        expect(unneutralise(read)).toBe(value);
        // Only formula-like text (after any apostrophes) changes, by one leading apostrophe.
        const formulaLike = startsLikeFormula(value.replace(/^'+/, ''));
        expect(cell).toBe(formulaLike ? `'${value}` : value);
      }),
      RUNS,
    );
  });

  it('a number is not text: written as is', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, max: -1e-6 }), (value) => {
        expect(csvCell('unit_cost', value).startsWith("'")).toBe(false);
      }),
      RUNS,
    );
    expect(csvCell('unit_cost', -1.5)).toBe('-1.5');
    expect(neutralise('-1.5')).toBe("'-1.5");
  });
});
