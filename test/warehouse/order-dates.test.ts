/**
 * A `Date` for a date-only member arrives as the calendar day the user meant, in every time
 * zone from UTC−12 to UTC+14: `new Date(2026, 10, 22)` (local midnight) and
 * `new Date('2026-11-22')` (UTC midnight) are both 11/22/2026 — on create, on update and in
 * bulk rows. Each zone runs in its own child process (TZ is read once, at start), against the
 * built package, through a fetch that records what would have been sent.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ZONES = [
  'Etc/GMT+12', // UTC−12
  'Pacific/Pago_Pago', // UTC−11
  'America/Los_Angeles',
  'America/St_Johns', // UTC−3:30
  'UTC',
  'Europe/Berlin',
  'Asia/Kolkata', // UTC+5:30
  'Asia/Tokyo',
  'Pacific/Chatham', // UTC+13:45 in November
  'Pacific/Kiritimati', // UTC+14
];

const dist = new URL('../../dist/index.js', import.meta.url).href;

// Runs in the child: every way a date can leave the SDK, for two Dates and two texts.
const script = `
const { WarehouseClient } = await import(${JSON.stringify(dist)});
const sent = [];
const fetch = async (url, init) => {
  if (init.body instanceof Blob) {
    const form = await new Request(url, { method: 'POST', body: init.body, headers: { 'content-type': init.body.type } }).formData();
    const file = form.get('file');
    sent.push(file ? (await file.text()).split('\\r\\n')[1].split(',')[0] : form.get('date'));
  } else sent.push(JSON.parse(init.body).date);
  const data = init.method === 'PUT' ? null : { order_id: '0b9d7c4e-2f3a-4b5c-8d9e-0f1a2b3c4d5e' };
  return Response.json({ status: 'success', message: 'ok', data, errors: null });
};
const client = new WarehouseClient({ baseUrl: 'https://api.example.test', apiKey: 'key-123456', warehouseId: 'wh', fetch });
const order = { retailer: 'R', order_number: 'PO', item_name: 'I', color: 'C', brand_sku: 'B', quantity: 1, unit_cost: 1, list_price: 2, fulfillment_type: 'wfs' };
const id = '0b9d7c4e-2f3a-4b5c-8d9e-0f1a2b3c4d5e';
for (const date of [new Date(2026, 10, 22), new Date('2026-11-22'), new Date(2026, 10, 22, 23, 59), '2026-11-22', '11/22/2026', '2/3/2025']) {
  await client.inbound.create({ ...order, date });
  await client.inbound.update(id, { date });
  await client.inbound.createBulk([{ ...order, date }]);
}
console.log(JSON.stringify(sent));
`;

describe('an order date arrives as the calendar day the user meant, in every time zone', () => {
  it.each(ZONES)('%s: local midnight, UTC midnight, a late local hour and text, on create, update and bulk rows', (zone) => {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, TZ: zone },
      encoding: 'utf8',
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
    });
    expect(run.stderr).toBe('');
    const sent = JSON.parse(run.stdout) as string[];
    const expected = ['11/22/2026', '11/22/2026', '11/22/2026', '11/22/2026', '11/22/2026', '02/03/2025'].flatMap((day) => [day, day, day]);
    expect(sent).toEqual(expected);
  });
});

describe('the date and update helpers, called on their own with what the pre-flight refuses', () => {
  it('formatOrderDate refuses (RequestValidationError naming date) what it cannot write, rather than writing NaN/NaN/0NaN', async () => {
    const { formatOrderDate, RequestValidationError } = await import('../../src/index.js');
    for (const value of [new Date('x'), new Date(Date.UTC(10_000, 0, 1)), new Date(Date.UTC(-1, 0, 1)), '02/30/2026', 'garbage']) {
      const error = (() => {
        try {
          return formatOrderDate(value);
        } catch (caught) {
          return caught;
        }
      })();
      expect(error, String(value)).toBeInstanceOf(RequestValidationError);
      expect((error as InstanceType<typeof RequestValidationError>).issues.map((issue) => issue.path)).toEqual([['date']]);
    }
    expect(formatOrderDate(new Date(Date.UTC(9999, 5, 1)))).toBe('06/01/9999');
  });

  it('checkInboundUpdate and toInboundUpdate refuse a patch that is no object with a RequestValidationError, not a TypeError', async () => {
    const { checkInboundUpdate, RequestValidationError, toInboundUpdate } = await import('../../src/index.js');
    for (const patch of [null, undefined, 'quantity=2', 7]) {
      expect(() => checkInboundUpdate(patch as never)).toThrow(RequestValidationError);
      expect(() => toInboundUpdate(patch as never)).toThrow(RequestValidationError);
    }
  });
});
