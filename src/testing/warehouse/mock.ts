/**
 * A stateful in-memory fake of the warehouse service, written from the service document
 * rather than from the SDK, so tests that run the SDK against it check the SDK. Where the
 * document says "not shown" it accepts exactly the encodings of `warehouse/wire-format.ts`
 * and is strict about anything else (unknown query parameters, form fields, members), so a
 * misspelt wire name fails loudly instead of being ignored.
 *
 * Split by concern: `records.ts` and `seed.ts` (the data), `state.ts`, the routes
 * (`inbound-routes.ts`, `shipment-routes.ts`), their query (`list-query.ts`, `sort.ts`),
 * the request checks (`create-checks.ts`, `patch-checks.ts`, `csv.ts`) and the update
 * rules (`rules.ts`).
 */
import type { RouteMatch } from '../kit/routes.js';
import { createTransport } from '../kit/transport.js';
import { failure } from './envelope.js';
import { inboundRoutes } from './inbound-routes.js';
import { shipmentRoutes } from './shipment-routes.js';
import { createWarehouseStore } from './state.js';
import { WAREHOUSE_MOCK_DEFAULTS, type WarehouseMock, type WarehouseMockOptions } from './types.js';

function checkCount(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 0)
    throw new RangeError(`createWarehouseMock: ${name} must be a non-negative integer, got ${value}`);
  return value;
}

/** The 401 of a request without this mock's key and warehouse; `undefined` when both are right. */
function authorize(request: Request, apiKey: string, warehouseId: string): Response | undefined {
  const errors: string[] = [];
  const authorization = request.headers.get('authorization')?.trim() ?? '';
  if (authorization === '') errors.push('Missing API key');
  else {
    // Auth schemes are case-insensitive (RFC 9110); the key itself is compared exactly.
    const match = /^apikey\s+(\S+)$/i.exec(authorization);
    if (!match || match[1] !== apiKey) errors.push('Invalid API key');
  }
  const warehouse = request.headers.get('x-warehouse-id')?.trim() ?? '';
  if (warehouse === '') errors.push('Missing X-Warehouse-Id header');
  else if (warehouse !== warehouseId) errors.push('Unknown warehouse');
  return errors.length > 0 ? failure(401, 'Unauthorized.', errors) : undefined;
}

/**
 * A stateful warehouse service in memory, faithful to the service document.
 * @example
 * ```ts
 * const warehouse = createWarehouseMock({ inboundOrders: 1234, shipments: 300 });
 * const client = new WarehouseClient({ baseUrl: warehouse.baseUrl, apiKey: warehouse.apiKey, warehouseId: warehouse.warehouseId, fetch: warehouse.fetch });
 * ```
 */
export function createWarehouseMock(options: WarehouseMockOptions = {}): WarehouseMock {
  const apiKey = options.apiKey ?? WAREHOUSE_MOCK_DEFAULTS.apiKey;
  const warehouseId = options.warehouseId ?? WAREHOUSE_MOCK_DEFAULTS.warehouseId;
  const store = createWarehouseStore({
    inboundCount: checkCount('inboundOrders', options.inboundOrders ?? WAREHOUSE_MOCK_DEFAULTS.inboundOrders),
    shipmentCount: checkCount('shipments', options.shipments ?? WAREHOUSE_MOCK_DEFAULTS.shipments),
    seed: (options.seed ?? WAREHOUSE_MOCK_DEFAULTS.seed) >>> 0,
    sellerPortalLinked: options.sellerPortalLinked ?? WAREHOUSE_MOCK_DEFAULTS.sellerPortalLinked,
  });
  const authorized =
    (handler: (match: RouteMatch) => Response | Promise<Response>) =>
    (match: RouteMatch): Response | Promise<Response> =>
      authorize(match.request, apiKey, warehouseId) ?? handler(match);
  const inbound = inboundRoutes(store);
  const shipments = shipmentRoutes(store);
  const transport = createTransport(
    options.baseUrl ?? WAREHOUSE_MOCK_DEFAULTS.baseUrl,
    [
      { method: 'GET', path: '/inbound', handler: authorized(inbound.list) },
      { method: 'POST', path: '/inbound', handler: authorized(inbound.create) },
      { method: 'PUT', path: '/inbound/:order_id', handler: authorized(inbound.update) },
      { method: 'GET', path: '/shipments', handler: authorized(shipments.list) },
      { method: 'GET', path: '/shipments/:shipment_id', handler: authorized(shipments.retrieve) },
    ],
    (url) => failure(404, 'Not found.', [`no endpoint at ${url.pathname}`]),
    {
      service: 'warehouse',
      secrets: () => [apiKey],
      requestLogLimit: options.requestLogLimit,
      // Every failure of the warehouse is its envelope, a scripted one too.
      errorBody: (message) => ({ status: 'failed', message, data: null, errors: [message] }),
    },
  );

  return {
    ...transport,
    state: store.state,
    apiKey,
    warehouseId,
    settings: store.settings,
    reset() {
      store.fill();
      transport.faults.reset();
      transport.requests.clear();
    },
  };
}
