/**
 * `store.journal(name)`: a bulk journal in one Redis hash, for a fleet. Each claim, renewal
 * and outcome is one script (`scripts.ts`), atomic on Redis's clock; a call that Redis does not
 * answer within the store's timeout fails, so a claim never hangs a send and an outcome that
 * could not be written leaves the item unknown, never unsent.
 */
import { journalQueue } from '../core/bulk-journal.js';
import { claimToken, DEFAULT_LEASE_MS } from '../core/journal.js';
import type { BulkJournal, JournalClaim } from '../seams/journal.js';
import { type Command, inTime, run, script } from './connection.js';
import { CLAIM, RECORD, RENEW } from './scripts.js';

const scripts = { claim: script(CLAIM), renew: script(RENEW), record: script(RECORD) };

export function redisJournal(command: Command, key: string, timeout: number, leaseMs = DEFAULT_LEASE_MS): BulkJournal {
  const call = (which: keyof typeof scripts, args: (string | number)[]) => inTime(run(command, scripts[which], [key], args), timeout);
  return {
    queue: journalQueue,
    leaseMs,
    async claim(item, request) {
      const args = [item, claimToken(), leaseMs, request.retryUnknown ? 1 : 0, request.waitedFor ?? ''];
      const [status, detail] = (await call('claim', args)) as [JournalClaim['status'], string];
      return readClaim(status, detail);
    },
    async renew(item, token) {
      await call('renew', [item, token, leaseMs]);
    },
    async record(item, token, outcome) {
      const payload = outcome.status === 'delivered' ? outcome.value : outcome.status === 'failed' ? outcome.error : null;
      await call('record', [item, token, outcome.status, JSON.stringify(payload) ?? 'null']);
    },
  };
}

/** The script's answer as a claim; an outcome whose payload cannot be read is unknown, never free. */
function readClaim(status: JournalClaim['status'], detail: string): JournalClaim {
  switch (status) {
    case 'claimed':
    case 'busy':
      return { status, token: detail };
    case 'delivered':
      return readPayload(detail, (value) => ({ status, value }));
    case 'failed':
      return readPayload(detail, (error) => {
        const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
        return typeof message === 'string' ? { status, error: { name: String(name), message } } : undefined;
      });
    default:
      return { status: 'unknown' };
  }
}

function readPayload(detail: string, claim: (payload: unknown) => JournalClaim | undefined): JournalClaim {
  try {
    return claim(JSON.parse(detail)) ?? { status: 'unknown' };
  } catch {
    return { status: 'unknown' };
  }
}
