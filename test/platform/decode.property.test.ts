/**
 * Properties of decoding (fast-check, fixed seeds and runs): any JSON object, in any of the
 * codings (one or two layers), cut into any chunks, reads back exactly; cut off at any byte
 * it never reads as a page — it fails to decode, or decodes to text that is not JSON (a cut
 * inside a gzip trailer aside, which loses no byte of the page, as fetch reads it too).
 * First the Node transport's decoders alone (many runs), then whole calls through a real
 * server on both transports (fewer).
 */
import zlib from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WarehouseClient } from '../../src/index.js';
import { decodersFor } from '../../src/platform/decode.node.js';
import { type CompressingServer, detailWith, encode, hasZstd, startCompressingServer } from '../support/compressing-server.js';
import { API_KEY, ORDER_ID, WAREHOUSE_ID } from '../support/scripted-fetch.js';

const zstdDecoded = hasZstd && typeof (zlib as { createZstdDecompress?: unknown }).createZstdDecompress === 'function';
const CODINGS = ['gzip', 'x-gzip', 'deflate', 'deflate-raw', 'br', ...(zstdDecoded ? ['zstd'] : [])];
const codings = fc.array(fc.constantFrom(...CODINGS), { minLength: 1, maxLength: 2 });
const page = fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 12 });
const header = (list: string[]) => list.map((c) => (c === 'deflate-raw' ? 'deflate' : c)).join(', ');

/** `bytes` cut into pieces of the given sizes (the last piece takes the rest). */
function chunked(bytes: Buffer, sizes: number[]): Buffer[] {
  const pieces: Buffer[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= bytes.length) break;
    pieces.push(bytes.subarray(at, at + size));
    at += size;
  }
  if (at < bytes.length) pieces.push(bytes.subarray(at));
  return pieces;
}

/** The text the transport's decoders make of `pieces`, or the error they end with. */
async function decode(contentEncoding: string, pieces: Buffer[]): Promise<{ text: string } | { error: Error }> {
  const decoders = decodersFor(contentEncoding, 'GET', 200);
  if (!Array.isArray(decoders) || decoders.length === 0) throw new Error(`no decoders for ${contentEncoding}`);
  for (let i = 0; i + 1 < decoders.length; i++) (decoders[i] as NodeJS.ReadWriteStream).pipe(decoders[i + 1] as NodeJS.WritableStream);
  const last = decoders[decoders.length - 1] as NodeJS.ReadableStream;
  const out: Buffer[] = [];
  return new Promise((resolve) => {
    const fail = (error: Error) => resolve({ error });
    for (const decoder of decoders) decoder.on('error', fail);
    last.on('data', (chunk: Buffer) => out.push(chunk)).on('end', () => resolve({ text: Buffer.concat(out).toString() }));
    const first = decoders[0] as NodeJS.WritableStream;
    (async () => {
      for (const piece of pieces) {
        first.write(piece);
        await new Promise((r) => setImmediate(r));
      }
      first.end();
    })();
  });
}

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe("the Node transport's decoders", () => {
  it('any JSON object, any codings, any chunking: read back exactly', async () => {
    await fc.assert(
      fc.asyncProperty(page, codings, fc.array(fc.integer({ min: 1, max: 300 }), { maxLength: 40 }), async (body, list, sizes) => {
        const json = JSON.stringify(body);
        const encoded = list.reduce(encode, Buffer.from(json));
        expect(await decode(header(list), chunked(encoded, sizes))).toEqual({ text: json });
      }),
      { numRuns: 300, seed: 33 },
    );
  });

  it('cut off at any byte: an error, or text that is not a page (the whole page only when the cut is in a trailer)', async () => {
    await fc.assert(
      fc.asyncProperty(page, codings, fc.nat(), fc.integer({ min: 1, max: 500 }), async (body, list, at, size) => {
        const json = JSON.stringify(body);
        const encoded = list.reduce(encode, Buffer.from(json));
        const cut = encoded.subarray(0, at % encoded.length);
        const result = await decode(header(list), chunked(cut, Array(Math.ceil(cut.length / size)).fill(size)));
        if ('text' in result) expect(result.text === json || !parses(result.text)).toBe(true);
      }),
      { numRuns: 300, seed: 34 },
    );
  });
});

describe('whole calls through a real server, on the transport this project runs', () => {
  let server: CompressingServer;
  beforeAll(async () => {
    server = await startCompressingServer();
  });
  afterAll(() => server.close());
  const client = () => new WarehouseClient({ baseUrl: server.http, apiKey: API_KEY, warehouseId: WAREHOUSE_ID, maxRetries: 0 });

  it('any JSON object as an unknown member, any codings, any write size: the call resolves with it exactly', async () => {
    await fc.assert(
      fc.asyncProperty(page, codings, fc.integer({ min: 1, max: 2_000 }), async (extra, list, chunk) => {
        server.next = { codings: list, body: detailWith(extra), chunk };
        expect((await client().shipments.retrieve(ORDER_ID)).extra).toEqual(extra);
      }),
      { numRuns: 40, seed: 35 },
    );
  });

  it('cut off at any byte (the framing complete): the call rejects, or resolves with the whole page', async () => {
    await fc.assert(
      fc.asyncProperty(page, codings, fc.nat(), async (extra, list, at) => {
        const encoded = list.reduce(encode, Buffer.from(JSON.stringify(detailWith(extra))));
        server.next = { codings: list, body: detailWith(extra), cut: at % encoded.length };
        const outcome = await client()
          .shipments.retrieve(ORDER_ID)
          .then(
            (shipment) => ({ extra: shipment.extra }),
            (error: unknown) => ({ error }),
          );
        if ('extra' in outcome) expect(outcome.extra).toEqual(extra);
      }),
      { numRuns: 40, seed: 36 },
    );
  });
});
