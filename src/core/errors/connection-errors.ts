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
export class APIConnectionError extends OpslinkError {
  /**
   * `true` when the request certainly never reached the service: no attempt of the call made
   * a connection (refused, a name that does not resolve, a TLS failure, a connect that never
   * completed, or the call ended before its first attempt), so sending it again cannot
   * duplicate it. Absent when it may have arrived.
   * @example
   * ```ts
   * const sent = await messaging.postAnnouncement({ title: 'Hi', body: 'Hello team' }).catch((e: unknown) => e);
   * if (sent instanceof APIConnectionError && sent.unsent) console.warn('not delivered: safe to send again');
   * ```
   */
  declare readonly unsent?: true;
}

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
export class APIUserAbortError extends OpslinkError {
  /** `true` when the call ended before any attempt could reach the service: nothing was sent. */
  declare readonly unsent?: true;
}

nameErrorClasses({ APIConnectionError, APIConnectionTimeoutError, APIUserAbortError });
