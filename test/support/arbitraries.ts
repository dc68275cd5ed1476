/**
 * Arbitraries shared by the properties. `binaryString` is fast-check's
 * `fc.string({ unit: 'binary' })` at a thousandth of its start-up cost: the same values from the
 * same seed and the same shrinks (test/support/arbitraries.test.ts holds it to that). fast-check's
 * own 'binary' unit maps every one of its 1,112,064 code points in a table the first time it
 * unmaps a value (when `fc.string` is built): about 1 s of CPU in every test file that builds one.
 * `webUrl` is fast-check's `fc.webUrl` built the same way on `binaryString`: fast-check's own
 * builds the same table for the percent-encoded characters of its paths, queries and fragments.
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

/** fast-check's size when none is given (`fc.configureGlobal({ baseSize })`, else 'small'). */
const baseSize = (): fc.Size => (fc.readConfigureGlobal().baseSize as fc.Size | undefined) ?? 'small';

/** A percent-encoded character: fast-check's `percentCharArb`, on `binaryString`. */
const percentChar = binaryString({ minLength: 1, maxLength: 1 }).map(
  (c) => {
    const encoded = encodeURIComponent(c);
    return c !== encoded ? encoded : `%${c.charCodeAt(0).toString(16)}`;
  },
  (value) => {
    if (typeof value !== 'string') throw new Error('Unsupported');
    return decodeURIComponent(value);
  },
);

const LOWER = { num: 26, build: (v: number) => String.fromCharCode(v + 0x61) };
const UPPER = { num: 26, build: (v: number) => String.fromCharCode(v + 0x41) };
const DIGIT = { num: 10, build: (v: number) => String.fromCharCode(v + 0x30) };

/** Letters, digits and `others` (weight 10), or a percent-encoded character (weight 1): fast-check's unit for URL parts. */
const urlPartUnit = (others: string) =>
  fc.oneof(
    { weight: 10, arbitrary: fc.mapToConstant(LOWER, UPPER, DIGIT, { num: others.length, build: (v) => others[v]! }) },
    { weight: 1, arbitrary: percentChar },
  );
const SEGMENT_UNIT = urlPartUnit("-._~!$&'()*+,;=:@");
const QUERY_UNIT = urlPartUnit("-._~!$&'()*+,;=:@/?");

/** fast-check's path of a web URL at `size`: segments of the sizes its `sqrtSize` gives. */
function webPath(size: fc.Size): fc.Arbitrary<string> {
  const paths = (segmentSize: fc.Size, countSize: fc.Size) =>
    fc.array(fc.string({ unit: SEGMENT_UNIT, size: segmentSize }), { size: countSize }).map(
      (segments) => segments.map((segment) => `/${segment}`).join(''),
      (value) => {
        if (typeof value !== 'string') throw new Error('Incompatible value received: type');
        if (value.length !== 0 && value[0] !== '/') throw new Error('Incompatible value received: start');
        return value.split('/').slice(1);
      },
    );
  const [segmentSize, countSize] = SQRT_SIZE[size];
  return segmentSize === countSize ? paths(segmentSize, countSize) : fc.oneof(paths(segmentSize, countSize), paths(countSize, segmentSize));
}
const SQRT_SIZE: Record<fc.Size, [fc.Size, fc.Size]> = {
  xsmall: ['xsmall', 'xsmall'],
  small: ['small', 'xsmall'],
  medium: ['small', 'small'],
  large: ['medium', 'small'],
  xlarge: ['medium', 'medium'],
};

const URL_PARTS =
  /^([[A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)(\?[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*)?(#[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*)?$/;

/** `fc.webUrl(constraints)` (these three constraints), the same values, without its table. */
export function webUrl(constraints: Pick<fc.WebUrlConstraints, 'validSchemes' | 'withQueryParameters' | 'withFragments'> = {}) {
  const size = baseSize();
  const queryOrFragment = fc.string({ unit: QUERY_UNIT, size });
  return fc
    .tuple(
      fc.constantFrom(...(constraints.validSchemes ?? ['http', 'https'])),
      fc.webAuthority({ size }),
      webPath(size),
      constraints.withQueryParameters === true ? fc.option(queryOrFragment) : fc.constant(null),
      constraints.withFragments === true ? fc.option(queryOrFragment) : fc.constant(null),
    )
    .map(
      ([scheme, authority, path, query, fragment]) =>
        `${scheme}://${authority}${path}${query === null ? '' : `?${query}`}${fragment === null ? '' : `#${fragment}`}`,
      (value) => {
        if (typeof value !== 'string') throw new Error('Incompatible value received: type');
        const m = URL_PARTS.exec(value);
        if (m === null) throw new Error('Incompatible value received');
        return [m[1], m[2], m[3], m[4] !== undefined ? m[4].substring(1) : null, m[5] !== undefined ? m[5].substring(1) : null];
      },
    );
}
