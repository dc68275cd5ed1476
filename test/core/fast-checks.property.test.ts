/**
 * Every generated check held to its zod schema, over values near the schema's edges
 * (test/support/edge-values.ts): a check takes exactly the inputs `safeParse` takes and gives
 * back what it gives back, member for member and in the same order (so what is sent is what
 * zod would have sent, byte for byte), and refuses every other input with the issues the
 * pre-flight made of zod's (`checkValue`): the same messages, at the same paths, in the same
 * order. And over values that keep to a schema's members and types, most are valid: the
 * checks are held on both sides. Run counts are fixed; fast-check prints the seed and the
 * value of a failure.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FILES, type Root } from '../../scripts/fast-checks/files.ts';
import type { Checked } from '../../src/core/validation.js';
import { checkValue } from '../../src/core/validation.js';
import * as channel from '../../src/messaging/channel-checks.generated.js';
import * as messaging from '../../src/messaging/fast-checks.generated.js';
import * as bodies from '../../src/warehouse/body-checks.generated.js';
import * as warehouse from '../../src/warehouse/fast-checks.generated.js';
import { edgeValues } from '../support/edge-values.js';

const CHECKS = { ...messaging, ...channel, ...warehouse, ...bodies } as unknown as Record<
  string,
  (value: unknown, at?: (string | number)[]) => Checked<unknown>
>;
const RUNS = 400;

/** The check of `root` and zod (as the pre-flight words it) say the same of `value`; returns whether zod took it. */
function agree(root: Root, value: unknown): boolean {
  const check = CHECKS[root.name] as (value: unknown, at?: (string | number)[]) => Checked<unknown>;
  const zod = checkValue(root.schema, value);
  const ours = check(value);
  if (!zod.ok) expect(ours, 'refused otherwise than zod').toEqual(zod);
  else {
    expect(ours.ok, `refused an input zod takes: ${JSON.stringify(!ours.ok && ours.issues)}`).toBe(true);
    if (ours.ok && root.output === 'copy') {
      expect(ours.value).toStrictEqual(zod.value);
      expect(JSON.stringify(ours.value), 'sent otherwise than zod would').toBe(JSON.stringify(zod.value));
    }
  }
  return zod.ok;
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

  it('agrees on values that keep to the schema, most of which are valid', () => {
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

describe('the cases the generated values seldom reach', () => {
  const root = (name: string) => roots.find((r) => r.name === name) as Root;
  const throwing = {
    to: { email: 'ana@example.com' },
    get body(): string {
      throw new Error('boom');
    },
  };
  const cases: [string, unknown][] = [
    // A wrong type, then the length checks zod still runs on anything with a length.
    ['checkDirectMessage', { to: 3, body: [], extra: 1 }],
    ['checkDirectMessage', { to: { email: '', userId: 'x' }, body: '' }],
    // A getter that throws is one issue, at its member.
    ['checkDirectMessage', throwing],
    // An array past its cap is refused there, no item read; text where an array goes is checked for its length too.
    ['checkChannelMessage', { embeds: Array.from({ length: 11 }, () => ({ title: 5 })) }],
    ['checkChannelMessage', { embeds: 'abcdefghijklmn' }],
    // An aborting check deep inside (a boolean) stops the rule between members at the top.
    ['checkChannelMessage', { content: 5, embeds: [{ fields: [{ name: 'a', value: 'b', inline: 'x' }] }] }],
    ['checkInboundPage', { orders: [{ order_id: 'x' }], results: {} }],
  ];
  it.each(cases.map(([name, value], i) => [`${name} #${i}`, name, value] as const))('%s', (_label, name, value) => {
    expect(agree(root(name), value)).toBe(false);
  });
  it('names the getter that threw, as the pre-flight always has', () => {
    expect(CHECKS.checkDirectMessage?.(throwing)).toEqual({
      ok: false,
      issues: [{ path: ['body'], message: 'could not be read: reading it threw Error: boom' }],
    });
  });
});
