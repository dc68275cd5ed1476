/** The CLI's file decoding: UTF-8 checked byte by byte (its first bad byte named), other encodings by name, chunk boundaries anywhere. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeChunks, EncodingProblem, encodingOf, scanUtf8 } from '../../src/cli/decode.js';
import { binaryString } from '../support/arbitraries.js';

async function decodeAll(chunks: Uint8Array[], encoding = 'utf-8') {
  let text = '';
  let bom = false;
  try {
    for await (const part of decodeChunks(
      (async function* () {
        yield* chunks;
      })(),
      encoding,
      () => {
        bom = true;
      },
    ))
      text += part;
    return { text, bom };
  } catch (error) {
    if (error instanceof EncodingProblem) return { text, bom, offset: error.offset };
    throw error;
  }
}

/** `bytes` cut at the given points. */
const cut = (bytes: Uint8Array, points: number[]) => {
  const at = [0, ...[...new Set(points.map((p) => p % (bytes.length + 1)))].sort((a, b) => a - b), bytes.length];
  return at.slice(1).map((end, i) => bytes.subarray(at[i], end));
};

describe('decodeChunks', () => {
  it('agrees with a fatal TextDecoder on any bytes, however they are cut: the same text, or a refusal at the first bad byte', async () => {
    const bytes = fc.oneof(
      binaryString().map((s) => new TextEncoder().encode(s)),
      fc.uint8Array({ maxLength: 40 }),
      fc.tuple(binaryString(), fc.uint8Array({ maxLength: 3 }), fc.string()).map(([a, bad, b]) => {
        const enc = new TextEncoder();
        return Uint8Array.from([...enc.encode(a), ...bad, ...enc.encode(b)]);
      }),
    );
    await fc.assert(
      fc.asyncProperty(bytes, fc.array(fc.nat(), { maxLength: 6 }), async (input, points) => {
        const result = await decodeAll(cut(input, points));
        const start = input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf ? 3 : 0;
        let expected: string | undefined;
        try {
          expected = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(input.subarray(start));
        } catch {
          expected = undefined;
        }
        if (expected !== undefined) {
          expect(result).toEqual({ text: expected, bom: start === 3 });
          return;
        }
        // Refused: every byte before the offset is valid UTF-8, and the text read is theirs.
        expect(result.offset).toBeGreaterThanOrEqual(start);
        const before = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(input.subarray(start, result.offset));
        expect(before.startsWith(result.text)).toBe(true);
        const scan = scanUtf8(input.subarray(start));
        expect(result.offset).toBe(start + scan.end);
        expect(scan.invalid === scan.end || (scan.invalid === -1 && scan.end < input.length - start)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('names the offset of the first bad byte in the file, counting a byte order mark', async () => {
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, 0x61, 0x0a, 0x4c, 0xe1, 0x6d]); // BOM, "a\nL", Latin-1 á, "m"
    expect(await decodeAll(cut(bytes, [4, 6]))).toEqual({ text: 'a\nL', bom: true, offset: 6 });
    expect(await decodeAll([Uint8Array.from([0x61, 0xe2, 0x82])])).toEqual({ text: 'a', bom: false, offset: 1 }); // a character cut off by the end of the file
    expect(await decodeAll([Uint8Array.from([0xed, 0xa0, 0x80])])).toMatchObject({ offset: 0 }); // a surrogate
    expect(await decodeAll([Uint8Array.from([0xc0, 0xaf])])).toMatchObject({ offset: 0 }); // overlong
  });

  it('reads Latin-1 and UTF-16 by name, their byte order mark dropped', async () => {
    expect(await decodeAll([Uint8Array.from([0x4c, 0xe1, 0x6d])], encodingOf('latin1'))).toEqual({ text: 'Lám', bom: false });
    const utf16 = Uint8Array.from([0xff, 0xfe, 0x4c, 0x00, 0xe1, 0x00]);
    expect(await decodeAll(cut(utf16, [1, 3]), encodingOf('utf-16le'))).toEqual({ text: 'Lá', bom: true });
  });
});
