/**
 * A bulk call's side of a journal, the `queue` every journal opslink makes carries: each
 * item's key, its claim just before the request starts (the HTTP core calls `beforeSend`
 * once a gate slot is held), waiting out another sender's claim away from the gate, renewing
 * the claim while the send runs, and recording how it ended. The rules of a claim live in
 * `journal.ts`. Only the journals import this, so the SDK's entries carry it only where a
 * journal is made.
 */
import { sleep } from '../internal/signals.js';
import {
  type BulkJournal,
  type BulkQueue,
  type ClaimRequest,
  type ItemRequest,
  type JournalClaim,
  type JournalErrors,
  type JournalOutcome,
  PUT_BACK,
  type QueueOptions,
} from '../seams/journal.js';
import type { ValidationIssue } from './errors/index.js';

/** A claim that means "do not send": thrown out of the HTTP core, past the gate, to the bulk call. */
class Unsent {
  readonly claim: Exclude<JournalClaim, { status: 'claimed' }>;
  constructor(claim: Exclude<JournalClaim, { status: 'claimed' }>) {
    this.claim = claim;
  }
}

/** Longest pause between two looks at an item another sender holds. */
const MAX_POLL_MS = 1_000;

/**
 * @internal `BulkJournal.queue`: the items of a bulk call, sent through the journal it is
 * called on (`this`, so a spread journal's own `claim`, `renew` and `record` are used). Keys
 * are computed now, from the items as checked: a bad key refuses the call before anything is
 * sent. An item another sender holds is put back until the rest have been tried, so workers
 * running the same list share it out rather than wait on each other in step.
 */
export function journalQueue<I, T, R extends ItemRequest>(
  this: BulkJournal,
  list: readonly I[],
  options: QueueOptions<I>,
  send: (item: I, request: R) => Promise<T>,
  errors: JournalErrors,
): BulkQueue<T, R> {
  let cursor = 0;
  const later: number[] = [];
  const take = () => (cursor < list.length ? cursor++ : later.shift());
  const { retryUnknown = false } = options;
  const keys = itemKeys(list, options.key, errors);
  const waitedFor = new Map<number, string>();
  const sendOne = async (index: number, request: R): Promise<T | typeof PUT_BACK> => {
    const key = keys[index] as string;
    for (let pause = 50; ; pause = Math.min(pause * 2, MAX_POLL_MS)) {
      const held = { token: undefined as string | undefined, stop: () => {}, scrub: <V>(value: V) => value };
      const beforeSend = async (signal: AbortSignal) => {
        if (held.token !== undefined) return; // a retry of the same send: the claim holds
        const claim = await claimInTime(this, key, { retryUnknown, waitedFor: waitedFor.get(index) }, signal);
        if (claim.status !== 'claimed') throw new Unsent(claim);
        held.token = claim.token;
        held.stop = keepRenewing(this, key, claim.token);
      };
      try {
        const scrubber = (scrub: typeof held.scrub) => {
          held.scrub = scrub;
        };
        const value = await send(list[index] as I, { ...request, beforeSend, scrubber });
        // Recorded as errors are: without a credential the server echoed back.
        await recordQuietly(this, key, held.token, { status: 'delivered', value: held.scrub(value) });
        return value;
      } catch (error) {
        if (!(error instanceof Unsent)) {
          await recordQuietly(this, key, held.token, outcomeOf(error, errors));
          throw error;
        }
        if (error.claim.status !== 'busy') return settledValue(error.claim, index, errors) as T;
        waitedFor.set(index, error.claim.token);
        if (cursor < list.length) {
          later.push(index);
          return PUT_BACK;
        }
        await lookAgainAfter(pause, request, index, errors);
      } finally {
        held.stop();
      }
    }
  };
  return { take, send: sendOne };
}

/**
 * Each item's key in the journal, or a RequestValidationError naming every item whose key is
 * unusable: one the `key` option threw on or gave no string for, or one a different item of
 * the call already has (the two would share one send and its result). The same item twice
 * shares its key, and is sent once.
 */
function itemKeys<I>(list: readonly I[], key: QueueOptions<I>['key'], { RequestValidationError }: JournalErrors): string[] {
  const issues: ValidationIssue[] = [];
  const firstWith = new Map<unknown, number>();
  const keys = list.map((item, index) => {
    let value: unknown;
    try {
      value = key ? key(item, index) : canonicalJson(item);
    } catch (error) {
      value = error;
    }
    const first = firstWith.get(value) ?? firstWith.set(value, index).get(value);
    const message =
      typeof value !== 'string' || value === ''
        ? value instanceof Error
          ? `key threw ${value}`
          : 'key must return a non-empty string'
        : first !== index && canonicalJson(list[first as number]) !== canonicalJson(item)
          ? `key gives a different item the key of item ${first}`
          : undefined;
    if (message) issues.push({ path: [index], message });
    return value as string;
  });
  if (issues.length) throw new RequestValidationError(issues, 'bulk options');
  return keys;
}

/** JSON with every object's members in code-point order, so one item has one key however it was built. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, member: unknown) => {
    if (member === null || typeof member !== 'object' || Array.isArray(member)) return member;
    const sorted: Record<string, unknown> = {};
    for (const name of Object.keys(member).sort()) sorted[name] = (member as Record<string, unknown>)[name];
    return sorted;
  });
}

/**
 * The journal's claim, for a caller that stops waiting when `signal` aborts (the HTTP core's
 * bound: the caller's signal, the deadline, the attempt's timeout). A claim granted after
 * that finds nobody to send it: it is handed back at once, recorded as a failure that sent
 * nothing, so the item is free for the next call rather than read as unknown forever.
 */
function claimInTime(journal: BulkJournal, key: string, request: ClaimRequest, signal: AbortSignal): Promise<JournalClaim> {
  const claim = journal.claim(key, request);
  claim.then(
    (late) => {
      if (signal.aborted && late.status === 'claimed') {
        const error = { name: 'OpslinkError', message: 'not sent: claim granted too late' };
        recordQuietly(journal, key, late.token, { status: 'failed', error });
      }
    },
    () => {},
  );
  return claim;
}

/**
 * Waits `ms` before another look at an item another sender holds: the bulk call's signal and
 * deadline end it as they end a wait at the gate (`APIUserAbortError`,
 * `APIConnectionTimeoutError`), and the item is not sent.
 */
async function lookAgainAfter(ms: number, { signal, deadlineAt }: ItemRequest, index: number, errors: JournalErrors): Promise<void> {
  const left = deadlineAt === undefined ? Number.POSITIVE_INFINITY : deadlineAt - Date.now();
  const why = `item ${index} not sent: another sender held it when the bulk call's`;
  try {
    await sleep(Math.min(ms, left), signal);
  } catch {
    throw new errors.APIUserAbortError(`${why} signal aborted`);
  }
  if (left <= ms) throw new errors.APIConnectionTimeoutError(`${why} deadline passed`);
}

/** Renews the claim at a third of its lease until stopped; a failed renewal is left to the lease. */
function keepRenewing(journal: BulkJournal, key: string, token: string): () => void {
  const timer = setInterval(() => journal.renew(key, token).catch(() => {}), journal.leaseMs / 3);
  return () => clearInterval(timer);
}

/**
 * Records an outcome when this call holds the claim. A journal that cannot record leaves the
 * claim to lapse: the item then reads as unknown, never as unsent, so it is not sent twice.
 */
async function recordQuietly(journal: BulkJournal, key: string, token: string | undefined, outcome: JournalOutcome) {
  if (token !== undefined) await journal.record(key, token, outcome).catch(() => {});
}

/**
 * A response that says the request was refused, or a request that certainly never reached the
 * service (no connection was made: `unsent`), is a failure to send again; anything else may
 * have arrived.
 */
function outcomeOf(error: unknown, { APIError, OpslinkError, RequestValidationError }: JournalErrors): JournalOutcome {
  const unsent = error instanceof OpslinkError && (error as { unsent?: boolean }).unsent === true;
  if (error instanceof APIError || error instanceof RequestValidationError || unsent) {
    return { status: 'failed', error: { name: error.name, message: error.message } };
  }
  return { status: 'unknown' };
}

function settledValue(
  claim: Exclude<JournalClaim, { status: 'claimed' | 'busy' }>,
  index: number,
  { OpslinkError, OutcomeUnknownError }: JournalErrors,
): unknown {
  if (claim.status === 'delivered') return claim.value;
  if (claim.status === 'failed') {
    throw new OpslinkError(`item ${index} was sent by another call sharing the journal, which failed: ${claim.error.message}`);
  }
  throw new OutcomeUnknownError(
    `item ${index}: an earlier send began but its outcome was never recorded; it may have been delivered, so it was not sent again (retryUnknown: true sends it)`,
  );
}
