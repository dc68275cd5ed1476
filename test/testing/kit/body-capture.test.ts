/**
 * The request log keeps a mock's own JSON answers from the text they were made from, not from
 * a clone of their stream: what it keeps must be the same entry either way, whatever the text,
 * its type and the limit.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { captureBody, captureKnownText } from '../../../src/testing/kit/body-capture.js';
import { answerText, json } from '../../../src/testing/kit/common.js';
import { binaryString } from '../../support/arbitraries.js';

const streamOf = (text: string) => new Response(text).body;

describe('a body known by its text', () => {
  it('is kept as the same entry as the stream made from that text (property)', async () => {
    const text = fc.oneof(
      binaryString({ maxLength: 300 }),
      fc.json(),
      fc.jsonValue().map((value) => JSON.stringify(value)),
    );
    const contentType = fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'text/csv',
      '',
      'application/problem+json',
    );
    await fc.assert(
      fc.asyncProperty(text, contentType, fc.integer({ min: 0, max: 400 }), async (body, type, limit) => {
        expect(captureKnownText(body, type, limit)).toEqual(await captureBody(streamOf(body), type, limit));
      }),
      { numRuns: 300 },
    );
  });

  it('cut inside a character, as the stream is', async () => {
    const body = JSON.stringify({ text: '😀'.repeat(10) });
    for (let limit = 0; limit <= 20; limit++) {
      expect(captureKnownText(body, 'application/json', limit)).toEqual(await captureBody(streamOf(body), 'application/json', limit));
    }
  });

  it('is left to the stream when the log does not keep it as text (multipart, binary)', () => {
    expect(captureKnownText('--b\r\n', 'multipart/form-data; boundary=b', 100)).toBeUndefined();
    expect(captureKnownText('{}', 'application/octet-stream', 100)).toBeUndefined();
  });

  it("is known for the mocks' JSON answers only", () => {
    expect(answerText(json(200, { ok: true }))).toBe('{"ok":true}');
    expect(answerText(new Response('{"ok":true}'))).toBeUndefined();
  });
});
