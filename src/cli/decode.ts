/**
 * The text of a file in the encoding its user names (`--encoding`, UTF-8 by default). A
 * file said to be UTF-8 that is not (a spreadsheet's Latin-1 "CSV") is refused at its first
 * bad byte, named by offset, rather than read with replacement characters and uploaded so.
 * A byte order mark is taken off.
 */
import { UsageError } from './errors.js';

/** The encodings `--encoding` is documented to take; any other label `TextDecoder` knows is taken too. */
export const ENCODINGS = ['utf8', 'latin1', 'windows-1252', 'utf-16le', 'utf-16be'] as const;

/** A file's bytes that are not valid in its encoding: where the first bad byte is. */
export class EncodingProblem extends Error {
  override name = 'EncodingProblem';
  readonly offset: number;
  constructor(offset: number, byte: number | undefined, encoding: string) {
    const what = byte === undefined ? 'the file ends inside a character' : `byte 0x${byte.toString(16).padStart(2, '0').toUpperCase()}`;
    super(
      `is not valid ${encoding} at byte offset ${offset} (${what}); save the file as UTF-8, or name its encoding with --encoding (e.g. --encoding latin1)`,
    );
    this.offset = offset;
  }
}

/** The WHATWG name of an encoding label (`utf8` → `utf-8`, `latin1` → `windows-1252`), or a usage error. */
export function encodingOf(label: string | undefined): string {
  if (label === undefined) return 'utf-8';
  try {
    return new TextDecoder(label).encoding;
  } catch {
    throw new UsageError(`--encoding ${label} is not an encoding this command reads (${ENCODINGS.join(', ')})`);
  }
}

/**
 * How many bytes at the start of `bytes` are whole, valid UTF-8 characters (`end`), and where
 * the first invalid character starts (`invalid`, -1 when none: a character cut off at the end
 * is merely incomplete). Overlong forms, surrogates and code points past U+10FFFF are invalid.
 */
export function scanUtf8(bytes: Uint8Array): { end: number; invalid: number } {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i] as number;
    if (lead < 0x80) {
      i++;
      continue;
    }
    const length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (length === 0) return { end: i, invalid: i };
    // The second byte's range narrows for E0 (no overlong), ED (no surrogate), F0 (no overlong), F4 (≤ U+10FFFF).
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    for (let k = 1; k < length; k++) {
      if (i + k >= bytes.length) return { end: i, invalid: -1 };
      const byte = bytes[i + k] as number;
      if (k === 1 ? byte < low || byte > high : byte < 0x80 || byte > 0xbf) return { end: i, invalid: i };
    }
    i += length;
  }
  return { end: i, invalid: -1 };
}

/**
 * The text of `chunks` in `encoding` (a WHATWG name), chunk by chunk, without a byte order
 * mark; `onBom` is told when there was one. UTF-8 is checked byte by byte and decoded with a
 * fatal decoder: bad bytes end the text with an {@link EncodingProblem}, after the text before them.
 */
export async function* decodeChunks(chunks: AsyncIterable<Uint8Array>, encoding: string, onBom: () => void): AsyncGenerator<string> {
  const utf8 = encoding === 'utf-8';
  const decoder = new TextDecoder(encoding, { fatal: utf8, ignoreBOM: true });
  let carry: Uint8Array = new Uint8Array(0); // bytes not decoded yet: a short start, or a UTF-8 character cut by a chunk's end
  let offset = 0; // of `carry`'s first byte in the file
  let started = false; // the byte order mark is decided
  const take = function* (bytes: Uint8Array, last: boolean): Generator<string> {
    if (!started) {
      started = true;
      const bom = bomLength(bytes, encoding);
      if (bom) onBom();
      bytes = bytes.subarray(bom);
      offset += bom;
    }
    if (!utf8) {
      const text = decoder.decode(bytes, { stream: !last });
      if (text) yield text;
      return;
    }
    const { end, invalid } = scanUtf8(bytes);
    if (end > 0) yield decoder.decode(bytes.subarray(0, end));
    if (invalid >= 0 || (last && end < bytes.length)) throw new EncodingProblem(offset + end, bytes[invalid], 'UTF-8');
    carry = bytes.slice(end);
    offset += end;
  };
  for await (const chunk of chunks) {
    const bytes = carry.length ? concat(carry, chunk) : chunk;
    carry = new Uint8Array(0);
    // Too short yet to tell a byte order mark: wait for more.
    if (!started && bytes.length < 3) carry = bytes;
    else yield* take(bytes, false);
  }
  yield* take(carry, true);
}

function bomLength(bytes: Uint8Array, encoding: string): number {
  if (encoding === 'utf-8') return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  if (encoding === 'utf-16le') return bytes[0] === 0xff && bytes[1] === 0xfe ? 2 : 0;
  if (encoding === 'utf-16be') return bytes[0] === 0xfe && bytes[1] === 0xff ? 2 : 0;
  return 0;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
