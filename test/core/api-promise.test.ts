/**
 * What every method returns is an APIPromise: a method's own is the runtime's `Promise` (so an
 * error's async stack trace runs through it to the code that awaits it), a list's a PagePromise;
 * `instanceof` tells both, `withResponse()` gives the raw response, and a refusal is a rejection.
 */
import { describe, expect, it } from 'vitest';
import { APIPromise, MessagingClient, PagePromise, RequestValidationError, WarehouseClient } from '../../src/index.js';
import { createMessagingMock, createWarehouseMock } from '../../src/testing/index.js';

describe('APIPromise', () => {
  const messaging = createMessagingMock();
  const client = new MessagingClient({ baseUrl: messaging.baseUrl, botKey: messaging.botKey, fetch: messaging.fetch });
  const warehouse = createWarehouseMock({ inboundOrders: 3 });
  const w = new WarehouseClient({
    baseUrl: warehouse.baseUrl,
    apiKey: warehouse.apiKey,
    warehouseId: warehouse.warehouseId,
    fetch: warehouse.fetch,
  });

  it("is what a method returns: the runtime's own Promise, with withResponse()", async () => {
    const sent = client.sendDirectMessage({ to: { email: messaging.state.employees[0]!.email }, body: 'Hi' });
    expect(sent).toBeInstanceOf(APIPromise);
    expect(sent).toBeInstanceOf(Promise);
    expect(Object.getPrototypeOf(sent)).toBe(Promise.prototype);
    const { data, response } = await sent.withResponse();
    expect(response.status).toBe(201);
    expect(await sent).toEqual(data);
  });

  it('is a list’s PagePromise too, and not any other promise', async () => {
    const list = w.inbound.list({ limit: 2 });
    expect(list).toBeInstanceOf(APIPromise);
    expect(list).toBeInstanceOf(PagePromise);
    expect(client.sendDirectMessage({ to: { email: 'x@example.com' }, body: 'Hi' }).catch(() => {})).not.toBeInstanceOf(APIPromise);
    expect(Promise.resolve(1)).not.toBeInstanceOf(APIPromise);
    const single = client.sendDirectMessage({ to: { email: 'x@example.com' }, body: 'Hi' });
    expect(single).not.toBeInstanceOf(PagePromise);
    await single.catch(() => {});
    await list;
  });

  it('rejects a refused input, through await and through withResponse() alike', async () => {
    const refused = client.sendDirectMessage({ to: { email: '' }, body: '' });
    await expect(refused).rejects.toBeInstanceOf(RequestValidationError);
    await expect(refused.withResponse()).rejects.toBeInstanceOf(RequestValidationError);
  });
});
