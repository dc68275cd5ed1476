/**
 * Order dates as the warehouse writes them (MM/DD/YYYY), through the SDK's own wire rules:
 * the mock renders and reads them exactly as the client sends them.
 */
import { formatOrderDate, readOrderDate } from '../../warehouse/wire-format.js';

/** MM/DD/YYYY of a UTC time, the format the service renders dates in. */
export function toMonthDayYear(ms: number): string {
  const d = new Date(ms);
  return formatOrderDate(
    `${String(d.getUTCFullYear()).padStart(4, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`,
  );
}

/** A sortable number for an order date (MM/DD/YYYY or YYYY-MM-DD); undefined if not a real date. */
export function parseOrderDate(text: string): number | undefined {
  const day = readOrderDate(text);
  return day && (day.year * 100 + day.month) * 100 + day.day;
}
