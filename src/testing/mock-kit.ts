/**
 * What both service mocks are built from: a fetch-style handler (`handle(request)`) with
 * routes, the fault injection users script in their own tests, and adapters to MSW
 * handlers and to a plain `fetch`. The same handler serves MSW, a custom `fetch` and the
 * real HTTP server of `startMockServer`, so all three behave alike.
 */

// msw is ESM-only: after the build, scripts/mark-esm-type-imports.mjs gives this type import
// `resolution-mode: import` in dist/testing/index.d.cts, for CommonJS TypeScript consumers.
import { HttpResponse, http, type RequestHandler } from 'msw';

/**
 * A request that matched a {@link MockRoute}, as its handler receives it.
 * @example
 * ```ts
 * const retrieveShipment = ({ params, url }: RouteMatch): Response =>
 *   Response.json({ shipment_id: params[0], verbose: url.searchParams.has('verbose') });
 * ```
 */
export interface RouteMatch {
  request: Request;
  url: URL;
  /** Decoded path parameters, in order. */
  params: string[];
}

/**
 * One endpoint of a service mock: the method and path it answers, and the handler that
 * answers it as the service document describes. Scripted faults and latency
 * ({@link FaultController}) apply before the handler runs.
 * @example
 * ```ts
 * const retrieveShipment: MockRoute = {
 *   method: 'GET',
 *   path: '/shipments/:id',
 *   handler: ({ params }) => Response.json({ status: 'success', data: { shipment: { shipment_id: params[0] } } }),
 * };
 * ```
 */
export interface MockRoute {
  /** HTTP method the route answers; a known path with another method answers 404. */
  method: 'GET' | 'POST' | 'PUT';
  /** Path below the mock's base URL, `:name` for a parameter, e.g. `/inbound/:id`. */
  path: string;
  /** Answers a matching request with the service's response. */
  handler: (match: RouteMatch) => Response | Promise<Response>;
}

/**
 * A scripted misbehaviour for the next matching requests.
 * @example
 * ```ts
 * const outage: Fault = { status: 503, body: { message: 'Service unavailable' } };
 * const mock = createWarehouseMock();
 * mock.faults.add({ route: 'GET /api/v1/shipments', times: 3, fault: outage });
 * ```
 */
export type Fault =
  /** Answer with this status (and optional headers and body) instead of the real handler. */
  | { status: number; headers?: Record<string, string>; body?: unknown }
  /** Hold the request this long (ms) before handling it (or until the client gives up). */
  | { hang: number }
  /** Cut the connection: the client sees a network error. */
  | { drop: true };

/**
 * A fault for {@link FaultController.add}: which route, how many requests, and what goes wrong.
 * @example
 * ```ts
 * const rule: FaultRule = { route: 'GET /api/v1/inbound', times: 1, fault: { drop: true } };
 * warehouseMock.faults.add(rule);
 * ```
 */
export interface FaultRule {
  /** `METHOD /path` as routed (e.g. `POST /api/bot/messages`), a RegExp on that, or every route. */
  route?: string | RegExp;
  /** How many matching requests it applies to. @default 1 */
  times?: number;
  fault: Fault;
}

/**
 * Scripts faults for a mock's next requests.
 * @example
 * ```ts
 * mock.faults.add({ route: 'POST /api/bot/messages', times: 2, fault: { status: 429, headers: { 'retry-after': '1' } } });
 * mock.faults.latency('GET /api/v1/inbound', 20);
 * ```
 */
export class FaultController {
  readonly #rules: { route?: string | RegExp; left: number; fault: Fault }[] = [];
  readonly #latency: { route?: string | RegExp; ms: number }[] = [];

  /** Applies `fault` to the next `times` requests matching `route`. */
  add(rule: FaultRule): this {
    this.#rules.push({ route: rule.route, left: rule.times ?? 1, fault: rule.fault });
    return this;
  }

  /** Next `times` requests answer `status` (e.g. 503, or 429 with `retryAfter` seconds). */
  status(
    route: string | RegExp | undefined,
    status: number,
    options: { times?: number; retryAfter?: number | string; body?: unknown } = {},
  ): this {
    const headers: Record<string, string> = {};
    if (options.retryAfter !== undefined) headers['retry-after'] = String(options.retryAfter);
    return this.add({ route, times: options.times, fault: { status, headers, body: options.body } });
  }

  /** Adds `ms` of latency to every request matching `route` (or all). */
  latency(route: string | RegExp | undefined, ms: number): this {
    this.#latency.push({ route, ms });
    return this;
  }

  /** Removes every fault and latency. */
  reset(): void {
    this.#rules.length = 0;
    this.#latency.length = 0;
  }

  /** @internal */
  take(key: string): Fault | undefined {
    const index = this.#rules.findIndex((rule) => matches(rule.route, key));
    if (index < 0) return undefined;
    const rule = this.#rules[index]!;
    if (--rule.left <= 0) this.#rules.splice(index, 1);
    return rule.fault;
  }

  /** @internal */
  delayFor(key: string): number {
    let total = 0;
    for (const rule of this.#latency) if (matches(rule.route, key)) total += rule.ms;
    return total;
  }
}

function matches(route: string | RegExp | undefined, key: string): boolean {
  if (route === undefined) return true;
  return typeof route === 'string' ? route === key : route.test(key);
}

/** Waits `ms`, or less when the request is aborted (the client gave up). */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** A JSON response. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

const compiled = new WeakMap<MockRoute, RegExp>();
function patternOf(route: MockRoute): RegExp {
  let pattern = compiled.get(route);
  if (!pattern) {
    const source = route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '([^/]+)');
    pattern = new RegExp(`^${source}/?$`);
    compiled.set(route, pattern);
  }
  return pattern;
}

/**
 * A service mock's request handler and the ways to plug it in.
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * const mocks: MockTransport[] = [createMessagingMock(), createWarehouseMock()];
 * const server = setupServer(...mocks.flatMap((mock) => mock.handlers));
 * server.listen();
 * ```
 */
export interface MockTransport {
  /** The mock's base URL, as a client takes it. */
  readonly baseUrl: string;
  /** Handles a fetch `Request` as the service would; `undefined` for a path it does not serve. */
  handle(request: Request): Promise<Response | undefined>;
  /** A `fetch` that answers from this mock alone (404 for unknown paths): pass it as a client's `fetch`. */
  readonly fetch: typeof fetch;
  /** MSW handlers serving this mock's base URL. */
  readonly handlers: RequestHandler[];
  /** Scripted faults and latency for this mock's routes. */
  readonly faults: FaultController;
}

/**
 * Builds the transport of a mock from its routes. Paths are matched below `baseUrl`'s own
 * path, on any origin, so the same mock answers on a real server's address too.
 */
export function createTransport(baseUrl: string, routes: MockRoute[], notFound: (url: URL) => Response): MockTransport {
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  const faults = new FaultController();

  async function handle(request: Request): Promise<Response | undefined> {
    const url = new URL(request.url);
    if (!url.pathname.startsWith(prefix)) return undefined;
    const path = url.pathname.slice(prefix.length) || '/';
    for (const route of routes) {
      const found = patternOf(route).exec(path);
      if (!found) continue;
      if (route.method !== request.method) continue;
      const key = `${route.method} ${prefix}${route.path}`;
      const keyByPath = `${route.method} ${prefix}${path}`;
      const delay = faults.delayFor(key) || faults.delayFor(keyByPath);
      if (delay) await wait(delay, request.signal);
      const fault = faults.take(key) ?? faults.take(keyByPath);
      if (fault && 'drop' in fault) return Response.error();
      if (fault && 'hang' in fault) await wait(fault.hang, request.signal);
      // The client gave up while the request waited: it is gone, so nothing more happens.
      if (request.signal.aborted) return Response.error();
      if (fault && 'status' in fault) {
        const body = fault.body === undefined ? { message: `Injected fault ${fault.status}` } : fault.body;
        return typeof body === 'string'
          ? new Response(body, { status: fault.status, headers: { 'content-type': 'text/plain', ...fault.headers } })
          : json(fault.status, body, fault.headers);
      }
      const params = found.slice(1).map((p) => decodeURIComponent(p));
      return route.handler({ request, url, params });
    }
    // A known path with another method, or an unknown path below the base URL.
    return notFound(url);
  }

  // Behaves as a real fetch does with a signal: an aborted call rejects with its reason,
  // before the mock handles it or while it waits (a hang, latency), and changes nothing.
  const mockFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const { signal } = request;
    signal.throwIfAborted();
    const aborted = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
    aborted.catch(() => {});
    const response = await Promise.race([handle(request), aborted]);
    signal.throwIfAborted();
    if (response?.type === 'error') throw new TypeError('fetch failed (connection dropped by the mock)');
    return response ?? new Response('Not found', { status: 404 });
  };

  const handlers = [
    http.all(`${base.origin}${prefix}/*`, async ({ request }) => {
      const response = await handle(request);
      if (response?.type === 'error') return HttpResponse.error();
      return response;
    }),
  ];

  return { baseUrl: `${base.origin}${prefix}`, handle, fetch: mockFetch, handlers, faults };
}
