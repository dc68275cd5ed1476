/** RFC 4180 CSV writing for bulk uploads: CRLF line ends, fields quoted when they need it. */

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One field: quoted (with doubled quotes) when it holds a comma, quote, line break or edge space. */
export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A header row and one row per record, every line ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  let out = `${header.map(csvField).join(',')}\r\n`;
  for (const row of rows) out += `${row.map(csvField).join(',')}\r\n`;
  return out;
}
