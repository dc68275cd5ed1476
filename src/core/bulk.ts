/**
 * Many requests of one kind from one call: every item checked first (all problems at once,
 * by index, nothing sent), then each sent once, a few at a time, through the client's gate.
 * The outcome is one entry per item, shaped as `Promise.allSettled`'s, in input order; a
 * failure of one never stops or repeats another, and the call never rejects for it.
 */
import { callSafely } from '../internal/callbacks.js';
import { type BulkJournal, PUT_BACK } from '../seams/journal.js';
import { bulkQueue } from './bulk-queue.js';
import { OpslinkError, RequestValidationError, type ValidationIssue } from './errors/index.js';
import { type CallOptions, type CallTrace, traceCall } from './http/index.js';
import type { RequestOptions } from './options.js';
import type { Checked } from './validation.js';

/**
 * The outcome of one item of a bulk call, as `Promise.allSettled` gives it, with the item's
 * index in the input.
 * @example
 * ```ts
 * const items: DirectMessageInput[] = ['ana@example.com', 'ben@example.com'].map((email) => ({ to: { email }, body: 'Stocktake at 6' }));
 * const results: BulkResult<CreatedMessage>[] = await messaging.sendDirectMessages(items);
 * const failed = results.filter((r) => r.status === 'rejected');
 * const retry = failed.map((r) => items[r.index]!); // feed these back to retry only them
 * ```
 */
export type BulkResult<T> = { index: number; status: 'fulfilled'; value: T } | { index: number; status: 'rejected'; reason: OpslinkError };

/**
 * How far a bulk call has come, passed to `onProgress` after every item.
 * @example
 * ```ts
 * const onProgress = ({ done, total, failed }: BulkProgress) => console.log(`${done}/${total}, ${failed} failed`);
 * ```
 */
export interface BulkProgress {
  done: number;
  total: number;
  failed: number;
}

/**
 * Options of a bulk call. The per-call options (`timeout`, `maxRetries`, `headers`,
 * `deadline`) apply to each item's request; `signal` ends the whole call.
 * @example
 * ```ts
 * const items: DirectMessageInput[] = ['ana@example.com', 'ben@example.com'].map((email) => ({ to: { email }, body: 'Stocktake at 6' }));
 * const options: BulkOptions = { concurrency: 16, onProgress: ({ done, total }) => console.log(`${done}/${total}`) };
 * await messaging.sendDirectMessages(items, options);
 * ```
 */
export interface BulkOptions<I = unknown> extends RequestOptions {
  /**
   * Items in flight at once (1–64); the client's `maxConcurrency` still caps its requests.
   * @default 8
   */
  concurrency?: number;
  /** Called after every item with the counts so far. A callback that throws is ignored. */
  onProgress?: (progress: BulkProgress) => void;
  /**
   * Where each item's send is claimed and recorded, so calls sharing it (in this process,
   * across restarts or across a fleet) send each item at most once: a delivered item is
   * returned as recorded, an item being sent elsewhere is waited for, an item whose outcome
   * was never recorded is rejected with `OutcomeUnknownError`, a failed item is sent again.
   */
  journal?: BulkJournal | undefined;
  /** Names an item in the journal. @default its canonical JSON (members sorted) */
  key?: ((item: I, index: number) => string) | undefined;
  /** Send items whose outcome is unknown again (they may be delivered twice). @default false */
  retryUnknown?: boolean | undefined;
}

/**
 * What a bulk call returns: await it for every result in input order, or `for await` it for
 * each result as it lands. It never rejects for a failed item; it rejects (before sending
 * anything) only when an item breaks a documented rule or the options are unusable.
 * @example
 * ```ts
 * const items: DirectMessageInput[] = ['ana@example.com', 'ben@example.com'].map((email) => ({ to: { email }, body: 'Stocktake at 6' }));
 * for await (const result of messaging.sendDirectMessages(items, { concurrency: 16 })) {
 *   if (result.status === 'rejected') console.warn(`item ${result.index}: ${result.reason.message}`);
 * }
 * ```
 */
export class BulkPromise<T> extends Promise<BulkResult<T>[]> implements AsyncIterable<BulkResult<T>> {
  readonly #all: Promise<BulkResult<T>[]>;
  readonly #landed: BulkResult<T>[] = [];
  readonly #wake = new Set<() => void>();
  #finished = false;

  /** @internal Built by the bulk methods. */
  constructor(run: (land: (result: BulkResult<T>) => void) => Promise<BulkResult<T>[]>) {
    super((resolve) => resolve([]));
    this.#all = run((result) => {
      this.#landed.push(result);
      this.#notify();
    }).finally(() => {
      this.#finished = true;
      this.#notify();
    });
    this.#all.catch(() => {}); // surfaced to whoever awaits or iterates
  }

  // Promise methods called on a BulkPromise (`.then` chains) make plain Promises.
  static override get [Symbol.species]() {
    return Promise;
  }

  #notify(): void {
    for (const wake of this.#wake) wake();
    this.#wake.clear();
  }

  // biome-ignore lint/suspicious/noThenProperty: a BulkPromise is a Promise; then must deliver the results.
  override then<R1 = BulkResult<T>[], R2 = never>(
    onfulfilled?: ((value: BulkResult<T>[]) => R1 | PromiseLike<R1>) | null,
    // biome-ignore lint/suspicious/noExplicitAny: the same signature as Promise#then in lib.es5.
    onrejected?: ((reason: any) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#all.then(onfulfilled, onrejected);
  }

  /** Each result as it lands (not in input order: look at `index`). */
  async *[Symbol.asyncIterator](): AsyncGenerator<BulkResult<T>, void, undefined> {
    let next = 0;
    while (true) {
      if (next < this.#landed.length) {
        yield this.#landed[next++] as BulkResult<T>;
        continue;
      }
      if (this.#finished) {
        await this.#all; // rethrows a refusal before sending
        return;
      }
      await new Promise<void>((resolve) => this.#wake.add(resolve));
    }
  }
}

/** @internal What a bulk method is: how items are checked and sent, what names them, and what names the call in traces. */
export interface BulkCall<I, T> {
  /** An item's checked value (what is sent), or its problems. */
  check: (item: unknown, index: number) => Checked<I>;
  send: (item: I, options: CallOptions) => Promise<T>;
  subject: string;
  trace: () => CallTrace;
  /** Refuses the call before any item is looked at (a missing credential). */
  ready?: () => void;
}

/**
 * @internal Checks every item, then sends each once, `concurrency` at a time, and gathers one
 * result per item: one call on the tracing channel, each item's own call inside it. The items
 * are read once, at the call (everything up to `sendAll`'s first `await` runs synchronously):
 * each item's checked value is kept and is what is sent, so what the caller does to its array
 * or its items afterwards changes nothing.
 */
export function runBulk<I, T>(items: unknown, bulk: BulkCall<I, T>, options: BulkOptions<I> | undefined): BulkPromise<T> {
  // One call site for every item, captured here while the caller's line is on the stack
  // (an item's own would point into the worker below, and cost a stack capture each).
  const callSite = new Error();
  return new BulkPromise<T>((land) => traceCall(bulk.trace, () => sendAll(items, bulk, options, callSite, land)));
}

async function sendAll<I, T>(
  items: unknown,
  { check, send, subject, ready }: BulkCall<I, T>,
  options: BulkOptions<I> | undefined,
  callSite: Error,
  land: (result: BulkResult<T>) => void,
): Promise<BulkResult<T>[]> {
  ready?.(); // a missing credential: refused before any item is looked at
  const { concurrency = 8, onProgress, journal, key, retryUnknown, ...perItem } = options ?? {};
  // The bulk call's deadline is one instant for all its items and every wait between them (a
  // deadline that is not a number is refused by each item's own check before anything is sent).
  const { deadline } = perItem;
  const request: CallOptions = { ...perItem, callSite, deadlineAt: deadline && Date.now() + deadline };
  const list = checkAll(items, check, concurrency, subject);
  const queue = bulkQueue(list, { journal, key, retryUnknown }, send);
  const results: BulkResult<T>[] = new Array(list.length);
  const progress = { done: 0, total: list.length, failed: 0 };
  const worker = async () => {
    for (let index = queue.take(); index !== undefined; index = queue.take()) {
      const result = await settle(index, () => queue.send(index, request));
      if (result === undefined) continue; // put back: another sender holds it
      results[index] = result;
      progress.done++;
      if (result.status === 'rejected') progress.failed++;
      land(result);
      if (onProgress) callSafely(onProgress, undefined, { ...progress }, () => {});
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, list.length) }, worker));
  return results;
}

/** Every item's checked value, in a list of the caller's own (its array is never read again), or a refusal listing every problem. */
function checkAll<I>(items: unknown, check: (item: unknown, index: number) => Checked<I>, concurrency: unknown, subject: string): I[] {
  if (!Array.isArray(items)) throw new RequestValidationError([{ path: [], message: 'must be an array' }], subject);
  if (!(Number.isInteger(concurrency) && (concurrency as number) >= 1 && (concurrency as number) <= 64)) {
    throw new RequestValidationError([{ path: ['concurrency'], message: 'must be a whole number from 1 to 64' }], 'bulk options');
  }
  const issues: ValidationIssue[] = [];
  const values: I[] = [];
  // An index loop, not forEach: a hole in a sparse array is a missing item, not nothing.
  for (let i = 0; i < items.length; i++) {
    const checked = check(items[i], i);
    if (checked.ok) values.push(checked.value);
    else issues.push(...checked.issues);
  }
  if (issues.length) throw new RequestValidationError(issues, subject);
  return values;
}

async function settle<T>(index: number, send: () => Promise<T | typeof PUT_BACK>): Promise<BulkResult<T> | undefined> {
  try {
    const value = await send();
    return value === PUT_BACK ? undefined : { index, status: 'fulfilled', value };
  } catch (error) {
    const reason = error instanceof OpslinkError ? error : new OpslinkError(String(error), { cause: error });
    return { index, status: 'rejected', reason };
  }
}
