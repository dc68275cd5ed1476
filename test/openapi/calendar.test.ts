/**
 * The documents' date patterns say what the SDK's date checks say: for every text, the
 * pattern matches exactly when `isIsoDateTime` (response timestamps, and, without ISO 8601's
 * own variants, the embed timestamp a request sends),
 * `readOrderDate` (order dates sent) or `isRenderedDate` (a listed order's date) accepts
 * it. Texts are built from parts around every edge: month 0 and 13, day 0, 29, 30, 31 and
 * 32, leap and common years (1900, 2000, 2024, 2025), hour 24, minute 60, zones, one- and
 * two-digit months and days.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ISO_DATE_TIME_PATTERN,
  ORDER_DATE_PATTERN,
  RENDERED_DATE_PATTERN,
  SENT_DATE_TIME_PATTERN,
} from '../../scripts/openapi/calendar.ts';
import { isIsoDateTime } from '../../src/internal/dates.js';
import { isRenderedDate, readOrderDate } from '../../src/warehouse/wire-format.js';

const RUNS = { numRuns: 20_000 };

/** Runs the property; both verdicts must be well represented, or it proves little. */
function agree(texts: fc.Arbitrary<string>, pattern: RegExp, accepts: (text: string) => boolean) {
  const seen = { accepted: 0, refused: 0 };
  fc.assert(
    fc.property(texts, (text) => {
      const verdict = accepts(text);
      seen[verdict ? 'accepted' : 'refused']++;
      return pattern.test(text) === verdict;
    }),
    RUNS,
  );
  expect(seen.accepted).toBeGreaterThan(RUNS.numRuns / 20);
  expect(seen.refused).toBeGreaterThan(RUNS.numRuns / 20);
}
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const year = fc.oneof(fc.constantFrom(0, 4, 100, 400, 1900, 2000, 2024, 2025, 2100, 9996, 9999), fc.integer({ min: 0, max: 9999 }));
const month = fc.integer({ min: 0, max: 13 });
const day = fc.oneof(fc.constantFrom(0, 28, 29, 30, 31, 32), fc.integer({ min: 1, max: 31 }));
const isoDate = fc.tuple(year, month, day).map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);
const time = fc.tuple(
  fc.integer({ min: 0, max: 25 }),
  fc.integer({ min: 0, max: 61 }),
  fc.option(fc.tuple(fc.integer({ min: 0, max: 61 }), fc.option(fc.constantFrom('.5', '.123456', '.', ',5', ','), { nil: '' })), {
    nil: undefined,
  }),
  fc.constantFrom('', 'Z', '+01:00', '-0530', '+24:00', '+23:60', 'z', '+1:00', '+02', '-12', '+24', '+2'),
);
const isoDateTime = fc.oneof(
  isoDate,
  fc.tuple(isoDate, fc.constantFrom('T', ' ', 't'), time).map(([date, sep, [h, mi, s, zone]]) => {
    const seconds = s ? `:${pad(s[0], 2)}${s[1]}` : '';
    return `${date}${sep}${pad(h, 2)}:${pad(mi, 2)}${seconds}${zone}`;
  }),
  fc.string({ maxLength: 30 }),
);
const usDate = fc
  .tuple(month, day, year, fc.boolean(), fc.boolean())
  .map(([m, d, y, padMonth, padDay]) => `${padMonth ? pad(m, 2) : m}/${padDay ? pad(d, 2) : d}/${pad(y, 4)}`);
const orderDate = fc.oneof(
  usDate,
  isoDate,
  fc.string({ maxLength: 12 }),
  fc.constantFrom('2/29/2024', '02/29/2025', '2024-2-29', '11/22/26'),
);

describe('date patterns of the documents', () => {
  it('an embed timestamp: the pattern matches exactly what isIsoDateTime accepts', () => {
    const pattern = new RegExp(ISO_DATE_TIME_PATTERN, 'u');
    agree(isoDateTime, pattern, isIsoDateTime);
    expect(pattern.test('2024-02-29T23:59:59.5+05:30')).toBe(true);
    expect(pattern.test('2025-02-29')).toBe(false);
    // ISO 8601's own variants: a decimal comma, a zone of hours only, a leap second.
    for (const text of ['2026-11-20T10:00:00,5Z', '2026-11-20T10:00:00+02', '2016-12-31T23:59:60Z']) {
      expect([text, pattern.test(text), isIsoDateTime(text)]).toEqual([text, true, true]);
    }
    expect(isIsoDateTime('2016-12-31T22:59:60Z')).toBe(false);
  });

  it("an embed timestamp sent: the pattern matches exactly what isIsoDateTime(…, 'sent') accepts", () => {
    const pattern = new RegExp(SENT_DATE_TIME_PATTERN, 'u');
    agree(isoDateTime, pattern, (text) => isIsoDateTime(text, 'sent'));
    expect(pattern.test('2024-02-29T23:59:59.5+05:30')).toBe(true);
    // Read in a response, refused in a request: standard date parsers (Date.parse) refuse them.
    for (const text of ['2026-11-20T10:00:00,5Z', '2026-11-20T10:00:00+02', '2016-12-31T23:59:60Z']) {
      expect([text, pattern.test(text), isIsoDateTime(text, 'sent'), Number.isNaN(Date.parse(text))]).toEqual([text, false, false, true]);
    }
  });

  it('an order date: the pattern matches exactly what readOrderDate accepts', () => {
    const pattern = new RegExp(ORDER_DATE_PATTERN, 'u');
    agree(orderDate, pattern, (text) => readOrderDate(text) !== undefined);
    expect(pattern.test('2/29/2000')).toBe(true);
    expect(pattern.test('02/29/1900')).toBe(false);
  });

  it("a listed order's date: the pattern matches exactly what isRenderedDate accepts", () => {
    const pattern = new RegExp(RENDERED_DATE_PATTERN, 'u');
    agree(orderDate, pattern, isRenderedDate);
    expect(pattern.test('11/22/2026')).toBe(true);
    expect(pattern.test('2026-11-22')).toBe(false);
  });
});
