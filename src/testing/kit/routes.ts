/**
 * A route of a service mock: method, path pattern and handler, and how a path is matched
 * against it.
 */

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
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path below the mock's base URL, `:name` for a parameter, e.g. `/inbound/:id`. */
  path: string;
  /** Answers a matching request with the service's response. */
  handler: (match: RouteMatch) => Response | Promise<Response>;
}

const compiled = new WeakMap<MockRoute, { pattern: RegExp; names: string[] }>();

function compile(route: MockRoute): { pattern: RegExp; names: string[] } {
  let found = compiled.get(route);
  if (!found) {
    const names = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
    const source = route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '([^/]+)');
    found = { pattern: new RegExp(`^${source}/?$`), names };
    compiled.set(route, found);
  }
  return found;
}

/** The route answering `method path`, with its raw (still encoded) parameters and their names. */
export function findRoute(
  routes: readonly MockRoute[],
  method: string,
  path: string,
): { route: MockRoute; raw: string[]; names: string[] } | undefined {
  for (const route of routes) {
    const { pattern, names } = compile(route);
    const found = pattern.exec(path);
    if (found && route.method === method) return { route, raw: found.slice(1), names };
  }
  return undefined;
}
