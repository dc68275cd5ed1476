/**
 * Scripted misbehaviour of a mock: faults for the next matching requests, and latency.
 */

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
 * const warehouseMock = createWarehouseMock();
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
 * A fault still waiting for requests, as {@link FaultController.list} shows it.
 * @example
 * ```ts
 * mock.faults.status('POST /api/bot/messages', 429, { times: 2, retryAfter: 1 });
 * const [pending]: PendingFault[] = mock.faults.list();
 * expect(pending?.left).toBe(2);
 * mock.faults.remove(pending!.id);
 * ```
 */
export interface PendingFault {
  /** Stable for the controller's life; pass it to {@link FaultController.remove}. */
  id: number;
  /** The route as given: `METHOD /path`, a RegExp's source in slashes, or `undefined` for every route. */
  route: string | undefined;
  /** Matching requests it still applies to. */
  left: number;
  fault: Fault;
}

function matches(route: string | RegExp | undefined, key: string): boolean {
  if (route === undefined) return true;
  return typeof route === 'string' ? route === key : route.test(key);
}

/** The most requests one fault applies to, and the longest hang or latency (ms): `mock.faults` and `POST /_mock/faults` alike. */
export const FAULT_LIMITS = { times: 1000, ms: 600_000 } as const;

/** What makes a fault unusable, checked as `POST /_mock/faults` checks it: one list of problems. */
function faultProblems(fault: Fault | undefined): string[] {
  if (fault === null || typeof fault !== 'object') return ['fault: must be { status }, { hang } or { drop: true }'];
  if ('status' in fault) {
    const ok = Number.isInteger(fault.status) && fault.status >= 200 && fault.status <= 599;
    return ok ? [] : [`fault.status: must be an HTTP status from 200 to 599, not ${String(fault.status)}`];
  }
  if ('hang' in fault)
    return wholeNumber(fault.hang, 1, FAULT_LIMITS.ms) ? [] : [`fault.hang: must be an integer from 1 to ${FAULT_LIMITS.ms} (ms)`];
  return 'drop' in fault && fault.drop === true ? [] : ['fault: must be { status }, { hang } or { drop: true }'];
}

const wholeNumber = (value: unknown, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/**
 * Scripts faults for a mock's next requests. A rule is checked as `POST /_mock/faults`
 * checks one (a route of this mock, `times` 1–1000, a status 200–599): a bad one throws a
 * `RangeError` naming every problem, rather than wait for a request that never matches.
 * @example
 * ```ts
 * mock.faults.add({ route: 'POST /api/bot/messages', times: 2, fault: { status: 429, headers: { 'retry-after': '1' } } });
 * mock.faults.latency('GET /api/v1/inbound', 20);
 * ```
 */
export class FaultController {
  readonly #rules: { id: number; route?: string | RegExp; left: number; fault: Fault }[] = [];
  readonly #latency: { route?: string | RegExp; ms: number }[] = [];
  readonly #knows: ((route: string) => boolean) | undefined;
  readonly #routes: readonly string[];
  #nextId = 1;

  /**
   * @param knows whether a `METHOD /path` names a route of the mock (a route as listed, or a
   * path one of them serves): a fault on a misspelt route would never fire, and a test that
   * relies on it would pass without it.
   */
  constructor(knows?: (route: string) => boolean, routes: readonly string[] = []) {
    this.#knows = knows;
    this.#routes = routes;
  }

  /** Throws a `RangeError` listing every problem of a rule, so a test cannot add one that never fires. */
  #check(route: string | RegExp | undefined, extra: string[]): void {
    const problems = [...extra];
    if (route !== undefined && !(route instanceof RegExp)) {
      if (typeof route !== 'string') problems.push('route: must be a string, a RegExp or undefined (every route)');
      else if (this.#knows && !this.#knows(route))
        problems.push(`route: '${route}' is not a route of this mock (${this.#routes.join(', ')})`);
    }
    if (problems.length > 0) throw new RangeError(`Fault not added: ${problems.join('; ')}`);
  }

  /** Applies `fault` to the next `times` requests matching `route`. */
  add(rule: FaultRule): this {
    const times = rule.times ?? 1;
    const problems = faultProblems(rule.fault);
    if (!wholeNumber(times, 1, FAULT_LIMITS.times)) problems.push(`times: must be an integer from 1 to ${FAULT_LIMITS.times}`);
    this.#check(rule.route, problems);
    this.#rules.push({ id: this.#nextId++, route: rule.route, left: times, fault: rule.fault });
    return this;
  }

  /**
   * Next `times` requests answer `status` (e.g. 503, or 429 with `retryAfter` seconds), with
   * `body`, or else the service's own error body (the warehouse's failure envelope).
   */
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
    this.#check(route, wholeNumber(ms, 0, FAULT_LIMITS.ms) ? [] : [`ms: must be an integer from 0 to ${FAULT_LIMITS.ms}`]);
    this.#latency.push({ route, ms });
    return this;
  }

  /** The faults still waiting for requests, in the order they apply. */
  list(): PendingFault[] {
    return this.#rules.map(({ id, route, left, fault }) => ({
      id,
      route: route instanceof RegExp ? String(route) : route,
      left,
      fault: structuredClone(fault),
    }));
  }

  /** Removes one pending fault by its {@link PendingFault.id}; `false` when there is none. */
  remove(id: number): boolean {
    const index = this.#rules.findIndex((rule) => rule.id === id);
    if (index >= 0) this.#rules.splice(index, 1);
    return index >= 0;
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

/** Waits `ms`, or less when the request is aborted (the client gave up). */
export function wait(ms: number, signal: AbortSignal): Promise<void> {
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
