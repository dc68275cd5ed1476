import { describe, expect, it } from 'vitest';
import { createWarehouseMock } from '../../../src/testing/index.js';
import { VALIDATION_FAILURE_MESSAGE } from '../../../src/warehouse/update-rules.js';
import { type Body, dateMs, INBOUND_LIST_MEMBERS, send } from '../../support/warehouse-mock.js';

describe('listing inbound orders', () => {
  const mock = createWarehouseMock();

  it('returns the first 200, newest first, with the total, by default', async () => {
    const { status, body } = await send(mock, '/inbound');
    expect(status).toBe(200);
    expect(body.status).toBe('success');
    expect(body.errors).toBeNull();
    expect(body.data.results).toEqual({ total: 25, limit: 200, offset: 0 });
    const created = body.data.orders.map((o: Body) => o.created_at);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('returns only the members of the list shape, not bundle children or label files', async () => {
    const { body } = await send(mock, '/inbound?limit=-1');
    for (const order of body.data.orders) expect(Object.keys(order)).toEqual(INBOUND_LIST_MEMBERS);
  });

  it('pages with offset and limit while total stays the number of matching orders', async () => {
    const all = (await send(mock, '/inbound?limit=-1')).body.data.orders.map((o: Body) => o.order_id);
    const { body } = await send(mock, '/inbound?offset=5&limit=7');
    expect(body.data.results).toEqual({ total: 25, limit: 7, offset: 5 });
    expect(body.data.orders.map((o: Body) => o.order_id)).toEqual(all.slice(5, 12));

    const walked: string[] = [];
    for (let offset = 0; offset < 25; offset += 10) {
      const next = await send(mock, `/inbound?offset=${offset}&limit=10`);
      walked.push(...next.body.data.orders.map((o: Body) => o.order_id));
    }
    expect(walked).toEqual(all);
  });

  it('returns every order for limit -1 and echoes the -1', async () => {
    const { body } = await send(mock, '/inbound?limit=-1&offset=20');
    expect(body.data.orders).toHaveLength(5);
    expect(body.data.results).toEqual({ total: 25, limit: -1, offset: 20 });
  });

  it('returns an empty page past the end', async () => {
    const { body } = await send(mock, '/inbound?offset=100');
    expect(body.data.orders).toEqual([]);
    expect(body.data.results.total).toBe(25);
  });

  it('filters by fulfillment types sent as repeated keys, the one array encoding (a comma-joined value is no type)', async () => {
    const expected = mock.state.inboundOrders.filter((o) => o.fulfillment_type === 'fba' || o.fulfillment_type === 'two-step').length;
    const repeated = await send(mock, '/inbound?fulfillment_types=fba&fulfillment_types=two-step&limit=-1');
    expect(repeated.body.data.results.total).toBe(expected);
    expect(new Set(repeated.body.data.orders.map((o: Body) => o.fulfillment_type))).toEqual(new Set(['fba', 'two-step']));
    const comma = await send(mock, '/inbound?fulfillment_types=fba,two-step&limit=-1');
    expect(comma.status).toBe(400);
    expect(comma.body.errors).toEqual(['fulfillment_types.0: must be one of "fba", "fbm", "wfs", "two-step"']);
  });

  it('sorts numbers as numbers both ways', async () => {
    const asc = (await send(mock, '/inbound?sort_key=quantity&sort_order=asc&limit=-1')).body.data.orders.map((o: Body) => o.quantity);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(new Set(asc.map((q: number) => String(q).length)).size).toBeGreaterThan(1);
    const desc = (await send(mock, '/inbound?sort_key=list_price&sort_order=desc&limit=-1')).body.data.orders.map(
      (o: Body) => o.list_price,
    );
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  it('sorts MM/DD/YYYY dates as dates, across years', async () => {
    const ascText = (await send(mock, '/inbound?sort_key=date&sort_order=asc&limit=-1')).body.data.orders.map((o: Body) => o.date);
    const asc = ascText.map(dateMs);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    // The seed makes text order and date order differ, so a text sort cannot pass.
    expect([...ascText].sort()).not.toEqual(ascText);
    const desc = (await send(mock, '/inbound?sort_key=date&limit=-1')).body.data.orders.map((o: Body) => dateMs(o.date));
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  it('sorts text and creation time both ways', async () => {
    const names = (await send(mock, '/inbound?sort_key=item_name&sort_order=asc&limit=-1')).body.data.orders.map((o: Body) => o.item_name);
    expect(names).toEqual([...names].sort());
    const oldest = (await send(mock, '/inbound?sort_key=created_at&sort_order=asc&limit=1')).body.data.orders[0];
    expect(oldest.order_id).toBe(mock.state.inboundOrders[0]!.order_id);
  });

  it('breaks ties by order_id so equal keys page the same way every time', async () => {
    const orders = (await send(mock, '/inbound?sort_key=status&sort_order=desc&limit=-1')).body.data.orders;
    const outbound = orders.filter((o: Body) => o.status === 'outbound').map((o: Body) => o.order_id);
    expect(orders[0].status).toBe('outbound');
    expect(outbound).toEqual([...outbound].sort());
  });

  it.each([
    ['offset=-1', 'offset'],
    ['offset=abc', 'offset'],
    ['limit=0', 'limit'],
    ['limit=-2', 'limit'],
    ['limit=ten', 'limit'],
    ['sort_order=up', 'sort_order'],
    ['sort_key=colour', 'sort_key'],
    ['fulfillment_types=shopify', 'fulfillment_types'],
    ['fulfillment_types=fba,,fbm', 'fulfillment_types'],
    ['sortKey=quantity', 'sortKey'],
  ])('rejects %s with a 400 naming %s', async (query, name) => {
    const { status, body } = await send(mock, `/inbound?${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: 'failed', message: VALIDATION_FAILURE_MESSAGE, data: null });
    expect(body.errors.join(' ')).toContain(name);
  });

  it('accepts a lang parameter', async () => {
    expect((await send(mock, '/inbound?lang=de')).status).toBe(200);
  });
});
