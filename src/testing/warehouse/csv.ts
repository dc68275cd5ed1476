/**
 * The CSV reader of the bulk upload.
 */

/**
 * Result of {@link parseCsv}: the records, each with its 1-based row number as a
 * spreadsheet shows it, or the first error found.
 * @example
 * ```ts
 * const result: CsvParse = parseCsv('order_number,quantity\r\nPO-1001,12\r\nPO-1002,6\r\n');
 * if ('error' in result) throw new Error(result.error);
 * expect(result.records.map((r) => r.fields[0])).toEqual(['order_number', 'PO-1001', 'PO-1002']);
 * ```
 */
export type CsvParse = { records: { row: number; fields: string[] }[] } | { error: string };

/**
 * RFC 4180 CSV: quoted fields may hold commas, doubled quotes and CR/LF; records end in
 * CRLF, LF or CR. `row` counts records from 1 (the header) as a spreadsheet shows them,
 * blank lines included; blank lines themselves are dropped. A quote inside an unquoted
 * field is an error, so a writer that forgets to quote is caught rather than guessed at.
 * The warehouse mock reads bulk uploads with it; a test can read the CSV an upload sent.
 * @example
 * ```ts
 * const result = parseCsv('order_number,item_name\r\nPO-1001,"Lamp, black"\r\n');
 * if ('records' in result) console.log(result.records[1]?.fields); // ['PO-1001', 'Lamp, black']
 * ```
 */
export function parseCsv(input: string): CsvParse {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records: { row: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let row = 1;
  // start: at the start of a field; plain: inside an unquoted field; quoted: inside quotes;
  // closed: just after a closing quote.
  let mode: 'start' | 'plain' | 'quoted' | 'closed' = 'start';
  let recordHasContent = false;

  const endRecord = () => {
    fields.push(field);
    const blank = fields.length === 1 && fields[0] === '' && !recordHasContent;
    if (!blank) records.push({ row, fields });
    row++;
    fields = [];
    field = '';
    mode = 'start';
    recordHasContent = false;
  };

  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (mode === 'quoted') {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          mode = 'closed';
        }
      } else {
        field += c;
      }
      continue;
    }
    if (c === ',') {
      fields.push(field);
      field = '';
      mode = 'start';
      recordHasContent = true;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else if (c === '"') {
      if (mode !== 'start') return { error: `Row ${row}: a quote inside a field that does not start with a quote` };
      mode = 'quoted';
      recordHasContent = true;
    } else {
      if (mode === 'closed') return { error: `Row ${row}: text after a closing quote` };
      field += c;
      mode = 'plain';
      recordHasContent = true;
    }
  }
  if (mode === 'quoted') return { error: `Row ${row}: a quoted field is never closed` };
  // A final line break ends the last record; only text after it makes another one.
  if (recordHasContent || field !== '' || fields.length > 0) endRecord();
  return { records };
}
