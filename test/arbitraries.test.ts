import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binaryString, binaryUnit, webUrl } from './support/arbitraries.js';

describe("binaryString: fast-check's 'binary' strings, without their table", () => {
  it('gives the same strings from the same seeds, at every length bound the tests use', () => {
    for (const constraints of [{}, { maxLength: 300 }, { minLength: 1, maxLength: 1 }, { minLength: 8, maxLength: 24 }]) {
      for (const seed of [1, 42, 2026]) {
        const ours = fc.sample(binaryString(constraints), { seed, numRuns: 300 });
        expect(ours).toEqual(fc.sample(fc.string({ ...constraints, unit: 'binary' }), { seed, numRuns: 300 }));
      }
    }
  });

  it('shrinks a failure to the same counterexample', () => {
    const counterexample = (arbitrary: fc.Arbitrary<string>) => {
      const details = fc.check(
        fc.property(arbitrary, (s) => !/[\u0080-\uffff].*[\u{10000}-\u{10ffff}]/u.test(s)),
        { seed: 5 },
      );
      return details.counterexample;
    };
    const ours = counterexample(binaryString());
    expect(ours).not.toBeNull();
    expect(ours).toEqual(counterexample(fc.string({ unit: 'binary' })));
  });

  it('takes back only one code point outside the surrogates', () => {
    expect(binaryUnit.canShrinkWithoutContext('a')).toBe(true);
    expect(binaryUnit.canShrinkWithoutContext('\u{10ffff}')).toBe(true);
    for (const value of ['', 'ab', '\ud800', '\udfff', 42, null]) expect(binaryUnit.canShrinkWithoutContext(value)).toBe(false);
  });
});

describe("webUrl: fast-check's web URLs, without the table of their percent-encoded characters", () => {
  const constraints = [
    {},
    { withQueryParameters: true, withFragments: true },
    { validSchemes: ['http', 'https'], withQueryParameters: true },
    { validSchemes: ['https'], withQueryParameters: true, withFragments: true },
  ];

  it('gives the same URLs from the same seeds, with every constraint the tests use', () => {
    for (const c of constraints) {
      for (const seed of [1, 42, 2026]) {
        expect(fc.sample(webUrl(c), { seed, numRuns: 200 })).toEqual(fc.sample(fc.webUrl(c), { seed, numRuns: 200 }));
      }
    }
  });

  it('shrinks a failure to the same counterexample', () => {
    const counterexample = (arbitrary: fc.Arbitrary<string>) =>
      fc.check(
        fc.property(arbitrary, (url) => !/%[0-9A-F]{2}.*[?#]/.test(url)),
        { seed: 7 },
      ).counterexample;
    const ours = counterexample(webUrl(constraints[1]));
    expect(ours).not.toBeNull();
    expect(ours).toEqual(counterexample(fc.webUrl(constraints[1])));
  });
});
