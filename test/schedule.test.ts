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
      fc.property(
        fc.array(cost, { maxLength: 60 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 4 }),
        (costs, workers, cores) => {
          const files = costs.map((_, i) => i);
          const order = plan(files, (i) => costs[i], workers, cores);
          expect(order.toSorted((a, b) => a - b)).toEqual(files);
          const without = files.filter((i) => !costs[i] || costs[i]!.wall === 0);
          expect(order.slice(order.length - without.length)).toEqual(without);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('starts the files that compute while the cores have room, then the ones that wait beside them', () => {
    const costs: Record<string, FileCost> = {
      fuzz: { wall: 40, cpu: 25 },
      load: { wall: 40, cpu: 22 },
      properties: { wall: 22, cpu: 15 },
      contract: { wall: 18, cpu: 11 },
      rejoin: { wall: 30, cpu: 1 },
      campaign: { wall: 26, cpu: 3 },
      chaos: { wall: 16, cpu: 2 },
      small: { wall: 1, cpu: 0.5 },
    };
    const order = plan(Object.keys(costs), (name) => costs[name], 6, 2);
    // Those that compute until two cores are full (each waits part of its time); then the longest waits.
    expect(order.slice(0, 6)).toEqual(['fuzz', 'load', 'properties', 'contract', 'rejoin', 'campaign']);
    expect(order.at(-1)).toBe('small');
  });

  it('on one worker, the CPU-heaviest first', () => {
    const costs: Record<string, FileCost> = { a: { wall: 10, cpu: 1 }, b: { wall: 5, cpu: 4 }, c: { wall: 8, cpu: 2 } };
    expect(plan(['a', 'b', 'c'], (name) => costs[name], 1, 2)).toEqual(['b', 'c', 'a']);
  });
});
