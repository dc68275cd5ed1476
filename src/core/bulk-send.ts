/**
 * A bulk call's sending, once its items are checked (`bulk.ts`): each sent once, `concurrency`
 * at a time, through the client's gate and a journal's queue when there is one, one result
 * per item as it lands. Loaded by the first bulk call, so a page that sends no bulk carries
 * none of it.
 */
import { callSafely } from '../internal/callbacks.js';
import { PUT_BACK } from '../seams/journal.js';
import { bulkQueue } from './bulk-queue.js';
import type { BulkOptions, BulkResult } from './bulk-types.js';
import { OpslinkError } from './errors/index.js';
import type { CallOptions } from './http/index.js';

/** @internal Sends every checked item once and gathers one result per item, in input order. */
export async function sendAll<I, T>(
  list: I[],
  send: (item: I, options: CallOptions) => Promise<T>,
  options: BulkOptions<I> | undefined,
  call: Pick<CallOptions, 'callSite' | 'deadlineAt'>,
  land: (result: BulkResult<T>) => void,
): Promise<BulkResult<T>[]> {
  const { concurrency = 8, onProgress, journal, key, retryUnknown, ...perItem } = options ?? {};
  // The bulk call's deadline is one instant for all its items and every wait between them,
  // taken at the call (a deadline that is not a number is refused by each item's own check
  // before anything is sent).
  const request: CallOptions = { ...perItem, ...call };
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

async function settle<T>(index: number, send: () => Promise<T | typeof PUT_BACK>): Promise<BulkResult<T> | undefined> {
  try {
    const value = await send();
    return value === PUT_BACK ? undefined : { index, status: 'fulfilled', value };
  } catch (error) {
    const reason = error instanceof OpslinkError ? error : new OpslinkError(String(error), { cause: error });
    return { index, status: 'rejected', reason };
  }
}
