/** The command's text helpers: "did you mean", printable values, help wrapping, table layout. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layout, mustStayWhole } from '../../src/cli/formats.js';
import { exampleLines, wrap } from '../../src/cli/help.js';
import { quoted } from '../../src/cli/io.js';
import { closest, editDistance } from '../../src/cli/suggest.js';
import { binaryString } from '../support/arbitraries.js';

describe('closest', () => {
  it('finds the name a typo stands for, and none when nothing is close', () => {
    expect(closest('mail', ['email', 'user-id', 'phone'])).toBe('email');
    expect(closest('colour', ['color', 'size', 'quantity'])).toBe('color');
    expect(closest('lst', ['list', 'import', 'update'])).toBe('list');
    expect(closest('dn', ['dm', 'announce', 'post', 'mock'])).toBe('dm');
    expect(closest('tabel', ['table', 'json', 'ndjson', 'csv'])).toBe('table');
    expect(closest('emai', ['email', 'user-id'])).toBe('email');
    expect(closest('xml', ['table', 'json', 'ndjson', 'csv'])).toBeUndefined();
    expect(closest('nope', ['order_id', 'date', 'quantity'])).toBeUndefined();
  });

  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('lsit', 'list')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });
});

describe('quoted', () => {
  it('shows control characters and bidi marks as escapes, escapes its quotes, and cuts long text', () => {
    expect(quoted('12\x1b[31m\r\n\t\u202e')).toBe('"12\\x1B[31m\\x0D\\n\\t\\u202E"');
    expect(quoted('say "hi"')).toBe('"say \\"hi\\""');
    expect(quoted('x'.repeat(100), 10)).toBe(`"${'x'.repeat(9)}…"`);
  });

  it('never lets a control character through', () => {
    fc.assert(
      fc.property(binaryString(), (text) => {
        // biome-ignore lint/suspicious/noControlCharactersInRegex: what must not be printed
        expect(quoted(text, 1000)).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
      }),
    );
  });
});

describe('help text', () => {
  it('wraps at the width: a line is longer only when it is one word', () => {
    const words = fc.array(fc.stringMatching(/^[a-z,.;()-]{1,30}$/), { maxLength: 60 });
    fc.assert(
      fc.property(words, (list) => {
        const lines = wrap(list.join(' '), 40, '    ');
        for (const line of lines) expect(line.length <= 40 || !line.trim().includes(' ')).toBe(true);
        expect(lines.join(' ').split(/\s+/).filter(Boolean)).toEqual(list);
      }),
    );
  });

  it('breaks an example with a shell continuation, outside quotes, the command unchanged', () => {
    const command = `opslink orders update "$id" --set client_notes="Fragile: handle with care, glass inside" --set quantity=24 --dry-run`;
    const lines = exampleLines(command);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    expect(
      lines
        .join('\n')
        .replace(/^ {2}\$ /, '')
        .replaceAll(' \\\n      ', ' '),
    ).toBe(command);
  });
});

describe('table layout', () => {
  it('keeps whole columns at their values width and cuts text columns to fit', () => {
    const columns = ['order_id', 'date', 'item_name', 'quantity'];
    const rows = [['2142585c-5819-423d-b85f-175e4e8eec89', '02/06/2025', 'Classic desk lamp with a long name', '20']];
    const whole = columns.map((_, i) => rows.every((r) => mustStayWhole(r[i]!)));
    expect(whole).toEqual([true, true, false, true]);
    const { widths, hidden } = layout(columns, rows, 70, whole);
    expect(hidden).toEqual([]);
    expect(widths.slice(0, 2)).toEqual([36, 10]);
    expect(widths[3]).toBeGreaterThanOrEqual(8);
    expect(widths.reduce((a, b) => a + b, 0) + 2 * 3).toBeLessThanOrEqual(70);
    // Too narrow for every whole column: columns are left out from the right, none cut.
    const narrow = layout(columns, rows, 50, whole);
    expect(narrow.widths.slice(0, 2)).toEqual([36, 10]);
    expect(narrow.hidden).toEqual(['item_name', 'quantity']);
  });
});
