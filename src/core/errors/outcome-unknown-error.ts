import { nameErrorClasses, OpslinkError } from './opslink-error.js';

/**
 * A journaled bulk item whose earlier send began but whose outcome was never recorded (its
 * sender died, or lost its connection mid-request): it may have been delivered, so it is not
 * sent again on its own. Check with the recipient, then pass `retryUnknown: true` to send it.
 * @example
 * ```ts
 * import { fileJournal } from 'opslink/node';
 * const items: DirectMessageInput[] = ['ana@example.com', 'ben@example.com'].map((email) => ({ to: { email }, body: 'Stocktake at 6' }));
 * const journal = fileJournal('stocktake.journal'); // kept across restarts
 * const results = await messaging.sendDirectMessages(items, { journal });
 * const unknown = results.filter((r) => r.status === 'rejected' && r.reason instanceof OutcomeUnknownError);
 * // Ask those recipients; send again only the items they did not get, with `{ journal, retryUnknown: true }`.
 * ```
 */
export class OutcomeUnknownError extends OpslinkError {}

nameErrorClasses({ OutcomeUnknownError });
