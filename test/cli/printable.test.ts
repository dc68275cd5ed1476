/**
 * A CLI message never carries a terminal control sequence from what it quotes (a hostile CSV
 * cell, a server's text, a file name): control characters are printed as visible escapes.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Terminal } from '../../src/cli/io.js';
import { printable } from '../../src/cli/printable.js';
import { BULK_CSV_COLUMNS } from '../../src/warehouse/index.js';
import { binaryString } from '../support/arbitraries.js';
import { runInProcess } from './helpers.js';

/** Characters a terminal acts on rather than shows, but tab and line feed. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\x00-\x08\x0B-\x1F\x7F-\x9F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;

const HOSTILE = {
  'CSI (clear the screen)': '\x1b[2J',
  'OSC 8 hyperlink': '\x1b]8;;https://evil.example/\x07click me\x1b]8;;\x07',
  'OSC window title': '\x1b]0;pwned\x1b\\',
  BEL: '\x07',
  'C1 CSI (0x9B)': '\x9b31m',
  'carriage return over the line': 'ok\rFAKE',
  'right-to-left override': 'abc\u202Efdp.exe',
};

describe('printable', () => {
  it.each(Object.entries(HOSTILE))('%s is shown escaped, not sent', (_name, text) => {
    expect(printable(text)).not.toMatch(CONTROL);
    expect(printable(`row 1, column G (${text})`)).toContain('\\');
  });

  it('keeps text, tabs and line breaks as they are', () => {
    expect(printable('Lámpara\t24\nrow 2 ✓')).toBe('Lámpara\t24\nrow 2 ✓');
    expect(printable('\x1b[2J\x9b')).toBe('\\x1B[2J\\x9B');
    expect(printable('\u202E')).toBe('\\u202E');
  });

  it('leaves no control character in any text (property)', () => {
    fc.assert(fc.property(binaryString(), (text) => !CONTROL.test(printable(text))));
  });

  it("Terminal's messages, errors and progress lines all pass through it", () => {
    let written = '';
    const write = (chunk: string) => {
      written += chunk;
      return true;
    };
    const stream = { write, once: () => {}, off: () => {}, on: () => {}, isTTY: true };
    const term = new Terminal(stream, { quiet: false, forceProgress: true });
    term.info(`info ${HOSTILE['OSC 8 hyperlink']}`);
    term.error(`error ${HOSTILE['CSI (clear the screen)']}`);
    const progress = term.progress(`checking ${HOSTILE.BEL}.csv`, { kind: 'bytes' });
    progress.update({ done: 1, total: 2 });
    progress.done();
    // The progress line's own clearing sequence (\r ESC[2K) is the only control text written.
    expect(written.replaceAll('\r\x1b[2K', '')).not.toMatch(CONTROL);
    expect(written).toContain('error \\x1B[2J');
  });
});

describe('opslink orders import with a hostile CSV', () => {
  it('names the bad column without echoing its escape sequences', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'opslink-cli-hostile-'));
    const header = [...BULK_CSV_COLUMNS, Object.values(HOSTILE).join('')].join(',');
    const path = join(dir, `orders${HOSTILE.BEL}.csv`);
    writeFileSync(path, `${header}\r\n`);
    const result = await runInProcess(['orders', 'import', path, '--dry-run']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is not a column of the upload');
    expect(result.stderr).toContain('\\x1B]8;;https://evil.example/\\x07click me');
    expect(result.stderr).not.toMatch(CONTROL);
  });
});
