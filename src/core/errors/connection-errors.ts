import { nameErrorClasses, OpslinkError } from './opslink-error.js';

/**
 * The request never got a response: DNS, refused or reset connection, CORS in a browser.
 * @example
 * ```ts
 * await messaging.postAnnouncement({ title: 'Hi', body: 'Hello team' }).catch((e: unknown) => {
 *   if (e instanceof APIConnectionError) console.warn('network problem, try later');
 * });
 * ```
 */
export class APIConnectionError extends OpslinkError {}

/**
 * No complete response within the per-attempt `timeout`, or the call's `deadline` passed
 * (every attempt and every wait between them counted).
 * @example
 * ```ts
 * try {
 *   await warehouse.shipments.retrieve('0b9c3f4e-6a1d-4c2b-9e8f-2d7a5b1c3e40', { timeout: 5_000, deadline: 12_000 });
 * } catch (e) {
 *   if (e instanceof APIConnectionTimeoutError) console.warn('the warehouse API did not answer in time');
 * }
 * ```
 */
export class APIConnectionTimeoutError extends APIConnectionError {}

/**
 * The caller's `AbortSignal` fired; `cause` is the signal's reason.
 * @example
 * ```ts
 * const controller = new AbortController();
 * const sent = messaging.postAnnouncement({ title: 'Hi', body: 'Hello team' }, { signal: controller.signal });
 * controller.abort();
 * await sent.catch((e: unknown) => {
 *   if (!(e instanceof APIUserAbortError)) throw e; // aborted on purpose: nothing to report
 * });
 * ```
 */
export class APIUserAbortError extends OpslinkError {}

nameErrorClasses({ APIConnectionError, APIConnectionTimeoutError, APIUserAbortError });
