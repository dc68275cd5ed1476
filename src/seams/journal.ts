/**
 * What a bulk journal must provide (the bulk option `journal`), and what a bulk call gives it:
 * `memoryJournal()` (core), `fileJournal(path)` (`opslink/node`) and
 * `redisStore(client).journal(name)` (`opslink/redis`) implement it; a user's own journal
 * spreads one of them and replaces `claim`, `renew` and `record`.
 */

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
  queue<I, T, R extends ItemRequest>(
    list: readonly I[],
    options: QueueOptions<I>,
    send: (item: I, request: R) => Promise<T>,
    errors: JournalErrors,
  ): BulkQueue<T, R>;
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
  /** A response that refused the request (so it is a failure, sent again later). */
  APIError: abstract new (
    ...args: never[]
  ) => Error;
  OpslinkError: new (message: string) => Error;
  OutcomeUnknownError: new (message: string) => Error;
  RequestValidationError: new (issues: { path: (string | number)[]; message: string }[], subject?: string) => Error;
  /** Ends a wait of the queue's own (on another sender's claim) when the bulk call's signal aborts, as the gate's wait ends. */
  APIUserAbortError: new (
    message: string,
  ) => Error;
  /** Ends such a wait when the bulk call's deadline passes. */
  APIConnectionTimeoutError: new (
    message: string,
  ) => Error;
}

/**
 * What `send` gives for an item put back for later (another sender holds it). From the
 * symbol registry: `opslink/node` and `opslink/redis` are built apart from the SDK's entries,
 * and their queues must give the very symbol the bulk call looks for.
 */
export const PUT_BACK: unique symbol = Symbol.for('opslink.bulk.putBack');

/** A bulk call's items in the order they are sent, and how one is sent. */
export interface BulkQueue<T, R extends ItemRequest = ItemRequest> {
  /** The next item to send, or `undefined` when none is left for this worker. */
  take(): number | undefined;
  /** Sends one item; `PUT_BACK` when it was put back for later. */
  send(index: number, request: R): Promise<T | typeof PUT_BACK>;
}

/**
 * What a queue reads of, and adds to, the options an item's request is sent with (the HTTP
 * core's per-call options): the bulk call's signal and deadline, a claim to take once a gate
 * slot is held (`beforeSend`), and the scrubbing of what it records.
 */
export interface ItemRequest {
  signal?: AbortSignal | undefined;
  /** When the bulk call's `deadline` passes (ms since the epoch): one instant for all its items and waits. */
  deadlineAt?: number | undefined;
  /**
   * Called once a gate slot is held, before the first attempt is sent; a throw ends the call
   * unlogged. `signal` aborts when the HTTP core stops waiting for it (the caller's signal, the
   * deadline, the attempt's `timeout`): the request is then not sent, and a claim granted after
   * that must be handed back.
   */
  beforeSend?: ((signal: AbortSignal) => Promise<void>) | undefined;
  /** Handed, once the credential is known, what scrubs a value of this call's secrets. */
  scrubber?: ((scrub: <V>(value: V) => V) => void) | undefined;
}
