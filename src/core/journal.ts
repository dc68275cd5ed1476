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
import type { APIError, OpslinkError, OutcomeUnknownError, RequestValidationError } from './errors/index.js';
import type { CallOptions } from './http/index.js';

/**
 * How a send ended, as a journal stores it. `unknown`: the request may have arrived (a
 * timeout, a lost connection, an abort in flight).
 * @example
 * ```ts
 * const outcome: JournalOutcome = { status: 'delivered', value: { id: 'msg-1' } };
 * ```
 */
export type JournalOutcome =
  | { status: 'delivered'; value: unknown }
  | { status: 'failed'; error: { name: string; message: string } }
  | { status: 'unknown' };

/**
 * What a claim finds: the item is now the caller's to send (`claimed`, with the token its
 * record and renewals quote), another sender holds a live claim (`busy`), or an outcome that
 * means no send (`delivered`; `failed` only for a caller that waited on that very claim;
 * `unknown`: a send began and no outcome was recorded).
 * @example
 * ```ts
 * const journal = memoryJournal();
 * const claim: JournalClaim = await journal.claim('ana@example.com', { retryUnknown: false });
 * if (claim.status === 'claimed') await journal.record('ana@example.com', claim.token, { status: 'unknown' });
 * ```
 */
export type JournalClaim =
  | { status: 'claimed'; token: string }
  | { status: 'busy'; token: string }
  | { status: 'delivered'; value: unknown }
  | { status: 'failed'; error: { name: string; message: string } }
  | { status: 'unknown' };

/**
 * How a bulk call asks for an item (a journal of your own receives it).
 * @example
 * ```ts
 * const request: ClaimRequest = { retryUnknown: false };
 * ```
 */
export interface ClaimRequest {
  /** Take over an item whose outcome is unknown (the bulk option `retryUnknown`). */
  retryUnknown: boolean;
  /** The token of the claim this caller waited on: its failure is returned rather than re-sent. */
  waitedFor?: string | undefined;
}

/**
 * Where a bulk call records its items (the bulk option `journal`): `memoryJournal()` from
 * `opslink`, `fileJournal(path)` from `opslink/node`, `redisStore(client).journal(name)` from
 * `opslink/redis`. Each item is claimed atomically just before its request starts, its claim
 * renewed while the send is in progress, and its outcome recorded; a claim not renewed for
 * `leaseMs` belongs to a sender that died, and its item's outcome is unknown.
 * @example
 * ```ts
 * const items: DirectMessageInput[] = ['ana@example.com', 'ben@example.com'].map((email) => ({ to: { email }, body: 'Stocktake at 6' }));
 * const journal: BulkJournal = memoryJournal();
 * await messaging.sendDirectMessages(items, { journal });
 * await messaging.sendDirectMessages(items, { journal }); // sends nothing: every item is recorded as delivered
 * ```
 */
export interface BulkJournal {
  /**
   * The bulk call's side of the journal: the order a call's items are sent in, and the send
   * of each through `claim`, `renew` and `record`. Every journal opslink makes has it; to keep
   * a journal elsewhere, spread one and replace the other members:
   * `{ ...memoryJournal({ leaseMs }), claim, renew, record }`.
   */
  queue<I, T>(
    list: readonly I[],
    options: QueueOptions<I>,
    send: (item: I, request: CallOptions) => Promise<T>,
    errors: JournalErrors,
  ): BulkQueue<T>;
  /** Ms a claim lives without renewal; the bulk call renews at a third of it. */
  readonly leaseMs: number;
  /** Claims `key` for sending, atomically, or says why not. */
  claim(key: string, request: ClaimRequest): Promise<JournalClaim>;
  /** Extends the lease of a claim still held. */
  renew(key: string, token: string): Promise<void>;
  /** Records how the send under `token` ended. A delivery, once recorded, is never overwritten. */
  record(key: string, token: string, outcome: JournalOutcome): Promise<void>;
}

/** How a bulk call names its items in the journal and treats those whose outcome is unknown (its options `key`, `retryUnknown`). */
export interface QueueOptions<I> {
  key?: ((item: I, index: number) => string) | undefined;
  retryUnknown?: boolean | undefined;
}

/**
 * The SDK's error classes, handed to `queue` by the bulk call: `opslink/node` and
 * `opslink/redis` are built apart from the SDK's entries, and the errors a journal gives (and
 * tells apart) must be the classes the user imports.
 */
export interface JournalErrors {
  APIError: typeof APIError;
  OpslinkError: typeof OpslinkError;
  OutcomeUnknownError: typeof OutcomeUnknownError;
  RequestValidationError: typeof RequestValidationError;
}

/**
 * What `send` gives for an item put back for later (another sender holds it). From the
 * symbol registry: `opslink/node` and `opslink/redis` are built apart from the SDK's entries,
 * and their queues must give the very symbol the bulk call looks for.
 */
export const PUT_BACK: unique symbol = Symbol.for('opslink.bulk.putBack');

/** A bulk call's items in the order they are sent, and how one is sent. */
export interface BulkQueue<T> {
  /** The next item to send, or `undefined` when none is left for this worker. */
  take(): number | undefined;
  /** Sends one item; `PUT_BACK` when it was put back for later. */
  send(index: number, request: CallOptions): Promise<T | typeof PUT_BACK>;
}

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
