/**
 * The order files start in (test/support/sequencer.ts) is planned by the costs committed in
 * test/support/durations.json: a name there that is no test file would be a figure for nothing,
 * and a table written from another clone's paths ordered nothing at all (seen: every file fell
 * back to vitest's order by size).
 */
import { existsSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Durations, shuffled } from './support/sequencer.js';

const root = new URL('..', import.meta.url);
const durations: Durations = JSON.parse(readFileSync(new URL('test/support/durations.json', root), 'utf8'));

describe('the costs the sequencer plans a run by', () => {
  it('name test files of this repository, from its root, by project, each with its wall and CPU seconds', () => {
    expect(Object.keys(durations).sort()).toEqual(['node', 'node-fetch', 'node-quiet']);
    const names = Object.values(durations).flatMap((files) => Object.keys(files));
    expect(names.length).toBeGreaterThan(150);
    expect(names.filter((name) => !/^test\/.+\.test(-d)?\.ts$/.test(name) || !existsSync(new URL(name, root)))).toEqual([]);
    const figures = Object.values(durations).flatMap((files) => Object.values(files));
    expect(figures.every((pair) => pair.length === 2 && pair.every((s) => Number.isFinite(s) && s >= 0))).toBe(true);
  });
});

describe('OPSLINK_SHUFFLE_SEED: the files in an order drawn from a seed', () => {
  it('is every file once, and the same order for the same seed', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.nat(), (files, seed) => {
        const order = shuffled(files, seed);
        expect(order.toSorted()).toEqual(files.toSorted());
        expect(shuffled(files, seed)).toEqual(order);
      }),
    );
  });

  it('moves the files: 180 of them in another order for every seed tried', () => {
    const files = Array.from({ length: 180 }, (_, i) => i);
    for (const seed of [1, 2, 3, 42, 2 ** 31]) expect(shuffled(files, seed)).not.toEqual(files);
    expect(shuffled(files, 1)).not.toEqual(shuffled(files, 2));
  });
});
