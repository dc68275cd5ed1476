/** `opslink orders list|update`, `opslink shipments list|get`, run in this process: every format, filters, exit codes. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/warehouse/csv-check.js';
import { INBOUND_ORDER_FIELDS, SHIPMENT_FIELDS } from '../../src/warehouse/index.js';
import { lines, runInProcess, type Services, startServices } from './helpers.js';

let s: Services;
beforeAll(async () => {
  s = await startServices({ orders: 60, shipments: 8 });
});
afterAll(() => s.close());
beforeEach(() => {
  s.requests.length = 0;
  s.warehouse.faults.reset();
});

/** The orders as the list endpoint gives them, newest first (its default order). */
const newestFirst = () => [...s.warehouse.state.inboundOrders].sort((a, b) => b.created_at.localeCompare(a.created_at));

describe('opslink orders list', () => {
  it('json: one array, every order, every member, in the list order', async () => {
    const result = await runInProcess(['orders', 'list', '--format', 'json', '--limit', '25'], { env: s.env });
    expect(result.code).toBe(0);
    const orders = JSON.parse(result.stdout) as Record<string, unknown>[];
    expect(orders.map((o) => o.order_id)).toEqual(newestFirst().map((o) => o.order_id));
    expect(Object.keys(orders[0]!)).toEqual(expect.arrayContaining([...INBOUND_ORDER_FIELDS]));
    expect(s.requests.filter((r) => r.method === 'GET')).toHaveLength(3);
  });

  it('json is the default when stdout is not a terminal; an empty list is []', async () => {
    const all = await runInProcess(['orders', 'list', '--max', '3'], { env: s.env });
    expect(JSON.parse(all.stdout)).toHaveLength(3);
    const none = await runInProcess(['orders', 'list', '--offset', '1000'], { env: s.env });
    expect(none.stdout).toBe('[]\n');
  });

  it('ndjson: one order per line; --columns picks members', async () => {
    const result = await runInProcess(['orders', 'list', '--format', 'ndjson', '--columns', 'order_id,quantity', '--max', '7'], {
      env: s.env,
    });
    const rows = lines(result.stdout).map((line) => JSON.parse(line));
    expect(rows).toHaveLength(7);
    expect(rows[0]).toEqual({ order_id: newestFirst()[0]!.order_id, quantity: newestFirst()[0]!.quantity });
  });

  it('csv: RFC 4180, a header of every member, CRLF line ends, quoted cells where needed', async () => {
    const result = await runInProcess(['orders', 'list', '--format', 'csv'], { env: s.env });
    expect(result.code).toBe(0);
    expect(result.stdout.endsWith('\r\n')).toBe(true);
    const parsed = parseCsv(result.stdout);
    if ('error' in parsed) throw new Error(parsed.error);
    const [header, ...rows] = parsed.records;
    expect(header!.fields).toEqual([...INBOUND_ORDER_FIELDS]);
    expect(rows).toHaveLength(60);
    const first = newestFirst()[0]!;
    const cell = (name: string) => rows[0]!.fields[INBOUND_ORDER_FIELDS.indexOf(name as never)];
    expect(cell('order_number')).toBe(first.order_number);
    expect(cell('tracking_numbers')).toBe(first.tracking_numbers.join(';'));
    expect(cell('unit_cost')).toBe(String(first.unit_cost));
  });

  it('table: a header and one line per order, as wide as the terminal at most, ids whole', async () => {
    const result = await runInProcess(['orders', 'list', '--format', 'table', '--max', '5'], { env: { ...s.env, COLUMNS: '72' } });
    const out = lines(result.stdout);
    expect(out).toHaveLength(6);
    expect(out[0]).toMatch(/^order_id\s+date\s+/);
    for (const line of out) expect([...line].length).toBeLessThanOrEqual(72);
    expect(out[1]!.startsWith(newestFirst()[0]!.order_id)).toBe(true);
    const wide = await runInProcess(['orders', 'list', '--format', 'table', '--max', '5', '--columns', 'order_number,quantity'], {
      env: s.env,
    });
    expect(lines(wide.stdout)[1]).toMatch(new RegExp(`^${newestFirst()[0]!.order_number}\\s+\\d+$`));
  });

  it('filters are the query members as flags, checked by the SDK; a value it refuses is a usage error (2)', async () => {
    const result = await runInProcess(
      [
        'orders',
        'list',
        '--fulfillment-types',
        'fba',
        '--fulfillment-types',
        'fbm',
        '--sort-key',
        'quantity',
        '--sort-order',
        'asc',
        '--lang',
        'es',
      ],
      {
        env: s.env,
      },
    );
    expect(result.code).toBe(0);
    const orders = JSON.parse(result.stdout) as { fulfillment_type: string; quantity: number }[];
    expect(new Set(orders.map((o) => o.fulfillment_type))).toEqual(new Set(['fba', 'fbm']));
    expect(orders.map((o) => o.quantity)).toEqual([...orders.map((o) => o.quantity)].sort((a, b) => a - b));
    const bad = await runInProcess(['orders', 'list', '--sort-key', 'colour', '--limit', '0', '--fulfillment-types', 'manual'], {
      env: s.env,
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--sort-key: must be one of');
    expect(bad.stderr).toContain('--limit: must be a positive integer, or -1 for every record');
    expect(bad.stderr).toContain('--fulfillment-types [0]: must be one of');
  });

  it('--max stops early; --concurrency fetches pages ahead, in order', async () => {
    const few = await runInProcess(['orders', 'list', '--limit', '10', '--max', '15'], { env: s.env });
    expect(JSON.parse(few.stdout)).toHaveLength(15);
    expect(s.requests).toHaveLength(2);
    s.requests.length = 0;
    const ahead = await runInProcess(['orders', 'list', '--limit', '10', '--concurrency', '4', '--format', 'ndjson'], { env: s.env });
    expect(lines(ahead.stdout).map((l) => JSON.parse(l).order_id)).toEqual(newestFirst().map((o) => o.order_id));
    const bad = await runInProcess(['orders', 'list', '--concurrency', '0', '--max', 'x'], { env: s.env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--concurrency: must be a whole number from 1 to 64|--max takes a number, got "x"/);
  });

  it('takes a negative number after its flag, as --help documents it: --limit -1 is one page of every order', async () => {
    const all = await runInProcess(['orders', 'list', '--limit', '-1'], { env: s.env });
    expect(all.code).toBe(0);
    expect(JSON.parse(all.stdout)).toHaveLength(newestFirst().length);
    expect(s.requests).toHaveLength(1);
    const negative = await runInProcess(['orders', 'list', '--max', '-3'], { env: s.env });
    expect(negative.code).toBe(2); // a flag value the command cannot use, named with the SDK's words
    expect(negative.stderr).toContain('--max: must be a whole number, 0 or more');
  });

  it('exits 3 when the service refuses the key, and 2 on an unknown format or column', async () => {
    const refused = await runInProcess(['orders', 'list'], { env: { ...s.env, OPSLINK_WAREHOUSE_API_KEY: 'wh_wrong_0000000000' } });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/^error: AuthenticationError: Unauthorized\. \(401 GET \/api\/v1\/inbound/);
    expect((await runInProcess(['orders', 'list', '--format', 'xlsx'], { env: s.env })).code).toBe(2);
    const column = await runInProcess(['orders', 'list', '--columns', 'order_id,colour'], { env: s.env });
    expect(column.code).toBe(2);
    expect(column.stderr).toContain('--columns: no member "colour"; did you mean "color"?');
  });

  it('exits 4 on a timeout', async () => {
    s.warehouse.faults.add({ route: 'GET /api/v1/inbound', times: 1, fault: { hang: 5_000 } });
    const result = await runInProcess(['orders', 'list', '--timeout', '300', '--max-retries', '0'], { env: s.env });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/^error: APIConnectionTimeoutError: /);
  });

  it('reads the address from the flags over the environment (--warehouse-url)', async () => {
    const result = await runInProcess(['orders', 'list', '--max', '1', '--warehouse-url', s.server.warehouseBaseUrl], {
      env: { ...s.env, OPSLINK_WAREHOUSE_URL: 'http://127.0.0.1:9/api/v1' },
    });
    expect(result.code).toBe(0);
  });
});

describe('opslink shipments', () => {
  it('list in every format, with status filters', async () => {
    const json = JSON.parse((await runInProcess(['shipments', 'list', '--format', 'json'], { env: s.env })).stdout) as {
      shipment_id: string;
    }[];
    expect(json).toHaveLength(8);
    const ndjson = await runInProcess(['shipments', 'list', '--format', 'ndjson', '--statuses', 'shipped,picked'], { env: s.env });
    for (const line of lines(ndjson.stdout)) expect(['shipped', 'picked']).toContain(JSON.parse(line).status);
    const csv = await runInProcess(['shipments', 'list', '--format', 'csv'], { env: s.env });
    const parsed = parseCsv(csv.stdout);
    if ('error' in parsed) throw new Error(parsed.error);
    expect(parsed.records[0]!.fields).toEqual([...SHIPMENT_FIELDS]);
    // Members that are objects are JSON text in their cell.
    const address = parsed.records[1]!.fields[SHIPMENT_FIELDS.indexOf('shipping_address')]!;
    expect(JSON.parse(address)).toHaveProperty('city');
    const table = await runInProcess(['shipments', 'list', '--format', 'table'], { env: { ...s.env, COLUMNS: '100' } });
    expect(lines(table.stdout)).toHaveLength(9);
    expect(lines(table.stdout)[0]).toMatch(/^shipment_id\s+name\s+status/);
  });

  it('get one shipment in full, in every format', async () => {
    const id = s.warehouse.state.shipments[0]!.shipment_id;
    const json = await runInProcess(['shipments', 'get', id, '--format', 'json'], { env: s.env });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ shipment_id: id, orders: expect.any(Array), boxes: expect.any(Array) });
    expect(JSON.parse((await runInProcess(['shipments', 'get', id, '--format', 'ndjson'], { env: s.env })).stdout).shipment_id).toBe(id);
    const csv = parseCsv((await runInProcess(['shipments', 'get', id, '--format', 'csv'], { env: s.env })).stdout);
    if ('error' in csv) throw new Error(csv.error);
    expect(csv.records[1]!.fields[0]).toBe(id);
    const table = await runInProcess(['shipments', 'get', id, '--format', 'table'], { env: s.env });
    expect(lines(table.stdout)[0]).toMatch(new RegExp(`^shipment_id\\s+${id}$`));
  });

  it('get exits 1 on an id that is not a UUID (nothing sent), and 3 on an unknown one', async () => {
    const bad = await runInProcess(['shipments', 'get', '../inbound'], { env: s.env });
    expect(bad.code).toBe(1);
    expect(s.requests).toEqual([]);
    const unknown = await runInProcess(['shipments', 'get', '00000000-0000-4000-8000-000000000000'], { env: s.env });
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain('NotFoundError');
  });
});

describe('opslink orders update', () => {
  const writes = () => s.requests.filter((r) => r.method !== 'GET');

  it('finds the order through the list, prints the patch, and sends it', async () => {
    const order = newestFirst()[3]!;
    const result = await runInProcess(
      ['orders', 'update', order.order_id, '--set', 'client_notes=Fragile: glass', '--set', 'quantity=24'],
      {
        env: s.env,
      },
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ order_id: order.order_id, patch: { quantity: 24, notes: 'Fragile: glass' } });
    expect(writes()).toEqual([expect.objectContaining({ method: 'PUT', path: `/api/v1/inbound/${order.order_id}` })]);
    expect(s.warehouse.state.inboundOrders.find((o) => o.order_id === order.order_id)).toMatchObject({
      quantity: 24,
      client_notes: 'Fragile: glass',
    });
  });

  it('takes the update names too, parses values by type, and leaves out what is unchanged', async () => {
    const order = newestFirst()[5]!;
    const result = await runInProcess(
      ['orders', 'update', order.order_id, '--set', `orderNumber=${order.order_number}`, '--set', 'trackingNumbers=1Z1;1Z2', '--dry-run'],
      { env: s.env },
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).patch).toEqual({ trackingNumbers: ['1Z1', '1Z2'] });
    expect(result.stderr).toContain('orderNumber is already');
    expect(writes()).toEqual([]);
  });

  it('prints every broken rule on the merged state and exits 1, sending nothing', async () => {
    const order = s.warehouse.state.inboundOrders.find((o) => o.fulfillment_type === 'fba' && o.status === 'inbound')!;
    const result = await runInProcess(
      ['orders', 'update', order.order_id, '--set', 'fulfilledBy=fbm', '--set', 'amazonSKU=X-1', '--set', 'list_price=0'],
      {
        env: s.env,
      },
    );
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).patch).toEqual({ fulfilledBy: 'fbm', amazonSKU: 'X-1', listPrice: 0 });
    expect(result.stderr).toContain('amazonSKU: amazonSKU of an fbm order must start with PFL or be empty [fbm_amazon_sku_prefix]');
    expect(result.stderr).toContain('listPrice: listPrice of an fbm order is required and must be non-zero [fbm_list_price]');
    expect(writes()).toEqual([]);
  });

  it('refuses a number too long to keep its digits, rather than send another one', async () => {
    const order = s.warehouse.state.inboundOrders.find((o) => o.status === 'inbound')!;
    const result = await runInProcess(['orders', 'update', order.order_id, '--set', 'quantity=12345678901234567891'], { env: s.env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('quantity: must be at most 9007199254740991 (past it a whole number loses digits)');
    expect(writes()).toEqual([]);
  });

  it('--dry-run sends nothing but the reads that find the order', async () => {
    const order = newestFirst()[1]!;
    const result = await runInProcess(['orders', 'update', order.order_id, '--set', 'notes=x', '--dry-run'], { env: s.env });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('nothing sent');
    expect(s.requests.every((r) => r.method === 'GET' && r.path === '/api/v1/inbound')).toBe(true);
    expect(s.warehouse.state.inboundOrders.find((o) => o.order_id === order.order_id)?.client_notes).not.toBe('x');
  });

  it('exits 1 on a wrong value before any request, on an unknown order after the search; 2 on an unknown field or without --set', async () => {
    const order = newestFirst()[0]!;
    const typed = await runInProcess(['orders', 'update', order.order_id, '--set', 'quantity=many'], { env: s.env });
    expect(typed.code).toBe(1);
    expect(typed.stderr).toContain('quantity: must be a number, not a string');
    const field = await runInProcess(['orders', 'update', order.order_id, '--set', 'colour=red'], { env: s.env });
    expect(field.code).toBe(2);
    expect(field.stderr).toContain('--set: no field "colour"; did you mean "color"?');
    expect(s.requests).toEqual([]);
    const unknown = await runInProcess(['orders', 'update', '00000000-0000-4000-8000-000000000000', '--set', 'notes=x'], { env: s.env });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no inbound order has order_id 00000000-0000-4000-8000-000000000000 (looked through 60 orders)');
    expect((await runInProcess(['orders', 'update', order.order_id], { env: s.env })).code).toBe(2);
    expect((await runInProcess(['orders', 'update', order.order_id, '--set', 'notes'], { env: s.env })).code).toBe(2);
  });
});
