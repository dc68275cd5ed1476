/**
 * Fault injection over the `/_mock` API: list, add (a 429 with Retry-After, a 5xx, a hang,
 * a dropped connection, on one route or all of a service's), remove one, clear all.
 */
import { FAULT_LIMITS, type Fault } from '../kit/faults.js';
import type { MockRoute } from '../kit/routes.js';
import type { MockTransport } from '../kit/transport.js';
import { apiError, apiJson, readJsonObject, unknownMembers } from './api-json.js';

export const FAULT_KINDS = ['429', '5xx', 'hang', 'drop'] as const;
type ServiceMocks = Record<string, MockTransport>;

const serviceMock = (mocks: ServiceMocks, name: unknown): MockTransport | undefined =>
  typeof name === 'string' && Object.hasOwn(mocks, name) ? mocks[name] : undefined;

function integer(problems: string[], body: Record<string, unknown>, name: string, fallback: number, min: number, max: number): number {
  const value = body[name];
  if (value === undefined) return fallback;
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return value;
  problems.push(`${name}: must be an integer from ${min} to ${max}`);
  return fallback;
}

/** The fault a request body describes, or the problems with it. */
function faultOf(body: Record<string, unknown>, problems: string[]): Fault | undefined {
  const kind = body.kind;
  if (!FAULT_KINDS.includes(kind as (typeof FAULT_KINDS)[number])) {
    problems.push(`kind: must be one of ${FAULT_KINDS.join(', ')}`);
    return undefined;
  }
  if (kind === '429') {
    const retryAfter = integer(problems, body, 'retryAfter', 1, 0, 86_400);
    return { status: 429, headers: { 'retry-after': String(retryAfter) } };
  }
  if (kind === '5xx') {
    const status = integer(problems, body, 'status', 503, 500, 599);
    return { status };
  }
  return kind === 'hang' ? { hang: integer(problems, body, 'ms', 30_000, 1, FAULT_LIMITS.ms) } : { drop: true };
}

async function addFault(mocks: ServiceMocks, request: Request): Promise<Response> {
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  const problems = unknownMembers(body, ['service', 'route', 'kind', 'retryAfter', 'status', 'ms', 'times']);
  const mock = serviceMock(mocks, body.service);
  if (!mock) problems.push(`service: must be one of ${Object.keys(mocks).join(', ')}`);
  const route = body.route === undefined || body.route === '*' ? undefined : body.route;
  if (mock && route !== undefined && !mock.routes?.includes(route as string)) {
    problems.push(`route: must be '*' or one of ${(mock.routes ?? []).join(', ')}`);
  }
  const fault = faultOf(body, problems);
  const times = integer(problems, body, 'times', 1, 1, FAULT_LIMITS.times);
  if (problems.length > 0 || !mock || !fault) return apiError(400, 'Bad fault', problems);
  mock.faults.add({ route: route as string | undefined, times, fault });
  const added = mock.faults.list().at(-1);
  return apiJson(201, { fault: { service: body.service, ...added } });
}

export function listFaults(mocks: ServiceMocks) {
  return Object.entries(mocks).flatMap(([service, mock]) => mock.faults.list().map((fault) => ({ service, ...fault })));
}

export function faultApiRoutes(mocks: ServiceMocks, changed: () => void): MockRoute[] {
  const routes = Object.fromEntries(Object.entries(mocks).map(([service, mock]) => [service, mock.routes ?? []]));
  const after = (response: Response) => {
    if (response.ok) changed();
    return response;
  };
  return [
    { method: 'GET', path: '/faults', handler: () => apiJson(200, { faults: listFaults(mocks), kinds: FAULT_KINDS, routes }) },
    { method: 'POST', path: '/faults', handler: async ({ request }) => after(await addFault(mocks, request)) },
    {
      method: 'DELETE',
      path: '/faults',
      handler: () => {
        const cleared = listFaults(mocks).length;
        for (const mock of Object.values(mocks)) mock.faults.reset();
        return after(apiJson(200, { cleared }));
      },
    },
    {
      method: 'DELETE',
      path: '/faults/:service/:id',
      handler: ({ params: [service, id] }) => {
        const mock = serviceMock(mocks, service);
        if (!mock?.faults.remove(Number(id))) return apiError(404, `No pending fault ${service}/${id}`);
        return after(apiJson(200, { removed: { service, id: Number(id) } }));
      },
    },
  ];
}
