// One traced bulk send, drawn as a tree: three direct messages, the first answered 429 with
// Retry-After: 1, so it waits for the client's pause and is sent again. Spans are kept in
// memory by the OpenTelemetry SDK and printed when the send is done (`node examples/trace-bulk-send.ts`).
import { context, propagation } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { MessagingClient } from 'opslink';
import { OpslinkInstrumentation } from 'opslink/otel';
import { createMessagingMock } from 'opslink/testing';
import { drawTree } from './_tree.ts';

const KINDS = ['INTERNAL', 'SERVER', 'CLIENT', 'PRODUCER', 'CONSUMER'];

/** A span's line: name, kind, and what the conventions recorded of its outcome. */
function describe(span: ReadableSpan): string {
  const a = span.attributes;
  const parts = [span.name, KINDS[span.kind]];
  if (a['http.response.status_code'] !== undefined) parts.push(`status ${a['http.response.status_code']}`);
  if (a['http.request.resend_count'] !== undefined) parts.push(`resend_count ${a['http.request.resend_count']}`);
  if (a['error.type'] !== undefined) parts.push(`error.type ${a['error.type']}`);
  for (const event of span.events) parts.push(`[${event.name}: ${Math.round(Number(event.attributes?.['opslink.wait_ms']) / 100) / 10} s]`);
  return parts.join('  ');
}

export async function traceBulkSend(): Promise<string[]> {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const exporter = new InMemorySpanExporter();
  const instrumentation = new OpslinkInstrumentation();
  instrumentation.setTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));

  const mock = createMessagingMock();
  mock.faults.status('POST /api/bot/messages', 429, { times: 1, retryAfter: 1 });
  const messaging = new MessagingClient({ baseUrl: mock.baseUrl, botKey: mock.botKey, fetch: mock.fetch });
  const staff = [mock.employees.first.email, 'ana@example.test', mock.employees.first.email];
  const results = await messaging.sendDirectMessages(
    staff.map((email) => ({ to: { email }, body: 'Stocktake at 6' })),
    { concurrency: 1 },
  );
  instrumentation.disable();
  const outcome = results.map((r) => (r.status === 'fulfilled' ? 'sent' : r.reason.name)).join(', ');
  return [...drawTree(exporter.getFinishedSpans(), describe), '', `results: ${outcome}`];
}

if (import.meta.main) console.log((await traceBulkSend()).join('\n'));
