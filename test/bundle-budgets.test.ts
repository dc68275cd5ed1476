import { describe, expect, it } from 'vitest';
import { BUDGETS, GATE_BUNDLERS, OPEN_MISSES, PAGE_MARGIN, PAGE_MISSES, PAGE_TARGETS, pageVerdict, verdict } from '../bench/budgets.ts';
import { BUNDLERS, PAGES } from '../bench/pages.mjs';

// The CI size gate (`npm run check:size`): what passes and what fails. Sizes here are made
// up; the real ones are measured by bench/bundle.mjs and bench/pages.mjs.
describe('the bundle size gate', () => {
  it('holds the budgets of issue 15: messaging 15 KB, warehouse 18 KB, opslink 21 KB', () => {
    expect(BUDGETS).toEqual({ 'opslink/messaging': 15_360, 'opslink/warehouse': 18_432, opslink: 21_504 });
  });

  it('passes an entry at its budget and fails one a byte over that has no open miss', () => {
    expect(verdict('opslink', 21_504, BUDGETS, {}).status).toBe('within');
    const over = verdict('opslink', 21_505, BUDGETS, {});
    expect(over.status).toBe('fail');
    expect(over.line).toMatch(/^FAIL over budget: opslink: 21505 bytes/);
  });

  it('reports an open miss as over budget, and fails it once it grows past its recorded size', () => {
    const misses = { 'opslink/messaging': 16_000 };
    const open = verdict('opslink/messaging', 16_000, BUDGETS, misses);
    expect(open.status).toBe('open miss');
    expect(open.line).toMatch(/^OVER BUDGET/);
    expect(verdict('opslink/messaging', 16_001, BUDGETS, misses).status).toBe('fail');
  });

  it('records open misses only above their budgets, so none can stand in for a looser budget', () => {
    for (const [entry, ceiling] of Object.entries(OPEN_MISSES)) expect(ceiling).toBeGreaterThan(BUDGETS[entry]!);
  });
});

describe('the page gate (issue 44: first loads as served, in every bundler)', () => {
  it("names the pages bench/pages.mjs builds, with issue 44's targets: 14.0 / 18 / 21 KiB", () => {
    expect(Object.keys(PAGE_TARGETS)).toEqual(Object.keys(PAGES));
    expect(Object.values(PAGE_TARGETS)).toEqual([14 * 1024, 18 * 1024, 21 * 1024]);
  });

  it('builds with two of the four bundlers the bench builds with, and records misses only above their targets', () => {
    expect(Object.keys(BUNDLERS)).toEqual(['vite', 'webpack', 'rolldown', 'esbuild']);
    expect(GATE_BUNDLERS.every((b) => b in BUNDLERS)).toBe(true);
    for (const [page, misses] of Object.entries(PAGE_MISSES))
      for (const bytes of Object.values(misses)) expect(bytes).toBeGreaterThan(PAGE_TARGETS[page]!);
    expect(PAGE_MARGIN).toBeLessThanOrEqual(512);
  });

  it('passes a page at its target, holds an open miss at its recorded size plus the margin, and fails zod in a page', () => {
    const page = 'one direct message';
    expect(pageVerdict(page, 'rolldown', 14 * 1024, [], {}).status).toBe('within');
    expect(pageVerdict(page, 'rolldown', 14 * 1024 + 1, [], {}).status).toBe('fail');
    const misses = { [page]: { rolldown: 16_000 } };
    expect(pageVerdict(page, 'rolldown', 16_000 + PAGE_MARGIN, [], misses).status).toBe('open miss');
    expect(pageVerdict(page, 'rolldown', 16_001 + PAGE_MARGIN, [], misses).line).toMatch(/^FAIL over target and grown past/);
    expect(pageVerdict(page, 'esbuild', 16_000, [], misses).status).toBe('fail');
    expect(pageVerdict(page, 'rolldown', 10_000, ['chunk-zod.js']).line).toMatch(/^FAIL zod in a page/);
    expect(() => pageVerdict('a page nobody builds', 'rolldown', 1)).toThrow(/no page target/);
  });
});
