import { nameErrorClasses, OpslinkError } from './opslink-error.js';

/**
 * The request never got a response: DNS, refused or reset connection, CORS in a browser.
 * @example
 * ```ts
 * catch (e) { if (e instanceof APIConnectionError) console.warn('network problem, try later') }
 * ```
 */
export class APIConnectionError extends OpslinkError {}

/**
 * No complete response within the per-attempt `timeout`, or the call's `deadline` passed
 * (every attempt and every wait between them counted).
 * @example
 * ```ts
 * try {
 *   await warehouse.shipments.retrieve(shipmentId, { timeout: 5_000, deadline: 12_000 });
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
 * catch (e) { if (e instanceof APIUserAbortError) return }
 * ```
 */
export class APIUserAbortError extends OpslinkError {}

nameErrorClasses({ APIConnectionError, APIConnectionTimeoutError, APIUserAbortError });
