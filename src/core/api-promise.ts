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

/**
 * What every method returns: a `Promise` of the result that also offers the raw
 * `Response` (status, headers) through {@link APIPromise.withResponse}. The request starts
 * at once, whether or not the promise is awaited.
 * @example
 * ```ts
 * const { data, response } = await client.postAnnouncement({ title: 'Stocktake', body: 'Friday from 6 am.' }).withResponse();
 * console.log(response.status, data.id);
 * ```
 */
export class APIPromise<T> extends Promise<T> {
  readonly #withResponse: Promise<WithResponse<T>>;
  #data: Promise<T> | undefined;

  constructor(withResponse: Promise<WithResponse<T>>) {
    super((resolve) => resolve(undefined as T));
    this.#withResponse = withResponse;
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

/** An APIPromise that rejects with `error`: a check that failed before any request was sent. */
export function rejectedPromise<T>(error: unknown): APIPromise<T> {
  return new APIPromise<T>(Promise.reject(error));
}
