/**
 * The HTTP-date of a `Retry-After`, apart from the calendar checks of `dates.ts`: every
 * request may read one, and a page that never checks a timestamp carries none of those.
 */
/**
 * Milliseconds since the epoch of an HTTP-date in its preferred form (IMF-fixdate,
 * `Sun, 06 Nov 1994 08:49:37 GMT`), or `undefined` when `text` is not one. That form is
 * exactly what `Date.prototype.toUTCString` writes, so a text that does not come back
 * unchanged names no real day or time. (The obsolete RFC 850 and asctime forms are not read:
 * such a `Retry-After` falls back to the backoff.)
 */
export function parseHttpDate(text: string): number | undefined {
  const ms = Date.parse(text);
  return /^[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT$/.test(text) && new Date(ms).toUTCString() === text ? ms : undefined;
}
