/**
 * Every choice the warehouse document leaves open ("not shown") about how values travel,
 * in one place. The Assumptions table (docs/assumptions.md) names each; the mock decodes with
 * the same functions, so a change here changes the SDK and the mock together.
 */
import { RequestValidationError } from '../core/errors/index.js';
import { type CalendarDay, calendarDayOf, isCalendarDay, isValidDate } from '../internal/dates.js';

/** Query arrays (`fulfillment_types`, `statuses`) are sent as repeated keys: `a=x&a=y`. */
export function appendQueryArray(query: URLSearchParams, name: string, values: readonly string[] | undefined): void {
  for (const value of values ?? []) query.append(name, value);
}

/**
 * A list's query read back into the values its parameter schema checks, as the SDK writes it:
 * repeated keys for an array member, plain integers for `offset` and `limit`; any other name
 * given twice stays a list, for the schema to refuse. Read by the mock and by opslink/proxy.
 */
export function readListQuery(params: URLSearchParams, shape: Record<string, unknown>): Record<string, unknown> {
  const query: [string, unknown][] = [];
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    // Own members only: a name such as `toString` or `constructor` would otherwise find Object.prototype's, which is no schema.
    const member = Object.hasOwn(shape, name) ? shape[name] : undefined;
    const def = (member as { _zod: { def: { type: string; innerType?: { _zod: { def: { type: string } } } } } } | undefined)?._zod.def;
    const kind = def?.type === 'optional' ? def.innerType?._zod.def.type : def?.type;
    if (kind === 'array' || values.length > 1) query.push([name, values]);
    else if (name === 'offset' || name === 'limit') query.push([name, readNumber(values[0] as string) ?? values[0]]);
    else query.push([name, values[0]]);
  }
  // fromEntries defines own members, so a parameter named `__proto__` is refused as unknown.
  return Object.fromEntries(query);
}

/**
 * Numbers in form fields and CSV cells are written in plain decimal notation: `String()`
 * would write 1e-7 and 1e21, which a form parser does not read as numbers: `formatNumber(0.0000001)`
 * is `'0.0000001'`. (Internal: the SDK and the mock share it; it is not exported.)
 */
export function formatNumber(value: number): string {
  // String() gives the shortest digits that read back to the same number; only its exponent is undone here.
  const [digits = '', exponent] = String(value === 0 ? 0 : value).split('e');
  if (exponent === undefined) return digits;
  const negative = digits.startsWith('-');
  const [whole = '', fraction = ''] = digits.replace('-', '').split('.');
  const shift = Number(exponent);
  const all = whole + fraction;
  const point = whole.length + shift;
  const plain =
    point <= 0
      ? `0.${'0'.repeat(-point)}${all}`
      : point >= all.length
        ? all + '0'.repeat(point - all.length)
        : `${all.slice(0, point)}.${all.slice(point)}`;
  return negative ? `-${plain}` : plain;
}

/** A form field or CSV cell read back as a number: plain decimal text only (what {@link formatNumber} writes). */
export function readNumber(text: string): number | undefined {
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : undefined;
}

const MONTH_DAY_YEAR = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const YEAR_MONTH_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a response's `date` is a real day rendered month/day/year (one-digit month and day taken). */
export function isRenderedDate(value: unknown): boolean {
  return typeof value === 'string' && MONTH_DAY_YEAR.test(value) && readOrderDate(value) !== undefined;
}

/**
 * The calendar day an order date names: `MM/DD/YYYY` (the format the service renders, one-digit
 * month and day taken too) or ISO `YYYY-MM-DD`, a real day either way; `undefined` otherwise.
 */
export function readOrderDate(text: string): CalendarDay | undefined {
  const us = MONTH_DAY_YEAR.exec(text);
  const iso = YEAR_MONTH_DAY.exec(text);
  const day = us
    ? { year: Number(us[3]), month: Number(us[1]), day: Number(us[2]) }
    : iso
      ? { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) }
      : undefined;
  return day && isCalendarDay(day) ? day : undefined;
}

/**
 * An order date as sent: `MM/DD/YYYY`, the format the service renders dates in. A `Date`
 * becomes the calendar day it shows where the code runs, and one at exactly midnight UTC (what
 * `new Date('2026-11-22')` makes) its UTC day: `new Date(2026, 10, 22)` and
 * `new Date('2026-11-22')` are both 11/22/2026, in every time zone. Text (`MM/DD/YYYY` or
 * `YYYY-MM-DD`, a real day) is written back in this one format. Anything else is refused
 * (`RequestValidationError` naming `date`), as the pre-flight refuses it.
 * @example
 * ```ts
 * formatOrderDate(new Date(2026, 10, 22)); // '11/22/2026'
 * formatOrderDate('2026-11-22');           // '11/22/2026'
 * ```
 */
export function formatOrderDate(value: Date | string): string {
  const day = typeof value === 'string' ? readOrderDate(value) : isValidDate(value) ? calendarDayOf(value) : undefined;
  // The pre-flight refuses such a value first; called on its own, the same refusal (not `NaN/NaN/0NaN`).
  if (!day || day.year > 9999)
    throw new RequestValidationError(
      [{ path: ['date'], message: 'must be a real calendar day as MM/DD/YYYY or YYYY-MM-DD text, or a valid Date' }],
      'order date',
    );
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(day.month, 2)}/${pad(day.day, 2)}/${pad(day.year, 4)}`;
}

/**
 * Inside one CSV cell of a bulk upload, several tracking numbers are separated by this
 * character; a tracking number that holds it is refused before sending.
 * @example
 * ```ts
 * const cell = ['1Z999AA10123456784', '9400111899223856928499'].join(CSV_LIST_SEPARATOR);
 * ```
 */
export const CSV_LIST_SEPARATOR = ';';

/**
 * Characters a spreadsheet reads as the start of a formula. A bulk-upload text cell that
 * begins with one is refused before sending (opened in a spreadsheet, the file would run it).
 */
export const FORMULA_PREFIXES = ['=', '+', '-', '@', '\t', '\r'] as const;

/** Default file name of a bulk CSV given as text, bytes or rows. */
export const BULK_FILE_NAME = 'inbound-orders.csv';
/** Default file name of a label part given as a nameless `Blob`. */
export const LABEL_FILE_NAME = 'shipping-label';
