/**
 * The core's seam to a bulk journal: the journal options checked by field, then the items in
 * input order, or the journal's own `queue` when there is one. Everything a journal does
 * (claims, leases, outcomes) is the journal's, so a bundle without one carries none of it.
 */

import type { BulkJournal, BulkQueue, QueueOptions } from '../seams/journal.js';
import {
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  OpslinkError,
  OutcomeUnknownError,
  RequestValidationError,
  type ValidationIssue,
} from './errors/index.js';
import type { CallOptions } from './http/index.js';

/** @internal A bulk call's items and how each is sent, through `journal` when there is one. */
export function bulkQueue<I, T>(
  list: readonly I[],
  { journal, ...options }: QueueOptions<I> & { journal?: BulkJournal | undefined },
  send: (item: I, request: CallOptions) => Promise<T>,
): BulkQueue<T, CallOptions> {
  const issues: ValidationIssue[] = [];
  if (journal !== undefined && typeof journal?.queue !== 'function') {
    issues.push({ path: ['journal'], message: 'must be a BulkJournal (memoryJournal(), fileJournal(path), store.journal(name))' });
  }
  if (options.key !== undefined && typeof options.key !== 'function') {
    issues.push({ path: ['key'], message: 'must be a function (item, index) => string' });
  }
  if (options.retryUnknown !== undefined && typeof options.retryUnknown !== 'boolean') {
    issues.push({ path: ['retryUnknown'], message: 'must be a boolean' });
  }
  if (issues.length) throw new RequestValidationError(issues, 'bulk options');
  if (journal) {
    const errors = { APIError, OpslinkError, OutcomeUnknownError, RequestValidationError, APIUserAbortError, APIConnectionTimeoutError };
    return journal.queue(list, options, send, errors);
  }
  let next = 0;
  return { take: () => (next < list.length ? next++ : undefined), send: (index, request) => send(list[index] as I, request) };
}
