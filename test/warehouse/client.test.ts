import { parse } from 'csv-parse/sync';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  APIError,
  AuthenticationError,
  BadRequestError,
  BULK_CSV_COLUMNS,
  type InboundOrder,
  type InboundOrderCreate,
  type InboundOrderRow,
  NotFoundError,
  RequestValidationError,
  toInboundUpdate,
  WarehouseClient,
} from '../../src/index.js';
import { createWarehouseMock, type InboundOrderRecord, type WarehouseMock } from '../../src/testing/index.js';
import { rejectionOf } from '../support/scripted-fetch.js';

/** One request as it left the client, body already read. */
interface SentRequest {
  method: string;
  url: URL;
  authorization: string | null;
  warehouseId: string | null;
  contentType: string | null;
  /** The multipart form, for POSTs. */
  form?: FormData;
  /** The JSON body, for PUTs. */
  json?: unknown;
}

/** A fetch that records every request (multipart form or JSON body included), then lets `target` answer it. */
function recordingFetch(target: typeof fetch) {
  const sent: SentRequest[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const contentType = request.headers.get('content-type');
    const entry: SentRequest = {
      method: request.method,
      url: new URL(request.url),
      authorization: request.headers.get('authorization'),
      warehouseId: request.headers.get('x-warehouse-id'),
      contentType,
    };
    if (contentType?.startsWith('multipart/form-data')) entry.form = await request.clone().formData();
    else if (contentType?.startsWith('application/json')) entry.json = await request.clone().json();
    sent.push(entry);
    return target(request);
  };
  return { fetch, sent };
}

function findOrder(mock: WarehouseMock, predicate: (order: InboundOrderRecord) => boolean): InboundOrderRecord {
  const order = mock.state.inboundOrders.find(predicate);
  if (!order) throw new Error('the seed has no such order');
  return order;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** Every field of the create form the document lists. */
const DOCUMENTED_CREATE_FIELDS = [
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
  'size',
  'amazon_sku',
  'client_notes',
  'tracking_numbers',
  'sold_as',
  'units_per_pack',
  'upc',
  'bundle_items',
  'shipping_label_files',
];

let mock: WarehouseMock;
let sent: SentRequest[];
let client: WarehouseClient;

beforeEach(() => {
  mock = createWarehouseMock({ inboundOrders: 40, shipments: 12 });
  const recorder = recordingFetch(mock.fetch);
  sent = recorder.sent;
  client = new WarehouseClient({ baseUrl: mock.baseUrl, apiKey: mock.apiKey, warehouseId: mock.warehouseId, fetch: recorder.fetch });
});

function fullOrder(): InboundOrderCreate {
  return {
    date: new Date(Date.UTC(2025, 2, 7, 23, 30)),
    retailer: 'Target',
    order_number: 'PO-2025-0042',
    item_name: 'Gift set',
    color: 'Navy',
    brand_sku: 'GIFT-NAVY',
    quantity: 12,
    asin: 'B0GIFTSET1',
    unit_cost: 9.5,
    list_price: 24.99,
    fulfillment_type: 'two-step',
    size: 'M',
    amazon_sku: 'AMZ-GIFT-1',
    client_notes: 'Keep the sets together',
    tracking_numbers: ['1Z999AA10123456784', '9400111899223197428490'],
    sold_as: 'bundle',
    units_per_pack: 2,
    upc: '012345678905',
    bundle_items: [
      { quantity: 12, item_name: 'Mug', color: 'Navy' },
      { quantity: 24, item_name: 'Coaster', color: 'Cork', brand_sku: 'COAST-1' },
    ],
    shipping_label_files: [
      new Blob(['%PDF-1.7 label one'], { type: 'application/pdf' }),
      new File(['%PDF-1.7 label two, longer'], 'label-two.pdf', { type: 'application/pdf' }),
    ],
  };
}

describe('inbound.create', () => {
  it('sends every documented field as multipart and the mock stores the order', async () => {
    const created = await client.inbound.create(fullOrder());
    expect(created.order_id).toMatch(UUID);

    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request!.method).toBe('POST');
    expect(request!.url.pathname).toBe('/api/v1/inbound');
    expect(request!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const form = request!.form!;
    expect(new Set(form.keys())).toEqual(new Set(DOCUMENTED_CREATE_FIELDS));
    expect(form.get('date')).toBe('03/07/2025');
    expect(form.get('quantity')).toBe('12');
    expect(form.get('unit_cost')).toBe('9.5');
    expect(form.get('units_per_pack')).toBe('2');
    expect(form.getAll('tracking_numbers')).toEqual(['1Z999AA10123456784', '9400111899223197428490']);
    expect(JSON.parse(form.get('bundle_items') as string)).toEqual(fullOrder().bundle_items);

    const stored = findOrder(mock, (o) => o.order_id === created.order_id);
    expect(stored).toMatchObject({
      date: '03/07/2025',
      retailer: 'Target',
      order_number: 'PO-2025-0042',
      item_name: 'Gift set',
      color: 'Navy',
      brand_sku: 'GIFT-NAVY',
      quantity: 12,
      asin: 'B0GIFTSET1',
      unit_cost: 9.5,
      list_price: 24.99,
      fulfillment_type: 'two-step',
      size: 'M',
      amazon_sku: 'AMZ-GIFT-1',
      client_notes: 'Keep the sets together',
      tracking_numbers: ['1Z999AA10123456784', '9400111899223197428490'],
      sold_as: 'bundle',
      units_per_pack: 2,
      upc: '012345678905',
      status: 'inbound',
      bundle_items: fullOrder().bundle_items,
    });
  });

  it('uploads a Blob label and a File label, keeping the File name and naming the Blob', async () => {
    const { order_id } = await client.inbound.create(fullOrder());
    const files = sent[0]!.form!.getAll('shipping_label_files') as File[];
    expect(files.map((f) => [f.name, f.size, f.type])).toEqual([
      ['shipping-label-1', 18, 'application/pdf'],
      ['label-two.pdf', 26, 'application/pdf'],
    ]);
    expect(await files[1]!.text()).toBe('%PDF-1.7 label two, longer');
    expect(findOrder(mock, (o) => o.order_id === order_id).shipping_label_files).toEqual([
      { name: 'shipping-label-1', size: 18, type: 'application/pdf' },
      { name: 'label-two.pdf', size: 26, type: 'application/pdf' },
    ]);
  });

  it('uploads a single label given alone rather than in an array', async () => {
    const label = new File(['one label'], 'only.pdf', { type: 'application/pdf' });
    const { order_id } = await client.inbound.create({ ...fullOrder(), shipping_label_files: label });
    expect((sent[0]!.form!.getAll('shipping_label_files') as File[]).map((f) => f.name)).toEqual(['only.pdf']);
    expect(findOrder(mock, (o) => o.order_id === order_id).shipping_label_files).toEqual([
      { name: 'only.pdf', size: 9, type: 'application/pdf' },
    ]);
  });

  it('sends only the fields given for a minimal order, and an ISO date string as MM/DD/YYYY', async () => {
    const before = mock.state.inboundOrders.length;
    const { order_id } = await client.inbound.create({
      date: '2025-03-09',
      retailer: 'Costco',
      order_number: 'PO-MIN',
      item_name: 'Thermos',
      color: 'Silver',
      brand_sku: 'THERM',
      quantity: 3,
      unit_cost: 4,
      list_price: 10,
      fulfillment_type: 'wfs',
    });
    expect([...sent[0]!.form!.keys()].sort()).toEqual(
      [
        'brand_sku',
        'color',
        'date',
        'fulfillment_type',
        'item_name',
        'list_price',
        'order_number',
        'quantity',
        'retailer',
        'unit_cost',
      ].sort(),
    );
    expect(sent[0]!.form!.get('date')).toBe('03/09/2025');
    expect(mock.state.inboundOrders).toHaveLength(before + 1);
    expect(findOrder(mock, (o) => o.order_id === order_id)).toMatchObject({ date: '03/09/2025', sold_as: 'individual', asin: '' });
  });

  it.each([
    ['quantity', { quantity: 1e21 }],
    ['quantity', { quantity: Number.MAX_SAFE_INTEGER + 1 }],
    ['units_per_pack', { units_per_pack: '12345678901234567891' }],
  ])('refuses a %s too large to keep its digits, and sends nothing', async (field, change) => {
    const error = await client.inbound.create({ ...fullOrder(), ...change } as InboundOrderCreate).catch((e) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.issues.map((i: { path: unknown[] }) => i.path)).toEqual([[field]]);
    expect(sent).toHaveLength(0);
  });

  it('carries the API key and warehouse id on the request', async () => {
    await client.inbound.create(fullOrder());
    expect(sent[0]!.authorization).toBe(`ApiKey ${mock.apiKey}`);
    expect(sent[0]!.warehouseId).toBe(mock.warehouseId);
  });
});

const CSV_HEADER = 'date,retailer,order_number,item_name,color,brand_sku,quantity,asin,unit_cost,list_price,fulfillment_type';
const CSV_TEXT = `${CSV_HEADER}\r\n03/01/2025,Target,PO-B1,Lamp,Red,BR-1,4,B0LAMP0001,2.5,9,fba\r\n03/02/2025,Costco,PO-B2,Mug,Blue,BR-2,6,,1,3,wfs\r\n`;

describe('inbound.createBulk', () => {
  it('uploads CSV text as the file of a bulk=true form', async () => {
    const before = mock.state.inboundOrders.length;
    const result = await client.inbound.createBulk(CSV_TEXT);
    expect(result.message).toBe('2 inbound orders created.');
    expect(result.data).toMatchObject({ count: 2, order_ids: [expect.stringMatching(UUID), expect.stringMatching(UUID)] });
    const form = sent[0]!.form!;
    expect([...form.keys()]).toEqual(['bulk', 'file']);
    expect(form.get('bulk')).toBe('true');
    const file = form.get('file') as File;
    expect(file.name).toBe('inbound-orders.csv');
    expect(await file.text()).toBe(CSV_TEXT);
    expect(mock.state.inboundOrders.slice(before).map((o) => o.order_number)).toEqual(['PO-B1', 'PO-B2']);
  });

  it('uploads a File as it is, under its own name', async () => {
    const file = new File([CSV_TEXT], 'march.csv', { type: 'text/csv' });
    const result = await client.inbound.createBulk(file);
    expect(result.data).toMatchObject({ count: 2 });
    const uploaded = sent[0]!.form!.get('file') as File;
    expect(uploaded.name).toBe('march.csv');
    expect(await uploaded.text()).toBe(CSV_TEXT);
  });

  it('uploads a nameless Blob under the default file name', async () => {
    await client.inbound.createBulk(new Blob([CSV_TEXT], { type: 'text/csv' }));
    const uploaded = sent[0]!.form!.get('file') as File;
    expect(uploaded.name).toBe('inbound-orders.csv');
    expect(await uploaded.text()).toBe(CSV_TEXT);
  });

  it('uploads CSV bytes', async () => {
    const before = mock.state.inboundOrders.length;
    const result = await client.inbound.createBulk(new TextEncoder().encode(CSV_TEXT));
    expect(result.data).toMatchObject({ count: 2 });
    expect(await (sent[0]!.form!.get('file') as File).text()).toBe(CSV_TEXT);
    expect(mock.state.inboundOrders).toHaveLength(before + 2);
  });

  it('writes rows as CSV that reads back to every value exactly, commas, quotes and line breaks included', async () => {
    const rows: InboundOrderRow[] = [
      {
        date: new Date(Date.UTC(2025, 0, 31)),
        retailer: 'Bed, Bath & Beyond',
        order_number: 'PO-"7"',
        item_name: 'Lamp\nwith shade',
        color: 'Red, "deep"',
        brand_sku: 'BR,1',
        quantity: 4,
        asin: 'B0LAMP0001',
        unit_cost: 2.25,
        list_price: 9.99,
        fulfillment_type: 'fba',
        size: ' padded ',
        amazon_sku: 'AMZ-1',
        client_notes: 'line one\r\nline two, "quoted"',
        tracking_numbers: ['1ZA', '1ZB'],
        sold_as: 'bundle',
        units_per_pack: 2,
        upc: '012345678905',
      },
      {
        date: '02/01/2025',
        retailer: 'Target',
        order_number: 'PO-8',
        item_name: '"Quoted" mug',
        color: 'White',
        brand_sku: 'BR-2',
        quantity: 1,
        unit_cost: 3,
        list_price: 5,
        fulfillment_type: 'wfs',
      },
    ];
    const before = mock.state.inboundOrders.length;
    const result = await client.inbound.createBulk(rows);
    expect(result.data).toMatchObject({ count: 2 });

    const file = sent[0]!.form!.get('file') as File;
    expect(file.name).toBe('inbound-orders.csv');
    const records = parse(await file.text()) as string[][];
    expect(records[0]).toEqual([...BULK_CSV_COLUMNS]);
    const byColumn = records.slice(1).map((cells) => Object.fromEntries(BULK_CSV_COLUMNS.map((c, i) => [c, cells[i]])));
    expect(byColumn).toEqual([
      {
        date: '01/31/2025',
        retailer: 'Bed, Bath & Beyond',
        order_number: 'PO-"7"',
        item_name: 'Lamp\nwith shade',
        color: 'Red, "deep"',
        brand_sku: 'BR,1',
        quantity: '4',
        asin: 'B0LAMP0001',
        unit_cost: '2.25',
        list_price: '9.99',
        fulfillment_type: 'fba',
        size: ' padded ',
        amazon_sku: 'AMZ-1',
        client_notes: 'line one\r\nline two, "quoted"',
        tracking_numbers: '1ZA;1ZB',
        sold_as: 'bundle',
        units_per_pack: '2',
        upc: '012345678905',
      },
      {
        date: '02/01/2025',
        retailer: 'Target',
        order_number: 'PO-8',
        item_name: '"Quoted" mug',
        color: 'White',
        brand_sku: 'BR-2',
        quantity: '1',
        asin: '',
        unit_cost: '3',
        list_price: '5',
        fulfillment_type: 'wfs',
        size: '',
        amazon_sku: '',
        client_notes: '',
        tracking_numbers: '',
        sold_as: '',
        units_per_pack: '',
        upc: '',
      },
    ]);

    const [first, second] = mock.state.inboundOrders.slice(before);
    expect(first).toMatchObject({
      retailer: 'Bed, Bath & Beyond',
      order_number: 'PO-"7"',
      item_name: 'Lamp\nwith shade',
      color: 'Red, "deep"',
      size: ' padded ',
      client_notes: 'line one\r\nline two, "quoted"',
      tracking_numbers: ['1ZA', '1ZB'],
    });
    expect(second).toMatchObject({ item_name: '"Quoted" mug', order_number: 'PO-8' });
  });
});

describe('inbound.list', () => {
  it('returns the first page with its items, total, offset and limit', async () => {
    const page = await client.inbound.list({ limit: 15 });
    expect(page.items).toHaveLength(15);
    expect(page.total).toBe(40);
    expect(page.offset).toBe(0);
    expect(page.limit).toBe(15);
    expect(page.hasNextPage()).toBe(true);
    expect(Object.keys(page.items[0]!)).toEqual(expect.arrayContaining(['order_id', 'order_number', 'created_at', 'status']));
  });

  it('always sends offset and limit, limit 200 when none is given', async () => {
    const page = await client.inbound.list();
    expect(page.items).toHaveLength(40);
    expect(page.limit).toBe(200);
    const query = sent[0]!.url.searchParams;
    expect([...query.entries()]).toEqual([
      ['offset', '0'],
      ['limit', '200'],
    ]);
  });

  it('refuses a language that is not a language tag, by field, before sending', async () => {
    const error = await rejectionOf(client.inbound.list({ lang: 'english!' }));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toEqual([{ path: ['lang'], message: 'must be a language tag such as en or es' }]);
    expect(sent).toHaveLength(0);
  });

  it('encodes the filter, sort and language as the document names them', async () => {
    const page = await client.inbound.list({
      fulfillment_types: ['fba', 'fbm'],
      sort_key: 'quantity',
      sort_order: 'asc',
      lang: 'es',
      offset: 2,
      limit: 5,
    });
    const query = sent[0]!.url.searchParams;
    expect(query.getAll('fulfillment_types')).toEqual(['fba', 'fbm']);
    expect(query.get('sort_key')).toBe('quantity');
    expect(query.get('sort_order')).toBe('asc');
    expect(query.get('lang')).toBe('es');
    expect(query.get('offset')).toBe('2');
    expect(query.get('limit')).toBe('5');

    const matching = mock.state.inboundOrders.filter((o) => o.fulfillment_type === 'fba' || o.fulfillment_type === 'fbm');
    expect(page.total).toBe(matching.length);
    expect(page.offset).toBe(2);
    for (const order of page.items) expect(['fba', 'fbm']).toContain(order.fulfillment_type);
    const quantities = page.items.map((o) => o.quantity);
    expect(quantities).toEqual([...quantities].sort((a, b) => a - b));
  });

  it.each([
    ['offset', { offset: 1e308 }],
    ['offset', { offset: Number.MAX_SAFE_INTEGER + 1 }],
    ['limit', { limit: 1e21 }],
  ])('refuses a %s too large to write as plain digits, and sends nothing', async (field, params) => {
    const error = await client.inbound.list(params).catch((e) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.issues).toEqual([{ path: [field], message: 'must be at most 9007199254740991 (past it a whole number loses digits)' }]);
    const shipments = await client.shipments.list(params).catch((e) => e);
    expect(shipments.issues).toEqual([
      { path: [field], message: 'must be at most 9007199254740991 (past it a whole number loses digits)' },
    ]);
    expect(sent).toHaveLength(0);
  });

  it('gets every order in one page with limit -1', async () => {
    const page = await client.inbound.list({ limit: -1 });
    expect(page.items).toHaveLength(40);
    expect(page.hasNextPage()).toBe(false);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url.searchParams.get('limit')).toBe('-1');
  });
});

describe('inbound.update', () => {
  it('sends the update member names as JSON and reports the success message', async () => {
    const order = findOrder(mock, (o) => o.fulfillment_type === 'fba' && o.sold_as === 'individual' && o.status === 'inbound');
    const result = await client.inbound.update(order.order_id, {
      date: new Date(Date.UTC(2025, 3, 2)),
      orderNumber: 'PO-RENAMED',
      itemName: 'Renamed item',
      brandSKU: 'BR-NEW',
      cogs: 3.5,
      listPrice: 12.75,
      notes: 'handle with care',
      trackingNumbers: ['1ZNEW0001'],
      quantity: 7,
    });
    expect(result).toEqual({ message: 'Inbound order updated.' });
    expect(sent[0]!.method).toBe('PUT');
    expect(sent[0]!.url.pathname).toBe(`/api/v1/inbound/${order.order_id}`);
    expect(sent[0]!.contentType).toMatch(/^application\/json/);
    expect(sent[0]!.json).toEqual({
      date: '04/02/2025',
      orderNumber: 'PO-RENAMED',
      itemName: 'Renamed item',
      brandSKU: 'BR-NEW',
      cogs: 3.5,
      listPrice: 12.75,
      notes: 'handle with care',
      trackingNumbers: ['1ZNEW0001'],
      quantity: 7,
    });
    expect(findOrder(mock, (o) => o.order_id === order.order_id)).toMatchObject({
      date: '04/02/2025',
      order_number: 'PO-RENAMED',
      item_name: 'Renamed item',
      brand_sku: 'BR-NEW',
      unit_cost: 3.5,
      list_price: 12.75,
      client_notes: 'handle with care',
      tracking_numbers: ['1ZNEW0001'],
      quantity: 7,
    });
  });

  it('turns a changed order from the list into the patch of what changed, which the mock applies', async () => {
    const listed = (await client.inbound.list({ limit: -1 })).items.find(
      (o) => o.fulfillment_type !== 'fbm' && o.sold_as === 'individual' && o.status === 'inbound',
    );
    if (!listed) throw new Error('the seed has no such order');
    const changed = { ...listed, order_number: 'PO-EDITED', unit_cost: 1.25, client_notes: 'fragile', quantity: listed.quantity + 1 };
    const patch = toInboundUpdate(changed, listed);
    expect(patch).toEqual({ orderNumber: 'PO-EDITED', cogs: 1.25, notes: 'fragile', quantity: listed.quantity + 1 });

    await client.inbound.update(listed.order_id, patch, { current: listed });
    expect(sent.at(-1)!.json).toEqual(patch);
    expect(findOrder(mock, (o) => o.order_id === listed.order_id)).toMatchObject({
      order_number: 'PO-EDITED',
      unit_cost: 1.25,
      client_notes: 'fragile',
      quantity: listed.quantity + 1,
    });
  });

  it('maps every list member to its update name, and a null text to an empty string', () => {
    const before: Partial<InboundOrder> = {
      date: '01/02/2025',
      retailer: 'A',
      order_number: 'PO-1',
      item_name: 'I',
      color: 'C',
      brand_sku: 'B',
      size: 'S',
      quantity: 2,
      asin: 'X',
      amazon_sku: 'PFL-1',
      unit_cost: 1,
      list_price: 2,
      client_notes: 'n',
      fulfillment_type: 'fba',
      tracking_numbers: ['1'],
      sold_as: 'individual',
      units_per_pack: 1,
      order_id: MISSING_ID,
      status: 'inbound',
      upc: null,
    };
    const after: Partial<InboundOrder> = {
      ...before,
      date: '01/03/2025',
      retailer: 'A2',
      order_number: 'PO-2',
      item_name: 'I2',
      color: 'C2',
      brand_sku: 'B2',
      size: 'S2',
      quantity: 4,
      asin: 'X2',
      amazon_sku: 'PFL-2',
      unit_cost: 3,
      list_price: 4,
      client_notes: null,
      fulfillment_type: 'fbm',
      tracking_numbers: ['1', '2'],
      sold_as: 'multi-pack',
      units_per_pack: 2,
      status: 'outbound',
      upc: '123',
    };
    expect(toInboundUpdate(after, before)).toEqual({
      date: '01/03/2025',
      retailer: 'A2',
      orderNumber: 'PO-2',
      itemName: 'I2',
      color: 'C2',
      brandSKU: 'B2',
      size: 'S2',
      quantity: 4,
      asin: 'X2',
      amazonSKU: 'PFL-2',
      cogs: 3,
      listPrice: 4,
      notes: '',
      fulfilledBy: 'fbm',
      trackingNumbers: ['1', '2'],
      sold_as: 'multi-pack',
      units_per_pack: 2,
    });
    expect(toInboundUpdate(before, before)).toEqual({});
  });
});

describe('shipments', () => {
  it('lists shipments with total_results read as the total', async () => {
    const page = await client.shipments.list({ limit: 5 });
    expect(page.items).toHaveLength(5);
    expect(page.total).toBe(12);
    expect(page.limit).toBe(5);
    expect(page.offset).toBe(0);
    expect([...sent[0]!.url.searchParams.entries()]).toEqual([
      ['offset', '0'],
      ['limit', '5'],
    ]);
  });

  it('filters by statuses and fulfillment types, sent as repeated keys', async () => {
    const page = await client.shipments.list({ statuses: ['shipped', 'picked'], fulfillment_types: ['fba', 'wfs', 'manual'] });
    const query = sent[0]!.url.searchParams;
    expect(query.getAll('statuses')).toEqual(['shipped', 'picked']);
    expect(query.getAll('fulfillment_types')).toEqual(['fba', 'wfs', 'manual']);
    const matching = mock.state.shipments.filter(
      (s) => ['shipped', 'picked'].includes(s.status) && ['fba', 'wfs', 'manual'].includes(s.fulfillment_type),
    );
    expect(matching.length).toBeGreaterThan(0);
    expect(page.total).toBe(matching.length);
    expect(new Set(page.items.map((s) => s.shipment_id))).toEqual(new Set(matching.map((s) => s.shipment_id)));
  });

  it('restricts the list to one shipment_id', async () => {
    const wanted = mock.state.shipments[7]!;
    const page = await client.shipments.list({ shipment_id: wanted.shipment_id });
    expect(sent[0]!.url.searchParams.get('shipment_id')).toBe(wanted.shipment_id);
    expect(page.total).toBe(1);
    expect(page.items.map((s) => s.shipment_id)).toEqual([wanted.shipment_id]);
    expect(page.items[0]!.trackings.every((t) => Object.keys(t).sort().join() === 'carrier,tracking_number,tracking_status')).toBe(true);
  });

  it('retrieves one shipment with its orders, boxes, services and tracking detail', async () => {
    const stored = mock.state.shipments.find((s) => s.status === 'shipped' && s.trackings.length > 0)!;
    const shipment = await client.shipments.retrieve(stored.shipment_id);
    expect(sent[0]!.url.pathname).toBe(`/api/v1/shipments/${stored.shipment_id}`);
    expect(shipment).toEqual(stored);
    expect(shipment.orders.length).toBeGreaterThan(0);
    for (const order of shipment.orders) {
      expect(order).toEqual({
        order_id: expect.any(String),
        item_name: expect.any(String),
        quantity_shipped: expect.any(Number),
        asin: expect.any(String),
        amazon_sku: expect.any(String),
        sold_as: expect.any(String),
        units_per_pack: expect.any(Number),
      });
    }
    for (const box of shipment.boxes)
      expect(box).toEqual({
        box_id: expect.any(String),
        name: expect.any(String),
        quantity: expect.any(Number),
        price_per_unit: expect.any(Number),
      });
    for (const service of shipment.services)
      expect(service).toEqual({
        service_id: expect.any(String),
        name: expect.any(String),
        quantity: expect.any(Number),
        price_per_unit: expect.any(Number),
      });
    for (const tracking of shipment.trackings)
      expect(tracking).toEqual({
        tracking_id: expect.any(String),
        tracking_number: expect.any(String),
        carrier: expect.any(String),
        tracking_status: expect.any(String),
        rate_id: expect.any(String),
        created_at: expect.any(String),
      });
    expect(typeof shipment.seller_central_linked).toBe('boolean');
    expect(typeof shipment.wfs_linked).toBe('boolean');
    expect(shipment.unit_services_summary).toEqual(expect.any(Object));
  });
});

describe('errors from the server', () => {
  it('turns a 401 envelope into AuthenticationError with its errors array', async () => {
    const wrong = new WarehouseClient({ baseUrl: mock.baseUrl, apiKey: 'wh_test_wrong', warehouseId: MISSING_ID, fetch: mock.fetch });
    const error = await rejectionOf(wrong.shipments.list());
    expect(error).toBeInstanceOf(AuthenticationError);
    const auth = error as AuthenticationError;
    expect(auth.status).toBe(401);
    expect(auth.errors).toEqual(['Invalid API key', 'Unknown warehouse']);
    expect(auth.message).toContain('Unauthorized.');
    expect(auth.body).toEqual({ status: 'failed', message: 'Unauthorized.', data: null, errors: ['Invalid API key', 'Unknown warehouse'] });
    expect(auth.message).not.toContain('wh_test_wrong');
  });

  it('turns a 404 into NotFoundError, for an unknown order and an unknown shipment', async () => {
    const update = await rejectionOf(client.inbound.update(MISSING_ID, { color: 'red' }));
    expect(update).toBeInstanceOf(NotFoundError);
    expect((update as NotFoundError).errors).toEqual([`no inbound order has order_id ${MISSING_ID}`]);
    const retrieve = await rejectionOf(client.shipments.retrieve(MISSING_ID));
    expect(retrieve).toBeInstanceOf(NotFoundError);
    expect((retrieve as NotFoundError).status).toBe(404);
  });

  it("hands a 400 envelope's errors to BadRequestError whole (a CSV the SDK refuses, swapped in past its check)", async () => {
    const bad = `${CSV_HEADER}\r\n03/01/2025,Target,PO-1,Lamp,Red,BR-1,-1,B0LAMP0001,1,2,fba\r\n13/45/2025,Target,PO-2,Lamp,Red,BR-1,3,,1,2,amazon\r\n`;
    expect(await rejectionOf(client.inbound.createBulk(bad))).toBeInstanceOf(RequestValidationError);
    // What a client that does not check would send: the form the SDK built, its file replaced.
    const unchecked = client.withOptions({
      fetch: async (input, init) => {
        const form = new FormData();
        form.set('bulk', 'true');
        form.set('file', new Blob([bad], { type: 'text/csv' }), 'orders.csv');
        const { 'content-type': _, ...headers } = (init?.headers ?? {}) as Record<string, string>;
        return mock.fetch(input, { ...init, headers, body: form });
      },
    });
    const before = mock.state.inboundOrders.length;
    const error = await rejectionOf(unchecked.inbound.createBulk(CSV_TEXT));
    expect(error).toBeInstanceOf(BadRequestError);
    const expected = [
      'Row 2: quantity: must be at least 0',
      'Row 3: date: must be a real calendar day as MM/DD/YYYY or YYYY-MM-DD text, or a valid Date',
      'Row 3: fulfillment_type: must be one of "fba", "fbm", "wfs", "two-step", "shopify"',
    ];
    expect((error as BadRequestError).errors).toEqual(expected);
    expect((error as BadRequestError).body).toMatchObject({ status: 'failed', data: null, errors: expected });
    expect(mock.state.inboundOrders).toHaveLength(before);
  });

  it('treats status "failed" under HTTP 200 as an APIError', async () => {
    const shipment = mock.state.shipments[0]!;
    mock.faults.status('GET /api/v1/shipments/:shipment_id', 200, {
      body: { status: 'failed', message: 'Shipment is locked.', data: null, errors: ['locked by another user'] },
    });
    const error = await rejectionOf(client.shipments.retrieve(shipment.shipment_id));
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).status).toBe(200);
    expect((error as APIError).errors).toEqual(['locked by another user']);
    expect((error as APIError).message).toContain('Shipment is locked.');
  });
});

describe('through msw (the global fetch, no fetch option)', () => {
  const mswMock = createWarehouseMock({ baseUrl: 'https://api.msw-warehouse.test/api/v1', inboundOrders: 30, shipments: 6 });
  const server = setupServer(...mswMock.handlers);
  const seen: { method: string; url: string; authorization: string | null; warehouseId: string | null }[] = [];
  server.events.on('request:start', ({ request }) => {
    seen.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.get('authorization'),
      warehouseId: request.headers.get('x-warehouse-id'),
    });
  });

  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  beforeEach(() => {
    mswMock.reset();
    seen.length = 0;
  });
  afterAll(() => server.close());

  const warehouse = () => new WarehouseClient({ domain: 'msw-warehouse.test', apiKey: mswMock.apiKey, warehouseId: mswMock.warehouseId });

  it('creates, lists, updates and retrieves with the key and warehouse on every request', async () => {
    const client = warehouse();
    const { order_id } = await client.inbound.create({ ...fullOrder(), order_number: 'PO-MSW' });
    const bulk = await client.inbound.createBulk(CSV_TEXT);
    expect(bulk.data).toMatchObject({ count: 2 });
    const orders = [];
    for await (const order of client.inbound.list({ limit: 10, sort_key: 'created_at', sort_order: 'asc' })) orders.push(order);
    expect(orders).toHaveLength(33);
    expect(orders.at(-3)!.order_id).toBe(order_id);
    await client.inbound.update(order_id, { notes: 'via msw' });
    expect(mswMock.state.inboundOrders.find((o) => o.order_id === order_id)!.client_notes).toBe('via msw');
    const shipments = await client.shipments.list({ limit: 4 });
    expect(shipments.total).toBe(6);
    const detail = await client.shipments.retrieve(shipments.items[0]!.shipment_id);
    expect(detail.shipment_id).toBe(shipments.items[0]!.shipment_id);

    expect(seen.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'POST /api/v1/inbound',
      'POST /api/v1/inbound',
      'GET /api/v1/inbound',
      'GET /api/v1/inbound',
      'GET /api/v1/inbound',
      'GET /api/v1/inbound',
      `PUT /api/v1/inbound/${order_id}`,
      'GET /api/v1/shipments',
      `GET /api/v1/shipments/${detail.shipment_id}`,
    ]);
    for (const request of seen) {
      expect(new URL(request.url).origin).toBe('https://api.msw-warehouse.test');
      expect(request.authorization).toBe(`ApiKey ${mswMock.apiKey}`);
      expect(request.warehouseId).toBe(mswMock.warehouseId);
    }
  });

  it('maps 401 and 404 to their error classes', async () => {
    const wrong = new WarehouseClient({ domain: 'msw-warehouse.test', apiKey: 'wh_test_nope', warehouseId: mswMock.warehouseId });
    const auth = await rejectionOf(wrong.inbound.list());
    expect(auth).toBeInstanceOf(AuthenticationError);
    expect((auth as AuthenticationError).errors).toEqual(['Invalid API key']);
    expect(await rejectionOf(warehouse().shipments.retrieve(MISSING_ID))).toBeInstanceOf(NotFoundError);
    expect(seen).toHaveLength(2);
  });
});
