import { inspect } from 'node:util';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { callSiteOf, captureCallSite } from '../../src/core/http/call-site.js';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConfigurationError,
  ConflictError,
  InternalServerError,
  MessagingClient,
  NotFoundError,
  OpslinkError,
  PermissionDeniedError,
  RateLimitError,
  RequestValidationError,
  ResponseValidationError,
  WarehouseClient,
} from '../../src/index.js';
import { ONE_ORDER_CSV } from '../support/bulk-csv.js';
import {
  API_KEY,
  BOT_KEY,
  CHANNEL_ID,
  CHANNEL_KEY,
  jsonResponse,
  networkError,
  ORDER_ID,
  rejectionOf,
  SHIPMENT_DETAIL,
  scriptedFetch,
  WAREHOUSE_ID,
  WEBHOOK_TOKEN,
  WEBHOOK_URL,
} from '../support/scripted-fetch.js';

const DM = { to: { email: 'ana@example.com' }, body: 'hello' };
const BASE = 'https://chat.example.test/tenant-7/';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('base URL, headers and bodies on the wire', () => {
  it('keeps a path prefix, ignores a trailing slash and sends the bot key as bearer', async () => {
    let seen: Request | undefined;
    server.use(
      http.post('https://chat.example.test/tenant-7/api/bot/messages', async ({ request }) => {
        seen = request.clone();
        return HttpResponse.json({ id: 'm-1' }, { status: 201 });
      }),
    );
    const client = new MessagingClient({ baseUrl: BASE, botKey: BOT_KEY, headers: { 'x-trace': 'abc' } });
    expect(await client.sendDirectMessage(DM)).toEqual({ id: 'm-1' });
    expect(seen?.headers.get('authorization')).toBe(`Bearer ${BOT_KEY}`);
    expect(seen?.headers.get('content-type')).toBe('application/json');
    expect(seen?.headers.get('x-trace')).toBe('abc');
    expect(await seen?.json()).toEqual(DM);
  });

  it('lets a per-call header replace a client header of any letter case, never join them', async () => {
    let seen: Request | undefined;
    server.use(
      http.post('https://chat.example.test/tenant-7/api/bot/messages', ({ request }) => {
        seen = request;
        return HttpResponse.json({ id: 'm-1' }, { status: 201 });
      }),
    );
    const client = new MessagingClient({ baseUrl: BASE, botKey: BOT_KEY, headers: { 'X-Trace': 'client', Accept: 'text/plain' } });
    await client.sendDirectMessage(DM, { headers: { 'x-trace': 'call', AUTHORIZATION: 'Bearer other' } });
    expect(seen?.headers.get('x-trace')).toBe('call');
    expect(seen?.headers.get('accept')).toBe('text/plain');
    // The client's own key wins over a header of the same name given per call.
    expect(seen?.headers.get('authorization')).toBe(`Bearer ${BOT_KEY}`);
  });

  it('sends the warehouse ApiKey and X-Warehouse-Id on every request, under /api/v1 once', async () => {
    const seen: Request[] = [];
    server.use(
      http.get('https://api.example.test/api/v1/shipments/:id', ({ request }) => {
        seen.push(request);
        return HttpResponse.json({ status: 'success', message: 'ok', data: { shipment: SHIPMENT_DETAIL }, errors: null });
      }),
    );
    for (const baseUrl of ['https://api.example.test', 'https://api.example.test/api/v1/', 'https://api.example.test/api/v1']) {
      const client = new WarehouseClient({ baseUrl, apiKey: API_KEY, warehouseId: WAREHOUSE_ID });
      await client.shipments.retrieve(ORDER_ID);
    }
    expect(seen).toHaveLength(3);
    for (const request of seen) {
      expect(request.headers.get('authorization')).toBe(`ApiKey ${API_KEY}`);
      expect(request.headers.get('x-warehouse-id')).toBe(WAREHOUSE_ID);
    }
  });

  it('keeps the warehouse key and id when a call passes Authorization or X-Warehouse-Id headers', async () => {
    let seen: Request | undefined;
    server.use(
      http.get('https://api.example.test/api/v1/shipments/:id', ({ request }) => {
        seen = request;
        return HttpResponse.json({ status: 'success', message: 'ok', data: { shipment: SHIPMENT_DETAIL }, errors: null });
      }),
    );
    const client = new WarehouseClient({ baseUrl: 'https://api.example.test', apiKey: API_KEY, warehouseId: WAREHOUSE_ID });
    await client.shipments.retrieve(ORDER_ID, {
      headers: { Authorization: 'ApiKey someone-else', 'X-Warehouse-Id': 'wh-other', 'X-Trace': 't-1' },
    });
    expect(seen?.headers.get('authorization')).toBe(`ApiKey ${API_KEY}`);
    expect(seen?.headers.get('x-warehouse-id')).toBe(WAREHOUSE_ID);
    expect(seen?.headers.get('x-trace')).toBe('t-1');
  });

  it('builds https://api.<domain>/api/v1 from a domain', () => {
    const client = new WarehouseClient({ domain: 'example.com', apiKey: API_KEY, warehouseId: WAREHOUSE_ID });
    expect(client.baseUrl).toBe('https://api.example.com/api/v1');
  });

  it('sends a multipart body with its own boundary, never a default Content-Type', async () => {
    let contentType: string | null = null;
    let fields: FormData | undefined;
    server.use(
      http.post('https://api.example.test/api/v1/inbound', async ({ request }) => {
        contentType = request.headers.get('content-type');
        fields = await request.formData();
        return HttpResponse.json({ status: 'success', message: 'created', data: { order_ids: [] }, errors: null });
      }),
    );
    const client = new WarehouseClient({ baseUrl: 'https://api.example.test', apiKey: API_KEY, warehouseId: WAREHOUSE_ID });
    await client.inbound.createBulk(ONE_ORDER_CSV);
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(fields?.get('bulk')).toBe('true');
  });

  it('keeps the multipart boundary even when the client or the call sets a Content-Type header', async () => {
    const contentTypes: (string | null)[] = [];
    server.use(
      http.post('https://api.example.test/api/v1/inbound', async ({ request }) => {
        contentTypes.push(request.headers.get('content-type'));
        await request.formData();
        return HttpResponse.json({ status: 'success', message: 'created', data: { order_ids: [] }, errors: null });
      }),
    );
    const client = new WarehouseClient({
      baseUrl: 'https://api.example.test',
      apiKey: API_KEY,
      warehouseId: WAREHOUSE_ID,
      headers: { 'Content-Type': 'application/json' },
    });
    await client.inbound.createBulk(ONE_ORDER_CSV);
    await client.inbound.createBulk(ONE_ORDER_CSV, { headers: { 'content-type': 'text/csv' } });
    expect(contentTypes).toHaveLength(2);
    for (const contentType of contentTypes) expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('uses the custom fetch given in the options', async () => {
    const fetch = scriptedFetch(jsonResponse(201, { id: 'x' }));
    await new MessagingClient({ baseUrl: BASE, botKey: BOT_KEY, fetch }).sendDirectMessage(DM);
    expect(fetch.calls).toHaveLength(1);
    expect(fetch.calls[0]!.url).toBe('https://chat.example.test/tenant-7/api/bot/messages');
  });

  it('gives the raw response with withResponse()', async () => {
    const fetch = scriptedFetch(jsonResponse(201, { id: 'x' }, { 'x-request-id': 'r-9' }));
    const { data, response } = await new MessagingClient({ baseUrl: BASE, botKey: BOT_KEY, fetch }).sendDirectMessage(DM).withResponse();
    expect(data).toEqual({ id: 'x' });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-request-id')).toBe('r-9');
  });
});

describe('each status becomes its error class', () => {
  const cases: [number, new (...args: never[]) => APIError][] = [
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [429, RateLimitError],
    [500, InternalServerError],
    [502, InternalServerError],
    [503, InternalServerError],
  ];
  for (const [status, ErrorClass] of cases) {
    it(`maps ${status} to ${ErrorClass.name} with the server's message, errors and body`, async () => {
      const body = { status: 'failed', message: `Problem ${status}.`, data: null, errors: ['first cause', 'second cause'] };
      const fetch = scriptedFetch(jsonResponse(status, body, { 'x-request-id': 'abc' }));
      const client = new WarehouseClient({
        baseUrl: 'https://api.example.test',
        apiKey: API_KEY,
        warehouseId: WAREHOUSE_ID,
        fetch,
        maxRetries: 0,
      });
      const error = await client.shipments.retrieve(ORDER_ID).catch((e) => e);
      expect(error).toBeInstanceOf(ErrorClass);
      expect(error).toBeInstanceOf(APIError);
      expect(error).toBeInstanceOf(OpslinkError);
      expect(error.status).toBe(status);
      expect(error.message).toBe(`Problem ${status}.`);
      expect(error.method).toBe('GET');
      expect(error.path).toBe(`/api/v1/shipments/${ORDER_ID}`);
      expect(error.stack?.split('\n')[0]).toBe(`${ErrorClass.name}: Problem ${status}. (${status} GET /api/v1/shipments/${ORDER_ID})`);
      expect(error.errors).toEqual(['first cause', 'second cause']);
      expect(error.body).toEqual(body);
      expect(error.headers.get('x-request-id')).toBe('abc');
    });
  }

  it('keeps a non-JSON error body as text (a proxy HTML page)', async () => {
    const fetch = scriptedFetch(new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const client = new MessagingClient({ baseUrl: BASE, botKey: BOT_KEY, fetch });
    const error = await client.sendDirectMessage(DM).catch((e) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.body).toBe('<html>Bad gateway</html>');
    expect(error.errors).toBeUndefined();
  });

  it('treats a warehouse status "failed" under HTTP 200 as an APIError', async () => {
    const body = { status: 'failed', message: 'Could not do it.', data: null, errors: ['reason'] };
    const fetch = scriptedFetch(jsonResponse(200, body));
    const client = new WarehouseClient({ baseUrl: 'https://api.example.test', apiKey: API_KEY, warehouseId: WAREHOUSE_ID, fetch });
    const error = await client.shipments.retrieve(ORDER_ID).catch((e) => e);
    expect(error).toBeInstanceOf(APIError);
    expect(error.status).toBe(200);
    expect(error.errors).toEqual(['reason']);
  });

  it('reports a 2xx body of a read that is not JSON as ResponseValidationError with the text', async () => {
    const fetch = scriptedFetch(new Response('{"status": ', { status: 200 }));
    const client = new WarehouseClient({ baseUrl: 'https://api.example.test', apiKey: API_KEY, warehouseId: WAREHOUSE_ID, fetch });
    const error = await client.shipments.retrieve(ORDER_ID).catch((e) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.body).toBe('{"status": ');
    expect(fetch.calls).toHaveLength(1);
  });

  it('resolves a write whose 2xx body is not JSON, and says so at warn: it took effect, so no caller sends it twice', async () => {
    const fetch = scriptedFetch(new Response('{"id": ', { status: 201 }));
    const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const sent = await new MessagingClient({ baseUrl: BASE, botKey: BOT_KEY, fetch, logger, logLevel: 'warn' }).sendDirectMessage(DM);
    expect(sent).toEqual({});
    expect(fetch.calls).toHaveLength(1);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0]![0]).toMatch(
      /201 POST \/tenant-7\/api\/bot\/messages took effect, but its body is not as documented \(\(body\): is not JSON/,
    );
  });

  it('puts the caller’s own line in the stack of an error that arrives later', async () => {
    const fetch = scriptedFetch(jsonResponse(404, { message: 'no such employee' }));
    const client = new MessagingClient({ baseUrl: BASE, botKey: BOT_KEY, fetch });
    const error = await client.sendDirectMessage(DM).catch((e) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.stack).toContain('http-client.test.ts');
    expect(error.stack?.split('\n')[0]).toBe('NotFoundError: no such employee (404 POST /tenant-7/api/bot/messages)');
  });
});

describe('the stack of an error that arrives later', () => {
  /** The first call of a process captures its call site while the runtime is probed for async stack traces; these test the calls after it. */
  const probed = async (client: MessagingClient) => {
    await client.sendDirectMessage(DM).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 0));
  };

  it('names every function that awaited the call, however deep, through awaits and then-chains alike', async () => {
    const fetch = scriptedFetch(...Array.from({ length: 3 }, () => jsonResponse(404, { message: 'no such employee' })));
    const client = new MessagingClient({ baseUrl: BASE, botKey: BOT_KEY, fetch });
    await probed(client);
    const deep = async (n: number): Promise<unknown> => (n === 0 ? await client.sendDirectMessage(DM) : await deep(n - 1));
    const error = (await deep(3).catch((e: unknown) => e)) as Error;
    expect(error.stack?.split('\n')[0]).toBe('NotFoundError: no such employee (404 POST /tenant-7/api/bot/messages)');
    const frames = error.stack?.split('\n').slice(1) ?? [];
    expect(frames.filter((frame) => frame.includes('deep'))).toHaveLength(4);
    const chained = (await client.sendDirectMessage(DM).then(
      () => undefined,
      (e: unknown) => e,
    )) as Error;
    expect(chained.stack).toContain('http-client.test.ts');
  });

  it('captures no call site once the runtime is known to carry the awaiting callers (V8); a list or bulk call still captures its own', async () => {
    await probed(new MessagingClient({ baseUrl: BASE, botKey: BOT_KEY, fetch: scriptedFetch(jsonResponse(404, {})) }));
    expect(callSiteOf(callSiteOf)).toBeUndefined();
    expect(captureCallSite(captureCallSite).stack).toEqual(expect.any(String));
  });

  it('takes the frames Error.stackTraceLimit allows where the error is made', async () => {
    const fetch = scriptedFetch(...Array.from({ length: 2 }, () => jsonResponse(404, { message: 'no such employee' })));
    const client = new MessagingClient({ baseUrl: BASE, botKey: BOT_KEY, fetch });
    await probed(client);
    const before = Error.stackTraceLimit;
    Error.stackTraceLimit = 3;
    try {
      const error: Error = await client.sendDirectMessage(DM).catch((e) => e);
      expect(error.stack?.split('\n').slice(1)).toHaveLength(3);
    } finally {
      Error.stackTraceLimit = before;
    }
  });
});

describe('secrets never leave', () => {
  const markers = [BOT_KEY, CHANNEL_KEY, API_KEY, WEBHOOK_TOKEN];
  function expectClean(value: unknown) {
    const texts = [String(value), inspect(value, { depth: 10, showHidden: true }), String(JSON.stringify(value))];
    if (value instanceof Error)
      texts.push(value.stack ?? '', String((value as { cause?: unknown }).cause ?? ''), inspect((value as { cause?: unknown }).cause));
    for (const text of texts) for (const marker of markers) expect(text).not.toContain(marker);
  }

  const echoing = (status: number) => (request: Request) =>
    jsonResponse(status, { message: `rejected ${request.url} ${request.headers.get('authorization')}`, errors: [request.url] });

  const failures: [string, Parameters<typeof scriptedFetch>[0]][] = [
    ['401 echoing the URL and header', echoing(401)],
    ['500 echoing the URL', echoing(500)],
    ['HTML error page naming the URL', (r: Request) => new Response(`<p>${r.url}</p>`, { status: 502 })],
    ['200 that is not JSON', (r: Request) => new Response(`oops ${r.url}`, { status: 201 })],
    ['network error naming the URL', new TypeError(`fetch failed for ${WEBHOOK_URL}`)],
    ['reset connection', networkError()],
  ];

  for (const [name, step] of failures) {
    it(`keeps the webhook token and keys out of the error of a ${name}`, async () => {
      const fetch = scriptedFetch(step);
      const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
      const client = new MessagingClient({
        webhookUrl: WEBHOOK_URL,
        botKey: BOT_KEY,
        channelKey: CHANNEL_KEY,
        fetch,
        logger,
        logLevel: 'debug',
        maxRetries: 0,
      });
      const error = await client.postChannelMessage({ content: 'hi' }).catch((e) => e);
      expect(fetch.calls[0]!.url).toContain(WEBHOOK_TOKEN); // it was really used
      expectClean(error);
      expectClean((error as APIError).body);
      for (const call of [...logger.debug.mock.calls, ...logger.info.mock.calls, ...logger.warn.mock.calls, ...logger.error.mock.calls]) {
        expectClean(call);
      }
      // A 2xx to a write resolves (the warn line says what was odd); every failure rejects.
      if (name === '200 that is not JSON') {
        expect(error).toEqual({});
        expect(logger.warn).toHaveBeenCalled();
      } else {
        expect(error).toBeInstanceOf(OpslinkError);
        expect(logger.error).toHaveBeenCalled();
      }
    });
  }

  it('keeps the token out of timeout and abort errors', async () => {
    const client = new MessagingClient({ webhookUrl: WEBHOOK_URL, fetch: scriptedFetch('hang'), timeout: 20 });
    const timeout = await client.postChannelMessage({ content: 'hi' }).catch((e) => e);
    expect(timeout).toBeInstanceOf(APIConnectionTimeoutError);
    expectClean(timeout);
    const aborted = await client.postChannelMessage({ content: 'hi' }, { signal: AbortSignal.abort() }).catch((e) => e);
    expect(aborted).toBeInstanceOf(APIUserAbortError);
    expectClean(aborted);
  });

  it('keeps keys out of inspect and JSON of both clients', () => {
    const m = new MessagingClient({ webhookUrl: WEBHOOK_URL, botKey: BOT_KEY, channelKey: CHANNEL_KEY, baseUrl: BASE });
    const w = new WarehouseClient({ baseUrl: 'https://api.example.test', apiKey: API_KEY, warehouseId: WAREHOUSE_ID });
    for (const client of [m, w]) {
      expectClean(client);
      expect(Object.values(client).map(String).join(' ')).not.toMatch(/SECRET_MARKER/);
    }
    expect(inspect(m)).toContain('botKey');
    expect(inspect(m)).toContain(CHANNEL_ID);
  });

  it('logs method, scrubbed path, status and duration at info level, and nothing when off', async () => {
    const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const fetch = scriptedFetch(jsonResponse(201, { id: 'x' }));
    await new MessagingClient({ webhookUrl: WEBHOOK_URL, fetch, logger, logLevel: 'info' }).postChannelMessage({ content: 'hi' });
    expect(logger.info).toHaveBeenCalledTimes(1);
    expect(logger.info.mock.calls[0]![0]).toMatch(
      new RegExp(`← 201 POST /prefix/api/automation/webhooks/${CHANNEL_ID}/\\[redacted\\] in \\d+ ms`),
    );
    expect(logger.debug).not.toHaveBeenCalled();
    const quiet = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    await new MessagingClient({ webhookUrl: WEBHOOK_URL, fetch, logger: quiet }).postChannelMessage({ content: 'hi' });
    for (const fn of Object.values(quiet)) expect(fn).not.toHaveBeenCalled();
  });

  it('logs a retry at warn level', async () => {
    const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const fetch = scriptedFetch(jsonResponse(429, {}, { 'retry-after': '0' }), jsonResponse(201, { id: 'x' }));
    await new MessagingClient({ baseUrl: BASE, botKey: BOT_KEY, fetch, logger, logLevel: 'warn' }).sendDirectMessage(DM);
    expect(logger.warn.mock.calls[0]![0]).toMatch(/429 POST \/tenant-7\/api\/bot\/messages: retry 1 of 2/);
  });
});

describe('bad options are refused before any request', () => {
  it('refuses a key with CR or LF without echoing it', () => {
    for (const botKey of [`${BOT_KEY}\r\nX-Evil: 1`, `${BOT_KEY}\n`]) {
      const error = (() => {
        try {
          new MessagingClient({ baseUrl: BASE, botKey });
        } catch (e) {
          return e as ConfigurationError;
        }
      })();
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect(error?.option).toBe('botKey');
      expect(error?.message).not.toContain('SECRET_MARKER');
    }
  });

  it('refuses header values with CR or LF, on the client and per call', async () => {
    expect(() => new MessagingClient({ baseUrl: BASE, botKey: BOT_KEY, headers: { 'x-a': 'b\r\nc' } })).toThrow(
      /headers\.x-a: must not contain CR or LF/,
    );
    const fetch = scriptedFetch(jsonResponse(201, {}));
    const client = new MessagingClient({ baseUrl: BASE, botKey: BOT_KEY, fetch });
    const error = await client.sendDirectMessage(DM, { headers: { 'x-b': 'v\nw' } }).catch((e) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(fetch.calls).toHaveLength(0);
  });

  it('refuses an apiKey with a line break and a missing warehouseId, listing both', () => {
    expect(() => new WarehouseClient({ baseUrl: 'https://a.test', apiKey: 'k\n', warehouseId: '' })).toThrow(
      /apiKey: must not contain CR or LF[\s\S]*warehouseId: must be a non-empty string/,
    );
  });

  it('refuses a base URL that is not http(s)', () => {
    expect(() => new MessagingClient({ baseUrl: 'ftp://x.test', botKey: BOT_KEY })).toThrow(/baseUrl: must use http or https/);
    expect(() => new MessagingClient({ baseUrl: 'not a url', botKey: BOT_KEY })).toThrow(ConfigurationError);
    expect(() => new MessagingClient({ baseUrl: 'https://user:pw@x.test', botKey: BOT_KEY })).toThrow(/user name or password/);
  });

  it('refuses bad timeout, maxRetries, logLevel and logger', () => {
    const error = (() => {
      try {
        new MessagingClient({
          baseUrl: BASE,
          botKey: BOT_KEY,
          timeout: -1,
          maxRetries: 1.5,
          logLevel: 'loud' as never,
          logger: {} as never,
        });
      } catch (e) {
        return e as ConfigurationError;
      }
    })();
    expect(error?.issues.map((i) => i.path[0])).toEqual(['timeout', 'maxRetries', 'logLevel', 'logger']);
  });

  it('refuses a timeout longer than a timer can wait, or not a number', () => {
    for (const timeout of [2 ** 31, Number.POSITIVE_INFINITY, Number.NaN, '100' as unknown as number]) {
      expect(() => new MessagingClient({ baseUrl: BASE, botKey: BOT_KEY, timeout })).toThrow(
        /timeout: must be a positive number of milliseconds/,
      );
    }
    expect(() => new MessagingClient({ baseUrl: BASE, botKey: BOT_KEY, timeout: 2 ** 31 - 1 })).not.toThrow();
  });

  it('refuses a path id that is not a UUID, sending nothing', async () => {
    const fetch = scriptedFetch(jsonResponse(200, {}));
    const client = new WarehouseClient({ baseUrl: 'https://api.example.test', apiKey: API_KEY, warehouseId: WAREHOUSE_ID, fetch });
    for (const id of ['../inbound', `${ORDER_ID}/../x`, '..', '%2e%2e', `${ORDER_ID}?x=1`, '']) {
      const error = await client.shipments.retrieve(id).catch((e) => e);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect(error.issues[0].path).toEqual(['shipment_id']);
      const update = await client.inbound.update(id, { color: 'red' }).catch((e) => e);
      expect(update.issues[0].path).toEqual(['order_id']);
    }
    expect(fetch.calls).toHaveLength(0);
  });

  it('turns an unreachable host into APIConnectionError', async () => {
    const client = new MessagingClient({
      baseUrl: 'http://127.0.0.1:9',
      botKey: BOT_KEY,
      fetch: (input, init) => globalThis.fetch(input, init),
    });
    server.use(http.post('http://127.0.0.1:9/api/bot/messages', () => HttpResponse.error()));
    expect(await client.sendDirectMessage(DM).catch((e) => e)).toBeInstanceOf(APIConnectionError);
  });
});

describe('the custom fetch, the timeout and the logger', () => {
  it('calls a custom fetch as (url, init) with the headers and the JSON text as built', async () => {
    const calls: [string, RequestInit][] = [];
    const fetch = (async (url: string, init: RequestInit) => {
      calls.push([url, init]);
      return jsonResponse(201, { id: 'm-1' });
    }) as unknown as typeof globalThis.fetch;
    await new MessagingClient({ baseUrl: BASE, botKey: BOT_KEY, fetch }).sendDirectMessage(DM);
    const [url, init] = calls[0]!;
    expect(url).toBe('https://chat.example.test/tenant-7/api/bot/messages');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).authorization).toBe(`Bearer ${BOT_KEY}`);
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(init.body).toBe(JSON.stringify(DM));
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('gives a custom fetch the multipart body as a Blob whose type is the Content-Type it sends', async () => {
    let init: RequestInit | undefined;
    const fetch = (async (_url: string, given: RequestInit) => {
      init = given;
      return jsonResponse(200, { status: 'success', message: 'ok', data: { order_ids: [] }, errors: null });
    }) as unknown as typeof globalThis.fetch;
    await new WarehouseClient({
      baseUrl: 'https://api.example.test',
      apiKey: API_KEY,
      warehouseId: WAREHOUSE_ID,
      fetch,
      headers: { 'Content-Type': 'text/plain' },
    }).inbound.createBulk(ONE_ORDER_CSV);
    const body = init?.body as Blob;
    expect(body).toBeInstanceOf(Blob);
    expect(body.type).toMatch(/^multipart\/form-data; boundary=opslink-[0-9a-z]{16,}$/);
    expect((init!.headers as Record<string, string>)['content-type']).toBe(body.type);
    const form = await new Request('https://x.test/', { method: 'POST', body, headers: { 'content-type': body.type } }).formData();
    expect(form.get('bulk')).toBe('true');
    expect(await (form.get('file') as File).text()).toBe(ONE_ORDER_CSV);
  });

  it('times out a read whose body stalls after the headers (a write that got its 2xx resolves: cut-off-bodies.test.ts)', async () => {
    const fetch = scriptedFetch(
      (request) =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"id": "half'));
              request.signal.addEventListener('abort', () => controller.error(request.signal.reason));
            },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    );
    const warehouse = new WarehouseClient({ baseUrl: 'https://api.example.test', apiKey: API_KEY, warehouseId: WAREHOUSE_ID, fetch });
    const error = await warehouse.shipments.retrieve(ORDER_ID, { timeout: 50, maxRetries: 0 }).catch((e) => e);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(fetch.calls).toHaveLength(1);
  });

  it('ends the wait for a custom fetch that ignores its signal, on the timeout and on an abort', async () => {
    const never = (() => new Promise<Response>(() => {})) as unknown as typeof globalThis.fetch;
    const timedOut = new MessagingClient({ baseUrl: BASE, botKey: BOT_KEY, fetch: never, timeout: 30 }).sendDirectMessage(DM);
    expect(await rejectionOf(timedOut)).toBeInstanceOf(APIConnectionTimeoutError);
    const controller = new AbortController();
    const aborted = new MessagingClient({ baseUrl: BASE, botKey: BOT_KEY, fetch: never }).sendDirectMessage(DM, {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 10);
    expect(await rejectionOf(aborted)).toBeInstanceOf(APIUserAbortError);
  });

  it('cancels the unread body of a response a custom fetch sends after the timeout', async () => {
    let cancelled = false;
    const late = (() =>
      new Promise<Response>((resolve) => {
        const body = new ReadableStream({
          cancel() {
            cancelled = true;
          },
        });
        setTimeout(() => resolve(new Response(body, { status: 201 })), 60);
      })) as unknown as typeof globalThis.fetch;
    const error = await rejectionOf(
      new MessagingClient({ baseUrl: BASE, botKey: BOT_KEY, fetch: late, timeout: 20 }).sendDirectMessage(DM),
    );
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    await vi.waitFor(() => expect(cancelled).toBe(true));
  });

  it('gives every attempt its own headers: a custom fetch that edits them does not edit the retry', async () => {
    const seen: Record<string, string>[] = [];
    const fetch = (async (_url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      seen.push({ ...headers });
      headers['x-edited-by-fetch'] = 'yes';
      return seen.length === 1
        ? jsonResponse(503, { status: 'failed', message: 'busy', data: null, errors: null })
        : jsonResponse(200, { status: 'success', message: 'ok', data: { shipment: SHIPMENT_DETAIL }, errors: null });
    }) as unknown as typeof globalThis.fetch;
    const client = new WarehouseClient({ baseUrl: 'https://api.example.test', apiKey: API_KEY, warehouseId: WAREHOUSE_ID, fetch });
    await client.shipments.retrieve(ORDER_ID, { maxRetries: 1 });
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[1]).not.toHaveProperty('x-edited-by-fetch');
  });

  it('logs to the console when a level is set without a logger', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    try {
      await new MessagingClient({
        baseUrl: BASE,
        botKey: BOT_KEY,
        fetch: scriptedFetch(jsonResponse(201, {})),
        logLevel: 'info',
      }).sendDirectMessage(DM);
      expect(info).toHaveBeenCalledWith(expect.stringMatching(/^\[opslink\] ← 201 POST \/tenant-7\/api\/bot\/messages/));
    } finally {
      info.mockRestore();
    }
  });

  it('takes an AbortSignal from another realm or a polyfill', async () => {
    const foreign = { aborted: false, reason: undefined, addEventListener() {}, removeEventListener() {} } as unknown as AbortSignal;
    const fetch = scriptedFetch(jsonResponse(201, { id: 'x' }));
    const client = new MessagingClient({ baseUrl: BASE, botKey: BOT_KEY, fetch });
    expect(await client.sendDirectMessage(DM, { signal: foreign })).toEqual({ id: 'x' });
    const refused = await client.sendDirectMessage(DM, { signal: {} as AbortSignal }).catch((e) => e);
    expect(refused).toBeInstanceOf(ConfigurationError);
  });
});
