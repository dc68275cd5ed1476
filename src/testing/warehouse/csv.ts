/**
 * The CSV reader the warehouse mock reads bulk uploads with: the SDK's own (RFC 4180), so an
 * upload the client writes is read back as written. Exported for tests that read a CSV a
 * mock received.
 */
import { type CsvParse, parseCsv as readCsv } from '../../warehouse/csv-check.js';

export type { CsvParse };

/**
 * RFC 4180 CSV into records, each with the row number a spreadsheet shows (the header is
 * row 1), or an error naming the row.
 * @example
 * ```ts
 * const result = parseCsv('order_number,item_name\r\nPO-1001,"Lamp, black"\r\n');
 * if ('records' in result) console.log(result.records[1]?.fields); // ['PO-1001', 'Lamp, black']
 * ```
 */
export function parseCsv(input: string): CsvParse {
  return readCsv(input);
}
