/**
 * How `dm --to-file` reads a line (its kind, off its shape) and names a recipient in the
 * journal (`keyOf`): the rules, over generated emails, phone numbers and UUIDs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyOf } from '../../src/cli/campaign.js';
import { kindOf } from '../../src/cli/recipients.js';
import type { Recipient } from '../../src/index.js';

const local = fc.stringMatching(/^[a-z0-9._+-]{1,20}$/);
const email = fc.tuple(local, fc.domain()).map(([name, domain]) => `${name}@${domain}`);
const phone = fc.tuple(fc.constantFrom('', '+'), fc.stringMatching(/^[0-9][0-9 ().-]{0,15}$/)).map(([plus, rest]) => plus + rest);
const listed = (to: Recipient, line = 1) => ({ line, text: Object.values(to)[0] as string, to });

describe('a line of a recipients file', () => {
  it('is read by its shape: a UUID a user id, text with an @ an email, + or digits a phone number', () => {
    fc.assert(fc.property(fc.uuid(), (id) => kindOf(id) === 'userId' && kindOf(id.toUpperCase()) === 'userId'));
    fc.assert(fc.property(email, (e) => kindOf(e) === 'email'));
    fc.assert(fc.property(phone, (p) => kindOf(p) === 'phoneNumber'));
  });

  it('that is none of the three is not guessed at', () => {
    for (const text of ['Ada Active', 'ada@', '@example.test', 'ada @example.test', 'a@b@c', 'ext. 12', '+', '-1', 'x12'])
      expect({ text, kind: kindOf(text) }).toEqual({ text, kind: undefined });
  });
});

describe('a recipient in the journal (keyOf)', () => {
  it('is the same for the same person and text, wherever the line is and however an email or UUID is cased', () => {
    fc.assert(
      fc.property(email, fc.uuid(), fc.string({ minLength: 1 }), fc.nat(), (e, id, body, line) => {
        expect(keyOf(listed({ email: e.toUpperCase() }, line), body)).toBe(keyOf(listed({ email: e }), body));
        expect(keyOf(listed({ userId: id.toUpperCase() }, line), body)).toBe(keyOf(listed({ userId: id }), body));
      }),
    );
  });

  it('differs for another text, another person, or another kind of the same text; a phone number is compared as written', () => {
    fc.assert(
      fc.property(email, fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (e, a, b) => {
        fc.pre(a !== b);
        expect(keyOf(listed({ email: e }), a)).not.toBe(keyOf(listed({ email: e }), b));
      }),
    );
    expect(keyOf(listed({ phoneNumber: '+1 555 0100' }), 'x')).not.toBe(keyOf(listed({ phoneNumber: '+15550100' }), 'x'));
    expect(keyOf(listed({ email: 'a@example.test' }), 'x')).not.toBe(keyOf(listed({ email: 'b@example.test' }), 'x'));
  });

  it('holds a hash of the text, never the text', () => {
    const key = keyOf(listed({ email: 'a@example.test' }), 'the secret plan for Friday');
    expect(key).toMatch(/^dm email:a@example\.test text:[0-9a-f]{32}$/);
  });
});
