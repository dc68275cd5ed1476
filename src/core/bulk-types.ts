/**
 * The public types of a bulk call (its results, progress and options), apart from `bulk.ts`
 * so that the sending (`bulk-send.ts`) names them without importing back the module that
 * runs it.
 */
import type { BulkJournal } from '../seams/journal.js';
import type { OpslinkError } from './errors/index.js';
import type { RequestOptions } from './options.js';

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
