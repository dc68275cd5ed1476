/**
 * The `/_mock` JSON API of the mock server: what the inbox page reads and does, and what a
 * test can assert on without MSW. JSON in, JSON out; every answer is scrubbed of every key
 * and token the mocks hold, whatever route produced it.
 *
 *   GET    /_mock                          services, routes, endpoints
 *   GET    /_mock/state[?service=]         both services' state, keys masked
 *   GET    /_mock/requests[?service=&after=&limit=]   the request logs, merged (after: a cursor)
 *   POST   /_mock/reset  { service? }      back to the seed: state, faults, request log
 *   GET    /_mock/events                   server-sent events: request, state, faults, reset
 *   GET|POST|DELETE /_mock/faults[/:service/:id]      fault injection
 *   POST   /_mock/messaging/revoke { bot | channel }  POST /_mock/messaging/employees
 *   GET    /_mock/warehouse/inbound|shipments[/:id]   tables and details
 */
import { scrub } from '../kit/mask.js';
import type { LoggedRequest } from '../kit/request-log.js';
import { findRoute, type MockRoute } from '../kit/routes.js';
import { faultApiRoutes } from './api-faults.js';
import { apiError, apiJson, QueryReader, readJsonObject, unknownMembers } from './api-json.js';
import { messagingApiRoutes } from './api-messaging.js';
import { warehouseApiRoutes } from './api-warehouse.js';
import type { EventHub } from './events.js';
import { messagingView, type Served, secretsOf, warehouseView } from './served.js';

export const API_PREFIX = '/_mock';

/** The services a server serves, by name, each with its transport. */
function byService(served: Served) {
  const mocks: Record<string, NonNullable<Served['messaging']> | NonNullable<Served['warehouse']>> = {};
  if (served.messaging) mocks.messaging = served.messaging;
  if (served.warehouse) mocks.warehouse = served.warehouse;
  return mocks;
}

function stateOf(served: Served, url: URL): Response {
  const query = new QueryReader(url.searchParams, ['service']);
  const service = query.oneOf('service', ['messaging', 'warehouse', 'all'], 'all');
  if (query.problems.length > 0) return apiError(400, 'Bad state query', query.problems);
  const secrets = secretsOf(served);
  const body: Record<string, unknown> = {};
  if (served.messaging && service !== 'warehouse') body.messaging = messagingView(served.messaging, url.origin, secrets);
  if (served.warehouse && service !== 'messaging') body.warehouse = warehouseView(served.warehouse, url.origin, secrets);
  return apiJson(200, body);
}

/** Every logged request of the served mocks, oldest first. */
export function allRequests(served: Served): LoggedRequest[] {
  return Object.values(byService(served))
    .flatMap((mock) => mock.requests.all())
    .sort((a, b) => a.id - b.id);
}

function requestsOf(served: Served, url: URL): Response {
  const query = new QueryReader(url.searchParams, ['service', 'after', 'limit']);
  const service = query.oneOf('service', ['messaging', 'warehouse', 'all'], 'all');
  const cursor = url.searchParams.has('after');
  const after = query.integer('after', 0, 0, Number.MAX_SAFE_INTEGER);
  const limit = query.integer('limit', 1000, 1, 100_000);
  if (query.problems.length > 0) return apiError(400, 'Bad requests query', query.problems);
  const requests = allRequests(served).filter((r) => r.id > after && (service === 'all' || r.service === service));
  // With `after`, a cursor: the next `limit` after that id, so a poller that moves it to the
  // last id it got misses none. Without, the newest `limit` (what a page shows first).
  return apiJson(200, { requests: cursor ? requests.slice(0, limit) : requests.slice(-limit), total: requests.length });
}

async function reset(served: Served, request: Request, hub: EventHub): Promise<Response> {
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  const mocks = byService(served);
  const problems = unknownMembers(body, ['service']);
  const named = body.service;
  if (named !== undefined && (typeof named !== 'string' || !Object.hasOwn(mocks, named))) {
    problems.push(`service: must be one of ${Object.keys(mocks).join(', ')}`);
  }
  if (problems.length > 0) return apiError(400, 'Bad reset request', problems);
  const services = named === undefined ? Object.keys(mocks) : [named as string];
  for (const service of services) mocks[service]!.reset();
  hub.broadcast('reset', { services });
  return apiJson(200, { reset: services });
}

function index(served: Served, routes: MockRoute[]): Response {
  const services = Object.fromEntries(
    Object.entries(byService(served)).map(([name, mock]) => [name, { routes: mock.routes, requestLogLimit: mock.requests.limit }]),
  );
  return apiJson(200, { services, endpoints: routes.map((r) => `${r.method} ${API_PREFIX}${r.path === '/' ? '' : r.path}`) });
}

/** The API's routes over `served`; `changed(service)` tells the page that state changed. */
export function mockApi(served: Served, hub: EventHub, changed: (service: string) => void) {
  const mocks = byService(served);
  const routes: MockRoute[] = [
    { method: 'GET', path: '/state', handler: ({ url }) => stateOf(served, url) },
    { method: 'GET', path: '/requests', handler: ({ url }) => requestsOf(served, url) },
    { method: 'POST', path: '/reset', handler: ({ request }) => reset(served, request, hub) },
    { method: 'GET', path: '/events', handler: ({ request }) => hub.connect(request.signal, { services: Object.keys(mocks) }) },
    ...faultApiRoutes(mocks, () => changed('faults')),
    ...(served.messaging ? messagingApiRoutes(served.messaging) : []),
    ...(served.warehouse ? warehouseApiRoutes(served.warehouse) : []),
  ];
  routes.unshift({ method: 'GET', path: '/', handler: () => index(served, routes) });

  return async function handleApi(request: Request, url: URL): Promise<Response> {
    const path = url.pathname.slice(API_PREFIX.length) || '/';
    const found = findRoute(routes, request.method, path);
    if (!found) return noRoute(routes, request.method, path, url.pathname);
    const params = decodedParams(found.raw);
    if (!params)
      return apiError(400, `The path ${url.pathname} is not valid percent-encoding`, [
        'path: a % must be followed by two hexadecimal digits of UTF-8',
      ]);
    const response = await found.route.handler({ request, url, params });
    if (response.ok && request.method !== 'GET' && path.startsWith('/messaging/')) changed('messaging');
    return scrubbed(response, secretsOf(served));
  };
}

/** The 405 for a path served by other methods, else the 404; both list what is served. */
function noRoute(routes: MockRoute[], method: string, path: string, pathname: string): Response {
  const methods = routes.filter((r) => findRoute([r], r.method, path)).map((r) => r.method);
  if (methods.length > 0) return apiError(405, `${method} is not allowed on ${pathname}`, [`method: must be ${methods.join(' or ')}`]);
  const endpoints = routes.map((r) => `${r.method} ${API_PREFIX}${r.path === '/' ? '' : r.path}`);
  return apiError(404, `No endpoint at ${pathname}`, [`path: not an endpoint of this API (${endpoints.join(', ')})`]);
}

/** The path's parameters decoded, or `undefined` when one is not valid percent-encoding. */
function decodedParams(raw: string[]): string[] | undefined {
  try {
    return raw.map((p) => decodeURIComponent(p));
  } catch {
    return undefined;
  }
}

/** The same answer with every known secret scrubbed from its JSON (a stream, such as events, is left to its writer). */
async function scrubbed(response: Response, secrets: string[]): Promise<Response> {
  if (!/json/.test(response.headers.get('content-type') ?? '') || !response.body) return response;
  const text = scrub(await response.text(), secrets);
  return new Response(text, { status: response.status, headers: response.headers });
}
