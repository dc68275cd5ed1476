/**
 * Redirects through MSW-intercepted fetch (the global fetch, as `opslink/testing` users run
 * it): handled by the core as against a real server, and `withResponse().response.url` of a
 * webhook call carries no token there either.
 */
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APIError, MessagingClient, WarehouseClient } from '../../src/index.js';
import { ORDER } from '../support/reliability.js';
import { API_KEY, SHIPMENT_DETAIL, WAREHOUSE_ID, WEBHOOK_TOKEN, WEBHOOK_URL } from '../support/scripted-fetch.js';

const BASE = 'https://api.example.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const warehouse = () => new WarehouseClient({ baseUrl: BASE, apiKey: API_KEY, warehouseId: WAREHOUSE_ID, maxRetries: 0 });
const moved = (status: number, location: string) => new HttpResponse(null, { status, headers: { location } });

describe('through MSW', () => {
  it('a create answered 301 is an APIError with status 301; nothing is sent as a GET', async () => {
    const seen: string[] = [];
    server.use(
      http.all(`${BASE}/*`, ({ request }) => {
        seen.push(`${request.method} ${new URL(request.url).pathname}`);
        return request.method === 'POST'
          ? moved(301, `${BASE}/v2/api/v1/inbound`)
          : HttpResponse.json({ status: 'success', message: 'Inbound orders retrieved successfully.', data: {}, errors: null });
      }),
    );
    const error = await warehouse()
      .inbound.create(ORDER)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).status).toBe(301);
    expect(seen).toEqual(['POST /api/v1/inbound']);
  });

  it('a read answered 302 on the same origin is followed', async () => {
    server.use(
      http.get(`${BASE}/api/v1/shipments/:id`, () => moved(302, `${BASE}/v2/api/v1/shipments/${SHIPMENT_DETAIL.shipment_id}`)),
      http.get(`${BASE}/v2/api/v1/shipments/:id`, () =>
        HttpResponse.json({ status: 'success', message: 'ok', data: { shipment: SHIPMENT_DETAIL }, errors: null }),
      ),
    );
    const shipment = await warehouse().shipments.retrieve(SHIPMENT_DETAIL.shipment_id);
    expect(shipment.shipment_id).toBe(SHIPMENT_DETAIL.shipment_id);
  });

  it.each([
    ['the global fetch', undefined],
    ['a custom fetch that wraps it', ((input, init) => globalThis.fetch(input, init)) as typeof fetch],
  ])('a webhook call through %s: withResponse().response.url carries no token', async (_name, fetch) => {
    server.use(http.post(WEBHOOK_URL, () => HttpResponse.json({ id: 'm1' }, { status: 200 })));
    const hook = MessagingClient.fromWebhookUrl(WEBHOOK_URL, { fetch });
    const { response } = await hook.postChannelMessage({ content: 'hi' }).withResponse();
    expect(response.url).toBe(WEBHOOK_URL.replace(WEBHOOK_TOKEN, '[redacted]'));
  });
});
