/**
 * No key, token, webhook secret or credential-named header in what tracing publishes: every
 * context object of every channel event (with its error), and every span (name, attributes,
 * events, status) and metric point, over a run of every method of both clients — the webhook
 * client included — with successes, a retry, a rate-limit wait and errors.
 */
import { inspect } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { MessagingClient, WarehouseClient } from '../../src/index.js';
import { createMessagingMock, createWarehouseMock } from '../../src/testing/index.js';
import { recordChannels } from '../support/channels.js';
import { ORDER } from '../support/reliability.js';
import { otelHarness } from './support.js';

const CALL_SECRET = 'call_SECRET_MARKER_h3ad3r';

const harness = otelHarness();
const recorder = recordChannels();
afterAll(async () => {
  recorder.stop();
  await harness.close();
});

/** Every text a context object can be read as: JSON, inspect (hidden members too), an error's message and stack. */
function surfaces(value: unknown): string {
  const headers = (v: Record<string, unknown>) => (v.headers instanceof Headers ? { ...v, headers: Object.fromEntries(v.headers) } : v);
  const error = (value as { error?: Error }).error;
  return [
    JSON.stringify(headers(value as Record<string, unknown>), (_, v) => (v instanceof Error ? { message: v.message, stack: v.stack } : v)),
    inspect(value, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
    error instanceof Error ? `${error.message} ${error.stack} ${inspect(error.cause)}` : '',
  ].join('\n');
}

describe('tracing with secrets masked', () => {
  it('publishes no key, token or secret header in any context, span or metric over every method', async () => {
    const messaging = createMessagingMock();
    const warehouse = createWarehouseMock({ inboundOrders: 3, shipments: 12 });
    const headers = { 'x-api-key': CALL_SECRET };
    const chat = new MessagingClient({
      baseUrl: messaging.baseUrl,
      botKey: messaging.botKey,
      channelKey: messaging.channelKey,
      fetch: messaging.fetch,
      headers,
    });
    const hook = MessagingClient.fromWebhookUrl(messaging.webhookUrl, { fetch: messaging.fetch, headers });
    const wh = new WarehouseClient({
      baseUrl: warehouse.baseUrl,
      apiKey: () => warehouse.apiKey,
      warehouseId: warehouse.warehouseId,
      fetch: warehouse.fetch,
      headers,
    });
    const to = { email: messaging.employees.first.email };
    messaging.faults.status('POST /api/automation/webhooks/:channelId/:token', 429, { times: 1, retryAfter: 1 });
    warehouse.faults.status(/^GET \/api\/v1\/shipments/, 503, { times: 1 });
    const [order] = warehouse.state.inboundOrders;
    const runs: Promise<unknown>[] = [
      chat.sendDirectMessage({ to, body: 'one' }),
      chat.sendDirectMessages([
        { to, body: 'two' },
        { to: { email: 'nobody@example.com' }, body: 'three' },
      ]),
      chat.postAnnouncement({ title: 'Stocktake', body: 'Friday' }),
      chat.postChannelMessage({ content: 'by key' }),
      hook.postChannelMessage({ content: 'by webhook' }),
      wh.inbound.create(ORDER),
      wh.inbound.createBulk([ORDER, { ...ORDER, order_number: 'PO-2' }]),
      wh.inbound.update(order!.order_id, { notes: 'recounted' }),
      wh.inbound.updateMany([{ order_id: order!.order_id, patch: { notes: 'again' } }]),
      wh.shipments.retrieve('00000000-0000-4000-8000-000000000000'),
      (async () => {
        for await (const shipment of wh.shipments.list({ limit: 5 })) await wh.shipments.retrieve(shipment.shipment_id);
      })(),
      (async () => {
        for await (const _ of wh.inbound.list({ limit: 2 }));
      })(),
    ];
    const outcomes = await Promise.allSettled(runs);
    expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(1); // the unknown shipment id

    const secrets = [messaging.botKey, messaging.channelKey, warehouse.apiKey, CALL_SECRET];
    const contexts = recorder.events.map((e) => surfaces(e.context));
    const spans = harness
      .spans()
      .map((s) => inspect({ name: s.name, attributes: s.attributes, events: s.events, status: s.status }, { depth: 9 }));
    const metric = await harness.durations();
    const points = inspect(
      metric?.dataPoints.map((p) => p.attributes),
      { depth: 9 },
    );
    expect(recorder.names('rate-limit')).toHaveLength(1);
    expect(harness.spans().some((s) => s.name === 'POST /api/automation/webhooks/{channelId}/{token}')).toBe(true);
    expect(contexts.length).toBeGreaterThan(100);
    for (const secret of secrets) {
      for (const text of [...contexts, ...spans, points]) {
        expect(text).not.toContain(secret);
        expect(text).not.toContain(encodeURIComponent(secret));
      }
    }
  });
});
