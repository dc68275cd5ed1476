import {
  assertOptionsObject,
  createHttp,
  mergeOptions,
  proxyOptions,
  SERVER_SIDE,
  type ServerSide,
  VIA_PROXY,
} from '../core/client-kit.js';
import { checkCredential, normalizeBaseUrl, secretProblem } from '../core/config.js';
import { ConfigurationError, type ValidationIssue } from '../core/errors/index.js';
import type { Gate } from '../core/http/index.js';
import type { ClientContext } from '../core/operation.js';
import type { CommonOptions, Credential } from '../core/options.js';
import { credentialState, defineInspect } from '../internal/inspect.js';
import { environment } from '../internal/runtime.js';
import { InboundOrders } from './inbound.js';
import { Shipments } from './shipments.js';

/**
 * Options of a {@link WarehouseClient} other than where it sends.
 * @example
 * ```ts
 * const credentials: WarehouseClientBaseOptions = { apiKey: process.env.WH_KEY!, warehouseId: process.env.WH_ID! };
 * const warehouse = new WarehouseClient({ ...credentials, domain: 'example.com' });
 * ```
 */
export interface WarehouseClientBaseOptions extends CommonOptions {
  /** API key from the dashboard (Settings, API Keys), or a function returning it (called per request). */
  apiKey: Credential;
  /** The warehouse every request applies to (sent as `X-Warehouse-Id`). */
  warehouseId: string;
}

/**
 * Options of a {@link WarehouseClient}: `baseUrl` or `domain`, exactly one.
 * @example
 * ```ts
 * const options: WarehouseClientOptions = { baseUrl: 'https://api.example.com/api/v1', apiKey: process.env.WH_KEY!, warehouseId: process.env.WH_ID! };
 * const warehouse = new WarehouseClient(options);
 * ```
 */
export type WarehouseClientOptions = WarehouseClientBaseOptions &
  (
    | {
        /** `https://api.example.com` or `https://api.example.com/api/v1` (both accepted). */
        baseUrl: string;
        domain?: undefined;
      }
    | {
        /** The customer's bare domain, e.g. `example.com`: requests go to `https://api.example.com/api/v1`. */
        domain: string;
        baseUrl?: undefined;
      }
  );

/**
 * The environment variables `WarehouseClient.fromEnv` reads, by option.
 * @example
 * ```ts
 * console.log(`set ${WAREHOUSE_ENV.apiKey} and ${WAREHOUSE_ENV.warehouseId}`);
 * ```
 */
export const WAREHOUSE_ENV = {
  apiKey: 'OPSLINK_WAREHOUSE_API_KEY',
  warehouseId: 'OPSLINK_WAREHOUSE_ID',
  baseUrl: 'OPSLINK_WAREHOUSE_URL',
  domain: 'OPSLINK_WAREHOUSE_DOMAIN',
} as const;

const API_PREFIX = '/api/v1';
const DOMAIN_NAME = /^(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** Why `domain` is not a bare domain the service's address can be made from, or `undefined`. */
function domainProblem(domain: unknown): string | undefined {
  if (typeof domain !== 'string' || domain === '') return 'must be a domain name such as example.com';
  if (domain.includes('/')) return 'must be a bare domain such as example.com, without a scheme or path (or give baseUrl)';
  if (domain.includes(':')) return 'must be a bare domain such as example.com, without a port (give baseUrl for another port)';
  if (/^api\./i.test(domain))
    return `must be the customer's domain without "api." (${domain.slice(4)}): requests go to https://api.<domain>/api/v1`;
  return DOMAIN_NAME.test(domain) ? undefined : 'must be a domain name such as example.com';
}

function resolveBaseUrl(options: Partial<WarehouseClientOptions>, issues: ValidationIssue[]): string {
  const { baseUrl, domain } = options;
  if (baseUrl !== undefined && domain !== undefined) issues.push({ path: ['domain'], message: 'give baseUrl or domain, not both' });
  if (baseUrl === undefined && domain !== undefined) {
    const problem = domainProblem(domain);
    if (problem) issues.push({ path: ['domain'], message: problem });
    return problem ? '' : `https://api.${domain.toLowerCase()}${API_PREFIX}`;
  }
  if (baseUrl === undefined) {
    issues.push({ path: ['baseUrl'], message: 'is required (or give domain)' });
    return '';
  }
  const base = normalizeBaseUrl(issues, 'baseUrl', baseUrl);
  // Paths in the document start with /api/v1; a base that already ends with it is used as is.
  return base.endsWith(API_PREFIX) ? base : `${base}${API_PREFIX}`;
}

/**
 * Client of the warehouse API: inbound orders and outbound shipments of one warehouse.
 * @example
 * ```ts
 * const warehouse = new WarehouseClient({ domain: 'example.com', apiKey: process.env.WH_KEY!, warehouseId: process.env.WH_ID! });
 * for await (const order of warehouse.inbound.list({ fulfillment_types: ['fba'] })) console.log(order.order_number);
 * ```
 */
export class WarehouseClient {
  /** Where requests go, ending in `/api/v1`. */
  readonly baseUrl: string;
  /** The warehouse requests apply to. */
  readonly warehouseId: string;
  /** Inbound orders: create, bulk upload, list, update (one or many). */
  readonly inbound: InboundOrders;
  /** Outbound shipments: list, retrieve. */
  readonly shipments: Shipments;
  readonly #options: WarehouseClientOptions;
  readonly #gate: Gate;
  readonly #serverSide: ServerSide;

  constructor(options: WarehouseClientOptions);
  /** @internal `withOptions` passes the original's gate. */
  constructor(options: WarehouseClientOptions, gate: Gate | undefined);
  constructor(options: WarehouseClientOptions, gate?: Gate) {
    assertOptionsObject(options);
    const issues: ValidationIssue[] = [];
    const baseUrl = resolveBaseUrl(options, issues);
    // Through a proxy the page holds neither: the proxy's own client sends the server's.
    const proxied = VIA_PROXY in options;
    if (!proxied) {
      checkCredential(issues, 'apiKey', options.apiKey, true);
      const idProblem = secretProblem(options.warehouseId);
      if (idProblem) issues.push({ path: ['warehouseId'], message: idProblem });
    }
    const http = createHttp(
      options,
      issues,
      {
        baseUrl,
        serviceHeaders: proxied ? {} : { 'x-warehouse-id': options.warehouseId },
        credentials: { apiKey: options.apiKey },
        secrets: [options.apiKey],
      },
      gate,
    );
    this.baseUrl = baseUrl;
    this.warehouseId = options.warehouseId ?? '';
    this.#options = options;
    this.#gate = http.settings.gate;
    this.#serverSide = { redactor: http.settings.redactor, log: http.settings.log };
    const context: ClientContext = {
      http,
      service: 'warehouse',
      name: 'WarehouseClient',
      credential: () => (proxied ? null : { value: options.apiKey, scheme: 'ApiKey' }),
    };
    this.inbound = new InboundOrders(context);
    this.shipments = new Shipments(context);
  }

  /**
   * A client for a web page, through `opslink/proxy` on the app's own server: it holds no key
   * and no warehouse id and sends neither, to the service's own paths under `<url>/warehouse`
   * (`<url>/warehouse/api/v1/inbound`); the proxy checks each request and sends it on with the
   * server's client. A path as `url` is resolved against the page. Allowed in a page without
   * `dangerouslyAllowBrowser`. `warehouseId` is `''`: the proxy's client names the warehouse.
   * @example
   * ```ts
   * const warehouse = WarehouseClient.viaProxy('/opslink');
   * for await (const shipment of warehouse.shipments.list({ statuses: ['shipped'] })) console.log(shipment.name);
   * ```
   */
  static viaProxy(url: string | URL, options?: CommonOptions): WarehouseClient {
    return newWarehouseClient(proxyOptions(url, options, 'warehouse', ['apiKey', 'warehouseId']) as unknown as WarehouseClientOptions);
  }

  /**
   * A client from the environment: `OPSLINK_WAREHOUSE_API_KEY`, `OPSLINK_WAREHOUSE_ID`, and
   * `OPSLINK_WAREHOUSE_URL` or `OPSLINK_WAREHOUSE_DOMAIN` (see {@link WAREHOUSE_ENV}). Options
   * passed win over the environment.
   * @example
   * ```ts
   * const warehouse = WarehouseClient.fromEnv({ timeout: 10_000 });
   * ```
   */
  static fromEnv(overrides: Partial<WarehouseClientOptions> = {}): WarehouseClient {
    // Checked before the spread: a string's spread is one member per character.
    assertOptionsObject(overrides);
    const env = environment();
    const read = (option: keyof typeof WAREHOUSE_ENV) =>
      overrides[option] === undefined ? env[WAREHOUSE_ENV[option]] || undefined : undefined;
    const options: Record<string, unknown> = { ...overrides };
    for (const option of ['apiKey', 'warehouseId'] as const) options[option] ??= read(option);
    // The address comes from one place: what was passed, else the URL, else the domain.
    if (overrides.baseUrl === undefined && overrides.domain === undefined) {
      options.baseUrl = read('baseUrl');
      options.domain = options.baseUrl === undefined ? read('domain') : undefined;
    }
    const missing = (['apiKey', 'warehouseId'] as const).filter((o) => options[o] === undefined);
    if (missing.length || (options.baseUrl === undefined && options.domain === undefined)) {
      const issues: ValidationIssue[] = missing.map((o) => ({ path: [o], message: `is required: set ${WAREHOUSE_ENV[o]} or pass ${o}` }));
      if (options.baseUrl === undefined && options.domain === undefined) {
        issues.push({
          path: ['baseUrl'],
          message: `is required: set ${WAREHOUSE_ENV.baseUrl} or ${WAREHOUSE_ENV.domain}, or pass baseUrl or domain`,
        });
      }
      throw new ConfigurationError(issues);
    }
    return newWarehouseClient(options as unknown as WarehouseClientOptions);
  }

  /**
   * A new client with some options changed, sharing this one's rate-limit gate (a 429 to
   * either pauses both; the gate keeps this client's `maxConcurrency` and `requestsPerSecond`).
   * @example
   * ```ts
   * const exports = warehouse.withOptions({ timeout: 120_000, deadline: 600_000 });
   * ```
   */
  withOptions(changes: Partial<WarehouseClientBaseOptions> & { baseUrl?: string; domain?: string }): WarehouseClient {
    const merged: Partial<WarehouseClientOptions> = mergeOptions(this.#options, changes);
    // A new address replaces the old one, whichever way it was given.
    if (changes.baseUrl !== undefined) delete merged.domain;
    if (changes.domain !== undefined) delete merged.baseUrl;
    return newWarehouseClient(merged as WarehouseClientOptions, this.#gate);
  }

  /** @internal What opslink/proxy uses of this client: its redactor and its log sink. */
  [SERVER_SIDE](): ServerSide {
    return this.#serverSide;
  }

  /** What `JSON.stringify` shows: never the key. */
  toJSON(): Record<string, unknown> {
    return { baseUrl: this.baseUrl, warehouseId: this.warehouseId, apiKey: credentialState(this.#options.apiKey) };
  }
}

defineInspect(WarehouseClient, 'WarehouseClient');

/** A class named from inside its own body is renamed by bundlers (esbuild: `var X = class _X`), and its `name` with it: made here, outside it. */
function newWarehouseClient(options: WarehouseClientOptions, gate?: Gate): WarehouseClient {
  return new WarehouseClient(options, gate);
}
