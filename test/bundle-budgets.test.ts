import { describe, expect, it } from 'vitest';
import { BUDGETS, OPEN_MISSES, PAGE_BUDGETS, PAGE_MARGIN, PAGE_MEASURED, PAGE_TARGETS, pageVerdict, verdict } from '../bench/budgets.ts';
import { PAGE_TARGETS as PAGE_TARGETS_KIB, PAGES } from '../bench/page-bundle.mjs';

// The CI size gate (`npm run check:size`): what passes and what fails. Sizes here are made
// up; the real ones are measured by bench/bundle.mjs.
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

  it('passes an entry that shrank back within budget, whatever its open miss says', () => {
    expect(verdict('opslink/warehouse', 18_000, BUDGETS, { 'opslink/warehouse': 19_000 }).status).toBe('within');
  });
});

describe('the page gate (issue 36: what a page loads, Vite)', () => {
  it("names the pages bench/page-bundle.mjs builds, with issue 36's targets: 17 / 20 / 23 KiB", () => {
    expect(Object.keys(PAGE_BUDGETS)).toEqual(Object.keys(PAGES));
    expect(Object.keys(PAGE_TARGETS)).toEqual(Object.keys(PAGES));
    expect(Object.values(PAGE_TARGETS)).toEqual(PAGE_TARGETS_KIB.map((kib: number) => kib * 1024));
  });

  it('holds each page at its measured size plus a small margin', () => {
    for (const [page, bytes] of Object.entries(PAGE_MEASURED)) expect(PAGE_BUDGETS[page]).toBe(bytes + PAGE_MARGIN);
    expect(PAGE_MARGIN).toBeLessThanOrEqual(512);
  });

  it('passes a page at its budget, fails it a byte over, and says whether the target is met', () => {
    const page = 'a page that sends one direct message';
    const budget = PAGE_BUDGETS[page]!;
    expect(pageVerdict(page, budget).status).toBe('within');
    expect(pageVerdict(page, budget + 1).status).toBe('fail');
    expect(pageVerdict(page, 17 * 1024, { [page]: 20_000 }).line).toMatch(/target 17 KiB met/);
    expect(pageVerdict(page, 17 * 1024 + 1, { [page]: 20_000 }).line).toMatch(/target 17 KiB missed/);
    expect(() => pageVerdict('a page nobody builds', 1)).toThrow(/no page budget/);
  });
});
