/**
 * Calendar dates and times read strictly: no 30 February, no 29 February 2025, no hour 24.
 * `Date.parse` is no judge of that (V8 rolls 2025-02-29 over to 1 March and reads "-1" as a
 * date in 2001), so the text is taken apart and each part checked.
 */

/** A civil date: `month` 1–12, `day` 1–31. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Whether year-month-day names a real day of the proleptic Gregorian calendar (years 0–9999). */
export function isCalendarDay({ year, month, day }: CalendarDay): boolean {
  return Number.isInteger(year) && year >= 0 && year <= 9999 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(Z|[+-](\d{2})(?::?(\d{2}))?)?)?$/;

/**
 * Whether `text` is an ISO 8601 calendar date in its extended form, optionally with a time
 * and a zone (`2026-11-22`, `2026-11-22T10:00:00Z`, `2026-11-22T10:00+01:00`), every part in
 * range. The separator is `T` only: a space is RFC 3339 leniency, not ISO 8601.
 * - `'read'` (a response's timestamps): ISO 8601's own variants are read too: a decimal
 *   comma (`10:00:00,5`), a zone of hours only (`+02`), a leap second (`23:59:60`).
 * - `'sent'` (what a request carries): not those variants, which standard date parsers
 *   (`Date.parse`, RFC 3339 readers) refuse, and a time always with its zone (`Z` or
 *   `±HH:MM`), so every reader takes the same instant: strict in what is sent, tolerant in
 *   what is read.
 */
export function isIsoDateTime(text: string, as: 'read' | 'sent' = 'read'): boolean {
  const m = ISO_DATE_TIME.exec(text);
  if (!m) return false;
  const [, y, mo, d, hour, mi = '0', s = '0', zone = '', zh = '0', zm = '0'] = m;
  const h = hour ?? '0';
  const leapSecond = h === '23' && mi === '59' && s === '60';
  // Sent: what every reader takes as the same instant. A time with no zone is local time to
  // `Date.parse` (its instant would be the reader's zone's), and `+0545` after an extended-form
  // time mixes ISO 8601's two forms; RFC 3339 readers refuse both.
  if (
    as === 'sent' &&
    (leapSecond || text.includes(',') || /^[+-]\d{2}$/.test(zone) || /^[+-]\d{4}$/.test(zone) || (hour !== undefined && !zone))
  )
    return false;
  return (
    isCalendarDay({ year: Number(y), month: Number(mo), day: Number(d) }) &&
    Number(h) <= 23 &&
    Number(mi) <= 59 &&
    (Number(s) <= 59 || leapSecond) &&
    Number(zh) <= 23 &&
    Number(zm) <= 59
  );
}

/**
 * The calendar day a `Date` stands for, as its author meant it. `new Date('2026-11-22')`
 * is midnight UTC, `new Date(2026, 10, 22)` is local midnight; east or west of UTC the two
 * fall on different UTC days. So a `Date` at exactly midnight UTC is read in UTC, and any
 * other by its local calendar day (the day a clock on the caller's wall shows).
 */
export function calendarDayOf(given: Date): CalendarDay {
  const date = new Date(timeOf(given));
  const utcMidnight = date.getTime() % 86_400_000 === 0;
  return utcMidnight
    ? { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }
    : { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/** A `Date` that holds a time (not `Invalid Date`) within the years 0–9999. */
export function isValidDate(value: unknown): value is Date {
  if (!(value instanceof Date)) return false;
  const time = timeOf(value);
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= 0 && year <= 9999;
}

/**
 * The time a `Date` holds, read by `Date.prototype`'s own getter: not one the object has of
 * its own (what is checked and what is sent are then the same time), and `NaN` for an object
 * that only looks like a `Date`.
 */
export function timeOf(date: Date): number {
  try {
    return Date.prototype.getTime.call(date);
  } catch {
    return Number.NaN;
  }
}
