import { describe, expect, it } from 'vitest';
import { createWarehouseMock } from '../../../src/testing/index.js';
import { type Body, SHIPMENT_LIST_MEMBERS, send } from '../../support/warehouse-mock.js';

describe('listing and retrieving shipments', () => {
  const mock = createWarehouseMock();

  it('names the count total_results and leaves detail members out of list items', async () => {
    const { status, body } = await send(mock, '/shipments');
    expect(status).toBe(200);
    expect(body.data.results).toEqual({ offset: 0, limit: 200, total_results: 10 });
    for (const shipment of body.data.shipments) {
      expect(Object.keys(shipment)).toEqual(SHIPMENT_LIST_MEMBERS);
      for (const t of shipment.trackings) expect(Object.keys(t)).toEqual(['tracking_number', 'carrier', 'tracking_status']);
    }
  });

  it('pages with offset and limit', async () => {
    const { body } = await send(mock, '/shipments?offset=8&limit=5');
    expect(body.data.shipments).toHaveLength(2);
    expect(body.data.results).toEqual({ offset: 8, limit: 5, total_results: 10 });
  });

  it('refuses limit -1, which only the inbound list documents', async () => {
    const { status, body } = await send(mock, '/shipments?limit=-1');
    expect(status).toBe(400);
    expect(body.errors[0]).toContain('limit');
  });

  it('refuses a query member named like an Object.prototype member as unknown (400), as any other', async () => {
    for (const name of ['evil', '__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty']) {
      for (const list of ['/shipments', '/inbound']) {
        const { status, body } = await send(mock, `${list}?offset=0&limit=2&${name}=1`);
        expect({ list, name, status, errors: body.errors }).toEqual({ list, name, status: 400, errors: [`unknown member "${name}"`] });
      }
    }
  });

  it('filters by statuses and fulfillment types', async () => {
    const { body } = await send(mock, '/shipments?statuses=shipped&statuses=picked');
    const expected = mock.state.shipments.filter((s) => s.status === 'shipped' || s.status === 'picked');
    expect(body.data.results.total_results).toBe(expected.length);
    expect(new Set(body.data.shipments.map((s: Body) => s.status))).toEqual(new Set(['shipped', 'picked']));

    const wfs = await send(mock, '/shipments?fulfillment_types=wfs');
    expect(wfs.body.data.shipments.every((s: Body) => s.fulfillment_type === 'wfs')).toBe(true);
    expect(wfs.body.data.results.total_results).toBe(mock.state.shipments.filter((s) => s.fulfillment_type === 'wfs').length);

    expect((await send(mock, '/shipments?statuses=lost')).status).toBe(400);
    expect((await send(mock, '/shipments?fulfillment_types=two-step')).status).toBe(400);
  });

  it('restricts the list to one shipment by shipment_id', async () => {
    const target = mock.state.shipments[6]!;
    const { body } = await send(mock, `/shipments?shipment_id=${target.shipment_id}`);
    expect(body.data.shipments.map((s: Body) => s.shipment_id)).toEqual([target.shipment_id]);
    expect(body.data.results.total_results).toBe(1);
    const none = await send(mock, '/shipments?shipment_id=00000000-0000-4000-8000-000000000000');
    expect(none.body.data.results.total_results).toBe(0);
  });

  it('sorts shipments by any list member both ways', async () => {
    const asc = (await send(mock, '/shipments?sort_key=total_quantity_shipped&sort_order=asc')).body.data.shipments.map(
      (s: Body) => s.total_quantity_shipped,
    );
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const latest = (await send(mock, '/shipments?sort_key=latest_ship_date')).body.data.shipments.map((s: Body) =>
      Date.parse(s.latest_ship_date),
    );
    expect(latest).toEqual([...latest].sort((a, b) => b - a));
  });

  it('returns one shipment with its detail members', async () => {
    const target = mock.state.shipments.find((s) => s.trackings.length > 0)!;
    const { status, body } = await send(mock, `/shipments/${target.shipment_id}`);
    expect(status).toBe(200);
    expect(body.data.shipment).toEqual(JSON.parse(JSON.stringify(target)));
    expect(Object.keys(body.data.shipment.trackings[0]).sort()).toEqual([
      'carrier',
      'created_at',
      'rate_id',
      'tracking_id',
      'tracking_number',
      'tracking_status',
    ]);
  });

  it('answers 404 for a shipment that does not exist and 400 for an id that is not a UUID', async () => {
    const missing = await send(mock, '/shipments/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: 'failed', data: null });
    const malformed = await send(mock, '/shipments/not-a-uuid');
    expect(malformed.status).toBe(400);
  });
});
