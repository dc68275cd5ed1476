/**
 * Content codings of a response in Node's HTTP stack, decoded as Node's own `fetch` (undici,
 * `lib/web/fetch/index.js`) decodes them, so both transports read the same bytes the same
 * way: the codings of `Content-Encoding` undone last first, each streamed through `node:zlib`
 * (never a whole compressed page in memory beside the decoded one), with undici's lenient
 * flushes (a gzip stream that lacks its trailer still reads, as in curl and browsers), at
 * most five codings, none for a HEAD or a 204/304 answer. A coding neither knows is left
 * undone (the body as it came; the core names the coding if that body is not JSON).
 */
import type { Transform } from 'node:stream';
import { decodeFailed } from '../internal/content-coding.js';

type Zlib = typeof import('node:zlib');
type Load = (id: string) => unknown;
const load = (id: string) => (process as { getBuiltinModule?: Load }).getBuiltinModule?.(id);

/** More codings than this are refused, as undici refuses them (a decompression bomb in layers). */
const MAX_CODINGS = 5;

let zlib: Zlib | undefined;
/** `node:zlib`, loaded at the first response that needs it (or the first request, for `acceptEncoding`). */
const zlibOf = (): Zlib => {
  zlib ??= load('node:zlib') as Zlib;
  return zlib;
};

/**
 * What the Node transport asks for: `gzip, deflate, br`, and `zstd` where this Node's zlib
 * decodes it (`zlib.createZstdDecompress`: Node ≥ 22.15 and ≥ 23.8), checked once.
 */
let asked: string | undefined;
export function acceptEncoding(): string {
  asked ??= `gzip, deflate, br${typeof zlibOf().createZstdDecompress === 'function' ? ', zstd' : ''}`;
  return asked;
}

/** How a response's body is read: through these decoders (none: as it came), or as it came with a coding left undone, or not at all. */
export type Decoding = Transform[] | { undone: string } | { refused: string };

/**
 * The decoders for a response, in the order its bytes go through them: `[]` when there is
 * nothing to undo (no coding, `identity`, a body that cannot be there: HEAD, 204, 304); a
 * coding this Node cannot undo leaves the whole body as it came, as undici does; more than
 * five codings are refused.
 */
export function decodersFor(contentEncoding: string | undefined, method: string, status: number): Decoding {
  if (!contentEncoding || method === 'HEAD' || status === 204 || status === 304 || status < 200) return [];
  const codings = contentEncoding.toLowerCase().split(',');
  if (codings.length > MAX_CODINGS) return { refused: `Content-Encoding "${contentEncoding}": more than ${MAX_CODINGS} codings` };
  const decoders: Transform[] = [];
  for (let i = codings.length - 1; i >= 0; i--) {
    const coding = (codings[i] as string).trim();
    const decoder = decoderOf(coding);
    if (decoder === undefined) {
      for (const made of decoders) made.destroy();
      return { undone: coding };
    }
    if (decoder !== null) decoders.push(decoder);
  }
  return decoders;
}

/** One coding's decoder, `null` for `identity`, `undefined` for a coding this Node cannot undo. */
function decoderOf(coding: string): Transform | null | undefined {
  const z = zlibOf();
  const { Z_SYNC_FLUSH, BROTLI_OPERATION_FLUSH, ZSTD_e_continue, ZSTD_e_end } = z.constants as Zlib['constants'] & Record<string, number>;
  const lenient = { flush: Z_SYNC_FLUSH, finishFlush: Z_SYNC_FLUSH };
  if (coding === 'gzip' || coding === 'x-gzip') return z.createGunzip(lenient);
  if (coding === 'deflate') return inflate(z, lenient);
  if (coding === 'br') return z.createBrotliDecompress({ flush: BROTLI_OPERATION_FLUSH, finishFlush: BROTLI_OPERATION_FLUSH });
  const zstd = (z as { createZstdDecompress?: (options: object) => Transform }).createZstdDecompress;
  if (coding === 'zstd' && zstd) return zstd({ flush: ZSTD_e_continue, finishFlush: ZSTD_e_end });
  return coding === 'identity' || coding === '' ? null : undefined;
}

/**
 * `deflate` as servers send it: a zlib stream as the RFC says, or (IIS, some proxies) raw
 * deflate, told apart by the first byte as undici and browsers do (a zlib header's low
 * nibble is 8, deflate's method).
 */
function inflate(z: Zlib, options: import('node:zlib').ZlibOptions): Transform {
  const { Transform: TransformStream } = load('node:stream') as typeof import('node:stream');
  let inner: Transform | undefined;
  return new TransformStream({
    transform(chunk: Buffer, _encoding, done) {
      if (chunk.length === 0) return done();
      if (!inner) {
        inner = ((chunk[0] as number) & 0x0f) === 0x08 ? z.createInflate(options) : z.createInflateRaw(options);
        inner.on('data', (data: Buffer) => this.push(data)).on('error', (error) => this.destroy(error));
      }
      inner.write(chunk, () => done());
    },
    flush(done) {
      if (!inner) return done();
      inner.once('end', () => done()).end();
    },
  });
}

/** A decoder's error code (zlib, brotli, zstd), as Node's zlib gives it and Node's fetch passes it on as the `cause`. */
const DECODER_CODE = /^(?:Z_|ERR__ERROR_|ZSTD_error_)/;

/**
 * Why reading a body failed when a decoder failed (a corrupt stream), naming the coding;
 * `undefined` for any other failure (a lost connection). Node's fetch ends such a body with
 * `TypeError: terminated` whose `cause` is zlib's error.
 */
export function decodeFailure(error: unknown, contentEncoding: string | null): string | undefined {
  let current = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && DECODER_CODE.test(code)) return decodeFailed(contentEncoding ?? '', current.message);
    current = current.cause;
  }
  return undefined;
}
