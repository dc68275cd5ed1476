/**
 * The order files start in (test/support/sequencer.ts) goes by the durations committed in
 * test/support/durations.json: a name there that is no test file would be a figure for nothing,
 * and a table written from another clone's paths ordered nothing at all (seen: every file fell
 * back to vitest's order by size).
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url);
const durations: Record<string, number> = JSON.parse(readFileSync(new URL('test/support/durations.json', root), 'utf8'));

describe('the durations the sequencer starts the longest files by', () => {
  it('name test files of this repository, from its root, each with a number of seconds', () => {
    const names = Object.keys(durations);
    expect(names.length).toBeGreaterThan(100);
    expect(names.filter((name) => !/^test\/.+\.test(-d)?\.ts$/.test(name) || !existsSync(new URL(name, root)))).toEqual([]);
    expect(Object.values(durations).every((s) => Number.isFinite(s) && s >= 0)).toBe(true);
  });
});
