/**
 * Every walk ends (API.md "Pages"), over a model of a list that changes between requests:
 * records added at either end or removed, in any sort order (newest first, oldest first, by
 * another key); a total that rises, falls or alternates apart from the records; the same page
 * again; an ignored `offset`; pages longer or shorter than `limit`; with `concurrency` 1 and
 * 8, answers in any order (a request in flight may be answered after the ones sent after it).
 * After a schedule of changes the list stays still, or one change repeats for ever.
 * - Every walk ends, within a bound of the schedule and the totals (and never past 10,000
 *   requests, where the model gives up: a walk that does not end fails there).
 * - A change that stops sooner never ends a walk early: a schedule of at most 40 changes, then
 *   a still list, never ends in a `ResponseValidationError`.
 * - Where records are only added, every record there at the start is yielded, once, unless
 *   the walk ended with the error after 50 requests that came no nearer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ResponseValidationError, WarehouseClient } from '../../src/index.js';
import { listedOrder, uuid } from '../support/listed-orders.js';

type End = 'top' | 'bottom';
interface Step {
  change: { kind: 'add' | 'remove'; end: End; count: number } | undefined;
  /** Added to the real count in the answer's total. */
  lie: number;
  /** Honest, the previous answer again, or the page at offset 0 whatever was asked. */
  answer: 'honest' | 'same' | 'ignore';
  /** Records more (or fewer) than `limit` in the page. */
  length: number;
  /** Turns of the event loop the answer waits, the list read after them: requests in flight at once are answered in another order. */
  delay: number;
}
type Tail = 'still' | 'grow-top' | 'grow-bottom' | 'same' | 'ignore';
type Sort = { sort_key?: 'created_at' | 'order_number'; sort_order?: 'asc' | 'desc' };

const step: fc.Arbitrary<Step> = fc.record({
  change: fc.option(
    fc.record({
      kind: fc.constantFrom('add' as const, 'remove' as const),
      end: fc.constantFrom('top' as const, 'bottom' as const),
      count: fc.integer({ min: 1, max: 30 }),
    }),
    { nil: undefined },
  ),
  lie: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: -20, max: 20 }) }),
  answer: fc.oneof(
    { weight: 6, arbitrary: fc.constant('honest' as const) },
    { weight: 1, arbitrary: fc.constantFrom('same' as const, 'ignore' as const) },
  ),
  length: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: -10, max: 10 }) }),
  delay: fc.nat({ max: 3 }),
});
/** Only records added (or nothing): no removal, no lie, honest answers (their length may be off). */
const additionStep: fc.Arbitrary<Step> = step.map((s) => ({
  ...s,
  change: s.change && { ...s.change, kind: 'add' as const },
  lie: 0,
  answer: 'honest' as const,
}));
const sorts = fc.constantFrom<Sort>(
  {},
  { sort_order: 'asc' },
  { sort_key: 'created_at', sort_order: 'desc' },
  { sort_key: 'order_number' },
);
const RUNAWAY = 10_000;

/** The list, its answers and what was asked of it. */
function changingList(initial: number, sort: Sort, schedule: Step[], tail: Tail) {
  // Records keep a time consistent with their place when the list is sorted by it.
  const byCreation = (sort.sort_key ?? 'created_at') === 'created_at';
  const newestFirst = byCreation && (sort.sort_order ?? 'desc') === 'desc';
  let newest = initial - 1;
  let oldest = 0;
  let made = initial;
  const stamp = (end: End) => {
    const n = made++;
    if (!byCreation) return listedOrder(n);
    const later = (end === 'top') === newestFirst;
    const minutes = later ? ++newest : --oldest;
    return { ...listedOrder(n), created_at: new Date(Date.UTC(2026, 0, 1) + minutes * 60_000).toISOString() };
  };
  const rows = Array.from({ length: initial }, (_, i) => listedOrder(newestFirst ? initial - 1 - i : i));
  let requests = 0;
  let previous: unknown;
  let maxTotal = initial;
  const fetch: typeof globalThis.fetch = async (input) => {
    const url = new URL(String(input));
    const offset = Number(url.searchParams.get('offset'));
    const limit = Number(url.searchParams.get('limit'));
    if (++requests > RUNAWAY) throw new Error(`runaway walk: more than ${RUNAWAY} requests`);
    const s: Step = schedule[requests - 1] ?? tailStep(tail, limit);
    for (let turn = 0; turn < s.delay; turn++) await new Promise((resolve) => setImmediate(resolve));
    if (s.change?.kind === 'add')
      for (let k = 0; k < s.change.count; k++) s.change.end === 'top' ? rows.unshift(stamp('top')) : rows.push(stamp('bottom'));
    if (s.change?.kind === 'remove') s.change.end === 'top' ? rows.splice(0, s.change.count) : rows.splice(-s.change.count, s.change.count);
    if (s.answer === 'same' && previous !== undefined) return Response.json(previous);
    const from = s.answer === 'ignore' ? 0 : offset;
    const total = Math.max(0, rows.length + s.lie);
    maxTotal = Math.max(maxTotal, total, rows.length);
    const data = { orders: rows.slice(from, from + Math.max(1, limit + s.length)), results: { total, limit, offset } };
    previous = { status: 'success', message: 'ok', data, errors: null };
    return Response.json(previous);
  };
  return { fetch, requests: () => requests, maxTotal: () => maxTotal };
}

/** The change repeated for ever once the schedule has run out. */
function tailStep(tail: Tail, limit: number): Step {
  const honest: Step = { change: undefined, lie: 0, answer: 'honest', length: 0, delay: 0 };
  if (tail === 'grow-top' || tail === 'grow-bottom')
    return { ...honest, change: { kind: 'add', end: tail === 'grow-top' ? 'top' : 'bottom', count: limit } };
  if (tail === 'same') return { ...honest, answer: 'same' };
  if (tail === 'ignore') return { ...honest, answer: 'ignore', change: { kind: 'add', end: 'top', count: limit } };
  return honest;
}

async function walk(initial: number, limit: number, concurrency: number, sort: Sort, schedule: Step[], tail: Tail) {
  const list = changingList(initial, sort, schedule, tail);
  const client = new WarehouseClient({
    baseUrl: 'https://api.example.test',
    apiKey: 'wh-key-1',
    warehouseId: 'wh',
    fetch: list.fetch,
    maxRetries: 0,
  });
  const ids: string[] = [];
  let error: unknown;
  try {
    for await (const order of client.inbound.list({ limit, ...sort }, { concurrency })) ids.push(order.order_id);
  } catch (e) {
    error = e;
  }
  return { ids, error, requests: list.requests(), maxTotal: list.maxTotal() };
}

const walkArgs = (steps: fc.Arbitrary<Step>, maxSchedule: number, tails: Tail[]) =>
  [
    fc.integer({ min: 0, max: 60 }),
    fc.integer({ min: 1, max: 12 }),
    fc.constantFrom(1, 8),
    sorts,
    fc.array(steps, { maxLength: maxSchedule }),
    fc.constantFrom(...tails),
  ] as const;

/** The walk's own failure, or an error of the model (a runaway) that fails the property. */
function endedByRule(error: unknown): boolean {
  if (error === undefined) return false;
  if (error instanceof ResponseValidationError) return true;
  throw error;
}

describe('every walk ends (property)', () => {
  it('any changes, then a still list or one change for ever: the walk ends within a bound of the schedule and the totals', async () => {
    await fc.assert(
      fc.asyncProperty(
        ...walkArgs(step, 60, ['still', 'grow-top', 'grow-bottom', 'same', 'ignore']),
        async (initial, limit, concurrency, sort, schedule, tail) => {
          const { error, requests, maxTotal } = await walk(initial, limit, concurrency, sort, schedule, tail);
          endedByRule(error);
          // Each page asked at most four times (once, then up to three times again when answered out of
          // order), ahead by up to `concurrency`; the walk over a still list moves at least one record a request.
          expect(requests).toBeLessThanOrEqual(4 * (schedule.length + 51 + maxTotal) + concurrency);
        },
      ),
      { numRuns: 150, seed: 4201 },
    );
  });

  it('a change that stops sooner never ends a walk early: at most 40 changes, then a still list, never the error', async () => {
    await fc.assert(
      fc.asyncProperty(...walkArgs(step, 40, ['still']), async (initial, limit, concurrency, sort, schedule, tail) => {
        const { error } = await walk(initial, limit, concurrency, sort, schedule, tail);
        expect(endedByRule(error)).toBe(false);
      }),
      { numRuns: 150, seed: 4202 },
    );
  });

  it('records only added, at either end, in any order: every record there at the start is yielded once, unless the walk ended by the rule', async () => {
    await fc.assert(
      fc.asyncProperty(
        ...walkArgs(additionStep, 60, ['still', 'grow-top', 'grow-bottom']),
        async (initial, limit, concurrency, sort, schedule, tail) => {
          const { ids, error } = await walk(initial, limit, concurrency, sort, schedule, tail);
          if (endedByRule(error)) return;
          const yielded = new Set(ids);
          expect(yielded.size).toBe(ids.length);
          for (let n = 0; n < initial; n++) expect(yielded.has(uuid(n)), `order ${n} of ${initial}`).toBe(true);
        },
      ),
      { numRuns: 150, seed: 4203 },
    );
  });
});
