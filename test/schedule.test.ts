/**
 * The plan the sequencer starts files by (test/support/schedule.ts): every file once, the ones
 * without a figure last in vitest's order, and the cores kept busy, the long files first.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FileCost, plan } from './support/schedule.js';

const cost = fc.option(fc.record({ wall: fc.double({ min: 0, max: 60, noNaN: true }), cpu: fc.double({ min: 0, max: 90, noNaN: true }) }), {
  nil: undefined,
});

describe('the plan of a run', () => {
  it('starts every file once, those without a figure last, in the order given (property)', () => {
    fc.assert(
      fc.property(fc.array(cost, { maxLength: 60 }), (costs) => {
        const files = costs.map((_, i) => i);
        const order = plan(files, (i) => costs[i]);
        expect(order.toSorted((a, b) => a - b)).toEqual(files);
        const without = files.filter((i) => !costs[i] || costs[i]!.wall === 0);
        expect(order.slice(order.length - without.length)).toEqual(without);
      }),
      { numRuns: 500 },
    );
  });

  it('takes the files that compute and those that wait in turn, each longest first, in proportion to their time', () => {
    const costs: Record<string, FileCost> = {
      fuzz: { wall: 40, cpu: 25 },
      load: { wall: 40, cpu: 22 },
      properties: { wall: 20, cpu: 15 },
      rejoin: { wall: 30, cpu: 1 },
      campaign: { wall: 20, cpu: 3 },
      chaos: { wall: 20, cpu: 2 },
      small: { wall: 1, cpu: 0.5 },
      short: { wall: 1, cpu: 0.1 },
    };
    expect(plan(Object.keys(costs), (name) => costs[name])).toEqual([
      'fuzz',
      'rejoin',
      'load',
      'campaign',
      'chaos',
      'properties',
      'short',
      'small',
    ]);
  });

  it('where one kind runs out, the other goes on longest first', () => {
    const costs: Record<string, FileCost> = { a: { wall: 10, cpu: 1 }, b: { wall: 5, cpu: 0 }, c: { wall: 8, cpu: 2 } };
    expect(plan(['a', 'b', 'c'], (name) => costs[name])).toEqual(['a', 'c', 'b']);
  });
});
