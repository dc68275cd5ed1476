/**
 * OpslinkInstrumentation against the real OpenTelemetry SDK: span names and kinds, the
 * attempt spans under their call across retries, a list's pages and a bulk send's items,
 * the attributes by the HTTP semantic conventions, rate-limit waits as events, the duration
 * histogram's buckets and labels, `traceparent` as the server receives it, and
 * disable()/enable().
 */
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterEach, describe, expect, it } from 'vitest';
import { MessagingClient, NotFoundError, WarehouseClient } from '../../src/index.js';
import { DURATION_BUCKETS } from '../../src/otel/index.js';
import { createMessagingMock, createWarehouseMock, startMockServer } from '../../src/testing/index.js';
import { API_KEY, jsonResponse, ORDER_ID, SHIPMENT_DETAIL, scriptedFetch, WAREHOUSE_ID } from '../support/scripted-fetch.js';
import { otelHarness, tree } from './support.js';

const DETAIL = { status: 'success', message: 'ok', data: { shipment: SHIPMENT_DETAIL }, errors: null };
const TEMPLATE = '/api/v1/shipments/{shipment_id}';

let harness: ReturnType<typeof otelHarness> | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const warehouseWith = (fetch: typeof globalThis.fetch) =>
  new WarehouseClient({ baseUrl: 'https://api.example.test', apiKey: API_KEY, warehouseId: WAREHOUSE_ID, fetch });
const named = (spans: readonly ReadableSpan[], name: string) => spans.filter((s) => s.name === name);
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe('OpslinkInstrumentation', () => {
  it('makes a retried GET one INTERNAL call span over two CLIENT attempt spans, the second a resend', async () => {
    harness = otelHarness();
    const fetch = scriptedFetch(jsonResponse(503, { message: 'busy' }), jsonResponse(200, DETAIL));
    await warehouseWith(fetch).shipments.retrieve(ORDER_ID, { maxRetries: 1 });
    const spans = harness.spans();
    const [call] = named(spans, 'opslink.warehouse.shipments.retrieve');
    expect(call!.kind).toBe(SpanKind.INTERNAL);
    expect(call!.status.code).not.toBe(SpanStatusCode.ERROR);
    const attempts = named(spans, `GET ${TEMPLATE}`);
    expect(attempts.map((s) => s.kind)).toEqual([SpanKind.CLIENT, SpanKind.CLIENT]);
    expect(attempts.map(parentOf)).toEqual([call!.spanContext().spanId, call!.spanContext().spanId]);
    expect(attempts[0]!.attributes).toEqual({
      'http.request.method': 'GET',
      'url.template': TEMPLATE,
      'url.full': `https://api.example.test/api/v1/shipments/${ORDER_ID}`,
      'server.address': 'api.example.test',
      'server.port': 443,
      'http.response.status_code': 503,
      'error.type': '503',
    });
    expect(attempts[0]!.status.code).toBe(SpanStatusCode.ERROR);
    expect(attempts[1]!.attributes).toMatchObject({ 'http.request.resend_count': 1, 'http.response.status_code': 200 });
    expect(attempts[1]!.attributes).not.toHaveProperty('error.type');
    expect(attempts[1]!.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('marks a failed call ERROR with the error class as error.type, and a failed connection by its class', async () => {
    harness = otelHarness();
    const notFound = scriptedFetch(jsonResponse(404, { message: 'no such shipment' }));
    await expect(warehouseWith(notFound).shipments.retrieve(ORDER_ID)).rejects.toBeInstanceOf(NotFoundError);
    const down = scriptedFetch(new TypeError('fetch failed'));
    await warehouseWith(down)
      .shipments.retrieve(ORDER_ID, { maxRetries: 0 })
      .catch(() => {});
    const [first, second] = named(harness.spans(), 'opslink.warehouse.shipments.retrieve');
    expect(first!.status.code).toBe(SpanStatusCode.ERROR);
    expect(first!.attributes['error.type']).toBe('NotFoundError');
    expect(second!.attributes['error.type']).toBe('APIConnectionError');
    const attempts = named(harness.spans(), `GET ${TEMPLATE}`);
    expect(attempts.map((s) => s.attributes['error.type'])).toEqual(['404', 'APIConnectionError']);
    expect(attempts[1]!.attributes).not.toHaveProperty('http.response.status_code');
  });

  it('makes a PUT retried after a 503 in a bulk update one span with a child per item, each with its attempts', async () => {
    harness = otelHarness();
    const mock = createWarehouseMock({ inboundOrders: 5 });
    mock.faults.status(/^PUT /, 503, { times: 1 });
    const client = new WarehouseClient({ baseUrl: mock.baseUrl, apiKey: mock.apiKey, warehouseId: mock.warehouseId, fetch: mock.fetch });
    const [a, b] = mock.state.inboundOrders;
    const results = await client.inbound.updateMany(
      [a!, b!].map((o) => ({ order_id: o.order_id, patch: { notes: 'recounted' } })),
      { concurrency: 1 },
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(tree(harness.spans())).toEqual([
      'opslink.warehouse.inbound.updateMany',
      '├─ opslink.warehouse.inbound.update',
      '│  ├─ PUT /api/v1/inbound/{order_id}',
      '│  └─ PUT /api/v1/inbound/{order_id}',
      '└─ opslink.warehouse.inbound.update',
      '   └─ PUT /api/v1/inbound/{order_id}',
    ]);
    const resent = named(harness.spans(), 'PUT /api/v1/inbound/{order_id}').map((s) => s.attributes['http.request.resend_count']);
    expect(resent).toEqual([undefined, 1, undefined]);
  });

  it('makes a list one call span with a child per page, ended when the iteration ends', async () => {
    harness = otelHarness();
    const mock = createWarehouseMock({ shipments: 25 });
    // Pages that take a while: a call span ended at its first page would end 10 ms or more
    // before the last page's, far beyond the clock's tolerance below.
    mock.faults.latency('GET /api/v1/shipments', 10);
    const client = new WarehouseClient({ baseUrl: mock.baseUrl, apiKey: mock.apiKey, warehouseId: mock.warehouseId, fetch: mock.fetch });
    for await (const _ of client.shipments.list({ limit: 10 }, { concurrency: 2 }));
    expect(tree(harness.spans())).toEqual([
      'opslink.warehouse.shipments.list',
      '├─ GET /api/v1/shipments',
      '├─ GET /api/v1/shipments',
      '└─ GET /api/v1/shipments',
    ]);
    const [call] = named(harness.spans(), 'opslink.warehouse.shipments.list');
    const pages = named(harness.spans(), 'GET /api/v1/shipments');
    const end = (s: ReadableSpan) => s.endTime[0] * 1e9 + s.endTime[1];
    // Each span's clock starts at Date.now() (whole milliseconds) and runs on performance.now()
    // from there (@opentelemetry/sdk-trace's Span): two spans' times can disagree by up to 1 ms
    // (seen: a page ending 0.37 ms after its call, in CI).
    expect(Math.max(...pages.map(end))).toBeLessThanOrEqual(end(call!) + 1e6);
  });

  it('records each rate-limit wait as an event on the call span', async () => {
    harness = otelHarness();
    const fetch = scriptedFetch(jsonResponse(429, { message: 'slow down' }, { 'retry-after': '1' }), jsonResponse(200, DETAIL));
    await warehouseWith(fetch).shipments.retrieve(ORDER_ID);
    const [call] = named(harness.spans(), 'opslink.warehouse.shipments.retrieve');
    expect(call!.events.map((e) => e.name)).toEqual(['opslink.rate_limit.wait']);
    expect(call!.events[0]!.attributes!['opslink.wait_ms']).toBeGreaterThan(500);
    expect(named(harness.spans(), `GET ${TEMPLATE}`).map((s) => s.attributes['error.type'])).toEqual(['429', undefined]);
  });

  it('records http.client.request.duration in seconds, one point per attempt, with the conventions buckets and low-cardinality labels', async () => {
    harness = otelHarness();
    const fetch = scriptedFetch(jsonResponse(503, { message: 'busy' }), jsonResponse(200, DETAIL));
    await warehouseWith(fetch).shipments.retrieve(ORDER_ID, { maxRetries: 1 });
    const metric = await harness.durations();
    expect(metric!.descriptor.unit).toBe('s');
    const points = metric!.dataPoints as {
      attributes: Record<string, unknown>;
      value: { count: number; buckets: { boundaries: number[] } };
    }[];
    const base = { 'http.request.method': 'GET', 'url.template': TEMPLATE, 'server.address': 'api.example.test', 'server.port': 443 };
    expect(points.map((p) => p.attributes)).toEqual([
      { ...base, 'http.response.status_code': 503, 'error.type': '503' },
      { ...base, 'http.response.status_code': 200 },
    ]);
    expect(points.map((p) => p.value.count)).toEqual([1, 1]);
    expect(points[0]!.value.buckets.boundaries).toEqual(DURATION_BUCKETS);
  });

  it('sends a traceparent the server receives, naming the attempt span; none with propagate: false', async () => {
    const messaging = createMessagingMock();
    const server = await startMockServer({ messaging });
    try {
      const client = new MessagingClient({ baseUrl: server.messagingBaseUrl, botKey: messaging.botKey });
      const send = () => client.sendDirectMessage({ to: { email: messaging.employees.first.email }, body: 'hi' });
      harness = otelHarness();
      await send();
      const [attempt] = named(harness.spans(), 'POST /api/bot/messages');
      const { traceId, spanId } = attempt!.spanContext();
      expect(messaging.requests.last()!.request.headers.traceparent).toBe(`00-${traceId}-${spanId}-01`);
      await harness.close();
      harness = otelHarness({ propagate: false });
      await send();
      expect(messaging.requests.last()!.request.headers).not.toHaveProperty('traceparent');
      expect(named(harness.spans(), 'POST /api/bot/messages')).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('records nothing while disabled, and again once enabled', async () => {
    harness = otelHarness();
    const fetch = scriptedFetch(jsonResponse(200, DETAIL));
    harness.instrumentation.disable();
    await warehouseWith(fetch).shipments.retrieve(ORDER_ID);
    expect(harness.spans()).toHaveLength(0);
    harness.instrumentation.enable();
    await warehouseWith(fetch).shipments.retrieve(ORDER_ID);
    expect(harness.spans().map((s) => s.name)).toEqual([`GET ${TEMPLATE}`, 'opslink.warehouse.shipments.retrieve']);
  });
});
