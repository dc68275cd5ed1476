/**
 * Decompression bombs in every coding the transports decode: small answers that decode to a
 * JSON body of any size (1 GiB from 13 KB of brotli, 32 KB of zstd), made in milliseconds.
 * Each is a JSON envelope whose string member holds spaces, so a client that read it all
 * would have a page.
 *
 * Built from one compressed block of 1 MiB of spaces repeated: after a full flush a block
 * depends on nothing before it (deflate, brotli), gzip members may follow one another as its
 * decoders read them, and zstd has blocks that repeat one byte.
 */
import zlib from 'node:zlib';

export type BombCoding = 'gzip' | 'deflate' | 'deflate-raw' | 'br' | 'zstd';

const MIB = 1 << 20;
const SPACES = Buffer.alloc(MIB, 0x20);
/** What the spaces stand in: an envelope a read would take, and an unknown member around them. */
const HEAD = '{"status":"success","message":"ok","data":{"shipments":[],"results":{"offset":0,"limit":200,"total_results":0},"x":"';
const TAIL = '"}}';

/** Whether this Node decodes zstd (≥ 22.15, ≥ 23.8): the bombs' own bytes need no encoder. */
export const hasZstdCompression = typeof (zlib as { createZstdDecompress?: unknown }).createZstdDecompress === 'function';

/** The encoder's output for the head, then for each block of spaces, then for the tail, a flush between each. */
async function flushed(encoder: zlib.Zlib & NodeJS.ReadWriteStream, kind: number, blocks: number): Promise<Buffer[]> {
  const parts: Buffer[] = [];
  let current: Buffer[] = [];
  encoder.on('data', (chunk: Buffer) => current.push(chunk));
  const flush = () =>
    new Promise<void>((resolve) =>
      encoder.flush(kind, () => {
        parts.push(Buffer.concat(current));
        current = [];
        resolve();
      }),
    );
  encoder.write(HEAD);
  await flush();
  for (let i = 0; i < blocks; i++) {
    encoder.write(SPACES);
    await flush();
  }
  const ended = new Promise((resolve) => encoder.on('end', resolve));
  encoder.end(TAIL);
  await ended;
  parts.push(Buffer.concat(current));
  return parts;
}

const cache = new Map<string, Buffer>();

/**
 * A body in `coding` that decodes to about `mebibytes` MiB (a JSON envelope; its checksum, for
 * zlib's deflate, is not made: a reader stops long before it). Cached per coding and size.
 */
export async function bomb(coding: BombCoding, mebibytes: number): Promise<Buffer> {
  const key = `${coding}:${mebibytes}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const made = await make(coding, mebibytes);
  cache.set(key, made);
  return made;
}

async function make(coding: BombCoding, mebibytes: number): Promise<Buffer> {
  if (coding === 'gzip') {
    const member = (text: string | Buffer) => zlib.gzipSync(text, { level: 9 });
    return Buffer.concat([member(HEAD), ...Array(mebibytes).fill(member(SPACES)), member(TAIL)]);
  }
  if (coding === 'zstd') return zstdFrame(mebibytes);
  // One flushed block, repeated: [head, block, block, tail] from the encoder, the block copied.
  const encoder =
    coding === 'br'
      ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : coding === 'deflate'
        ? zlib.createDeflate({ level: 9 })
        : zlib.createDeflateRaw({ level: 9 });
  const kind = coding === 'br' ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_FULL_FLUSH;
  // The first block may lean on the head; from the second on, each is the same.
  const [head, first, block, again, tail] = await flushed(encoder, kind, 3);
  if (!block?.equals(again as Buffer)) throw new Error(`a flushed ${coding} block is not the same twice: no bomb can be made this way`);
  return Buffer.concat([head as Buffer, first as Buffer, ...Array(Math.max(0, mebibytes - 1)).fill(block), tail as Buffer]);
}

/**
 * One zstd frame (Node's decoder reads the first frame only): the head as a raw block, then
 * run-length blocks of 128 KiB of spaces (4 bytes each), the tail as the last raw block.
 */
function zstdFrame(mebibytes: number): Buffer {
  const block = (last: boolean, type: 0 | 1, size: number, content: Buffer) => {
    const header = Buffer.alloc(3);
    header.writeUIntLE((size << 3) | (type << 1) | (last ? 1 : 0), 0, 3);
    return Buffer.concat([header, content]);
  };
  const RUN = 128 * 1024;
  // Magic number, a frame header with no content size and a window of 128 KiB (2^(10+7)).
  const header = Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x38]);
  const run = block(false, 1, RUN, Buffer.from([0x20]));
  return Buffer.concat([
    header,
    block(false, 0, HEAD.length, Buffer.from(HEAD)),
    ...Array((mebibytes * MIB) / RUN).fill(run),
    block(true, 0, TAIL.length, Buffer.from(TAIL)),
  ]);
}

/** The `Content-Encoding` a bomb is sent with. */
export const encodingOf = (coding: BombCoding): string => (coding === 'deflate-raw' ? 'deflate' : coding);
