/**
 * MSW's `setupServer` intercepts opslink in Node, whichever transport sends: it patches
 * `globalThis.fetch` (then opslink sends over it) and `node:http` alike.
 */
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WarehouseClient } from '../../src/index.js';
import { API_KEY, ORDER_ID, SHIPMENT_DETAIL, WAREHOUSE_ID } from '../support/scripted-fetch.js';

const BASE = 'https://warehouse.msw.test';
const seen: string[] = [];
const server = setupServer(
  http.get(`${BASE}/api/v1/shipments/:id`, ({ request, params }) => {
    seen.push(`${request.headers.get('x-warehouse-id')} ${String(params.id)}`);
    return HttpResponse.json({ status: 'success', message: 'ok', data: { shipment: SHIPMENT_DETAIL }, errors: null });
  }),
);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

describe('MSW setupServer', () => {
  it('answers a warehouse read, with the headers opslink sent', async () => {
    const client = new WarehouseClient({ baseUrl: BASE, apiKey: API_KEY, warehouseId: WAREHOUSE_ID });
    const shipment = await client.shipments.retrieve(ORDER_ID);
    expect(shipment.shipment_id).toBe(ORDER_ID);
    expect(seen).toEqual([`${WAREHOUSE_ID} ${ORDER_ID}`]);
  });
});
