/**
 * What both clients do alike when they are made: check the shared options, refuse a
 * credential in a web page, and build the HTTP core with its gate and redactor.
 */
import { definedMembers } from '../internal/defined.js';
import { Redactor } from '../internal/redact.js';
import { runtimeName } from '../internal/runtime.js';
import type { LogSink } from '../seams/store.js';
import { checkBrowser, normalizeBaseUrl, type ResolvedCommon, resolveCommon, sensitiveValues, throwIfIssues } from './config.js';
import { ConfigurationError, type ValidationIssue } from './errors/index.js';
import { type Gate, gateScope, HttpClient, RateLimitGate, ResponseMismatches } from './http/index.js';
import type { CommonOptions } from './options.js';
import { VERSION } from './version.js';

/** The client's own gate, or one shared through `rateLimitStore`, named by a hash of the service and credential. */
function newGate(common: ResolvedCommon, baseUrl: string, credentials: Record<string, unknown>): Gate {
  if (!common.rateLimitStore) return new RateLimitGate(common);
  // A key function names no key up front: clients of one service that use one share a gate.
  const named = Object.entries(credentials).map(([option, value]) => `${option}=${typeof value === 'string' ? value : typeof value}`);
  const { maxConcurrency, requestsPerSecond, timeout, log } = common;
  const local = new RateLimitGate(common);
  return common.rateLimitStore.gate({ id: gateScope([baseUrl, ...named]), maxConcurrency, requestsPerSecond, timeout, local, log });
}

/** `opslink/<version> <runtime>`, or `undefined` in a browser, which sends its own. */
function userAgent(): string | undefined {
  const runtime = runtimeName();
  return runtime === undefined ? undefined : `opslink/${VERSION} ${runtime}`;
}

/**
 * @internal `options` with `changes` over them, for `withOptions`: a change given as
 * `undefined` leaves the option as it was, as a change left out does.
 */
export function mergeOptions<T extends object>(options: T, changes: object): T {
  assertOptionsObject(changes);
  return { ...options, ...definedMembers(changes) };
}

/** @internal Refuses options that are not an object before anything reads them. */
export function assertOptionsObject(options: unknown): asserts options is Record<string, unknown> {
  if (options === null || typeof options !== 'object') throw new ConfigurationError([{ path: ['options'], message: 'must be an object' }]);
}

/**
 * @internal Checks the shared options (adding to the service's own `issues`), throws every
 * problem at once, and builds the HTTP core. `gate` is the original client's for
 * `withOptions`, so a derived client waits at the same gate.
 */
export function createHttp(
  options: CommonOptions,
  issues: ValidationIssue[],
  service: {
    baseUrl: string;
    serviceHeaders?: Record<string, string>;
    /** The credential options, by name: refused in a web page. */
    credentials: Record<string, unknown>;
    /** Every secret to scrub (keys given as strings, a webhook token); a key function's values are learned per request. */
    secrets: unknown[];
  },
  gate?: Gate,
): HttpClient {
  const common = resolveCommon(options, issues);
  checkBrowser(issues, options, service.credentials);
  throwIfIssues(issues);
  return new HttpClient({
    ...common,
    baseUrl: service.baseUrl,
    serviceHeaders: service.serviceHeaders,
    redactor: new Redactor([...service.secrets.filter((s): s is string => typeof s === 'string'), ...sensitiveValues(options.headers)]),
    gate: gate ?? newGate(common, service.baseUrl, service.credentials),
    userAgent: userAgent(),
    mismatches: new ResponseMismatches({ strict: options.strictResponseValidation === true, log: common.log, hooks: common.hooks }),
  });
}

/**
 * @internal The method of both clients that gives opslink/proxy what it uses of a server client:
 * its redactor (every answer the proxy passes on is masked with both its clients' secrets: keys
 * as strings, a webhook token, secret headers) and its log sink (a mount that cannot work, said
 * through the client's logger). Never the secrets themselves. `Symbol.for`, so a second copy of
 * opslink (ESM beside CommonJS) finds it too.
 */
export const SERVER_SIDE: unique symbol = Symbol.for('opslink.serverSide');

/** @internal What {@link SERVER_SIDE} gives. */
export interface ServerSide {
  redactor: Pick<Redactor, 'value'>;
  log: LogSink;
}

/** @internal Marks the options of a client made by `viaProxy`: it sends no credential and no warehouse id. */
export const VIA_PROXY: unique symbol = Symbol('viaProxy');

/**
 * @internal The options of a `viaProxy(url, options)` client: requests go to `<url>/<service>`
 * (a path is resolved against the page, as a link is), with no credential, so the page holds
 * none and the browser guard has nothing to refuse; a credential option given anyway is named.
 */
export function proxyOptions<T extends object>(url: unknown, options: T | undefined, service: string, credentials: string[]) {
  const given: Record<string, unknown> = options ?? {};
  assertOptionsObject(given);
  const issues: ValidationIssue[] = credentials
    .filter((name) => given[name] !== undefined)
    .map((name) => ({ path: [name], message: "is not taken through a proxy: the proxy adds the server's own" }));
  let absolute: string | undefined;
  try {
    // Outside a page there is no `location` (Deno throws on reading it without --location).
    absolute = new URL(String(url), (globalThis as { location?: { href: string } }).location?.href).href;
  } catch {}
  if (!absolute) issues.push({ path: ['url'], message: 'must be an absolute http(s) URL, or a path in a web page' });
  const base = absolute ? normalizeBaseUrl(issues, 'url', absolute) : '';
  throwIfIssues(issues);
  return { ...(given as T), baseUrl: `${base}/${service}`, [VIA_PROXY]: true };
}
