/**
 * A refused redirect as the core reports it: an `APIError` with the 3xx status, headers and
 * body, and a message naming the target, secrets masked. Which redirects are followed is the
 * runtime's (`#transport`'s `followRedirects`, src/platform/redirects.ts).
 */
import type { Redactor } from '../../internal/redact.js';
import type { AttemptResult } from '../../seams/transport.js';
import type { APIError } from '../errors/index.js';
import { errorFromResponse } from './error-mapping.js';

/** What a refusal names: the request's method and path, and the secrets to mask. */
export interface RedirectContext {
  method: string;
  path: string;
  redactor: Redactor;
}

/** The `APIError` of a refused redirect: its status, headers and body, and a message naming the target and why. */
export function refusal(result: AttemptResult & { ok: true }, why: string, target: string | undefined, context: RedirectContext): APIError {
  const { redactor, method, path } = context;
  const { status, headers } = result.response;
  const error = errorFromResponse({ status, headers, body: result.body, method, path }, redactor);
  error.message = `redirect ${status}${target ? ` to ${redactor.text(target)}` : ''} not followed: ${why}`;
  return error;
}
