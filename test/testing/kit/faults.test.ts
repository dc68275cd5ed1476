/**
 * The fault API a test drives a mock with (`mock.faults`) refuses what the `/_mock/faults`
 * endpoint refuses — a route the mock does not have, `times` outside 1–1000, a status no
 * `Response` can carry — with one `RangeError` listing every problem, so a misspelt fault can
 * never let a retry test pass without the fault having fired.
 */
import { describe, expect, it } from 'vitest';
import { createMessagingMock, createWarehouseMock } from '../../../src/testing/index.js';

describe('mock.faults refuses a fault that could never fire or answer', () => {
  const mock = createMessagingMock();

  it.each([
    [
      'a route the mock does not have',
      () => mock.faults.status('POST /api/bot/message', 503),
      /'POST \/api\/bot\/message' is not a route of this mock/,
    ],
    ['times 0', () => mock.faults.status('POST /api/bot/messages', 503, { times: 0 }), /times: must be an integer from 1 to 1000/],
    ['a status past 599', () => mock.faults.status('POST /api/bot/messages', 600), /fault.status: must be an HTTP status from 200 to 599/],
    ['a hang of 0 ms', () => mock.faults.add({ route: 'POST /api/bot/messages', fault: { hang: 0 } }), /fault.hang/],
    ['negative latency', () => mock.faults.latency(undefined, -5), /ms: must be an integer from 0 to 600000/],
  ])('%s', (_name, add, message) => {
    expect(add).toThrow(RangeError);
    expect(add).toThrow(message);
    expect(mock.faults.list()).toEqual([]);
  });

  it('lists every problem of one rule at once', () => {
    expect(() => mock.faults.status('GET /nowhere', 600, { times: 0 })).toThrow(/status.*; times.*; route/);
  });

  it('takes a listed route, a path one of them serves, a RegExp or every route', async () => {
    const warehouse = createWarehouseMock({ inboundOrders: 1, shipments: 0 });
    const id = warehouse.state.inboundOrders[0]!.order_id;
    warehouse.faults.status('PUT /api/v1/inbound/:order_id', 503);
    warehouse.faults.status(`PUT /api/v1/inbound/${id}`, 503);
    warehouse.faults.status(/inbound/, 503);
    warehouse.faults.status(undefined, 503);
    expect(warehouse.faults.list()).toHaveLength(4);
  });
});
