/**
 * A 2xx response as read off the wire, handed to an operation's parser. A read whose body
 * breaks the documented shape is a `ResponseValidationError`; a write that got a 2xx took
 * effect, so its parser returns what it can and the mismatch is only logged.
 */
import type { Redactor } from '../../internal/redact.js';
import { describeIssues, ResponseValidationError, type ValidationIssue } from '../errors/index.js';
import type { LogSink } from '../log.js';
import { errorFromResponse } from './error-mapping.js';

export interface RawResponseInit {
  status: number;
  headers: Headers;
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
  declare readonly headers: Headers;
  declare readonly method: string;
  declare readonly path: string;
  /** Parsed JSON when the body was JSON, its text when not, `undefined` when empty. */
  declare readonly body: unknown;
  /** False when the body was not empty but did not parse as JSON. */
  declare readonly isJson: boolean;
  declare readonly write: boolean;
  readonly #redactor: Redactor;
  readonly #log: LogSink;

  constructor(init: RawResponseInit, redactor: Redactor, log: LogSink) {
    Object.assign(this, init);
    this.#redactor = redactor;
    this.#log = log;
  }

  /**
   * Reports a body that breaks the documented shape: a read throws `ResponseValidationError`
   * (carrying the scrubbed body); a write logs at `warn` and returns, so its parser hands over
   * what it could read and no caller retries a write that took effect.
   */
  mismatch(issues: ValidationIssue[]): void {
    const { status, method, path } = this;
    if (!this.write) throw new ResponseValidationError({ status, method, path, issues, body: this.#redactor.value(this.body) });
    this.#log.warn?.(
      `${status} ${method} ${path} took effect, but its body is not as documented (${describeIssues(issues)}); returned as received`,
    );
  }

  /** The error for a body that reports failure (a `status: "failed"` envelope) under any status. */
  failed(): Error {
    return errorFromResponse(this, this.#redactor);
  }
}
