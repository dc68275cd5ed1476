/**
 * A module loaded on demand is imported once and kept; a failed import is forgotten, so the
 * next call tries again (a page that was offline for a moment). The operations a call loads
 * and the schemas behind the fast checks share it.
 */

import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { checkInput, inputCheck } from '../../src/core/input-check.js';
import { onDemand } from '../../src/internal/on-demand.js';

describe('a module loaded on demand', () => {
  it('is imported once, however many calls wait on it, and kept', async () => {
    let imports = 0;
    const module = onDemand(async () => ({ n: ++imports }));
    expect(module.loaded).toBeUndefined();
    const [a, b] = await Promise.all([module(), module()]);
    expect(a).toBe(b);
    expect(await module()).toBe(a);
    expect(module.loaded).toBe(a);
    expect(imports).toBe(1);
  });

  it('after a failed import, the next call imports again', async () => {
    let imports = 0;
    const module = onDemand(async () => {
      imports += 1;
      if (imports === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { n: imports };
    });
    await expect(module()).rejects.toThrow(TypeError);
    expect(module.loaded).toBeUndefined();
    expect(await module()).toEqual({ n: 2 });
  });

  it('a schema that failed to load is loaded again for the next input the fast check cannot vouch for', async () => {
    let imports = 0;
    const check = inputCheck<string>(
      () => undefined,
      async () => {
        imports += 1;
        if (imports === 1) throw new TypeError('offline');
        return z.string();
      },
    );
    await expect(checkInput(check, 'x')).rejects.toThrow('offline');
    expect(await checkInput(check, 'x')).toEqual({ ok: true, value: 'x' });
  });
});
