import { beforeEach, describe, expect, it } from 'vitest';
import { createWarehouseMock, type InboundOrderRecord, parseCsv, type WarehouseMock } from '../../../src/testing/index.js';
import { BULK_CSV_COLUMNS } from '../../../src/warehouse/fast-checks.generated.js';
import { VALIDATION_FAILURE_MESSAGE } from '../../../src/warehouse/update-rules.js';
import { send, UUID, validCreateForm } from '../../support/warehouse-mock.js';

describe('creating inbound orders', () => {
  let mock: WarehouseMock;
  beforeEach(() => {
    mock = createWarehouseMock();
  });

  it('creates one order from a form with tracking numbers, bundle items and a label file', async () => {
    const form = validCreateForm();
    form.set('fulfillment_type', 'two-step');
    form.set('quantity', '6');
    form.append('sold_as', 'bundle');
    form.append('units_per_pack', '3');
    form.append('tracking_numbers', '1ZAAA');
    form.append('tracking_numbers', '1ZBBB');
    form.append('bundle_items', JSON.stringify([{ quantity: 6, item_name: 'Lid', color: 'Black', brand_sku: 'BR-LID' }]));
    form.append('shipping_label_files', new Blob(['%PDF-1.4 label'], { type: 'application/pdf' }), 'label-1.pdf');

    const { status, body } = await send(mock, '/inbound', { method: 'POST', body: form });
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'success',
      message: 'Inbound order created.',
      data: { order_id: expect.stringMatching(UUID) },
      errors: null,
    });

    const stored = mock.state.inboundOrders.find((o) => o.order_id === body.data.order_id)!;
    expect(stored).toMatchObject({
      date: '03/09/2025',
      quantity: 6,
      unit_cost: 7.5,
      list_price: 19.99,
      status: 'inbound',
      sold_as: 'bundle',
      units_per_pack: 3,
      tracking_numbers: ['1ZAAA', '1ZBBB'],
      client_notes: null,
      upc: null,
      bundle_items: [{ quantity: 6, item_name: 'Lid', color: 'Black', brand_sku: 'BR-LID' }],
      shipping_label_files: [{ name: 'label-1.pdf', size: 14, type: 'application/pdf' }],
    });
    const newest = (await send(mock, '/inbound?limit=1')).body.data.orders[0];
    expect(newest.order_id).toBe(body.data.order_id);
    expect((await send(mock, '/inbound')).body.data.results.total).toBe(26);
  });

  it('accepts a date written MM/DD/YYYY', async () => {
    const form = validCreateForm();
    form.set('date', '12/31/2024');
    const { body } = await send(mock, '/inbound', { method: 'POST', body: form });
    expect(mock.state.inboundOrders.find((o) => o.order_id === body.data.order_id)!.date).toBe('12/31/2024');
  });

  it('lists every missing or malformed field and creates nothing', async () => {
    const form = new FormData();
    form.append('fulfillment_type', 'fbm');
    form.append('quantity', '2.5');
    form.append('date', '2025-02-30');
    form.append('sold_as', 'bundle');
    form.append('nickname', 'x');
    const { status, body } = await send(mock, '/inbound', { method: 'POST', body: form });
    expect(status).toBe(400);
    expect(body.message).toBe(VALIDATION_FAILURE_MESSAGE);
    // The SDK's own schema speaks for the service: the same words the pre-flight uses.
    for (const expected of [
      'retailer: is required',
      'quantity: must be an integer',
      'date: must be a real calendar day',
      'asin: is required for fbm orders',
      'units_per_pack: is required when sold_as is bundle',
      'unknown member "nickname"',
    ]) {
      expect(
        body.errors.some((e: string) => e.includes(expected)),
        `${expected} in ${JSON.stringify(body.errors)}`,
      ).toBe(true);
    }
    expect(mock.state.inboundOrders).toHaveLength(25);
  });

  it('refuses a fulfillment type or sale kind that create does not take', async () => {
    const form = validCreateForm();
    form.set('fulfillment_type', 'manual');
    form.set('sold_as', 'multi-pack');
    const { status, body } = await send(mock, '/inbound', { method: 'POST', body: form });
    expect(status).toBe(400);
    expect(body.errors).toHaveLength(2);
  });

  it('refuses a body that is not multipart', async () => {
    const { status, body } = await send(mock, '/inbound', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ retailer: 'Target' }),
    });
    expect(status).toBe(400);
    expect(body.errors[0]).toContain('multipart/form-data');
  });

  it('creates every row of a bulk CSV, quoted commas, quotes and line breaks included', async () => {
    // Columns in another order than BULK_CSV_COLUMNS, CRLF line ends, RFC 4180 quoting.
    const columns = [...BULK_CSV_COLUMNS].reverse();
    const row = (values: Record<string, string>) =>
      columns
        .map((c) => values[c] ?? '')
        .map((v) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v))
        .join(',');
    const common = { date: '01/15/2025', retailer: 'Costco', brand_sku: 'BR-1', quantity: '4', unit_cost: '2', list_price: '5' };
    const csv = [
      columns.join(','),
      row({ ...common, order_number: 'A-1', item_name: 'Mug, large', color: 'Blue', fulfillment_type: 'wfs', tracking_numbers: '1ZA;1ZB' }),
      row({ ...common, order_number: 'A-2', item_name: '5" Frame', color: 'Oak', fulfillment_type: 'fba', asin: 'B0FRAME' }),
      row({
        ...common,
        order_number: 'A-3',
        item_name: 'Card',
        color: 'Red',
        fulfillment_type: 'shopify',
        client_notes: 'line one\r\nline two',
      }),
    ].join('\r\n');
    const form = new FormData();
    form.append('bulk', 'true');
    form.append('file', new Blob([`${csv}\r\n`], { type: 'text/csv' }), 'orders.csv');

    const { status, body } = await send(mock, '/inbound', { method: 'POST', body: form });
    expect(status).toBe(200);
    expect(body.message).toBe('3 inbound orders created.');
    expect(body.data.count).toBe(3);
    const created = body.data.order_ids.map((id: string) => mock.state.inboundOrders.find((o) => o.order_id === id)!);
    expect(created.map((o: InboundOrderRecord) => o.item_name)).toEqual(['Mug, large', '5" Frame', 'Card']);
    expect(created[0].tracking_numbers).toEqual(['1ZA', '1ZB']);
    expect(created[2].client_notes).toBe('line one\r\nline two');
    expect(created[1]).toMatchObject({ asin: 'B0FRAME', quantity: 4, date: '01/15/2025', status: 'inbound' });
  });

  it('rejects a bulk CSV with one error per bad row and creates none of it', async () => {
    const header = BULK_CSV_COLUMNS.join(',');
    const good = ['01/15/2025', 'Costco', 'A-1', 'Mug', 'Blue', 'BR-1', '4', 'B0X', '2', '5', 'fba', '', '', '', '', '', '', ''].join(',');
    const noQuantity = ['01/15/2025', 'Costco', 'A-2', 'Mug', 'Blue', 'BR-1', '', 'B0X', '2', '5', 'fba', '', '', '', '', '', '', ''].join(
      ',',
    );
    const badType = ['01/15/2025', 'Costco', 'A-3', 'Mug', 'Blue', 'BR-1', '4', '', '2', '5', 'rocket', '', '', '', '', '', '', ''].join(
      ',',
    );
    const form = new FormData();
    form.append('bulk', 'true');
    form.append('file', new Blob([[header, good, noQuantity, badType].join('\n')]), 'orders.csv');
    const { status, body } = await send(mock, '/inbound', { method: 'POST', body: form });
    expect(status).toBe(400);
    expect(body.errors).toHaveLength(2);
    expect(body.errors[0]).toMatch(/^Row 3: .*quantity/);
    expect(body.errors[1]).toMatch(/^Row 4: .*fulfillment_type/);
    expect(mock.state.inboundOrders).toHaveLength(25);
  });

  it('rejects a bulk upload whose CSV sent as text rather than a file, or with unknown columns', async () => {
    const asText = new FormData();
    asText.append('bulk', 'true');
    asText.append('file', 'date,retailer');
    expect((await send(mock, '/inbound', { method: 'POST', body: asText })).status).toBe(400);

    const unknown = new FormData();
    unknown.append('bulk', 'true');
    unknown.append('file', new Blob([`${BULK_CSV_COLUMNS.join(',')},colour\n`]), 'x.csv');
    const { body } = await send(mock, '/inbound', { method: 'POST', body: unknown });
    expect(body.errors).toContain("unknown CSV column 'colour'");
  });

  it.each(['false', 'TRUE', ''])('refuses bulk=%j: the document names bulk=true, and one order is a form without it', async (value) => {
    const form = validCreateForm();
    form.append('bulk', value);
    const { status, body } = await send(mock, '/inbound', { method: 'POST', body: form });
    expect(status).toBe(400);
    expect(body.errors).toEqual(["bulk must be 'true', once (or absent for one order)"]);
    expect(mock.state.inboundOrders).toHaveLength(25);
  });
});

describe('the CSV reader', () => {
  it('keeps quoted commas, doubled quotes and line breaks, and numbers rows as a spreadsheet does', () => {
    const result = parseCsv('\ufeffa,b\r\n"x, y","say ""hi"""\n\n"multi\nline",z\n');
    expect(result).toEqual({
      records: [
        { row: 1, fields: ['a', 'b'] },
        { row: 2, fields: ['x, y', 'say "hi"'] },
        { row: 4, fields: ['multi\nline', 'z'] },
      ],
    });
  });

  it('refuses an unclosed quote and a stray quote in an unquoted field', () => {
    expect(parseCsv('a\n"open')).toHaveProperty('error');
    expect(parseCsv('a\n5" frame')).toHaveProperty('error');
  });
});
