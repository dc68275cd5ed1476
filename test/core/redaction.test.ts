/**
 * Redaction never changes text that is not a secret. A secret is replaced where it stands as
 * a whole token; its letters inside a longer word are left alone, so a one-letter key does
 * not turn "Invalid API key" into "Invalid API [redacted]ey".
 */
import { describe, expect, it } from 'vitest';
import { AuthenticationError, MessagingClient, WarehouseClient } from '../../src/index.js';
import { Redactor } from '../../src/internal/redact.js';
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
    expect(k.text('the key is k')).toBe('the key is [redacted]');
    const word = new Redactor(['API']);
    expect(word.text('APIs and RAPIDs')).toBe('APIs and RAPIDs');
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
    // 'API' and 'Invalid' are whole words of the message: as the key itself each is replaced, and only it.
    const expected = key === 'Invalid' ? '[redacted] API key' : key === 'API' ? 'Invalid [redacted] key' : 'Invalid API key';
    expect((error as AuthenticationError).message).toBe(expected);
    expect((error as AuthenticationError).errors).toEqual([expected]);
  });

  it('a bot key echoed whole is still replaced', async () => {
    const fetch = scriptedFetch((r) => jsonResponse(401, { message: `key ${r.headers.get('authorization')} revoked` }));
    const client = new MessagingClient({ baseUrl: 'https://chat.example.test', botKey: 'b', fetch });
    const error = await client.postAnnouncement({ title: 't', body: 'b' }).catch((e: unknown) => e);
    expect((error as Error).message).toBe('key Bearer [redacted] revoked');
  });
});
