/**
 * Every endpoint against every fault the mocks can script (status, hang, drop) plus the
 * client-side ones (abort, timeout), table-driven. Each row checks the outcome (the typed
 * error, or success after a retry), how many requests the server saw (a POST twice only
 * after a 429; GET and PUT retried `maxRetries` times), that nothing was created twice, that
 * no rejection went unhandled and that no timer was left behind.
 *
 * Fake timers: Retry-After waits, backoff, timeouts and the mocks' hangs run on the fake
 * clock, so a Retry-After of 3 s costs nothing and the waits can be measured exactly.
 *
 * The messaging API has no envelope: its document signals failure only by HTTP status
 * (400/401/404). A 2xx whose body merely looks like an error (`status: "failed"`, `errors`)
 * is therefore a success for the endpoints whose response the document does not show (the
 * created direct and channel message): the server accepted the message, and treating the
 * body as a failure would invite the caller to send it again, a duplicate. The created
 * announcement has documented members (id, title, body), so the same body there is a
 * `ResponseValidationError`, never an `APIError` and never retried.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  InternalServerError,
  MessagingClient,
  OpslinkError,
  RateLimitError,
  type RequestOptions,
  ResponseValidationError,
  WarehouseClient,
} from '../../src/index.js';
import {
  createMessagingMock,
  createWarehouseMock,
  type MessagingMock,
  type MockServer,
  type MockTransport,
  mockUpdateViolations,
  startMockServer,
  type WarehouseMock,
} from '../../src/testing/index.js';
import { drainMacrotasks, observedFetch, type SeenRequest, type Settled, settle, unhandledRejections } from '../support/reliability.js';

const MAX_RETRIES = 2;
const TIMEOUT_MS = 1_000;
const MAX_RETRY_AFTER_MS = 60_000;
const NOW = new Date('2026-03-02T10:00:00.000Z'); // a whole second, so HTTP dates are exact

type Method = 'GET' | 'POST' | 'PUT';

interface Env {
  messaging: MessagingMock;
  warehouse: WarehouseMock;
  seen: SeenRequest[];
  bot: MessagingClient;
  channel: MessagingClient;
  hook: MessagingClient;
  wh: WarehouseClient;
  orderId: string;
  shipmentId: string;
}

interface Endpoint {
  name: string;
  method: Method;
  service: 'messaging' | 'warehouse';
  /** The mock's route key, as faults match it. */
  route: string;
  call(env: Env, options: RequestOptions): PromiseLike<unknown>;
  /** Writes the server has performed so far for this endpoint (records created or changed). */
  writes(env: Env): number;
  /** Writes one successful call performs. */
  writesPerCall: number;
}

const NOTE = 'fault-matrix note';
const ORDER = {
  date: '01/15/2026',
  retailer: 'Target',
  order_number: 'PO-1001',
  item_name: 'Desk lamp',
  color: 'black',
  brand_sku: 'LAMP-BLK',
  quantity: 12,
  asin: 'B000000001',
  unit_cost: 9.5,
  list_price: 24.99,
  fulfillment_type: 'fba' as const,
};
const SEEDED_ORDERS = 25;

const ENDPOINTS: Endpoint[] = [
  {
    name: 'sendDirectMessage',
    method: 'POST',
    service: 'messaging',
    route: 'POST /api/bot/messages',
    call: (env, options) =>
      env.bot.sendDirectMessage({ to: { email: env.messaging.employees.first.email }, body: 'Truck 4 at door 2' }, options),
    writes: (env) => env.messaging.state.directMessages.length,
    writesPerCall: 1,
  },
  {
    name: 'postAnnouncement',
    method: 'POST',
    service: 'messaging',
    route: 'POST /api/bot/announcements',
    call: (env, options) => env.bot.postAnnouncement({ title: 'Stocktake', body: 'Friday from 6 am.' }, options),
    writes: (env) => env.messaging.state.announcements.length,
    writesPerCall: 1,
  },
  {
    name: 'postChannelMessage by channel key',
    method: 'POST',
    service: 'messaging',
    route: 'POST /api/automation/messages',
    call: (env, options) => env.channel.postChannelMessage({ content: 'Nightly export done', embeds: [{ title: 'export.csv' }] }, options),
    writes: (env) => env.messaging.state.channelMessages.filter((m) => m.via === 'bearer').length,
    writesPerCall: 1,
  },
  {
    name: 'postChannelMessage by webhook URL',
    method: 'POST',
    service: 'messaging',
    route: 'POST /api/automation/webhooks/:channelId/:token',
    call: (env, options) => env.hook.postChannelMessage({ content: 'Build green' }, options),
    writes: (env) => env.messaging.state.channelMessages.filter((m) => m.via === 'webhook').length,
    writesPerCall: 1,
  },
  {
    name: 'inbound.create',
    method: 'POST',
    service: 'warehouse',
    route: 'POST /api/v1/inbound',
    call: (env, options) => env.wh.inbound.create(ORDER, options),
    writes: (env) => env.warehouse.state.inboundOrders.length - SEEDED_ORDERS,
    writesPerCall: 1,
  },
  {
    name: 'inbound.createBulk',
    method: 'POST',
    service: 'warehouse',
    route: 'POST /api/v1/inbound',
    call: (env, options) => env.wh.inbound.createBulk([ORDER, { ...ORDER, order_number: 'PO-1002' }], options),
    writes: (env) => env.warehouse.state.inboundOrders.length - SEEDED_ORDERS,
    writesPerCall: 2,
  },
  {
    name: 'inbound.list',
    method: 'GET',
    service: 'warehouse',
    route: 'GET /api/v1/inbound',
    call: (env, options) => env.wh.inbound.list({ limit: 10 }, options),
    writes: () => 0,
    writesPerCall: 0,
  },
  {
    name: 'inbound.update',
    method: 'PUT',
    service: 'warehouse',
    route: 'PUT /api/v1/inbound/:order_id',
    call: (env, options) => env.wh.inbound.update(env.orderId, { notes: NOTE }, options),
    // PUT replaces: repeating it changes nothing more, so count the order changed, not the requests.
    writes: (env) => env.warehouse.state.inboundOrders.filter((o) => o.client_notes === NOTE).length,
    writesPerCall: 1,
  },
  {
    name: 'shipments.list',
    method: 'GET',
    service: 'warehouse',
    route: 'GET /api/v1/shipments',
    call: (env, options) => env.wh.shipments.list({ limit: 5 }, options),
    writes: () => 0,
    writesPerCall: 0,
  },
  {
    name: 'shipments.retrieve',
    method: 'GET',
    service: 'warehouse',
    route: 'GET /api/v1/shipments/:shipment_id',
    call: (env, options) => env.wh.shipments.retrieve(env.shipmentId, options),
    writes: () => 0,
    writesPerCall: 0,
  },
];

type ErrorClass = abstract new (...args: never[]) => Error;

interface Expected {
  /** `'success'`, or the error class the call must reject with (checked exactly with `exact`). */
  outcome: 'success' | ErrorClass;
  exact?: boolean;
  requests: number;
  /** What the server may have written: every call's writes, none, or at most one call's. */
  writes: 'one-call' | 'none' | 'at-most-one-call';
  check?: (result: Settled<unknown>, env: Env, endpoint: Endpoint) => void;
}

interface FaultCase {
  name: string;
  install(transport: MockTransport, route: string, env: Env): void;
  /** Per-call options; `abort` aborts the call's signal at the given fake time. */
  options?: () => { options: RequestOptions; abortAt?: number; abort?: () => void };
  expected(endpoint: Endpoint): Expected;
}

const FAILURE_BODY = { status: 'failed', message: 'Could not process the request.', data: null, errors: ['the first cause', 'the second'] };
const HTML = '<!doctype html><html><body><h1>502 Bad Gateway</h1><p>upstream unavailable</p></body></html>';
const retried = (endpoint: Endpoint) => endpoint.method !== 'POST';
const attempts = (endpoint: Endpoint) => (retried(endpoint) ? MAX_RETRIES + 1 : 1);
const always = 1_000; // "every request": more than any row sends

function gapBetweenRequests(env: Env): number {
  return env.seen[1]!.at - env.seen[0]!.at;
}

function abortable(abortAt: number) {
  return () => {
    const controller = new AbortController();
    return { options: { signal: controller.signal }, abortAt, abort: () => controller.abort(new Error('the caller gave up')) };
  };
}

const FAULTS: FaultCase[] = [
  {
    name: '429 with Retry-After: 1 (seconds), then success',
    install: (t, route) => t.faults.status(route, 429, { retryAfter: 1 }),
    expected: () => ({
      outcome: 'success',
      requests: 2,
      writes: 'one-call',
      check: (_, env) => expect(gapBetweenRequests(env)).toBe(1_000),
    }),
  },
  {
    name: '429 with Retry-After as an HTTP date 3 s ahead, then success',
    install: (t, route) => t.faults.status(route, 429, { retryAfter: new Date(Date.now() + 3_000).toUTCString() }),
    expected: () => ({
      outcome: 'success',
      requests: 2,
      writes: 'one-call',
      check: (_, env) => expect(gapBetweenRequests(env)).toBe(3_000),
    }),
  },
  {
    name: '429 with Retry-After: 120 (past maxRetryAfter)',
    install: (t, route) => t.faults.status(route, 429, { retryAfter: 120, times: always }),
    expected: () => ({
      outcome: RateLimitError,
      requests: 1,
      writes: 'none',
      check: (result) => {
        const error = (result as { error: RateLimitError }).error;
        expect(error.retryAfter).toBe(120);
        expect(error.status).toBe(429);
      },
    }),
  },
  {
    name: '429 with an HTTP date past maxRetryAfter',
    install: (t, route) => t.faults.status(route, 429, { retryAfter: new Date(Date.now() + 3_600_000).toUTCString(), times: always }),
    expected: () => ({
      outcome: RateLimitError,
      requests: 1,
      writes: 'none',
      check: (result) => expect((result as { error: RateLimitError }).error.retryAfter).toBe(3_600),
    }),
  },
  {
    name: '429 on every attempt (Retry-After: 0)',
    install: (t, route) => t.faults.status(route, 429, { retryAfter: 0, times: always }),
    // 429 is retried for every method, POST included: the server said it did nothing.
    expected: () => ({ outcome: RateLimitError, requests: MAX_RETRIES + 1, writes: 'none' }),
  },
  {
    name: '500 on every attempt',
    install: (t, route) => t.faults.status(route, 500, { times: always }),
    expected: (endpoint) => ({
      outcome: InternalServerError,
      requests: attempts(endpoint),
      writes: 'none',
      check: (result) => expect((result as { error: APIError }).error.status).toBe(500),
    }),
  },
  {
    name: '500 once, then success',
    install: (t, route) => t.faults.status(route, 500),
    expected: (endpoint) =>
      retried(endpoint)
        ? { outcome: 'success', requests: 2, writes: 'one-call' }
        : { outcome: InternalServerError, requests: 1, writes: 'none' },
  },
  {
    name: '502 with an HTML body',
    install: (t, route) =>
      t.faults.add({ route, times: always, fault: { status: 502, headers: { 'content-type': 'text/html' }, body: HTML } }),
    expected: (endpoint) => ({
      outcome: InternalServerError,
      requests: attempts(endpoint),
      writes: 'none',
      check: (result) => {
        const error = (result as { error: APIError }).error;
        expect(error.status).toBe(502);
        expect(error.body).toBe(HTML);
        expect(error.errors).toBeUndefined();
      },
    }),
  },
  {
    name: '503 on every attempt',
    install: (t, route) => t.faults.status(route, 503, { times: always }),
    expected: (endpoint) => ({
      outcome: InternalServerError,
      requests: attempts(endpoint),
      writes: 'none',
      check: (result) => expect((result as { error: APIError }).error.status).toBe(503),
    }),
  },
  {
    name: '200 with malformed JSON',
    install: (t, route) =>
      t.faults.add({
        route,
        times: always,
        fault: { status: 200, headers: { 'content-type': 'application/json' }, body: '{"status": "succ' },
      }),
    // A 2xx is never sent again: the server may have done the work. A read that cannot be
    // read is a ResponseValidationError; a write took effect, so it resolves with what can be
    // read (and a warn log line) rather than invite the caller to send it twice.
    expected: (endpoint) =>
      endpoint.method === 'GET'
        ? {
            outcome: ResponseValidationError,
            requests: 1,
            writes: 'none',
            check: (result) => {
              const error = (result as { error: ResponseValidationError }).error;
              expect(error.body).toBe('{"status": "succ');
              expect(error.status).toBe(200);
            },
          }
        : {
            outcome: 'success',
            requests: 1,
            writes: 'none',
            check: (result) => expect((result as { value: unknown }).value).toEqual(UNREADABLE_WRITE[endpoint.name]),
          },
  },
  {
    name: '200 with an empty body',
    install: (t, route) => t.faults.add({ route, times: always, fault: { status: 200, body: '' } }),
    expected: (endpoint) =>
      // A write took effect: an empty body resolves with what can be read. A read's documented body is missing.
      endpoint.method !== 'GET'
        ? {
            outcome: 'success',
            requests: 1,
            writes: 'none',
            check: (result) => expect((result as { value: unknown }).value).toEqual(UNREADABLE_WRITE[endpoint.name]),
          }
        : {
            outcome: ResponseValidationError,
            requests: 1,
            writes: 'none',
            check: (result) => expect((result as { error: ResponseValidationError }).error.body).toBeUndefined(),
          },
  },
  {
    name: '2xx whose body reports failure (status "failed", errors)',
    install: (t, route, env) =>
      t.faults.add({ route, times: always, fault: { status: env.warehouse === t ? 200 : 201, body: FAILURE_BODY } }),
    expected: (endpoint) => {
      if (endpoint.service === 'warehouse') {
        // The warehouse envelope: status "failed" is an error under any HTTP status, and not retried.
        return {
          outcome: APIError,
          exact: true,
          requests: 1,
          writes: 'none',
          check: (result) => {
            const error = (result as { error: APIError }).error;
            expect(error.status).toBe(200);
            expect(error.errors).toEqual(FAILURE_BODY.errors);
            expect(error.body).toEqual(FAILURE_BODY);
          },
        };
      }
      if (endpoint.route === 'POST /api/bot/announcements') {
        // Not the messaging service's shape at all, but a 201 to a write: it resolves, members as received.
        return {
          outcome: 'success',
          requests: 1,
          writes: 'none',
          check: (result) =>
            expect((result as { value: unknown }).value).toEqual({ ...FAILURE_BODY, likeCount: undefined, commentCount: undefined }),
        };
      }
      return {
        outcome: 'success',
        requests: 1,
        writes: 'none', // the fault answered: the mock stored nothing, the client saw a 201
        check: (result) => expect((result as { value: unknown }).value).toEqual(FAILURE_BODY),
      };
    },
  },
  {
    name: 'connection reset on every attempt',
    install: (t, route) => t.faults.add({ route, times: always, fault: { drop: true } }),
    expected: (endpoint) => ({
      outcome: APIConnectionError,
      requests: attempts(endpoint),
      writes: 'none',
      check: (result) => expect((result as { error: unknown }).error).not.toBeInstanceOf(APIConnectionTimeoutError),
    }),
  },
  {
    name: 'hang past the timeout on every attempt',
    install: (t, route) => t.faults.add({ route, times: always, fault: { hang: 600_000 } }),
    // The mock goes on with a request after the client gave up, as a server may: a POST may
    // have taken effect, which is why it is not sent again.
    expected: (endpoint) => ({ outcome: APIConnectionTimeoutError, requests: attempts(endpoint), writes: 'at-most-one-call' }),
  },
  {
    name: 'abort while the request is in flight',
    install: (t, route) => t.faults.add({ route, times: always, fault: { hang: 600_000 } }),
    options: abortable(100),
    expected: () => ({
      outcome: APIUserAbortError,
      requests: 1,
      writes: 'at-most-one-call',
      check: (result) => expect(((result as { error: Error }).error.cause as Error).message).toBe('the caller gave up'),
    }),
  },
  {
    name: 'abort while waiting out a 429 Retry-After',
    install: (t, route) => t.faults.status(route, 429, { retryAfter: 30, times: always }),
    options: abortable(1_000),
    expected: () => ({ outcome: APIUserAbortError, requests: 1, writes: 'none' }),
  },
  {
    name: 'a signal aborted before the call',
    install: () => {},
    options: () => ({ options: { signal: AbortSignal.abort(new Error('already gone')) } }),
    expected: () => ({ outcome: APIUserAbortError, requests: 0, writes: 'none' }),
  },
];

/** What a write resolves with when its 2xx body cannot be read at all (the write took effect). */
const UNREADABLE_WRITE: Record<string, unknown> = {
  sendDirectMessage: {},
  postAnnouncement: { likeCount: undefined, commentCount: undefined },
  'postChannelMessage by channel key': {},
  'postChannelMessage by webhook URL': {},
  'inbound.create': {},
  'inbound.createBulk': { message: '', data: null },
  'inbound.update': { message: '' },
};

function setUp(): Env {
  const messaging = createMessagingMock({ now: () => new Date(Date.now()) });
  const warehouse = createWarehouseMock();
  const seen: SeenRequest[] = [];
  const common = { maxRetries: MAX_RETRIES, timeout: TIMEOUT_MS, maxRetryAfter: MAX_RETRY_AFTER_MS };
  const mFetch = observedFetch(messaging, seen);
  const wFetch = observedFetch(warehouse, seen);
  const order = warehouse.state.inboundOrders.find((o) => mockUpdateViolations(o, { notes: NOTE }, warehouse.settings).length === 0);
  if (!order) throw new Error('the seed holds no order that takes a notes update');
  return {
    messaging,
    warehouse,
    seen,
    bot: new MessagingClient({ baseUrl: messaging.baseUrl, botKey: messaging.botKey, fetch: mFetch, ...common }),
    channel: new MessagingClient({ baseUrl: messaging.baseUrl, channelKey: messaging.channelKey, fetch: mFetch, ...common }),
    hook: MessagingClient.fromWebhookUrl(messaging.webhookUrl, { fetch: mFetch, ...common }),
    wh: new WarehouseClient({
      baseUrl: warehouse.baseUrl,
      apiKey: warehouse.apiKey,
      warehouseId: warehouse.warehouseId,
      fetch: wFetch,
      ...common,
    }),
    orderId: order.order_id,
    shipmentId: warehouse.state.shipments[0]!.shipment_id,
  };
}

const unhandled = unhandledRejections();
beforeAll(() => unhandled.install());
afterAll(() => unhandled.uninstall());
afterEach(async () => {
  await drainMacrotasks();
  expect(unhandled.seen).toEqual([]);
});

function expectOutcome(outcome: Settled<unknown>, expected: Expected): void {
  if (expected.outcome === 'success') {
    expect(outcome.ok ? 'resolved' : outcome.error).toBe('resolved');
    return;
  }
  expect(outcome.ok ? outcome.value : undefined, 'resolved instead of rejecting').toBeUndefined();
  const error = (outcome as { error: unknown }).error;
  expect(error).toBeInstanceOf(OpslinkError);
  expect(error).toBeInstanceOf(expected.outcome);
  if (expected.exact) expect((error as Error).constructor).toBe(expected.outcome);
}

function expectWrites(endpoint: Endpoint, env: Env, expected: Expected): void {
  const writes = endpoint.writes(env);
  if (expected.writes === 'one-call') expect(writes).toBe(endpoint.writesPerCall);
  else if (expected.writes === 'none') expect(writes).toBe(0);
  else expect(writes).toBeLessThanOrEqual(endpoint.writesPerCall);
}

describe("in memory: the mocks' fetch on a fake clock", () => {
  // Each endpoint called once on the real clock first (the first call of each warms what it
  // makes once): the loop below runs five minutes of fake time in a few ms of real time.
  beforeAll(async () => {
    const env = setUp();
    for (const endpoint of ENDPOINTS) await settle(endpoint.call(env, {}));
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.clearAllTimers();
    vi.useRealTimers();
  });

  describe.each(ENDPOINTS)('$name ($method)', (endpoint) => {
    it.each(FAULTS)('$name', async (fault) => {
      const env = setUp();
      const transport = endpoint.service === 'messaging' ? env.messaging : env.warehouse;
      fault.install(transport, endpoint.route, env);
      const extra = fault.options?.();
      const expected = fault.expected(endpoint);
      if (extra?.abort && extra.abortAt !== undefined) setTimeout(extra.abort, extra.abortAt);

      const result = settle(endpoint.call(env, extra?.options ?? {}));
      // Run the fake clock until the call settles, 100 ms at a time; 5 minutes of fake time is
      // far past any wait here. Each step first lets the event loop turn (setImmediate is not
      // faked): a Blob body, like a multipart upload's file, is read across turns, and the
      // clock must not outrun it.
      for (let step = 0; step < 3_000 && !result.done; step++) {
        await new Promise((resolve) => setImmediate(resolve));
        await vi.advanceTimersByTimeAsync(100);
      }
      expect(result.done, 'the call never settled').toBe(true);
      const outcome = await result;

      expectOutcome(outcome, expected);
      expect(env.seen.map((r) => r.method)).toEqual(Array(expected.requests).fill(endpoint.method));
      expectWrites(endpoint, env, expected);
      expected.check?.(outcome, env, endpoint);
      // Nothing left behind: no retry wait, no timeout, no mock hang still armed.
      expect(vi.getTimerCount()).toBe(0);
    });
  });
});

/**
 * The faults that involve the transport itself, over real sockets on 127.0.0.1: a dropped
 * connection is a real reset, a hang a real timeout, an abort a real cancelled fetch. Real
 * timers, a short timeout where the server hangs, backoff pinned to 0 ms.
 */
describe('over real HTTP: startMockServer on 127.0.0.1, real timers', () => {
  /**
   * The clients' timeout: only a stuck test ever meets it. A short one here timed out a plain
   * answer on a busy machine (the process was not scheduled for 150 ms, and timers run before
   * the socket's data), failing "then success" with nothing wrong.
   */
  const REAL_TIMEOUT_MS = 5_000;
  /**
   * The timeout of the calls the server hangs: short, so the row stays quick, and long enough
   * for each attempt's request to reach the server (in this process) on a busy machine.
   */
  const HANG_TIMEOUT_MS = 500;
  const REAL_RETRIES = 1;
  const servers: MockServer[] = [];
  /** Called as the server is handed a request: the in-flight abort happens there. */
  let onArrival: (() => void) | undefined;
  const messaging = createMessagingMock();
  const warehouse = createWarehouseMock();
  const seen: SeenRequest[] = [];
  let env: Env;
  let baseline: Map<string, number>;

  /** The mock as the server sees it, recording each request it is handed. */
  function recorded<T extends MockTransport>(mock: T): T {
    return {
      ...mock,
      handle: (request: Request) => {
        seen.push({ method: request.method, path: new URL(request.url).pathname, url: request.url, at: Date.now() });
        onArrival?.();
        return mock.handle(request);
      },
    };
  }

  beforeAll(async () => {
    baseline = resourceCounts();
    const m = await startMockServer({ messaging: recorded(messaging) });
    const w = await startMockServer({ warehouse: recorded(warehouse) });
    servers.push(m, w);
    const common = { maxRetries: REAL_RETRIES, timeout: REAL_TIMEOUT_MS };
    const order = warehouse.state.inboundOrders.find((o) => mockUpdateViolations(o, { notes: NOTE }, warehouse.settings).length === 0)!;
    env = {
      messaging,
      warehouse,
      seen,
      bot: new MessagingClient({ baseUrl: m.messagingBaseUrl, botKey: messaging.botKey, ...common }),
      channel: new MessagingClient({ baseUrl: m.messagingBaseUrl, channelKey: messaging.channelKey, ...common }),
      hook: MessagingClient.fromWebhookUrl(m.webhookUrl!, common),
      wh: new WarehouseClient({ baseUrl: w.warehouseBaseUrl, apiKey: warehouse.apiKey, warehouseId: warehouse.warehouseId, ...common }),
      orderId: order.order_id,
      shipmentId: warehouse.state.shipments[0]!.shipment_id,
    };
  });
  beforeEach(() => {
    messaging.reset();
    warehouse.reset();
    seen.length = 0;
    vi.spyOn(Math, 'random').mockReturnValue(0); // backoff waits 0 ms
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const realAttempts = (endpoint: Endpoint) => (retried(endpoint) ? REAL_RETRIES + 1 : 1);
  const REAL_FAULTS: (Omit<FaultCase, 'options'> & { abortInFlight?: boolean; timeout?: number })[] = [
    {
      name: '429 with Retry-After: 0, then success',
      install: (t, route) => t.faults.status(route, 429, { retryAfter: 0 }),
      expected: () => ({ outcome: 'success', requests: 2, writes: 'one-call' }),
    },
    {
      name: 'connection reset (socket destroyed) on every attempt',
      install: (t, route) => t.faults.add({ route, times: always, fault: { drop: true } }),
      expected: (endpoint) => ({ outcome: APIConnectionError, requests: realAttempts(endpoint), writes: 'none' }),
    },
    {
      name: 'hang past the timeout on every attempt',
      install: (t, route) => t.faults.add({ route, times: always, fault: { hang: 30_000 } }),
      timeout: HANG_TIMEOUT_MS,
      expected: (endpoint) => ({ outcome: APIConnectionTimeoutError, requests: realAttempts(endpoint), writes: 'at-most-one-call' }),
    },
    {
      // Aborted once the server holds the request (not after a fixed 50 ms, which a busy
      // machine could spend before sending it): in flight, whatever the machine's load.
      name: 'abort while the request is in flight',
      install: (t, route) => t.faults.add({ route, times: always, fault: { hang: 30_000 } }),
      abortInFlight: true,
      expected: () => ({ outcome: APIUserAbortError, requests: 1, writes: 'at-most-one-call' }),
    },
    {
      name: '502 with an HTML body',
      install: (t, route) =>
        t.faults.add({ route, times: always, fault: { status: 502, headers: { 'content-type': 'text/html' }, body: HTML } }),
      expected: (endpoint) => ({
        outcome: InternalServerError,
        requests: realAttempts(endpoint),
        writes: 'none',
        check: (result) => expect((result as { error: APIError }).error.body).toBe(HTML),
      }),
    },
  ];

  describe.each(ENDPOINTS)('$name ($method)', (endpoint) => {
    it.each(REAL_FAULTS)('$name', async (fault) => {
      const transport = endpoint.service === 'messaging' ? messaging : warehouse;
      fault.install(transport, endpoint.route, env);
      const expected = fault.expected(endpoint);
      const controller = new AbortController();
      if (fault.abortInFlight) onArrival = () => controller.abort(new Error('the caller gave up'));
      const outcome = await settle(
        endpoint.call(env, { signal: controller.signal, ...(fault.timeout !== undefined && { timeout: fault.timeout }) }),
      );
      onArrival = undefined;
      expectOutcome(outcome, expected);
      // The server sees a request only once its head arrived: wait for stragglers, then count.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(seen.map((r) => r.method)).toEqual(Array(expected.requests).fill(endpoint.method));
      expectWrites(endpoint, env, expected);
      expected.check?.(outcome, env, endpoint);
    });
  });

  it('leaves no socket, server or timer behind once the servers are closed', async () => {
    for (const server of servers.splice(0)) await server.close();
    // Closing ends every connection; the client side sees the close on the next turns.
    let leftovers: string[] = [];
    for (let i = 0; i < 50; i++) {
      leftovers = extraResources(baseline);
      if (leftovers.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(leftovers).toEqual([]);
  });
});

function resourceCounts(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const name of process.getActiveResourcesInfo()) counts.set(name, (counts.get(name) ?? 0) + 1);
  return counts;
}

/** Socket, server and timer resources active now beyond `baseline`. */
function extraResources(baseline: Map<string, number>): string[] {
  const out: string[] = [];
  for (const [name, count] of resourceCounts()) {
    if (!/TCP|Timeout|Immediate|Pipe/.test(name)) continue;
    const extra = count - (baseline.get(name) ?? 0);
    if (extra > 0) out.push(`${name} x${extra}`);
  }
  return out;
}
