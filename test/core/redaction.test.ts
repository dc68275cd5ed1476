/**
 * Redaction never changes text that is not a secret. A secret is replaced where it stands as
 * a whole token; its letters inside a longer word are left alone, so a one-letter key does
 * not turn "Invalid API key" into "Invalid API [redacted]ey". A secret that is a word (a
 * placeholder key such as `wrong`) is replaced where it stands as a credential, and left in
 * the server's prose.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AuthenticationError, MessagingClient, WarehouseClient } from '../../src/index.js';
import { Redactor } from '../../src/internal/redact.js';
import { binaryString } from '../support/arbitraries.js';
import { jsonResponse, scriptedFetch } from '../support/scripted-fetch.js';

describe('the redactor', () => {
  it('replaces a secret standing alone, in a path, a header, JSON or a query', () => {
    const r = new Redactor(['s3cr3t-KEY']);
    expect(r.text('Bearer s3cr3t-KEY')).toBe('Bearer [redacted]');
    expect(r.text('/webhooks/id/s3cr3t-KEY')).toBe('/webhooks/id/[redacted]');
    expect(r.text('{"key":"s3cr3t-KEY"}')).toBe('{"key":"[redacted]"}');
    expect(r.text('?token=s3cr3t-KEY&x=1')).toBe('?token=[redacted]&x=1');
    expect(r.text('s3cr3t-KEY')).toBe('[redacted]');
  });

  it('leaves text alone where the secret’s letters are only part of a longer word', () => {
    const k = new Redactor(['k']);
    expect(k.text('Invalid API key')).toBe('Invalid API key');
    expect(k.text('Bearer k')).toBe('Bearer [redacted]');
    const word = new Redactor(['API']);
    expect(word.text('APIs and RAPIDs')).toBe('APIs and RAPIDs');
  });

  it('leaves a word-like key in prose, and replaces it where it stands as a credential', () => {
    const wrong = new Redactor(['wrong']);
    expect(wrong.text('Missing, wrong or revoked API key')).toBe('Missing, wrong or revoked API key');
    expect(wrong.text('Authorization: Bearer wrong')).toBe('Authorization: Bearer [redacted]');
    expect(wrong.text('ApiKey wrong')).toBe('ApiKey [redacted]');
    expect(wrong.text('/webhooks/id/wrong?x=1')).toBe('/webhooks/id/[redacted]?x=1');
    expect(wrong.text('?token=wrong&x=1')).toBe('?token=[redacted]&x=1');
    expect(wrong.text('{"key":"wrong"}')).toBe('{"key":"[redacted]"}');
    expect(wrong.text('wrong')).toBe('[redacted]');
  });

  it('a word-like key never changes prose (property)', () => {
    const letters = fc.stringMatching(/^[A-Za-z]{1,15}$/);
    const separator = fc.constantFrom(' ', ', ', '. ', '; ', ' (', ') ', '! ', ' - ', '\n');
    fc.assert(
      fc.property(letters, fc.array(fc.tuple(fc.oneof(letters, fc.constant('KEY')), separator), { minLength: 2 }), (key, parts) => {
        // The key itself among the words, but no word standing before it that is an auth scheme.
        const words = parts.map(([word, sep]) => [word === 'KEY' ? key : word, sep] as const);
        const safe = words.every(([word], i) => i === 0 || !/^(bearer|basic|apikey|token|bot)$/i.test(words[i - 1]![0]) || word !== key);
        const text = words.map(([word, sep]) => word + sep).join('');
        fc.pre(safe && text.trim() !== key);
        expect(new Redactor([key]).text(text)).toBe(text);
      }),
    );
  });

  it('a key that is not a word is replaced wherever it stands whole (property)', () => {
    const key = fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/).filter((k) => !/^[A-Za-z]{1,15}$/.test(k));
    const context = fc.constantFrom('x ', 'Bearer ', 'Missing, ', '/', '"', '=', '(', '');
    const after = fc.constantFrom(' or revoked', '/', '"', '&', ')', '', '.');
    fc.assert(
      fc.property(key, context, after, (k, before, rest) => {
        expect(new Redactor([k]).text(`${before}${k}${rest}`)).toBe(`${before}[redacted]${rest}`);
      }),
    );
  });

  it('masks a key glued to a letter or digit, or echoed URL-encoded', () => {
    const key = 'wh_live_SECRETapiKEYabcdef123456';
    const token = 'chan_live_SECRETchanKEY987654321';
    const r = new Redactor([key, token]);
    expect(r.text(`rejected authorization=${encodeURIComponent(`ApiKey ${key}`)}`)).toBe('rejected authorization=ApiKey%20[redacted]');
    expect(r.text(encodeURIComponent(`https://chat.example.test/api/automation/webhooks/id/${token}`))).toBe(
      'https%3A%2F%2Fchat.example.test%2Fapi%2Fautomation%2Fwebhooks%2Fid%2F[redacted]',
    );
    expect([r.text(`x${key}`), r.text(`7${key}`), r.text(`${key}x`), r.text(`req-${token}9`)]).toEqual([
      'x[redacted]',
      '7[redacted]',
      '[redacted]x',
      'req-[redacted]9',
    ]);
  });

  it('a key of 8 characters or more that is not letters only never survives, whatever stands beside it (property)', () => {
    // No '[' or ']' in the key: a key that begins or ends with part of the mask '[redacted]' could be rebuilt by the mask itself.
    const key = fc
      .oneof(
        fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/),
        fc.string({ minLength: 8, maxLength: 40 }),
        binaryString({ minLength: 8, maxLength: 24 }),
      )
      .filter((k) => !/^\p{L}+$/u.test(k) && !/[[\]]/.test(k));
    const beside = fc.oneof(
      fc.string({ maxLength: 12 }),
      binaryString({ maxLength: 8 }),
      fc.constantFrom('x', '7', '%20', '%2F', 'ApiKey%20'),
    );
    fc.assert(
      fc.property(key, beside, beside, fc.boolean(), (k, before, after, encoded) => {
        let form = k;
        try {
          if (encoded) form = encodeURIComponent(k);
        } catch {
          fc.pre(false); // a lone surrogate: no URL can hold it
        }
        const r = new Redactor([k]);
        const text = `${before}${form}${after}`;
        const survives = (s: string) => s.includes(k) || s.includes(form);
        expect(survives(r.text(text))).toBe(false);
        const strings: string[] = [];
        const collect = (v: unknown): void => {
          if (typeof v === 'string') strings.push(v);
          else if (v && typeof v === 'object')
            for (const [name, item] of Object.entries(v)) {
              strings.push(name);
              collect(item);
            }
        };
        collect(r.value({ [text]: text, errors: [text], nested: { message: text } }));
        expect(strings.filter(survives)).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it('replaces the percent-encoded form too, and the longest secret first', () => {
    const r = new Redactor(['a b', 'a b c']);
    expect(r.text('/x/a%20b/y and a b c')).toBe('/x/[redacted]/y and [redacted]');
  });
});

describe('a server message that merely contains part of a key arrives intact', () => {
  it.each(['k', 'ey', 'nvali', 'I', 'API', 'Invalid'])('with the key %j', async (key) => {
    const fetch = scriptedFetch(
      jsonResponse(401, { status: 'failed', message: 'Invalid API key', data: null, errors: ['Invalid API key'] }),
    );
    const client = new WarehouseClient({ baseUrl: 'https://api.example.test', apiKey: key, warehouseId: 'wh', fetch });
    const error = await client.shipments.retrieve('0b9d7c4e-2f3a-4b5c-8d9e-0f1a2b3c4d5e').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    // 'API' and 'Invalid' are whole words of the message, and words are left in prose.
    const expected = 'Invalid API key';
    expect((error as AuthenticationError).message).toBe(expected);
    expect((error as AuthenticationError).errors).toEqual([expected]);
  });

  it('a placeholder key that is a word of the message leaves it intact (the key `wrong`)', async () => {
    const message = 'Missing, wrong or revoked API key';
    const fetch = scriptedFetch(jsonResponse(401, { message }));
    const client = new MessagingClient({ baseUrl: 'https://chat.example.test', botKey: 'wrong', fetch });
    const error = await client.postAnnouncement({ title: 't', body: 'b' }).catch((e: unknown) => e);
    expect((error as Error).message).toBe(message);
  });

  it('a bot key echoed whole is still replaced', async () => {
    const fetch = scriptedFetch((r) => jsonResponse(401, { message: `key ${r.headers.get('authorization')} revoked` }));
    const client = new MessagingClient({ baseUrl: 'https://chat.example.test', botKey: 'b', fetch });
    const error = await client.postAnnouncement({ title: 't', body: 'b' }).catch((e: unknown) => e);
    expect((error as Error).message).toBe('key Bearer [redacted] revoked');
  });
});
