/**
 * The multipart body of `inbound.create` and `inbound.createBulk`, as a server reads it: every
 * text field byte for byte (line breaks of any kind, lines that look like a boundary, quotes,
 * any Unicode), file names with quotes and line breaks, and files untouched.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type InboundOrderCreate, WarehouseClient } from '../../src/index.js';
import { LINE_BREAK_CSV } from '../support/bulk-csv.js';

const ORDER: InboundOrderCreate = {
  date: '11/22/2026',
  retailer: 'Target',
  order_number: 'PO-1001',
  item_name: 'Desk lamp',
  color: 'black',
  brand_sku: 'LAMP-BLK',
  quantity: 4,
  unit_cost: 9.5,
  list_price: 24.99,
  fulfillment_type: 'wfs',
};

/** A client whose fetch reads each body back with the platform's own multipart parser, as a server would. */
function reading() {
  const forms: FormData[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    forms.push(await new Request(url, init).formData());
    return Response.json({ status: 'success', message: 'ok', data: { order_id: '0b9d7c4e-2f3a-4b5c-8d9e-0f1a2b3c4d5e' }, errors: null });
  }) as unknown as typeof globalThis.fetch;
  const client = new WarehouseClient({ baseUrl: 'https://api.example.test', apiKey: 'key-123456', warehouseId: 'wh-1', fetch });
  return { client, forms };
}

/** Text made of what breaks naive multipart writers: line breaks of every kind, dashes, quotes, any code point. */
const awkwardText = fc
  .array(
    fc.oneof(
      fc.constantFrom('\n', '\r', '\r\n', '\n\r', '--', '\r\n--', '"', '%22', 'Content-Disposition: form-data; name="x"', ' '),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }),
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((pieces) => pieces.join(''));

describe('the multipart create, as the server reads it', () => {
  it('keeps every line break as written: LF, a lone CR and CRLF are not rewritten', async () => {
    const { client, forms } = reading();
    await client.inbound.create({ ...ORDER, client_notes: 'line1\nline2\rline3\r\nline4', tracking_numbers: ['1Z\n999', 'A\rB'] });
    expect(forms[0]?.get('client_notes')).toBe('line1\nline2\rline3\r\nline4');
    expect(forms[0]?.getAll('tracking_numbers')).toEqual(['1Z\n999', 'A\rB']);
  });

  it('sends any text of any field byte for byte, one part per tracking number', async () => {
    const { client, forms } = reading();
    await fc.assert(
      fc.asyncProperty(awkwardText, fc.array(awkwardText, { minLength: 1, maxLength: 4 }), async (notes, tracking) => {
        forms.length = 0;
        await client.inbound.create({ ...ORDER, item_name: notes, client_notes: notes, tracking_numbers: tracking });
        const form = forms[0]!;
        expect(form.get('item_name')).toBe(notes);
        expect(form.get('client_notes')).toBe(notes);
        expect(form.getAll('tracking_numbers')).toEqual(tracking);
      }),
      { numRuns: 300 },
    );
  });

  it('sends label files untouched, their names with quotes and line breaks included', async () => {
    const { client, forms } = reading();
    const bytes = new Uint8Array(256).map((_, i) => i);
    const label = new File([bytes], 'label "A"\r\n.pdf', { type: 'application/pdf' });
    await client.inbound.create({ ...ORDER, shipping_label_files: [label, new Blob(['%PDF-1.4'])] });
    const [first, second] = forms[0]!.getAll('shipping_label_files') as File[];
    expect(new Uint8Array(await first!.arrayBuffer())).toEqual(bytes);
    expect(first!.type).toBe('application/pdf');
    // Written as the HTML form encoding does (%22, %0D, %0A), so the header cannot be broken, and read back whole.
    expect(first!.name).toBe('label "A"\r\n.pdf');
    expect(await second!.text()).toBe('%PDF-1.4');
    expect(second!.type).toBe('application/octet-stream');
  });

  it('sends a bulk CSV as the file it is, beside bulk=true', async () => {
    const { client, forms } = reading();
    const csv = new File([LINE_BREAK_CSV], 'orders.csv', { type: 'text/csv' });
    await client.inbound.createBulk(csv);
    expect(forms[0]?.get('bulk')).toBe('true');
    const file = forms[0]?.get('file') as File;
    expect(file.name).toBe('orders.csv');
    expect(await file.text()).toBe(LINE_BREAK_CSV);
  });
});
