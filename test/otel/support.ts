/**
 * The real OpenTelemetry SDK, wired as an application would: the AsyncLocalStorage context
 * manager, the W3C propagator, a tracer provider exporting to memory and a meter provider
 * read on demand, with an {@link OpslinkInstrumentation} bound to both.
 */
import { context, propagation } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { AggregationTemporality, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { drawTree } from '../../examples/_tree.ts';
import { OpslinkInstrumentation, type OpslinkInstrumentationConfig } from '../../src/otel/index.js';

export function otelHarness(config: OpslinkInstrumentationConfig = {}) {
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const spans = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] });
  const metrics = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  const reader = new PeriodicExportingMetricReader({ exporter: metrics, exportIntervalMillis: 3_600_000 });
  const meterProvider = new MeterProvider({ readers: [reader] });
  const instrumentation = new OpslinkInstrumentation(config);
  instrumentation.setTracerProvider(tracerProvider);
  instrumentation.setMeterProvider(meterProvider);
  return {
    instrumentation,
    spans: () => spans.getFinishedSpans(),
    /** The histogram's data points after a collection. */
    async durations() {
      await reader.forceFlush();
      const all =
        metrics
          .getMetrics()
          .at(-1)
          ?.scopeMetrics.flatMap((s) => s.metrics) ?? [];
      return all.find((m) => m.descriptor.name === 'http.client.request.duration');
    },
    async close() {
      instrumentation.disable();
      await tracerProvider.shutdown();
      await meterProvider.shutdown();
      context.disable();
      propagation.disable();
    },
  };
}

/** The spans as a tree of names, children in start order (the drawing docs/tracing.md shows). */
export const tree = (spans: readonly ReadableSpan[]) => drawTree(spans);
