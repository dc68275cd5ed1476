/**
 * What a runtime's transport (`#transport`, src/platform/) must provide, and what the HTTP
 * core hands it: one attempt's request, and its result as the core reads it.
 */

/** The request as it goes to `fetch`. Headers are a plain object, the body JSON text or a multipart `Blob` (its type the Content-Type). */
export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body: string | Blob | undefined;
}

/** What the core reads of response headers: a fetch `Headers` is one, the Node transport's is lighter. Names in lower case. */
export interface HeaderView {
  get(name: string): string | null;
  forEach(callback: (value: string, name: string) => void): void;
}

/**
 * What the core reads of a response: a fetch `Response` is one as it is; the Node transport's
 * is lighter, and builds a `Response` (`toResponse`) only when `withResponse()` asks for it.
 */
export interface ResponseHead {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: HeaderView;
  readonly url: string;
  readonly redirected: boolean;
  readonly type: string;
  toResponse?(): Response;
}

/** How one attempt ended: a whole response (body read and parsed), or a failure and, when they came, the status and headers. */
export type AttemptResult =
  | {
      ok: true;
      response: ResponseHead;
      body: unknown;
      isJson: boolean;
      durationMs: number;
      /**
       * Set when the body could not be read whole: it came in a `Content-Encoding` that could
       * not be undone (a coding no transport knows and a body that is not JSON, or a corrupt
       * stream), or it was longer than `maxResponseBytes` (then `body` is its text up to the
       * limit under an error status, else `undefined`): why, naming the encoding or the limit.
       * A 2xx body is then not used.
       */
      undecodable?: string;
      /**
       * Set when `Content-Encoding` named a coding no transport undoes and the body was JSON all
       * the same (a stray `Content-Encoding: utf-8`): it is read, and this says so, naming it.
       */
      unknownCoding?: string;
    }
  | {
      ok: false;
      failure: 'timeout' | 'network' | 'abort';
      error: unknown;
      durationMs: number;
      /** Set when the status and headers arrived and the body did not (cut off, stalled or aborted). */
      response?: ResponseHead;
      /**
       * `false` when no connection was made for this attempt (refused, a name that does not
       * resolve, a TLS failure, a connect that never completed): the request certainly did not
       * reach the service. Left out when the transport cannot tell (it may have).
       */
      connected?: false;
    };

/**
 * What a platform adds to an attempt sent over `fetch` (`#transport`'s `fetchPath`; none in a
 * browser, which sets and decodes compression itself): the `Accept-Encoding` asked when the
 * caller set none, and how a body that failed to decode is told from a lost connection.
 */
export interface FetchPath {
  /** Asked when the caller set none; none where the runtime's fetch asks for what it decodes. */
  acceptEncoding?: string;
  /** Why reading the body failed, when its decoder failed (not the connection), naming the encoding; else `undefined`. */
  decodeFailure?(error: unknown, contentEncoding: string | null): string | undefined;
  /** Whether a fetch error says the connection was never made (the runtime's error codes; a browser tells none). */
  neverConnected(error: unknown): boolean;
}

/**
 * Sends to `first` and follows the redirects that may be followed, within `timeoutMs`
 * (`#transport`'s `followRedirects`): the answer that is not a redirect, or a failed attempt;
 * a redirect it refuses is thrown as what `refuse` makes of it.
 */
export type FollowRedirects = (
  first: string,
  send: (url: string, timeoutMs: number) => Promise<AttemptResult>,
  timeoutMs: number,
  method: string,
  refuse: (result: AttemptResult & { ok: true }, why: string, target: string | undefined) => Error,
) => Promise<AttemptResult>;

/** The module `#transport` resolves to: Node's (`transport.node.ts`), a browser's, or fetch's everywhere else. */
export interface PlatformModule {
  platformTransport: PlatformTransport | undefined;
  fetchPath: FetchPath | undefined;
  followRedirects: FollowRedirects;
}

/**
 * A platform's own way to send one attempt (`#transport`'s `platformTransport`); `undefined`
 * when it must not be used for this one (the user's fetch goes through a proxy, or was
 * replaced), and `fetch` sends it. `timeoutMs` bounds the whole attempt, body included (its
 * decoding too); `signal` ends it at once; past `maxBytes` decoded bytes the body is not read
 * further and the connection is dropped (`undecodable` says so).
 */
export type PlatformTransport = (
  url: string,
  init: FetchInit,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  maxBytes: number,
) => Promise<AttemptResult> | undefined;
