/**
 * Text made safe to print on a terminal: control characters shown as escapes, never sent.
 * A value from a hostile CSV, a server's message or a file name could otherwise move the
 * cursor, clear the screen, ring the bell, retitle the window or plant a hyperlink (OSC 8).
 */

/**
 * C0 controls but tab and line feed, DEL, the C1 controls (0x9B is a one-byte CSI), and the
 * Unicode marks that reorder or break what a line shows (bidi overrides, line separators).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's job.
const UNSAFE = /[\x00-\x08\x0B-\x1F\x7F-\x9F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;

/**
 * `text` with every control character written as a visible escape (`\x1B`, `\u202E`):
 * `printable('colour\x1b[2J')` gives `'colour\\x1B[2J'`, which shows the escape instead of
 * clearing the screen.
 */
export function printable(text: string): string {
  return text.replace(UNSAFE, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff
      ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`
      : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
  });
}
