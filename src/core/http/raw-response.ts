/**
 * A 2xx response as read off the wire, handed to an operation's parser. What the SDK itself
 * needs of a read's body (the envelope, the items and the total of a list, the ids it puts in
 * URLs) is a `ResponseValidationError` when missing; any other member that breaks its
 * documented type is reported by the client (`mismatches.ts`) and the body resolves as
 * received, or, under `strictResponseValidation`, rejects. A write that got a 2xx took
 * effect, so its parser returns what it can and every mismatch is only reported.
 */
import type { Redactor } from '../../internal/redact.js';
import type { HeaderView, ResponseHead } from '../../seams/transport.js';
import type { WithResponse } from '../api-promise.js';
import { ResponseValidationError, type ValidationIssue } from '../errors/index.js';
import { errorFromResponse } from './error-mapping.js';
import type { ResponseMismatches } from './mismatches.js';

export interface RawResponseInit {
  status: number;
  headers: HeaderView;
  method: string;
  /** The path with secrets scrubbed, for messages. */
  path: string;
  body: unknown;
  isJson: boolean;
  /** A write (send, post, create, update) rather than a read. */
  write: boolean;
}

export class RawResponse {
  declare readonly status: number;
  declare readonly headers: HeaderView;
  declare readonly method: string;
  declare readonly path: string;
  /** Parsed JSON when the body was JSON, its text when not, `undefined` when empty. */
  declare readonly body: unknown;
  /** False when the body was not empty but did not parse as JSON. */
  declare readonly isJson: boolean;
  declare readonly write: boolean;
  readonly #redactor: Redactor;
  readonly #mismatches: ResponseMismatches;
  readonly #url: string;

  constructor(init: RawResponseInit, redactor: Redactor, mismatches: ResponseMismatches, url: string) {
    Object.assign(this, init);
    this.#redactor = redactor;
    this.#mismatches = mismatches;
    this.#url = url;
  }

  /**
   * A body the SDK cannot use (no envelope, no items array, no total, an id it would put in
   * a URL): a read throws `ResponseValidationError` (carrying the scrubbed body) in every
   * mode; a write reports it and returns, so its parser hands over what it could read and no
   * caller retries a write that took effect.
   */
  mismatch(issues: ValidationIssue[]): void {
    if (!this.write) throw this.#error(issues);
    this.#report(issues);
  }

  /**
   * Members that break their documented type but leave the body usable: under
   * `strictResponseValidation` a read throws; otherwise they are reported (once per client
   * and member) and the body is used as received.
   */
  deviation(issues: ValidationIssue[]): void {
    if (this.#mismatches.strict && !this.write) throw this.#error(issues);
    this.#report(issues);
  }

  /** The same response with no body: what a write that took effect resolves with when its body could not be read. */
  withoutBody(): RawResponse {
    const { status, headers, method, path, write } = this;
    return new RawResponse(
      { status, headers, method, path, write, body: undefined, isJson: true },
      this.#redactor,
      this.#mismatches,
      this.#url,
    );
  }

  /** The error for a body that reports failure (a `status: "failed"` envelope) under any status. */
  failed(): Error {
    return errorFromResponse(this, this.#redactor);
  }

  #error(issues: ValidationIssue[]): ResponseValidationError {
    const { status, method, path } = this;
    return new ResponseValidationError({ status, method, path, issues, body: this.#redactor.value(this.body) });
  }

  #report(issues: ValidationIssue[]): void {
    const { status, method, path, write } = this;
    this.#mismatches.report({ status, method, path, write, url: () => this.#redactor.text(this.#url) }, issues);
  }
}

/**
 * What a call resolves with: the parsed data, and the `Response` `withResponse()` hands over,
 * made only when read (the Node transport builds one then; fetch's is scrubbed then).
 */
export function reply<T>(data: T, head: ResponseHead, redactor: Redactor): WithResponse<T> {
  let response: Response | undefined;
  return {
    data,
    get response() {
      response ??= withUrlScrubbed(head.toResponse?.() ?? (head as Response), redactor);
      return response;
    },
  };
}

/**
 * The response as `withResponse()` hands it over: its `url` (a webhook call's holds the token)
 * scrubbed. Shadowed on the instance, so status, headers and type stay the platform's own;
 * where the platform's response will not take a property (edge-runtime's is a proxy), a proxy
 * of it answers `url` and passes everything else to it.
 */
function withUrlScrubbed(response: Response, redactor: Redactor): Response {
  const url = redactor.text(response.url);
  if (url === response.url) return response;
  try {
    return Object.defineProperty(response, 'url', { value: url, enumerable: true });
  } catch {
    return new Proxy(response, {
      get: (target, name) => {
        const value: unknown = name === 'url' ? url : Reflect.get(target, name, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }
}
