/** `memoryJournal()`: the journal of one process, exported from `opslink` only. */

import type { BulkJournal } from '../seams/journal.js';
import { journalQueue } from './bulk-journal.js';
import { claimEntry, claimToken, DEFAULT_LEASE_MS, type JournalEntry, recordEntry, renewEntry } from './journal.js';

/**
 * A journal held in this process's memory: calls of this process that share it send each
 * item at most once, and a later call sends only what has not been delivered. It is gone
 * when the process ends: for restarts use `fileJournal` (`opslink/node`), for a fleet
 * `redisStore(client).journal(name)` (`opslink/redis`).
 * @param options `leaseMs`: how long a claim lives without renewal (default 20 000).
 * @example
 * ```ts
 * const items: DirectMessageInput[] = ['ana@example.com', 'ben@example.com'].map((email) => ({ to: { email }, body: 'Stocktake at 6' }));
 * const journal = memoryJournal();
 * const first = await messaging.sendDirectMessages(items, { journal });
 * const retried = await messaging.sendDirectMessages(items, { journal }); // only the failed ones are sent again
 * ```
 */
export function memoryJournal(options?: { leaseMs?: number }): BulkJournal {
  const entries = new Map<string, JournalEntry>();
  const leaseMs = options?.leaseMs ?? DEFAULT_LEASE_MS;
  return {
    queue: journalQueue,
    leaseMs,
    async claim(key, request) {
      const { claim, entry } = claimEntry(entries.get(key), request, Date.now(), leaseMs, claimToken);
      if (entry) entries.set(key, entry);
      return claim;
    },
    async renew(key, token) {
      const entry = renewEntry(entries.get(key), token, Date.now(), leaseMs);
      if (entry) entries.set(key, entry);
    },
    async record(key, token, outcome) {
      const entry = recordEntry(entries.get(key), token, outcome);
      if (entry) entries.set(key, entry);
    },
  };
}
