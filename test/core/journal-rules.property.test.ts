/**
 * The claim rules every journal applies (core/journal.ts; the Redis journal's script mirrors
 * them), as a property over any sequence of claims, renewals, outcomes, hand-backs, crashes
 * and passing time from several senders of one item: without `retryUnknown`, a send begins
 * only when every earlier send of the item is recorded as failed, and two senders never hold
 * a live claim at once. A claim granted to a sender that then gives up without sending is
 * handed back as a failure that sent nothing (bulk-journal.ts), so the item stays free.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { claimEntry, type JournalEntry, recordEntry, renewEntry } from '../../src/core/journal.js';
import type { JournalOutcome } from '../../src/seams/journal.js';

const LEASE_MS = 100;
const SENDERS = 3;

type Step =
  | { kind: 'time'; ms: number }
  | { kind: 'claim'; sender: number; waited: boolean }
  | { kind: 'renew'; sender: number }
  | { kind: 'record'; sender: number; outcome: 'delivered' | 'failed' | 'unknown' }
  | { kind: 'handBack'; sender: number }
  | { kind: 'crash'; sender: number };

const sender = fc.integer({ min: 0, max: SENDERS - 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('time' as const), ms: fc.integer({ min: 1, max: 150 }) }),
  fc.record({ kind: fc.constant('claim' as const), sender, waited: fc.boolean() }),
  fc.record({ kind: fc.constant('renew' as const), sender }),
  fc.record({ kind: fc.constant('record' as const), sender, outcome: fc.constantFrom('delivered', 'failed', 'unknown') }),
  fc.record({ kind: fc.constant('handBack' as const), sender }),
  fc.record({ kind: fc.constant('crash' as const), sender }),
);

/** One item's life: what each sender holds, and every send that began, with its outcome once recorded. */
function play(steps: Step[]): void {
  let entry: JournalEntry | undefined;
  let now = 0;
  let tokens = 0;
  // A sender's claim: its token, whether it sent under it, and the last busy token it saw (what it waits on).
  const held: ({ token: string; sent: boolean } | undefined)[] = Array(SENDERS).fill(undefined);
  const sawBusy: (string | undefined)[] = Array(SENDERS).fill(undefined);
  const sends: { token: string; outcome?: JournalOutcome['status'] }[] = [];
  const record = (who: number, outcome: JournalOutcome) => {
    const claim = held[who];
    if (!claim) return;
    entry = recordEntry(entry, claim.token, outcome) ?? entry;
    const send = sends.find((s) => s.token === claim.token);
    if (send) send.outcome ??= outcome.status;
    held[who] = undefined;
  };
  for (const s of steps) {
    if (s.kind === 'time') now += s.ms;
    else if (s.kind === 'claim' && !held[s.sender]) {
      const request = { retryUnknown: false, waitedFor: s.waited ? sawBusy[s.sender] : undefined };
      const found = claimEntry(entry, request, now, LEASE_MS, () => `t${++tokens}`);
      entry = found.entry ?? entry;
      if (found.claim.status === 'busy') sawBusy[s.sender] = found.claim.token;
      if (found.claim.status !== 'claimed') continue;
      // The rule under test: every send before this one failed, as recorded.
      expect(sends.every((earlier) => earlier.outcome === 'failed')).toBe(true);
      // And no other sender holds a claim still live.
      const live = held.filter((h, i) => h && i !== s.sender && entry?.status === 'claimed' && entry.token === h.token);
      expect(live).toEqual([]);
      held[s.sender] = { token: found.claim.token, sent: true };
      sends.push({ token: found.claim.token });
    } else if (s.kind === 'renew' && held[s.sender]) {
      entry = renewEntry(entry, held[s.sender]!.token, now, LEASE_MS) ?? entry;
    } else if (s.kind === 'record') {
      const outcomes: Record<typeof s.outcome, JournalOutcome> = {
        delivered: { status: 'delivered', value: { id: 'm' } },
        failed: { status: 'failed', error: { name: 'E', message: 'm' } },
        unknown: { status: 'unknown' },
      };
      record(s.sender, outcomes[s.outcome]);
    } else if (s.kind === 'handBack' && held[s.sender]) {
      // Gave up before sending: the send this sender was granted never began.
      const token = held[s.sender]!.token;
      sends.splice(
        sends.findIndex((x) => x.token === token),
        1,
      );
      record(s.sender, { status: 'failed', error: { name: 'OpslinkError', message: 'not sent' } });
    } else if (s.kind === 'crash') held[s.sender] = undefined;
  }
}

describe('the journal claim rules', () => {
  it('never let an item be sent twice: a send begins only after every earlier one is recorded failed; one live claim at a time', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => play(steps)),
      { numRuns: 2_000, seed: 35 },
    );
  });
});
