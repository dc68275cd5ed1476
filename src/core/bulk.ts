/**
 * Many requests of one kind from one call: every item checked first (all problems at once,
 * by index, nothing sent), then each sent once, a few at a time, through the client's gate.
 * The outcome is one entry per item, shaped as `Promise.allSettled`'s, in input order; a
 * failure of one never stops or repeats another, and the call never rejects for it.
 */
import { sendAll } from './bulk-send.js';
import type { BulkOptions, BulkResult } from './bulk-types.js';
import { RequestValidationError, type ValidationIssue } from './errors/index.js';
import { type CallOptions, type CallTrace, captureCallSite, traceCall } from './http/index.js';
import type { Checked } from './validation.js';

export type { BulkOptions, BulkProgress, BulkResult } from './bulk-types.js';

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
  /** An item's checked value (what is sent), or its problems, under its index. */
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
 * are read once, at the call (everything up to the first `await` runs synchronously): each
 * item's checked value is kept and is what is sent, so what the caller does to its array or
 * its items afterwards changes nothing.
 */
export function runBulk<I, T>(items: unknown, bulk: BulkCall<I, T>, options: BulkOptions<I> | undefined): BulkPromise<T> {
  // One call site for every item, captured here while the caller's line is on the stack
  // (an item's own would point into the workers, and cost a stack capture each).
  const callSite = captureCallSite(runBulk);
  return new BulkPromise<T>((land) =>
    traceCall(bulk.trace, async () => {
      bulk.ready?.(); // a missing credential: refused before any item is looked at
      const { concurrency = 8, deadline } = options ?? {};
      // One deadline instant for all the items and every wait between them, from the call.
      const deadlineAt = deadline && Date.now() + deadline;
      // Read and checked now, before the first await: what the caller does to its items
      // afterwards changes nothing.
      const list = checkAll(items, bulk.check, concurrency, bulk.subject);
      return sendAll(list, bulk.send, options, { callSite, deadlineAt }, land);
    }),
  );
}

/**
 * Every item's checked value, in a list of the caller's own (its array is never read again),
 * or a refusal listing every problem. Each item is read now.
 */
function checkAll<I>(items: unknown, check: (item: unknown, index: number) => Checked<I>, concurrency: unknown, subject: string): I[] {
  if (!Array.isArray(items)) throw new RequestValidationError([{ path: [], message: 'must be an array' }], subject);
  if (!(Number.isInteger(concurrency) && (concurrency as number) >= 1 && (concurrency as number) <= 64)) {
    throw new RequestValidationError([{ path: ['concurrency'], message: 'must be a whole number from 1 to 64' }], 'bulk options');
  }
  const values: I[] = [];
  const issues: ValidationIssue[] = [];
  // An index loop, not map: a hole in a sparse array is a missing item, not nothing.
  for (let i = 0; i < items.length; i++) {
    const result = check(items[i], i);
    if (result.ok) values.push(result.value);
    else issues.push(...result.issues);
  }
  if (issues.length) throw new RequestValidationError(issues, subject);
  return values;
}
