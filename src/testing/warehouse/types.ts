/**
 * The warehouse mock's public shape: its options and their defaults, its settings and state,
 * and the mock itself.
 */
import type { RequestLog } from '../kit/request-log.js';
import type { MockTransport } from '../kit/transport.js';
import type { InboundOrderRecord, ShipmentDetailRecord } from './records.js';

/**
 * Defaults of {@link WarehouseMockOptions}: the seeded counts, the seed, the base URL and
 * the credentials a client must send when the options do not name others.
 * @example
 * ```ts
 * const mock = createWarehouseMock();
 * const client = new WarehouseClient({
 *   baseUrl: WAREHOUSE_MOCK_DEFAULTS.baseUrl,
 *   apiKey: WAREHOUSE_MOCK_DEFAULTS.apiKey,
 *   warehouseId: WAREHOUSE_MOCK_DEFAULTS.warehouseId,
 *   fetch: mock.fetch,
 * });
 * ```
 */
export const WAREHOUSE_MOCK_DEFAULTS = {
  inboundOrders: 25,
  shipments: 10,
  seed: 1,
  baseUrl: 'https://api.warehouse.opslink.test/api/v1',
  apiKey: 'wh_test_5f2c8e1a9b7d4c3e8a6f0b1d',
  warehouseId: '3f6c2a9e-8b1d-4c57-9e2a-6d4b1f0c8a71',
  sellerPortalLinked: true,
} as const;

/**
 * Options of {@link createWarehouseMock}: how much seed data, which seed, where it answers
 * and which credentials (`Authorization: ApiKey <key>`, `X-Warehouse-Id`) it accepts.
 * @example
 * ```ts
 * const options: WarehouseMockOptions = { inboundOrders: 500, shipments: 0, seed: 42, sellerPortalLinked: false };
 * const mock = createWarehouseMock(options);
 * ```
 */
export interface WarehouseMockOptions {
  /** Seeded inbound orders. @default 25 */
  inboundOrders?: number;
  /** Seeded shipments. @default 10 */
  shipments?: number;
  /** Seed of the data; the same options give the same data on every run. @default 1 */
  seed?: number;
  /** Base URL, `/api/v1` included. @default 'https://api.warehouse.opslink.test/api/v1' */
  baseUrl?: string;
  /** The key `Authorization: ApiKey <key>` must carry. @default a `wh_test_…` key */
  apiKey?: string;
  /** The id `X-Warehouse-Id` must carry. @default a fixed UUID */
  warehouseId?: string;
  /** Whether the seller portal is linked, which fbm updates require. @default true */
  sellerPortalLinked?: boolean;
  /** How many requests {@link WarehouseMock.requests} keeps; 0 keeps none. @default 1000 */
  requestLogLimit?: number;
}

/**
 * Server-side settings the document's rules depend on; tests may flip them.
 * @example
 * ```ts
 * const settings: WarehouseMockSettings = mock.settings;
 * settings.sellerPortalLinked = false; // fbm updates now fail with fbm_seller_portal
 * ```
 */
export interface WarehouseMockSettings {
  sellerPortalLinked: boolean;
}

/**
 * Everything the warehouse mock holds: inbound orders and shipments (in detail form), as
 * plain arrays that requests read and change. Assert on them, or edit them to set up a case.
 * @example
 * ```ts
 * const order = mock.state.inboundOrders[0]!;
 * order.status = 'outbound'; // now changing fulfilledBy must fail
 * ```
 */
export interface WarehouseMockState {
  inboundOrders: InboundOrderRecord[];
  shipments: ShipmentDetailRecord[];
}

/**
 * The warehouse mock: its transport (`fetch`, MSW `handlers`, `faults`), its live state and
 * settings, and the credentials it accepts. Made by {@link createWarehouseMock}.
 * @example
 * ```ts
 * function clientFor(mock: WarehouseMock): WarehouseClient {
 *   return new WarehouseClient({ baseUrl: mock.baseUrl, apiKey: mock.apiKey, warehouseId: mock.warehouseId, fetch: mock.fetch });
 * }
 * const mock: WarehouseMock = createWarehouseMock({ seed: 7 });
 * const page = await clientFor(mock).inbound.list({ limit: 10 });
 * ```
 */
export interface WarehouseMock extends MockTransport {
  /** Live state: requests read and change it, and tests may too. */
  readonly state: WarehouseMockState;
  readonly apiKey: string;
  readonly warehouseId: string;
  readonly settings: WarehouseMockSettings;
  /** Every request this mock handled (MSW, `fetch`, or `startMockServer`), secrets masked; `reset()` empties it. */
  readonly requests: RequestLog;
  /** The routes it answers, as faults name them (`METHOD /path`, the base URL's path included). */
  readonly routes: readonly string[];
  /** Back to the seeded state and initial settings, with no faults and an empty request log; arrays are refilled in place. */
  reset(): void;
}
