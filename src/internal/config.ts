/**
 * Checks the options both clients share and turns them into the settings the HTTP core
 * uses. Every problem is collected, so one `ConfigurationError` lists them all.
 */
import { ConfigurationError, type ValidationIssue } from '../core/errors.js';
import {
  type CommonOptions,
  DEFAULT_MAX_RETRIES,
  DEFAULT_MAX_RETRY_AFTER_MS,
  DEFAULT_TIMEOUT_MS,
  type RequestOptions,
} from '../core/options.js';
import { createLogSink, LOG_LEVELS, type LogSink } from './logger.js';
import { hasLineBreak } from './text.js';

export interface ResolvedCommon {
  timeout: number;
  maxRetries: number;
  maxRetryAfter: number;
  fetch: typeof fetch | undefined;
  headers: Record<string, string>;
  log: LogSink;
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** What fetch can send in a header value: tab, visible ASCII and Latin-1, no control characters. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** Why a header value cannot be sent, or `undefined` when it can. The value itself is never echoed. */
function headerValueProblem(value: string): string | undefined {
  if (hasLineBreak(value)) return 'must not contain CR or LF';
  if (!HEADER_VALUE.test(value)) return 'must hold only printable ASCII or Latin-1 characters (it is sent in a header)';
  return undefined;
}
/** Header names whose values are credentials, so the redactor learns them. */
export const SENSITIVE_HEADER = /authorization|cookie|key|token|secret|signature/i;

/** Longest delay a timer takes (2^31 - 1 ms, about 24.8 days); fetch timeouts use timers. */
const MAX_TIMER_MS = 2_147_483_647;

function checkTimeout(issues: ValidationIssue[], path: (string | number)[], value: unknown) {
  if (value !== undefined && !(typeof value === 'number' && value > 0 && value <= MAX_TIMER_MS)) {
    issues.push({ path, message: `must be a positive number of milliseconds, at most ${MAX_TIMER_MS}` });
  }
}

function checkRetries(issues: ValidationIssue[], path: (string | number)[], value: unknown) {
  if (value !== undefined && !(Number.isInteger(value) && (value as number) >= 0)) {
    issues.push({ path, message: 'must be a whole number, 0 or more' });
  }
}

/** Checks a headers record: names are tokens, values are strings without CR or LF. */
export function checkHeaders(issues: ValidationIssue[], path: (string | number)[], headers: unknown) {
  if (headers === undefined) return;
  if (headers === null || typeof headers !== 'object' || Array.isArray(headers)) {
    issues.push({ path, message: 'must be an object of header names to string values' });
    return;
  }
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name)) issues.push({ path: [...path, name], message: 'is not a valid header name' });
    else if (typeof value !== 'string') issues.push({ path: [...path, name], message: 'must be a string' });
    else {
      // The value is never echoed: it may be a credential.
      const problem = headerValueProblem(value);
      if (problem) issues.push({ path: [...path, name], message: problem });
    }
  }
}

/** Values of the headers whose names say they carry a credential, for the redactor to learn. */
export function sensitiveValues(headers: Record<string, string> | undefined): string[] {
  if (!headers) return [];
  return Object.entries(headers)
    .filter(([name]) => SENSITIVE_HEADER.test(name))
    .map(([, value]) => value);
}

/**
 * Checks a credential: a non-empty string with no CR or LF (which would let it inject
 * headers). The value itself is never put in the message.
 */
export function checkSecret(issues: ValidationIssue[], option: string, value: unknown, required: boolean) {
  if (value === undefined && !required) return;
  if (typeof value !== 'string' || value.length === 0) {
    issues.push({ path: [option], message: 'must be a non-empty string' });
  } else if (headerValueProblem(value)) {
    issues.push({ path: [option], message: headerValueProblem(value)! });
  } else if (value.trim() !== value) {
    issues.push({ path: [option], message: 'must not start or end with white space' });
  }
}

/**
 * Checks and normalises a base URL: http(s) only, no credentials, query or fragment; a
 * path prefix is kept and a trailing slash dropped.
 */
export function normalizeBaseUrl(issues: ValidationIssue[], option: string, value: unknown): string {
  if (typeof value !== 'string' || value.length === 0) {
    issues.push({ path: [option], message: 'must be an absolute http(s) URL' });
    return '';
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    issues.push({ path: [option], message: 'must be an absolute http(s) URL' });
    return '';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    issues.push({ path: [option], message: `must use http or https, not ${url.protocol.slice(0, -1)}` });
  } else if (url.username || url.password) {
    issues.push({ path: [option], message: 'must not carry a user name or password' });
  } else if (url.search || url.hash) {
    issues.push({ path: [option], message: 'must not carry a query or fragment' });
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export function resolveCommon(options: CommonOptions, issues: ValidationIssue[]): ResolvedCommon {
  checkTimeout(issues, ['timeout'], options.timeout);
  checkRetries(issues, ['maxRetries'], options.maxRetries);
  if (options.maxRetryAfter !== undefined && !(typeof options.maxRetryAfter === 'number' && options.maxRetryAfter >= 0)) {
    issues.push({ path: ['maxRetryAfter'], message: 'must be a number of milliseconds, 0 or more' });
  }
  if (options.fetch !== undefined && typeof options.fetch !== 'function') {
    issues.push({ path: ['fetch'], message: 'must be a fetch function' });
  }
  checkHeaders(issues, ['headers'], options.headers);
  if (options.logLevel !== undefined && !LOG_LEVELS.includes(options.logLevel)) {
    issues.push({ path: ['logLevel'], message: `must be one of ${LOG_LEVELS.join(', ')}` });
  }
  const logger = options.logger;
  if (
    logger !== undefined &&
    (logger === null || ['debug', 'info', 'warn', 'error'].some((m) => typeof (logger as never)[m] !== 'function'))
  ) {
    issues.push({ path: ['logger'], message: 'must have debug, info, warn and error functions' });
  }
  return {
    timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
    maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
    maxRetryAfter: options.maxRetryAfter ?? DEFAULT_MAX_RETRY_AFTER_MS,
    fetch: options.fetch,
    headers: { ...options.headers },
    log: createLogSink(options.logger, options.logLevel ?? 'off'),
  };
}

/** Checks the per-call options; throws `ConfigurationError` listing every problem. */
export function checkRequestOptions(options: RequestOptions | undefined): void {
  if (options === undefined) return;
  const issues: ValidationIssue[] = [];
  if (options === null || typeof options !== 'object') {
    throw new ConfigurationError([{ path: ['options'], message: 'must be an object' }], 'request options');
  }
  checkTimeout(issues, ['timeout'], options.timeout);
  checkRetries(issues, ['maxRetries'], options.maxRetries);
  checkHeaders(issues, ['headers'], options.headers);
  // Duck-typed: a signal from another realm (an iframe, jsdom) or a polyfill is a signal too.
  const signal = options.signal as { aborted?: unknown; addEventListener?: unknown } | undefined;
  if (signal !== undefined && (signal === null || typeof signal.aborted !== 'boolean' || typeof signal.addEventListener !== 'function')) {
    issues.push({ path: ['signal'], message: 'must be an AbortSignal' });
  }
  if (issues.length > 0) throw new ConfigurationError(issues, 'request options');
}

/** Throws the collected problems, if any, as one `ConfigurationError`. */
export function throwIfIssues(issues: ValidationIssue[]): void {
  if (issues.length > 0) throw new ConfigurationError(issues);
}
