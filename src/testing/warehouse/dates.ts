/**
 * Order dates as the warehouse writes them (MM/DD/YYYY) and reads them (that, or YYYY-MM-DD).
 */

/** MM/DD/YYYY of a UTC time, the format the service renders dates in. */
export function toMonthDayYear(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

/** UTC ms of an order date written MM/DD/YYYY or YYYY-MM-DD; undefined if not a real date. */
export function parseOrderDate(text: string): number | undefined {
  let parts = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  let year: number;
  let month: number;
  let day: number;
  if (parts) {
    [month, day, year] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  } else {
    parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    if (!parts) return undefined;
    [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  }
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
  const check = new Date(0);
  check.setUTCFullYear(year, month - 1, day);
  const ms = check.getTime();
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  return ms;
}
