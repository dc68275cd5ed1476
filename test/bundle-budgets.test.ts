import { describe, expect, it } from 'vitest';
import { BUDGETS, OPEN_MISSES, verdict } from '../bench/budgets.ts';

// The CI size gate (`npm run check:size`): what passes and what fails. Sizes here are made
// up; the real ones are measured by bench/bundle.mjs.
describe('the bundle size gate', () => {
  it('holds the budgets of issue 8: messaging 20 KB, warehouse 22 KB, opslink 28 KB', () => {
    expect(BUDGETS).toEqual({ 'opslink/messaging': 20_480, 'opslink/warehouse': 22_528, opslink: 28_672 });
  });

  it('passes an entry at its budget and fails one a byte over that has no open miss', () => {
    expect(verdict('opslink', 28_672).status).toBe('within');
    const over = verdict('opslink', 28_673);
    expect(over.status).toBe('fail');
    expect(over.line).toMatch(/^FAIL over budget: opslink: 28673 bytes/);
  });

  it('reports an open miss as over budget, and fails it once it grows past its recorded size', () => {
    const ceiling = OPEN_MISSES['opslink/messaging'];
    const open = verdict('opslink/messaging', ceiling);
    expect(open.status).toBe('open miss');
    expect(open.line).toMatch(/^OVER BUDGET/);
    expect(verdict('opslink/messaging', ceiling + 1).status).toBe('fail');
  });

  it('records open misses only above their budgets, so none can stand in for a looser budget', () => {
    for (const [entry, ceiling] of Object.entries(OPEN_MISSES)) expect(ceiling).toBeGreaterThan(BUDGETS[entry]);
  });

  it('passes an entry that shrank back within budget, whatever its open miss says', () => {
    expect(verdict('opslink/warehouse', 22_000).status).toBe('within');
  });
});
