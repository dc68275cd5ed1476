import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { captureBody } from '../../../src/testing/kit/body-capture.js';
import { dispositionOf, MultipartScan } from '../../../src/testing/kit/multipart-scan.js';

async function encoded(form: FormData): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string }> {
  const request = new Request('http://x.test/', { method: 'POST', body: form });
  return { bytes: new Uint8Array(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

function scanInChunks(bytes: Uint8Array, boundary: string, sizes: number[]): MultipartScan {
  const scan = new MultipartScan(boundary);
  let at = 0;
  for (let i = 0; at < bytes.length; i++) {
    const size = Math.max(1, sizes[i % sizes.length] ?? 1);
    scan.feed(bytes.subarray(at, at + size));
    at += size;
  }
  scan.finish();
  return scan;
}

describe('the multipart scan of the request log', () => {
  it('finds every part with its size whatever the chunk boundaries, delimiters cut included', async () => {
    const form = new FormData();
    form.append('bulk', 'true');
    form.append('note', 'line one\r\n--not a boundary\r\nline three');
    form.append('file', new Blob(['a,b\r\n1,2\r\n'.repeat(300)], { type: 'text/csv' }), 'orders "2026".csv');
    const { bytes, contentType } = await encoded(form);
    const boundary = /boundary=(.+)$/.exec(contentType)![1]!;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 97 }), { minLength: 1, maxLength: 12 }), async (sizes) => {
        const scan = scanInChunks(bytes, boundary, sizes);
        expect(scan.complete).toBe(true);
        expect(scan.parts.map((p) => p.size)).toEqual([4, 38, 3000]);
        expect(new TextDecoder().decode(scan.parts[1]!.preview)).toBe('line one\r\n--not a boundary\r\nline three');
        expect(dispositionOf(scan.parts[2]!.headers['content-disposition'])).toEqual({ name: 'file', filename: 'orders "2026".csv' });
      }),
      { numRuns: 200, seed: 15 },
    );
  });

  it('finds every one of 20,000 parts that arrive in one chunk', () => {
    const parts = Array.from(
      { length: 20_000 },
      (_, i) => `--b\r\nContent-Disposition: form-data; name="tracking_numbers"\r\n\r\nT${i}\r\n`,
    );
    const bytes = new TextEncoder().encode(`${parts.join('')}--b--\r\n`);
    const scan = scanInChunks(bytes, 'b', [bytes.length]);
    expect(scan.complete).toBe(true);
    expect(scan.parts).toHaveLength(20_000);
    expect(new TextDecoder().decode(scan.parts[19_999]!.preview)).toBe('T19999');
  });

  it('keeps what it saw of a body cut short, and says it was not complete', async () => {
    const form = new FormData();
    form.append('file', new Blob(['x'.repeat(10_000)]), 'big.bin');
    const { bytes, contentType } = await encoded(form);
    const cut = bytes.slice(0, 5_000);
    const body = await captureBody(new Blob([cut]).stream(), contentType, 1024);
    expect(body).toMatchObject({ kind: 'multipart', complete: false, bytes: 5_000 });
    if (body.kind === 'multipart') expect(body.parts[0]?.file?.size).toBeGreaterThan(4_500);
  });

  it('shows JSON parsed, long text cut, and a binary body by its size only', async () => {
    const stream = (text: string | Uint8Array<ArrayBuffer>) => new Blob([text]).stream();
    expect(await captureBody(stream('{"a":[1,2]}'), 'application/json; charset=utf-8', 100)).toEqual({
      kind: 'json',
      bytes: 11,
      value: { a: [1, 2] },
    });
    expect(await captureBody(stream('{"a":'), 'application/json', 100)).toMatchObject({ kind: 'text', text: '{"a":', truncated: false });
    expect(await captureBody(stream('é'.repeat(100)), 'text/plain', 10)).toMatchObject({ kind: 'text', bytes: 200, truncated: true });
    expect(await captureBody(stream(new Uint8Array(300)), 'application/pdf', 10)).toEqual({
      kind: 'binary',
      bytes: 300,
      contentType: 'application/pdf',
    });
    expect(await captureBody(stream(''), 'application/json', 10)).toEqual({ kind: 'none' });
    expect(await captureBody(null, '', 10)).toEqual({ kind: 'none' });
  });
});
