/**
 * `store.journal(name)`: a bulk journal in one Redis hash, for a fleet. Each claim, renewal
 * and outcome is one script (`scripts.ts`), atomic on Redis's clock; a call that Redis does not
 * answer within the store's timeout fails, so a claim never hangs a send and an outcome that
 * could not be written leaves the item unknown, never unsent. A claim that reaches Redis after
 * its sender gave up is not carried out (the script is told until when, on Redis's clock), and
 * one carried out all the same (its answer travelled too long) is handed back when it arrives.
 */
import { journalQueue } from '../core/bulk-journal.js';
import { claimToken, DEFAULT_LEASE_MS } from '../core/journal.js';
import type { BulkJournal, JournalClaim, JournalOutcome } from '../seams/journal.js';
import { type Command, inTime, type RedisClock, run, script } from './connection.js';
import { CLAIM, RECORD, RENEW } from './scripts.js';

const scripts = { claim: script(CLAIM), renew: script(RENEW), record: script(RECORD) };

/**
 * How long before its sender stops waiting a claim must have reached Redis to be carried out:
 * the answer still has to travel back.
 */
const ANSWER_MARGIN_MS = 100;

export function redisJournal(command: Command, key: string, timeout: number, clock: RedisClock, leaseMs = DEFAULT_LEASE_MS): BulkJournal {
  const call = (which: keyof typeof scripts, args: (string | number)[]) => run(command, scripts[which], [key], args);
  const record: BulkJournal['record'] = async (item, token, outcome) => {
    const payload = outcome.status === 'delivered' ? outcome.value : outcome.status === 'failed' ? outcome.error : null;
    await inTime(call('record', [item, token, outcome.status, JSON.stringify(payload) ?? 'null']), timeout);
  };
  return {
    queue: journalQueue,
    leaseMs,
    async claim(item, request) {
      // Carried out only if it reaches Redis in time for its answer to be waited for.
      const notAfter = Math.floor((await clock.read(command, timeout)) + timeout - Math.min(ANSWER_MARGIN_MS, timeout / 4));
      const args = [item, claimToken(), leaseMs, request.retryUnknown ? 1 : 0, request.waitedFor ?? '', notAfter];
      const answer = call('claim', args).then((reply) => {
        const [status, detail, redisNow] = reply as [JournalClaim['status'] | 'late', string, number];
        clock.saw(Number(redisNow));
        return { status, detail };
      });
      try {
        const { status, detail } = await inTime(answer, timeout);
        if (status === 'late') throw new Error(`Redis ran the claim after its ${timeout} ms`);
        return readClaim(status, detail);
      } catch (error) {
        // Carried out after all, too late to be told: handed back, so the item stays free.
        answer.then(({ status, detail }) => (status === 'claimed' ? record(item, detail, HANDED_BACK) : undefined)).catch(() => {});
        throw error;
      }
    },
    async renew(item, token) {
      await inTime(call('renew', [item, token, leaseMs]), timeout);
    },
    record,
  };
}

/** What a claim granted after its sender gave up is recorded as: a failure that sent nothing (the next call sends the item). */
const HANDED_BACK: JournalOutcome = {
  status: 'failed',
  error: { name: 'OpslinkError', message: 'not sent: the claim reached Redis after the send gave up waiting for it' },
};

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
