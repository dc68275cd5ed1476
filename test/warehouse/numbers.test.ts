/** Numbers in form fields and CSV cells are plain decimals that read back to the same number. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber, readNumber } from '../../src/warehouse/wire-format.js';

describe('formatNumber', () => {
  it.each([
    [5e-324, `0.${'0'.repeat(323)}5`],
    [1e-7, '0.0000001'],
    [-1.5e-10, '-0.00000000015'],
    [1e21, `1${'0'.repeat(21)}`],
    [1.2345e22, `12345${'0'.repeat(18)}`],
    [-0, '0'],
    [123.456, '123.456'],
  ])('%d is %s', (value, text) => {
    expect(formatNumber(value)).toBe(text);
  });

  it('writes every finite double as plain decimal text that reads back to it', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const text = formatNumber(value);
        expect(text).toMatch(/^-?\d+(\.\d+)?$/);
        expect(readNumber(text)).toBe(value === 0 ? 0 : value);
      }),
      { numRuns: 2000 },
    );
  });
});
