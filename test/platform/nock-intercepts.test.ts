/**
 * `nock` intercepts opslink in Node: the interception users of Node's HTTP stack rely on, which
 * they lost when SDKs moved to `fetch`.
 */
import nock from 'nock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessagingClient, WarehouseClient } from '../../src/index.js';
import { API_KEY, BOT_KEY, ORDER_ID, SHIPMENT_DETAIL, WAREHOUSE_ID } from '../support/scripted-fetch.js';

const BASE = 'https://api.nock.test';
beforeAll(() => nock.disableNetConnect());
afterAll(() => {
  nock.cleanAll();
  nock.enableNetConnect();
  nock.restore();
});

describe('nock', () => {
  it('answers a warehouse read and a direct message, each scope used once', async () => {
    const read = nock(BASE, { reqheaders: { 'x-warehouse-id': WAREHOUSE_ID, authorization: `ApiKey ${API_KEY}` } })
      .get(`/api/v1/shipments/${ORDER_ID}`)
      .reply(200, { status: 'success', message: 'ok', data: { shipment: SHIPMENT_DETAIL }, errors: null });
    const write = nock(BASE)
      .post('/api/bot/messages', { to: { email: 'ana@example.com' }, body: 'Door 2' })
      .reply(201, { id: 'm1' });
    const warehouse = new WarehouseClient({ baseUrl: BASE, apiKey: API_KEY, warehouseId: WAREHOUSE_ID });
    expect((await warehouse.shipments.retrieve(ORDER_ID)).shipment_id).toBe(ORDER_ID);
    await new MessagingClient({ baseUrl: BASE, botKey: BOT_KEY }).sendDirectMessage({ to: { email: 'ana@example.com' }, body: 'Door 2' });
    expect(read.isDone() && write.isDone()).toBe(true);
  });
});
