/**
 * The inbound writes (`inbound.update`, `inbound.updateMany`, `inbound.createBulk`) read
 * their input at the call: what the caller changes afterwards is not sent; a bad input is
 * refused with every problem and the caller's line in the stack, and nothing is sent. Their
 * code is in the page with the client (issue 44 measured what loading it on demand saved
 * against the round trip it cost), so no call waits for code or fails because it could not
 * be fetched.
 */
import { describe, expect, it } from 'vitest';
import { type InboundOrderRow, RequestValidationError, WarehouseClient } from '../../src/index.js';
import { createWarehouseMock, type WarehouseMock } from '../../src/testing/index.js';
import { BULK_ROW, ONE_ORDER_CSV } from '../support/bulk-csv.js';

function clientOf(mock: WarehouseMock) {
  return new WarehouseClient({ baseUrl: mock.baseUrl, apiKey: mock.apiKey, warehouseId: mock.warehouseId, fetch: mock.fetch });
}

/** A bulk row whose date is written as ISO text, the form the create form also takes. */
const ROW: InboundOrderRow = { ...BULK_ROW, date: '2026-11-22', order_number: 'PO-1001' };

describe('the input is read at the call', () => {
  it('inbound.update sends the patch as it was at the call', async () => {
    const mock = createWarehouseMock();
    const client = clientOf(mock);
    const order = mock.state.inboundOrders.find((o) => o.status === 'inbound' && o.sold_as === 'individual')!;
    const patch = { notes: 'as at the call', trackingNumbers: ['1ZAT'] };
    const sent = client.inbound.update(order.order_id, patch);
    patch.notes = 'changed after the call';
    patch.trackingNumbers[0] = '1ZCHANGED';
    await sent;
    expect(mock.state.inboundOrders.find((o) => o.order_id === order.order_id)).toMatchObject({
      client_notes: 'as at the call',
      tracking_numbers: ['1ZAT'],
    });
  });

  it('inbound.update and updateMany send a Date as it was at the call: set right after, it changes nothing', async () => {
    const mock = createWarehouseMock();
    const order = mock.state.inboundOrders.find((o) => o.status === 'inbound' && o.sold_as === 'individual')!;
    const date = new Date(2026, 10, 22);
    const updated = clientOf(mock).inbound.update(order.order_id, { date });
    date.setFullYear(1999);
    await updated;
    expect(mock.state.inboundOrders.find((o) => o.order_id === order.order_id)?.date).toBe('11/22/2026');
    const again = new Date(2026, 10, 23);
    const items = [{ order_id: order.order_id, patch: { date: again, quantity: 4 } }];
    const bulk = clientOf(mock).inbound.updateMany(items);
    again.setFullYear(1999);
    items[0]!.patch.quantity = 99;
    expect((await bulk).map((r) => r.status)).toEqual(['fulfilled']);
    expect(mock.state.inboundOrders.find((o) => o.order_id === order.order_id)).toMatchObject({ date: '11/23/2026', quantity: 4 });
  });

  it('inbound.update checks the rules against `current` as it was at the call', async () => {
    const mock = createWarehouseMock();
    const client = clientOf(mock);
    const order = mock.state.inboundOrders.find((o) => o.status === 'inbound')!;
    const current = { status: 'outbound' as const, fulfillment_type: 'fba' as const };
    const sent = client.inbound.update(order.order_id, { fulfilledBy: 'wfs' }, { current });
    current.status = 'inbound' as 'outbound';
    const error = await sent.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues.map((i) => i.path)).toEqual([['fulfilledBy']]);
  });

  it('inbound.createBulk writes the rows as they were at the call; a Blob is sent as given', async () => {
    const mock = createWarehouseMock();
    const client = clientOf(mock);
    const rows = [{ ...ROW }, { ...ROW, order_number: 'PO-1002' }];
    const before = mock.state.inboundOrders.length;
    const sent = client.inbound.createBulk(rows);
    rows[0]!.order_number = 'PO-CHANGED';
    rows.length = 1;
    expect((await sent).data).toMatchObject({ count: 2 });
    const created = mock.state.inboundOrders.slice(before).map((o) => o.order_number);
    expect(created).toEqual(['PO-1001', 'PO-1002']);

    const file = new Blob([ONE_ORDER_CSV], { type: 'text/csv' });
    const fetched: Request[] = [];
    const recording = new WarehouseClient({
      baseUrl: mock.baseUrl,
      apiKey: mock.apiKey,
      warehouseId: mock.warehouseId,
      maxRetries: 0,
      fetch: (input, init) => {
        fetched.push(new Request(input, init));
        return Promise.resolve(new Response('{}', { status: 400 }));
      },
    });
    await recording.inbound.createBulk(file).catch(() => {});
    const form = await fetched[0]!.formData();
    expect(await (form.get('file') as Blob).text()).toBe(ONE_ORDER_CSV);
  });

  it('inbound.createBulk sends CSV bytes as they were at the call', async () => {
    const mock = createWarehouseMock();
    const client = clientOf(mock);
    const csv = (order: string) =>
      `date,retailer,order_number,item_name,color,brand_sku,quantity,unit_cost,list_price,fulfillment_type\n2026-11-22,Target,${order},Desk lamp,black,LAMP-BLK,12,9.5,24.99,wfs\n`;
    const bytes = new TextEncoder().encode(csv('PO-BYTES1'));
    const before = mock.state.inboundOrders.length;
    const sent = client.inbound.createBulk(bytes);
    bytes.set(new TextEncoder().encode(csv('PO-CHANGE')));
    await sent;
    expect(mock.state.inboundOrders.slice(before).map((o) => o.order_number)).toEqual(['PO-BYTES1']);
  });

  it('inbound.updateMany sends each change as it was at the call', async () => {
    const mock = createWarehouseMock();
    const client = clientOf(mock);
    const [a, b] = mock.state.inboundOrders; // a note breaks no rule, whatever the order
    const items = [
      { order_id: a!.order_id, patch: { notes: 'first' } },
      { order_id: b!.order_id, patch: { notes: 'second' } },
    ];
    const sent = client.inbound.updateMany(items);
    items[0]!.patch.notes = 'changed';
    items.pop();
    const results = await sent;
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(mock.state.inboundOrders.find((o) => o.order_id === a!.order_id)?.client_notes).toBe('first');
    expect(mock.state.inboundOrders.find((o) => o.order_id === b!.order_id)?.client_notes).toBe('second');
  });
});

describe('a Date is read by what it holds, not by methods the object has of its own', () => {
  it('inbound.update sends the day the Date holds, on the first call and the ones after', async () => {
    const mock = createWarehouseMock();
    const order = mock.state.inboundOrders.find((o) => o.status === 'inbound' && o.sold_as === 'individual')!;
    for (let call = 0; call < 3; call++) {
      const date = new Date(Date.UTC(2026, 10, 22));
      Object.assign(date, { getTime: () => 1, getUTCFullYear: () => 1000, getFullYear: () => 1000 });
      await clientOf(mock).inbound.update(order.order_id, { date });
      expect(mock.state.inboundOrders.find((o) => o.order_id === order.order_id)?.date).toBe('11/22/2026');
    }
  });
});

describe("a refusal names every problem and the caller's line, and sends nothing", () => {
  /** The call made twice: the second is refused as the first was, its stack naming the caller too. */
  const refusedTwice = async (call: () => PromiseLike<unknown>) => {
    const refused = () =>
      Promise.resolve(call()).then(
        () => expect.fail('sent'),
        (e: unknown) => e as RequestValidationError,
      );
    return [await refused(), await refused()];
  };
  const mock = createWarehouseMock();
  const client = clientOf(mock);
  const requests = () => mock.requests.size;

  it('inbound.update', async () => {
    const before = requests();
    const renameFromHere = () => client.inbound.update('not-a-uuid', { quantity: -1 as number, fulfilledBy: 'fbm', listPrice: 0 });
    for (const error of await refusedTwice(renameFromHere)) {
      expect(error).toBeInstanceOf(RequestValidationError);
      expect(error.issues.map((i) => i.path.join('.'))).toEqual(expect.arrayContaining(['order_id', 'quantity']));
      expect(error.stack).toContain('renameFromHere');
    }
    expect(requests()).toBe(before);
  });

  it('inbound.createBulk', async () => {
    const uploadFromHere = () =>
      client.inbound.createBulk([
        { ...ROW, quantity: -1 },
        { ...ROW, retailer: '' },
      ] as InboundOrderRow[]);
    for (const error of await refusedTwice(uploadFromHere)) {
      expect(error).toBeInstanceOf(RequestValidationError);
      expect(error.issues.map((i) => i.path[0])).toEqual(expect.arrayContaining([0, 1]));
      expect(error.stack).toContain('uploadFromHere');
    }
  });

  it('inbound.updateMany', async () => {
    const updateAllFromHere = () =>
      client.inbound.updateMany([
        { order_id: 'x', patch: { notes: 'a' } },
        { order_id: mock.state.inboundOrders[0]!.order_id, patch: { quantity: 'many' as unknown as number } },
      ]);
    for (const error of await refusedTwice(updateAllFromHere)) {
      expect(error).toBeInstanceOf(RequestValidationError);
      expect(error.issues.map((i) => i.path.join('.'))).toEqual(['0.order_id', '1.patch.quantity']);
      expect(error.stack).toContain('updateAllFromHere');
    }
  });
});
