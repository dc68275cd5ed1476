/**
 * What every method returns: a `Promise` of the result that also offers the raw `Response`:
 * the runtime's own `Promise` of awaited steps (so async stack traces run through it), or, for
 * a list, a `PagePromise`.
 */
import { type CallSite, withCallSite } from './http/call-site.js';

/**
 * A response as the HTTP core read it, before a method turns it into its result.
 * @example
 * ```ts
 * const { data, response }: WithResponse<Announcement> = await messaging
 *   .postAnnouncement({ title: 'Stocktake Friday', body: 'Doors close at 4 pm.' })
 *   .withResponse();
 * console.log(response.status, response.headers.get('content-type'), data.id);
 * ```
 */
export interface WithResponse<T> {
  data: T;
  response: Response;
}

/** Every promise an SDK method returned: what `instanceof APIPromise` looks for. */
const brand = new WeakSet<object>();

/**
 * What every method returns: a `Promise` of the result that also offers the raw
 * `Response` (status, headers) through {@link APIPromise.withResponse}. The request starts
 * at once, whether or not the promise is awaited. A method's is the runtime's own `Promise`,
 * made by the SDK's awaited steps (`instanceof APIPromise` holds), so an error's async stack
 * trace runs through it to the code that awaits it; a list's is a `PagePromise`.
 * @example
 * ```ts
 * const { data, response } = await client.postAnnouncement({ title: 'Stocktake', body: 'Friday from 6 am.' }).withResponse();
 * console.log(response.status, data.id);
 * ```
 */
export class APIPromise<T> extends Promise<T> {
  readonly #withResponse: Promise<WithResponse<T>>;
  #data: Promise<T> | undefined;

  /** @internal A promise of `withResponse`'s data (a list's first page). */
  constructor(withResponse: Promise<WithResponse<T>>) {
    super((resolve) => resolve(undefined as T));
    this.#withResponse = withResponse;
    brand.add(this);
  }

  /** Whether `value` is a promise an SDK method returned (for a subclass, an instance of it). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: the class `instanceof` asks of: a subclass (PagePromise) answers as classes do.
    if (!isAPIPromiseClass(this)) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === 'object' && value !== null && brand.has(value);
  }

  // Promise methods called on an APIPromise (`.then` chains) make plain Promises.
  static override get [Symbol.species]() {
    return Promise;
  }

  /** The result together with the raw `Response` (its body already read). */
  withResponse(): Promise<WithResponse<T>> {
    return this.#withResponse;
  }

  #result(): Promise<T> {
    this.#data ??= this.#withResponse.then((r) => r.data);
    return this.#data;
  }

  // biome-ignore lint/suspicious/noThenProperty: an APIPromise is a Promise; then must deliver the parsed result.
  override then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    // biome-ignore lint/suspicious/noExplicitAny: the same signature as Promise#then in lib.es5.
    onrejected?: ((reason: any) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#result().then(onfulfilled, onrejected);
  }

  // biome-ignore lint/suspicious/noExplicitAny: the same signature as Promise#catch in lib.es5.
  override catch<R = never>(onrejected?: ((reason: any) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.#result().catch(onrejected);
  }

  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.#result().finally(onfinally);
  }
}

/** Whether `ctor` is {@link APIPromise} itself, not a subclass. A class named from inside its own body is renamed by bundlers (esbuild: `var X = class _X`), and its `name` with it: made here, outside it. */
function isAPIPromiseClass(ctor: unknown): boolean {
  return ctor === APIPromise;
}

/** Awaits the exchange and gives its result: an awaited step, so async stack traces run through it. */
async function resultOf<T>(sent: Promise<WithResponse<T>>, callSite: CallSite | undefined): Promise<T> {
  try {
    return (await sent).data;
  } catch (error) {
    throw withCallSite(error, callSite);
  }
}

/** @internal An {@link APIPromise} of `sent` (the exchange), its errors given the call site, if one was captured. */
export function apiPromise<T>(sent: Promise<WithResponse<T>>, callSite?: CallSite): APIPromise<T> {
  const result = resultOf(sent, callSite) as Promise<T> & { withResponse(): Promise<WithResponse<T>> };
  let withResponse: Promise<WithResponse<T>> | undefined;
  result.withResponse = () => {
    // Asked for the response: the result's own rejection is this one's, and not left unhandled.
    result.catch(() => {});
    withResponse ??= sent.catch((error: unknown) => {
      throw withCallSite(error, callSite);
    });
    return withResponse;
  };
  brand.add(result);
  return result as APIPromise<T>;
}

/** An APIPromise that rejects with `error`: a check that failed before any request was sent. */
export function rejectedPromise<T>(error: unknown): APIPromise<T> {
  return apiPromise<T>(Promise.reject(error));
}
