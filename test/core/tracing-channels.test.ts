/**
 * The tracing channels as a plain `diagnostics_channel` subscriber sees them: `opslink:call`
 * per SDK call (a list over its whole iteration, a bulk send with a call per item inside),
 * `opslink:request` per attempt, in `tracePromise`'s order, with the context members API.md
 * lists; a store bound to a call's start is seen by its requests; a header a subscriber adds
 * at a request's start is sent.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import diagnostics from 'node:diagnostics_channel';
import { afterEach, describe, expect, it } from 'vitest';
import { MessagingClient, NotFoundError, WarehouseClient } from '../../src/index.js';
import { createMessagingMock, createWarehouseMock } from '../../src/testing/index.js';
import { recordChannels } from '../support/channels.js';
import { API_KEY, BOT_KEY, jsonResponse, ORDER_ID, SHIPMENT_DETAIL, scriptedFetch, WAREHOUSE_ID } from '../support/scripted-fetch.js';

let recorder: ReturnType<typeof recordChannels> | undefined;
afterEach(() => recorder?.stop());

const DETAIL = { status: 'success', message: 'ok', data: { shipment: SHIPMENT_DETAIL }, errors: null };
const warehouseWith = (fetch: typeof globalThis.fetch) =>
  new WarehouseClient({ baseUrl: 'https://api.example.test', apiKey: API_KEY, warehouseId: WAREHOUSE_ID, fetch });

describe('opslink:call and opslink:request', () => {
  it('publish a retried GET as one call and two attempts, in tracePromise order, with the members API.md lists', async () => {
    recorder = recordChannels();
    const fetch = scriptedFetch(jsonResponse(503, { message: 'busy' }), jsonResponse(200, DETAIL, { 'x-request-id': 'req-7' }));
    const detail = await warehouseWith(fetch).shipments.retrieve(ORDER_ID, { maxRetries: 1 });
    expect(recorder.names()).toEqual([
      'call:start',
      'call:end',
      'request:start',
      'request:end',
      'request:asyncStart',
      'request:asyncEnd',
      'request:start',
      'request:end',
      'request:asyncStart',
      'request:asyncEnd',
      'call:asyncStart',
      'call:asyncEnd',
    ]);
    const call = recorder.events[0]!;
    const name = { service: 'warehouse', operation: 'shipments.retrieve', method: 'GET', urlTemplate: '/api/v1/shipments/{shipment_id}' };
    expect(call.copy).toEqual(name);
    expect(recorder.events.at(-1)!.copy).toEqual({ ...name, result: detail });
    const attempts = recorder.events.filter((e) => e.channel === 'request' && e.event === 'asyncEnd').map((e) => e.copy);
    expect(Object.keys(attempts[0]!).sort()).toEqual([
      'attempt',
      'headers',
      'method',
      'operation',
      'service',
      'status',
      'url',
      'urlTemplate',
    ]);
    expect(attempts).toMatchObject([
      { ...name, url: `https://api.example.test/api/v1/shipments/${ORDER_ID}`, attempt: 1, status: 503 },
      { ...name, attempt: 2, status: 200, requestId: 'req-7' },
    ]);
    expect(attempts[0]!.headers).toMatchObject({ authorization: '[redacted]', 'x-warehouse-id': WAREHOUSE_ID });
  });

  it('end an attempt answered with an HTTP error with its status, and the call with the error before asyncStart', async () => {
    recorder = recordChannels();
    const fetch = scriptedFetch(jsonResponse(404, { message: 'no such shipment' }));
    const error = await warehouseWith(fetch)
      .shipments.retrieve(ORDER_ID)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(recorder.names().slice(-3)).toEqual(['call:error', 'call:asyncStart', 'call:asyncEnd']);
    const attempt = recorder.events.find((e) => e.channel === 'request' && e.event === 'asyncEnd')!;
    expect(attempt.copy).toMatchObject({ status: 404 });
    expect(attempt.copy).not.toHaveProperty('error');
    expect(recorder.events.at(-1)!.context.error).toBe(error);
  });

  it('end a call with its result scrubbed: a key the service echoes in a 2xx body is not in the context', async () => {
    recorder = recordChannels();
    const fetch = scriptedFetch(jsonResponse(201, { id: 'm-1', chatId: 'c-1', echo: `Bearer ${BOT_KEY}` }));
    const sent = await new MessagingClient({ baseUrl: 'https://chat.example.test', botKey: BOT_KEY, fetch }).sendDirectMessage({
      to: { email: 'ana@example.com' },
      body: 'Dock 3',
    });
    expect(JSON.stringify(sent)).toContain(BOT_KEY); // what the caller gets is the body as received
    const end = recorder.events.find((e) => e.channel === 'call' && e.event === 'asyncEnd')!;
    expect(JSON.stringify(end.context.result)).toContain('[redacted]');
    expect(JSON.stringify(end.context)).not.toContain(BOT_KEY);
  });

  it('end a failed attempt with a scrubbed error and no status', async () => {
    recorder = recordChannels();
    const fetch = scriptedFetch(new TypeError(`fetch failed for ${API_KEY}`));
    await warehouseWith(fetch)
      .shipments.retrieve(ORDER_ID, { maxRetries: 0 })
      .catch(() => {});
    const attempt = recorder.events.find((e) => e.channel === 'request' && e.event === 'error')!;
    expect((attempt.copy.error as Error).name).toBe('APIConnectionError');
    expect((attempt.copy.error as Error).message).not.toContain(API_KEY);
    expect(attempt.copy).not.toHaveProperty('status');
  });

  it('publish a list as one call over all its pages, ended when the iteration ends', async () => {
    const mock = createWarehouseMock({ shipments: 25 });
    const client = new WarehouseClient({ baseUrl: mock.baseUrl, apiKey: mock.apiKey, warehouseId: mock.warehouseId, fetch: mock.fetch });
    recorder = recordChannels();
    let items = 0;
    for await (const _ of client.shipments.list({ limit: 10 })) items++;
    expect(items).toBe(25);
    const calls = recorder.events.filter((e) => e.channel === 'call');
    expect(calls.map((e) => e.event)).toEqual(['start', 'end', 'asyncStart', 'asyncEnd']);
    expect(calls[0]!.copy).toEqual({ service: 'warehouse', operation: 'shipments.list', method: 'GET', urlTemplate: '/api/v1/shipments' });
    expect(calls[3]!.copy.result).toEqual({ pages: 3, items: 25 });
    const requests = recorder.events.filter((e) => e.channel === 'request' && e.event === 'start');
    expect(requests.map((e) => e.copy.url)).toEqual([0, 10, 20].map((o) => `${mock.baseUrl}/shipments?offset=${o}&limit=10`));
    // Every page request started before the call ended.
    const order = recorder.names();
    expect(order.lastIndexOf('request:asyncEnd')).toBeLessThan(order.indexOf('call:asyncStart'));
  });

  it('end a list call at a break, and an awaited first page ends it with that page', async () => {
    const mock = createWarehouseMock({ shipments: 25 });
    const client = new WarehouseClient({ baseUrl: mock.baseUrl, apiKey: mock.apiKey, warehouseId: mock.warehouseId, fetch: mock.fetch });
    recorder = recordChannels();
    for await (const _ of client.shipments.list({ limit: 10 })) break;
    expect(recorder.names('call')).toEqual(['call:start', 'call:end', 'call:asyncStart', 'call:asyncEnd']);
    expect(recorder.names('request').filter((n) => n === 'request:start')).toHaveLength(1);
    recorder.events.length = 0;
    const page = await client.shipments.list({ limit: 10 });
    expect(recorder.names('call')).toEqual(['call:start', 'call:end', 'call:asyncStart', 'call:asyncEnd']);
    expect(recorder.events.at(-1)!.copy.result).toBe(page);
  });

  it('publish a bulk send as one call, each item a call of its own started inside it', async () => {
    const mock = createMessagingMock();
    const client = new MessagingClient({ baseUrl: mock.baseUrl, botKey: mock.botKey, fetch: mock.fetch });
    // A store bound to a call's start holds that call and the one it started in.
    const calls = new AsyncLocalStorage<{ name: string; parent: string | undefined }>();
    const callStart = diagnostics.tracingChannel('opslink:call').start;
    callStart.bindStore(calls, (context) => ({ name: (context as { operation: string }).operation, parent: calls.getStore()?.name }));
    const seen: string[] = [];
    recorder = recordChannels((request) => seen.push(`${request.operation} in ${calls.getStore()?.name}`));
    const itemStarts: string[] = [];
    const onStart = () => itemStarts.push(`${calls.getStore()?.name} in ${calls.getStore()?.parent}`);
    callStart.subscribe(onStart);
    try {
      const to = { email: mock.employees.first.email };
      const results = await client.sendDirectMessages(
        [
          { to, body: 'one' },
          { to, body: 'two' },
        ],
        { concurrency: 2 },
      );
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    } finally {
      callStart.unbindStore(calls);
      callStart.unsubscribe(onStart);
    }
    const starts = recorder.events.filter((e) => e.channel === 'call' && e.event === 'start').map((e) => e.copy);
    expect(starts).toEqual([
      { service: 'messaging', operation: 'sendDirectMessages', method: 'POST', urlTemplate: '/api/bot/messages' },
      { service: 'messaging', operation: 'sendDirectMessage', method: 'POST', urlTemplate: '/api/bot/messages' },
      { service: 'messaging', operation: 'sendDirectMessage', method: 'POST', urlTemplate: '/api/bot/messages' },
    ]);
    // The store bound to a call's start: the bulk call's is seen by each item's start, an item's by its request.
    expect(itemStarts).toEqual([
      'sendDirectMessages in undefined',
      'sendDirectMessage in sendDirectMessages',
      'sendDirectMessage in sendDirectMessages',
    ]);
    expect(seen).toEqual(['sendDirectMessage in sendDirectMessage', 'sendDirectMessage in sendDirectMessage']);
    const bulkEnd = recorder.events.filter((e) => e.channel === 'call' && e.event === 'asyncEnd').at(-1)!;
    expect(bulkEnd.copy.operation).toBe('sendDirectMessages');
    expect((bulkEnd.copy.result as unknown[]).length).toBe(2);
  });

  it('send a header a subscriber adds at start, and never one it changes', async () => {
    recorder = recordChannels((request) => {
      const headers = request.headers as Headers;
      headers.set('traceparent', '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
      headers.set('authorization', 'ApiKey stolen');
    });
    const fetch = scriptedFetch(jsonResponse(200, DETAIL));
    await warehouseWith(fetch).shipments.retrieve(ORDER_ID);
    const sent = fetch.calls[0]!.headers;
    expect(sent.get('traceparent')).toBe('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
    expect(sent.get('authorization')).toBe(`ApiKey ${API_KEY}`);
  });

  it('tell opslink:rate-limit when a call waits for the pause after a 429', async () => {
    recorder = recordChannels();
    const fetch = scriptedFetch(jsonResponse(429, { message: 'slow down' }, { 'retry-after': '1' }), jsonResponse(200, DETAIL));
    await warehouseWith(fetch).shipments.retrieve(ORDER_ID);
    const waits = recorder.events.filter((e) => e.channel === 'rate-limit');
    expect(waits).toHaveLength(1);
    expect(waits[0]!.copy).toMatchObject({ operation: 'shipments.retrieve', urlTemplate: '/api/v1/shipments/{shipment_id}' });
    expect(waits[0]!.copy.waitMs).toBeGreaterThan(500);
    const order = recorder.names();
    expect(order.indexOf('rate-limit:publish')).toBeGreaterThan(order.indexOf('request:asyncEnd'));
    expect(order.indexOf('rate-limit:publish')).toBeLessThan(order.lastIndexOf('request:start'));
  });

  it('publish nothing, and build no context, while nobody subscribes', async () => {
    const fetch = scriptedFetch(jsonResponse(200, DETAIL));
    const channel = diagnostics.tracingChannel('opslink:request');
    expect(channel.hasSubscribers).toBe(false);
    await warehouseWith(fetch).shipments.retrieve(ORDER_ID);
    expect(fetch.calls[0]!.headers.has('traceparent')).toBe(false);
  });
});
