/**
 * What both service mocks are built from: a fetch-style handler (`handle(request)`) over
 * their routes, with the faults users script in their own tests, and adapters to MSW
 * handlers and to a plain `fetch`. The same handler serves MSW, a custom `fetch` and the
 * real HTTP server of `startMockServer`, so all three behave alike.
 */

// msw is ESM-only: after the build, scripts/mark-esm-type-imports.mjs gives this type import
// `resolution-mode: import` in dist/testing/index.d.cts, for CommonJS TypeScript consumers.
import { HttpResponse, http, type RequestHandler } from 'msw';
import { json } from './common.js';
import { type Fault, FaultController, wait } from './faults.js';
import { recordRequest } from './record.js';
import { type LoggedFault, RequestLog } from './request-log.js';
import { findRoute, type MockRoute } from './routes.js';

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
  /** Every request this mock handled, through any of the above (the last 1,000 by default). */
  readonly requests?: RequestLog;
  /** The routes it answers, as faults name them: `POST /api/bot/messages`, `GET /api/v1/inbound`. */
  readonly routes?: readonly string[];
}

/**
 * The response a scripted status fault answers with: the body the test gave, or the service's
 * own error body (the warehouse's failure envelope) with a message that says it was injected.
 */
function faultResponse(
  fault: { status: number; headers?: Record<string, string>; body?: unknown },
  errorBody: (message: string) => unknown,
): Response {
  const message = fault.status === 429 ? 'Too many requests (injected fault)' : `Injected fault ${fault.status}`;
  const body = fault.body === undefined ? errorBody(message) : fault.body;
  return typeof body === 'string'
    ? new Response(body, { status: fault.status, headers: { 'content-type': 'text/plain', ...fault.headers } })
    : json(fault.status, body, fault.headers);
}

/**
 * Applies the scripted latency and fault of a route: the fault taken (if any), and the
 * answer when the fault answers instead of the handler (`Response.error()` for a drop, or
 * when the client gave up while the request waited).
 */
async function applyFaults(
  faults: FaultController,
  keys: [string, string],
  signal: AbortSignal,
  errorBody: (message: string) => unknown,
): Promise<{ fault: Fault | undefined; answer: Response | undefined }> {
  const delay = faults.delayFor(keys[0]) || faults.delayFor(keys[1]);
  if (delay) await wait(delay, signal);
  const fault = faults.take(keys[0]) ?? faults.take(keys[1]);
  if (fault && 'drop' in fault) return { fault, answer: Response.error() };
  if (fault && 'hang' in fault) await wait(fault.hang, signal);
  // The client gave up while the request waited: it is gone, so nothing more happens.
  if (signal.aborted) return { fault, answer: Response.error() };
  return { fault, answer: fault && 'status' in fault ? faultResponse(fault, errorBody) : undefined };
}

function loggedFault(fault: Fault | undefined): LoggedFault | undefined {
  if (!fault) return undefined;
  if ('drop' in fault) return { kind: 'drop' };
  if ('hang' in fault) return { kind: 'hang' };
  return { kind: 'status', status: fault.status };
}

/** What a mock adds to its transport: its service name, the keys it knows (to mask), the log's size. */
export interface TransportOptions {
  service: string;
  /** Every key and token the mock holds now, revoked ones included. */
  secrets: () => string[];
  /** @default 1000 */
  requestLogLimit?: number;
  /** The service's error body around a message, for a fault scripted without a body. */
  errorBody: (message: string) => unknown;
}

/**
 * Builds the transport of a mock from its routes. Paths are matched below `baseUrl`'s own
 * path, on any origin, so the same mock answers on a real server's address too.
 */
export function createTransport(
  baseUrl: string,
  routes: MockRoute[],
  notFound: (url: URL) => Response,
  options: TransportOptions,
): MockTransport & { readonly requests: RequestLog; readonly routes: readonly string[] } {
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  const routeKeys = routes.map((route) => `${route.method} ${prefix}${route.path}`);
  const knows = (key: string) => {
    const [method = '', path = ''] = key.split(' ');
    return routeKeys.includes(key) || (path.startsWith(`${prefix}/`) && findRoute(routes, method, path.slice(prefix.length)) !== undefined);
  };
  const faults = new FaultController(knows, routeKeys);
  const requests = new RequestLog(options.service, { limit: options.requestLogLimit });

  async function answer(request: Request, url: URL, path: string, found: ReturnType<typeof findRoute>) {
    // A known path with another method, or an unknown path below the base URL.
    if (!found) return { response: notFound(url), fault: undefined };
    const { route, raw } = found;
    const keys: [string, string] = [`${route.method} ${prefix}${route.path}`, `${route.method} ${prefix}${path}`];
    const { fault, answer } = await applyFaults(faults, keys, request.signal, options.errorBody);
    const response = answer ?? (await route.handler({ request, url, params: raw.map((p) => decodeURIComponent(p)) }));
    return { response, fault };
  }

  async function handle(request: Request): Promise<Response | undefined> {
    const url = new URL(request.url);
    if (!url.pathname.startsWith(prefix)) return undefined;
    const path = url.pathname.slice(prefix.length) || '/';
    const found = findRoute(routes, request.method, path);
    const recording = recordRequest(requests, request, { url, prefix, route: found?.route, secrets: options.secrets() });
    try {
      const { response, fault } = await answer(request, url, path, found);
      await recording?.finish(response, loggedFault(fault));
      return response;
    } catch (error) {
      await recording?.finish(undefined, undefined);
      throw error;
    }
  }

  return {
    baseUrl: `${base.origin}${prefix}`,
    handle,
    fetch: mockFetch(handle),
    handlers: mswHandlers(`${base.origin}${prefix}`, handle),
    faults,
    requests,
    routes: routeKeys,
  };
}

/**
 * A `fetch` in front of `handle` that behaves as a real fetch does with a signal: an aborted
 * call rejects with its reason, before the mock handles it or while it waits (a hang,
 * latency), and changes nothing.
 */
function mockFetch(handle: (request: Request) => Promise<Response | undefined>): typeof fetch {
  return async (input, init) => {
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
}

function mswHandlers(base: string, handle: (request: Request) => Promise<Response | undefined>): RequestHandler[] {
  return [
    http.all(`${base}/*`, async ({ request }) => {
      const response = await handle(request);
      if (response?.type === 'error') return HttpResponse.error();
      return response;
    }),
  ];
}
