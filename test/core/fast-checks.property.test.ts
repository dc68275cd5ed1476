/**
 * Every generated fast check held to its zod schema, over values near the schema's edges
 * (test/support/edge-values.ts): a `read…` check vouches for exactly the inputs `safeParse`
 * takes, and gives back what it gives back, member for member and in the same order (so what
 * is sent is what zod would have sent, byte for byte); an `is…` check says yes exactly where
 * the schema takes a body and gives it back as it is. And over values that keep to a schema's
 * members and types, most are valid, and each valid one is vouched for: the fast path is the
 * usual one, not a check that always defers to zod. Run counts are fixed; fast-check prints
 * the seed and the value of a failure.
 */
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { FILES, type Root } from '../../scripts/fast-checks/files.ts';
import * as channel from '../../src/messaging/channel-checks.generated.js';
import * as messaging from '../../src/messaging/fast-checks.generated.js';
import * as bodies from '../../src/warehouse/body-checks.generated.js';
import * as warehouse from '../../src/warehouse/fast-checks.generated.js';
import { edgeValues } from '../support/edge-values.js';

const CHECKS = { ...messaging, ...channel, ...warehouse, ...bodies } as unknown as Record<string, (value: unknown) => unknown>;
const RUNS = 400;

/** zod's verdict on `value`: its output, `false` when it refuses it, `'threw'` when the parse throws (a getter). */
function zodOf(schema: z.ZodMiniType, value: unknown): { data: unknown } | false | 'threw' {
  try {
    const result = schema.safeParse(value);
    return result.success ? { data: result.data } : false;
  } catch {
    return 'threw';
  }
}

/** The check of `root` and zod say the same of `value`; returns whether zod took it. */
function agree(root: Root, value: unknown): boolean {
  const check = CHECKS[root.name] as (value: unknown) => unknown;
  const zod = zodOf(root.schema, value);
  if (root.output === 'copy') {
    const out = check(value);
    if (zod === false || zod === 'threw') expect(out, 'vouched for an input zod refuses').toBeUndefined();
    else {
      expect(out, 'left an input zod takes to zod').not.toBeUndefined();
      expect(out).toStrictEqual(zod.data);
      expect(JSON.stringify(out), 'sent otherwise than zod would').toBe(JSON.stringify(zod.data));
    }
  } else {
    const asIs = typeof zod === 'object' && isDeepStrictEqual(zod.data, value);
    expect(check(value), asIs ? 'left a body zod gives back as it is to zod' : 'vouched for a body zod refuses or changes').toBe(asIs);
  }
  return typeof zod === 'object';
}

const roots = FILES.flatMap((file) => file.roots);

describe.each(roots.map((root) => [root.name, root] as const))('%s', (_name, root) => {
  it('agrees with its schema on values near the edges', () => {
    fc.assert(
      fc.property(edgeValues(root.schema, 'any'), (value) => {
        agree(root, value);
      }),
      { numRuns: RUNS },
    );
  });

  it('vouches for the valid values, and most values that keep to the schema are valid', () => {
    let valid = 0;
    fc.assert(
      fc.property(edgeValues(root.schema, 'valid'), (value) => {
        if (agree(root, value)) valid++;
      }),
      { numRuns: RUNS },
    );
    expect(valid / RUNS).toBeGreaterThan(0.2);
  });
});
