/**
 * Regular expressions (for JSON Schema's `pattern`) of the dates the SDK takes, exact to the
 * calendar as `src/internal/dates.ts` reads them: no 30 February, 29 February in leap years
 * only (the proleptic Gregorian rule, years 0000–9999), no hour 24. The schema kit's own
 * hints give only the text's shape; these replace them in the documents. (They live here, not
 * in the kit, so the SDK's bundle does not carry them.)
 */

/** A four-digit leap year: divisible by 4, and not by 100 unless by 400. */
const LEAP_YEAR = '(?:\\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)';

/** Month and day of a real day in any year (29 February apart), joined by `sep`; `short` takes one-digit months and days. */
function monthDay(sep: string, short: boolean): string {
  const lead = short ? '0?' : '0';
  const day = (last: string) => `(?:${lead}[1-9]|[12]\\d|${last})`;
  return [
    `(?:${lead}[13578]|1[02])${sep}${day('3[01]')}`,
    `(?:${lead}[469]|11)${sep}${day('30')}`,
    `${lead}2${sep}(?:${lead}[1-9]|1\\d|2[0-8])`,
  ].join('|');
}

/** `YYYY-MM-DD` naming a real day. */
const ISO_DATE = `(?:\\d{4}-(?:${monthDay('-', false)})|${LEAP_YEAR}-02-29)`;

/** A time of day and an optional zone, every part in range, as `isIsoDateTime` reads them. */
const TIME =
  'T(?:(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:[.,]\\d+)?)?|23:59:60(?:[.,]\\d+)?)(?:Z|[+-](?:[01]\\d|2[0-3])(?::?[0-5]\\d)?)?';

/** ISO 8601 date, optionally with a time and zone (`isIsoDateTime`: a response's timestamps). */
export const ISO_DATE_TIME_PATTERN = `^${ISO_DATE}(?:${TIME})?$`;

/**
 * The same without ISO 8601's own variants (leap second, decimal comma, zone of hours only), a
 * time always with its zone (`Z` or `±HH:MM`): what a request sends (`isIsoDateTime(…, 'sent')`).
 */
const SENT_TIME = 'T(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d+)?)?(?:Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)';
export const SENT_DATE_TIME_PATTERN = `^${ISO_DATE}(?:${SENT_TIME})?$`;

/** `MM/DD/YYYY` (one-digit month and day taken) or `YYYY-MM-DD`, a real day either way (`readOrderDate`). */
export const ORDER_DATE_PATTERN = `^(?:(?:${monthDay('/', true)})/\\d{4}|0?2/29/${LEAP_YEAR}|${ISO_DATE})$`;

/** `M/D/YYYY` (two-digit months and days too), a real day: a response's `date` (`isRenderedDate`). */
export const RENDERED_DATE_PATTERN = `^(?:(?:${monthDay('/', true)})/\\d{4}|0?2/29/${LEAP_YEAR})$`;
