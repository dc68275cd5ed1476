/**
 * Bulk journals: where a bulk call records, per item, that its send began and how it ended,
 * so that calls sharing a journal (in one process, on one machine, across a fleet) send each
 * item at most once. The rules are written once here, as pure functions over one item's entry
 * (`claimEntry`, `recordEntry`, `renewEntry`); the memory and file journals apply them under
 * their own lock, and the Redis journal's script mirrors them. The bulk call's side of the
 * rules (claiming after the gate, renewing, recording, waiting on another sender) is the
 * journal's `queue` (`bulk-journal.ts`), so a bundle that never makes a journal carries none
 * of it: the core only asks `queue` for the order and the send of each item.
 */
import type { ClaimRequest, JournalClaim, JournalOutcome } from '../seams/journal.js';

/** @internal One item's state in a journal, as the memory and file journals keep it. */
export type JournalEntry = { status: 'claimed'; token: string; expires: number } | ({ token: string } & JournalOutcome);

/** @internal The default lease: a dead sender's items are unknown within 20 s, inside the documented 30 s. */
export const DEFAULT_LEASE_MS = 20_000;

/** @internal What a claim on `entry` finds at `now`, and the entry to store when it claims. */
export function claimEntry(
  entry: JournalEntry | undefined,
  request: ClaimRequest,
  now: number,
  leaseMs: number,
  newToken: () => string,
): { claim: JournalClaim; entry?: JournalEntry } {
  const take = () => {
    const token = newToken();
    return { claim: { status: 'claimed', token } as const, entry: { status: 'claimed', token, expires: now + leaseMs } as const };
  };
  if (entry === undefined) return take();
  switch (entry.status) {
    case 'delivered':
      return { claim: { status: 'delivered', value: entry.value } };
    case 'claimed':
      if (entry.expires > now) return { claim: { status: 'busy', token: entry.token } };
      return request.retryUnknown ? take() : { claim: { status: 'unknown' } };
    case 'unknown':
      return request.retryUnknown ? take() : { claim: { status: 'unknown' } };
    case 'failed':
      return request.waitedFor === entry.token ? { claim: { status: 'failed', error: entry.error } } : take();
    default:
      // An entry that cannot be read (a hand edit, a status word from elsewhere): the send may have happened.
      return request.retryUnknown ? take() : { claim: { status: 'unknown' } };
  }
}

/** @internal The entry after `token`'s sender recorded `outcome`, or `undefined` to keep it (a delivery stays). */
export function recordEntry(entry: JournalEntry | undefined, token: string, outcome: JournalOutcome): JournalEntry | undefined {
  if (entry?.status === 'delivered') return undefined;
  return { ...outcome, token };
}

/** @internal The entry with its lease extended, or `undefined` when `token` no longer holds it. */
export function renewEntry(entry: JournalEntry | undefined, token: string, now: number, leaseMs: number): JournalEntry | undefined {
  if (entry?.status !== 'claimed' || entry.token !== token) return undefined;
  return { ...entry, expires: now + leaseMs };
}

/** @internal A token no other claim has: random, so processes need not agree on a counter. */
export function claimToken(): string {
  return globalThis.crypto.randomUUID();
}
