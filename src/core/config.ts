/**
 * Checks the options both clients share and every call's options, and turns them into the
 * settings the HTTP core uses. Every problem is collected, so one `ConfigurationError`
 * lists them all. A value that may be a credential is never echoed.
 */
import { definedMembers } from '../internal/defined.js';
import { isBrowserMainThread } from '../internal/runtime.js';
import { isSecretName } from '../internal/secret-names.js';
import { MAX_TIMER_MS } from '../internal/signals.js';
import { hasLineBreak } from '../internal/text.js';
import type { LogSink, RateLimitStore } from '../seams/store.js';
import { ConfigurationError, type ValidationIssue } from './errors/index.js';
import { createLogSink, LOG_LEVELS } from './log.js';
import { type CommonOptions, type Credential, DEFAULTS, type Hooks, type RequestOptions } from './options.js';
import { urlRewrite } from './url-text.js';

export interface ResolvedCommon {
  timeout: number;
  maxRetries: number;
  maxRetryAfter: number;
  deadline: number | undefined;
  fetch: typeof fetch | undefined;
  headers: Record<string, string>;
  log: LogSink;
  rateLimit: 'wait' | 'reject';
  onRateLimited: CommonOptions['onRateLimited'];
  hooks: Hooks;
  maxConcurrency: number;
  requestsPerSecond: number | undefined;
  rateLimitStore: RateLimitStore | undefined;
  maxResponseBytes: number;
}

type Issues = ValidationIssue[];
type Path = (string | number)[];
/** An option's check: the test a given value must pass, and what to say when it does not. */
type Rule = [option: string, ok: (value: never) => boolean, message: string];

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** What fetch can send in a header value: tab, visible ASCII and Latin-1, no control characters. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

const isFunction = (v: unknown) => typeof v === 'function';
const isPositive = (v: number) => typeof v === 'number' && v > 0 && v < Number.POSITIVE_INFINITY;
const isCount = (v: number) => Number.isInteger(v) && v >= 0;
const MS: Rule[1] = (v: number) => isPositive(v) && v <= MAX_TIMER_MS;
const MS_MESSAGE = `must be a positive number of milliseconds, at most ${MAX_TIMER_MS}`;
const CALL_RULES: Rule[] = [
  ['timeout', MS, MS_MESSAGE],
  ['maxRetries', isCount, 'must be a whole number, 0 or more'],
  ['deadline', isPositive, 'must be a positive number of milliseconds'],
];
const CLIENT_RULES: Rule[] = [
  ...CALL_RULES,
  ['maxRetryAfter', (v: number) => typeof v === 'number' && v >= 0, 'must be a number of milliseconds, 0 or more'],
  ['maxConcurrency', (v: number) => isCount(v) && v >= 1, 'must be a whole number, 1 or more'],
  [
    'maxResponseBytes',
    (v: number) => (isCount(v) && v >= 1) || v === Number.POSITIVE_INFINITY,
    'must be a whole number of bytes, 1 or more, or Infinity',
  ],
  ['requestsPerSecond', isPositive, 'must be a positive number'],
  ['rateLimit', (v) => v === 'wait' || v === 'reject', "must be 'wait' or 'reject'"],
  ['rateLimitStore', (v: RateLimitStore | null) => !!v && isFunction(v.gate), 'must be a RateLimitStore such as redisStore(client)'],
  ['dangerouslyAllowBrowser', (v) => typeof v === 'boolean', 'must be true or false'],
  ['strictResponseValidation', (v) => typeof v === 'boolean', 'must be true or false'],
  ['fetch', isFunction, 'must be a fetch function'],
  ['onRateLimited', isFunction, 'must be a function'],
  ['logLevel', (v) => LOG_LEVELS.includes(v), `must be one of ${LOG_LEVELS.join(', ')}`],
  [
    'logger',
    (v: Record<string, unknown> | null) => !!v && LOG_LEVELS.slice(1).every((m) => isFunction(v[m])),
    'must have debug, info, warn and error functions',
  ],
  [
    'hooks',
    (v: Record<string, unknown> | null) =>
      !!v && ['onRequest', 'onResponse', 'onRetry', 'onResponseMismatch'].every((h) => v[h] === undefined || isFunction(v[h])),
    'must be an object of onRequest, onResponse, onRetry and onResponseMismatch functions',
  ],
];

function applyRules(issues: Issues, options: object, rules: Rule[]): void {
  for (const [option, ok, message] of rules) {
    const value = (options as Record<string, never>)[option];
    if (value !== undefined && !ok(value)) issues.push({ path: [option], message });
  }
}

/** Why a header value cannot be sent, or `undefined` when it can. The value itself is never echoed. */
function headerValueProblem(value: string): string | undefined {
  if (hasLineBreak(value)) return 'must not contain CR or LF';
  if (!HEADER_VALUE.test(value)) return 'must hold only printable ASCII or Latin-1 characters (it is sent in a header)';
  return undefined;
}

/** Checks a headers record: names are tokens, values are strings a header can carry. */
function checkHeaders(issues: Issues, path: Path, headers: unknown): void {
  if (headers === undefined) return;
  if (headers === null || typeof headers !== 'object' || Array.isArray(headers)) {
    issues.push({ path, message: 'must be an object of header names to string values' });
    return;
  }
  for (const [name, value] of Object.entries(headers)) {
    const problem = !HEADER_NAME.test(name)
      ? 'is not a valid header name'
      : typeof value !== 'string'
        ? 'must be a string'
        : headerValueProblem(value);
    if (problem) issues.push({ path: [...path, name], message: problem });
  }
}

/** Values of the headers whose names say they carry a credential, for the redactor to learn. */
export function sensitiveValues(headers: Record<string, string> | undefined): string[] {
  return Object.entries(headers ?? {})
    .filter(([name]) => isSecretName(name))
    .map(([, value]) => value);
}

/** Why `value` cannot be a credential (a header value), or `undefined` when it can. */
export function secretProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0) return 'must be a non-empty string';
  return headerValueProblem(value) ?? (value.trim() !== value ? 'must not start or end with white space' : undefined);
}

/** Checks a credential option: a usable string, or a function called per request. */
export function checkCredential(issues: Issues, option: string, value: unknown, required: boolean): void {
  if ((value === undefined && !required) || isFunction(value)) return;
  const problem = secretProblem(value);
  if (problem) issues.push({ path: [option], message: `${problem} (or a function returning one)` });
}

/**
 * A long-lived credential in a web page's main thread is readable by every visitor: refused
 * there unless the caller says they know (`dangerouslyAllowBrowser`).
 */
export function checkBrowser(issues: Issues, options: CommonOptions, credentials: Record<string, unknown>): void {
  const held = Object.keys(credentials).find((name) => credentials[name] !== undefined);
  if (held === undefined || options.dangerouslyAllowBrowser === true || !isBrowserMainThread()) return;
  issues.push({
    path: [held],
    message:
      'is a long-lived credential, and in a web page every visitor can read it: call the API from your server ' +
      '(or a proxy that adds the key), or pass dangerouslyAllowBrowser: true if that is really what you want',
  });
}

/**
 * Checks and normalises a base URL: http(s) only, no credentials, query or fragment; a
 * path prefix is kept and a trailing slash dropped.
 */
export function normalizeBaseUrl(issues: Issues, option: string, value: unknown): string {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' && value ? new URL(value) : undefined;
  } catch {}
  const problem = !url
    ? 'must be an absolute http(s) URL'
    : !/^https?:$/.test(url.protocol)
      ? `must use http or https, not ${url.protocol.slice(0, -1)}`
      : url.username || url.password
        ? 'must not carry a user name or password'
        : url.search || url.hash
          ? 'must not carry a query or fragment'
          : urlRewrite(url, value as string, 'ignored');
  if (problem) issues.push({ path: [option], message: problem });
  return url ? `${url.origin}${url.pathname.replace(/\/+$/, '')}` : '';
}

/** Checks every shared option and resolves the defaults. */
export function resolveCommon(options: CommonOptions, issues: Issues): ResolvedCommon {
  applyRules(issues, options, CLIENT_RULES);
  checkHeaders(issues, ['headers'], options.headers);
  return {
    ...DEFAULTS,
    rateLimit: 'wait',
    ...definedMembers(options), // spread as given, an `undefined` would replace its default
    headers: { ...options.headers },
    log: createLogSink(options.logger, options.logLevel ?? 'off'),
    hooks: options.hooks ?? {}, // the caller's own object: its methods keep their `this`
  } as ResolvedCommon;
}

/** Checks the per-call options; throws `ConfigurationError` listing every problem. */
export function checkRequestOptions(options: RequestOptions | undefined): void {
  if (options === undefined) return;
  const issues: Issues = [];
  if (options === null || typeof options !== 'object') issues.push({ path: ['options'], message: 'must be an object' });
  else {
    applyRules(issues, options, CALL_RULES);
    checkHeaders(issues, ['headers'], options.headers);
    // Duck-typed: a signal from another realm (an iframe, jsdom) or a polyfill is a signal too.
    const signal = options.signal as { aborted?: unknown; addEventListener?: unknown } | null | undefined;
    if (signal !== undefined && (signal === null || typeof signal.aborted !== 'boolean' || !isFunction(signal.addEventListener))) {
      issues.push({ path: ['signal'], message: 'must be an AbortSignal' });
    }
  }
  if (issues.length > 0) throw new ConfigurationError(issues, 'request options');
}

/** Throws the collected problems, if any, as one `ConfigurationError`. */
export function throwIfIssues(issues: Issues): void {
  if (issues.length > 0) throw new ConfigurationError(issues);
}

/** A credential's value for one request: the string, or what its function returns, checked. */
export async function resolveCredential(option: string, credential: Credential): Promise<string> {
  let value: unknown;
  try {
    value = isFunction(credential) ? await (credential as () => unknown)() : credential;
  } catch (error) {
    // The caller's own secret store failed; its message is theirs, so it is not repeated here.
    throw new ConfigurationError([{ path: [option], message: `function threw ${(error as Error)?.name ?? 'an error'}` }]);
  }
  const problem = secretProblem(value);
  if (problem) throw new ConfigurationError([{ path: [option], message: `returned a value that ${problem}` }]);
  return value as string;
}
