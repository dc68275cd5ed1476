// Spans drawn as a tree in the terminal: children under their parent, in start order.
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';

const startOf = (s: ReadableSpan) => s.startTime[0] * 1e9 + s.startTime[1];

/** One line per span, `describe(span)` after the tree's guides; a span whose parent is not among `spans` is a root. */
export function drawTree(spans: readonly ReadableSpan[], describe: (span: ReadableSpan) => string = (s) => s.name): string[] {
  const ids = new Set(spans.map((s) => s.spanContext().spanId));
  const children = new Map<string | undefined, ReadableSpan[]>();
  for (const span of spans) {
    const parent = span.parentSpanContext?.spanId;
    const key = parent && ids.has(parent) ? parent : undefined;
    children.set(key, [...(children.get(key) ?? []), span]);
  }
  const lines: string[] = [];
  const walk = (parent: string | undefined, prefix: string) => {
    const list = [...(children.get(parent) ?? [])].sort((a, b) => startOf(a) - startOf(b));
    list.forEach((span, i) => {
      const last = i === list.length - 1;
      lines.push(`${prefix}${parent === undefined ? '' : last ? '└─ ' : '├─ '}${describe(span)}`);
      walk(span.spanContext().spanId, parent === undefined ? prefix : `${prefix}${last ? '   ' : '│  '}`);
    });
  };
  walk(undefined, '');
  return lines;
}
