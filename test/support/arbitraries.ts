/**
 * Arbitraries shared by the properties. `binaryString` is fast-check's
 * `fc.string({ unit: 'binary' })` at a thousandth of its start-up cost: the same values from the
 * same seed and the same shrinks (test/support/arbitraries.test.ts holds it to that). fast-check's
 * own 'binary' unit maps every one of its 1,112,064 code points in a table the first time it
 * unmaps a value (when `fc.string` is built): about 1 s of CPU in every test file that builds one.
 */
import fc from 'fast-check';

/** The surrogates (U+D800–U+DFFF), which fast-check's 'binary' unit leaves out, as this does. */
const SURROGATES = 0xe000 - 0xd800;

/** One code point, any but a surrogate: fast-check's 'binary' unit, its index mapped arithmetically. */
export const binaryUnit: fc.Arbitrary<string> = fc.nat({ max: 0x10ffff - SURROGATES }).map(
  (index) => String.fromCodePoint(index < 0xd800 ? index : index + SURROGATES),
  (value) => {
    const codePoint = typeof value === 'string' ? value.codePointAt(0) : undefined;
    if (codePoint === undefined || String.fromCodePoint(codePoint) !== value || (codePoint >= 0xd800 && codePoint < 0xe000)) {
      throw new Error('not one code point outside the surrogates');
    }
    return codePoint < 0xd800 ? codePoint : codePoint - SURROGATES;
  },
);

/** `fc.string({ unit: 'binary', ...constraints })`, the same values, without its table. */
export function binaryString(constraints: Omit<fc.StringConstraints, 'unit'> = {}): fc.Arbitrary<string> {
  return fc.string({ ...constraints, unit: binaryUnit });
}
