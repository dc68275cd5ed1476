import { describe, expect, it } from 'vitest';
import { BUDGETS, OPEN_MISSES, verdict } from '../bench/budgets.ts';

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
