/**
 * The options of `createProxy`, checked once when the proxy is made: every problem in one
 * `ConfigurationError`, each named by its option (`allow.2`, `cors.origins.0`).
 */
import { ConfigurationError, type ValidationIssue } from '../core/errors/index.js';
import type { MessagingClient } from '../messaging/client.js';
import type { WarehouseClient } from '../warehouse/client.js';
import { type Clients, OPERATIONS, PROXY_OPERATIONS, type ProxyCall, type ProxyOperation } from './operations.js';
import type { Service } from './routes.js';

/**
 * 25 MiB: the default of `maxBodyBytes`, the largest request body the proxy reads.
 * @example
 * ```ts
 * import { DEFAULT_MAX_BODY_BYTES } from 'opslink/proxy';
 * const maxBodyBytes = 4 * DEFAULT_MAX_BODY_BYTES; // for CSV uploads of 100 MiB
 * ```
 */
export const DEFAULT_MAX_BODY_BYTES = 25 * 1024 * 1024;

/** 30 s: the default of `bodyTimeout`, how long a request body may take to arrive whole. */
const DEFAULT_BODY_TIMEOUT = 30_000;
/** The longest wait a timer holds (2^31 - 1 ms, about 24.8 days): past it, `setTimeout` fires at once. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Options of {@link createProxy}.
 * @example
 * ```ts
 * import { createProxy, type ProxyOptions } from 'opslink/proxy';
 * declare function sessionOf(request: Request): Promise<{ role: string } | undefined>;
 * const options: ProxyOptions = {
 *   warehouse: WarehouseClient.fromEnv(),
 *   allow: ['shipments.list', 'shipments.retrieve'],
 *   // The host checked too: a DNS-rebinding page's requests name its own (docs/browser-apps.md, "DNS rebinding").
 *   authorize: async (request) => request.headers.get('host') === 'ops.example.com' && (await sessionOf(request)) !== undefined,
 * };
 * const handle = createProxy(options);
 * ```
 */
export interface ProxyOptions {
  /** Where the handler is mounted: the page's clients send to `<basePath>/messaging/…` and `<basePath>/warehouse/…`. @default '/opslink' */
  basePath?: string | undefined;
  /** The server's messaging client (its keys, gate, store, retries and hooks serve every page's request). */
  messaging?: MessagingClient | undefined;
  /** The server's warehouse client. */
  warehouse?: WarehouseClient | undefined;
  /** What pages may call; anything else is answered 403 and not sent on. A bulk send is its items (`sendDirectMessage`). */
  allow: readonly ProxyOperation[];
  /**
   * Whether this request may make this call (its input already checked), before anything is
   * sent: `true` lets it through; `false` (or anything but `true`) answers 401; a throw answers
   * 500 with no detail. The request's body has been read by then: read its headers (a session
   * cookie, a bearer token) and the call's input. The proxy's own origin is the one the request
   * names (its `Host`, or its URL's host): check `request.headers.get('host')` too where a
   * DNS-rebinding page could reach the server (docs/browser-apps.md, "DNS rebinding").
   */
  authorize: (request: Request, call: ProxyCall) => boolean | Promise<boolean>;
  /** Other origins whose pages may call the proxy (CORS); by default only the proxy's own origin. */
  cors?: { origins: readonly string[] } | undefined;
  /** The largest request body read; a longer one is answered 413 and nothing is sent on. @default 26_214_400 (25 MiB) */
  maxBodyBytes?: number | undefined;
  /**
   * How long (ms) a request body may take to arrive whole, from when the proxy starts reading
   * it; one still arriving then (a page, or anything posing as one, sending a trickle) is
   * answered 408 and nothing is sent on. `Infinity`: no limit. Raise it for large uploads over
   * slow links (25 MiB takes 30 s at about 7 Mbit/s). @default 30_000
   */
  bodyTimeout?: number | undefined;
}

/** The options as the handler uses them. */
export interface ProxyConfig {
  basePath: string;
  clients: Clients;
  services: ReadonlySet<Service>;
  allow: ReadonlySet<ProxyOperation>;
  authorize: ProxyOptions['authorize'];
  origins: ReadonlySet<string>;
  maxBodyBytes: number;
  bodyTimeout: number;
}

type Issues = ValidationIssue[];
const isFunction = (value: unknown) => typeof value === 'function';
/** Letters, digits and what a path segment holds unencoded: a URL parser reads such a path back as written. */
const SEGMENT = /^[A-Za-z0-9\-_~!$&'()*+,;=:@.]+$/;

function checkBasePath(issues: Issues, value: unknown): string {
  const path = value === undefined ? '/opslink' : value === '/' ? '' : value;
  const segments = typeof path === 'string' && path.startsWith('/') ? path.slice(1).split('/') : [];
  if (path === '' || (segments.length > 0 && segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..'))) return path as string;
  issues.push({
    path: ['basePath'],
    message: "must be a path such as '/opslink': segments of plain characters, no trailing slash, no '..', '%', '?' or '#'",
  });
  return '';
}

/** The clients given, each duck-typed (a second copy of opslink, ESM beside CommonJS, makes clients of its own classes). */
function checkClients(issues: Issues, options: ProxyOptions): Clients {
  const { messaging, warehouse } = options;
  if (messaging !== undefined && !isFunction((messaging as Partial<MessagingClient>)?.sendDirectMessage))
    issues.push({ path: ['messaging'], message: 'must be a MessagingClient' });
  if (warehouse !== undefined && !isFunction((warehouse as Partial<WarehouseClient>)?.inbound?.list))
    issues.push({ path: ['warehouse'], message: 'must be a WarehouseClient' });
  if (messaging === undefined && warehouse === undefined)
    issues.push({ path: ['messaging'], message: 'or warehouse is required: the server client the proxy sends with' });
  return { messaging, warehouse };
}

/**
 * What the server's client for `operation` lacks to send it (a credential), when its options
 * say so: a page's client (`viaProxy`) has none, and handed to the proxy it would send every
 * call without them (to the proxy itself, when its URL is the app's).
 */
function missingCredential(clients: Clients, operation: ProxyOperation): string | undefined {
  const { service } = OPERATIONS[operation];
  const held = (clients[service] as { toJSON?: () => Record<string, unknown> } | undefined)?.toJSON?.();
  if (!held) return undefined;
  const notSet = (option: string) => held[option] === '[not set]' || held[option] === '';
  if (service === 'warehouse') return notSet('apiKey') ? 'apiKey' : notSet('warehouseId') ? 'warehouseId' : undefined;
  if ((operation === 'sendDirectMessage' || operation === 'postAnnouncement') && notSet('botKey')) return 'botKey';
  if (operation === 'postChannelMessage' && notSet('channelKey') && notSet('webhookUrl')) return 'channelKey or webhookUrl';
  return undefined;
}

function checkAllow(issues: Issues, allow: unknown, clients: Clients): Set<ProxyOperation> {
  const allowed = new Set<ProxyOperation>();
  if (!Array.isArray(allow) || allow.length === 0) {
    issues.push({ path: ['allow'], message: `is required: a list of the operations pages may call (${PROXY_OPERATIONS.join(', ')})` });
    return allowed;
  }
  for (const [i, name] of allow.entries()) {
    if (!(PROXY_OPERATIONS as readonly unknown[]).includes(name)) {
      const bulk = name === 'sendDirectMessages' ? ': a bulk send is its items, allow sendDirectMessage' : '';
      const hint = name === 'inbound.updateMany' ? ': a bulk update is its items, allow inbound.update' : bulk;
      issues.push({ path: ['allow', i], message: `is not an operation of the proxy${hint || ` (${PROXY_OPERATIONS.join(', ')})`}` });
      continue;
    }
    const operation = name as ProxyOperation;
    const { service } = OPERATIONS[operation];
    const missing = missingCredential(clients, operation);
    if (clients[service] === undefined)
      issues.push({ path: ['allow', i], message: `is a ${service} operation, and no ${service} client was given` });
    else if (missing)
      issues.push({
        path: ['allow', i],
        message: `needs the ${service} client's ${missing}, which it does not have (a page's client, viaProxy, is not the server's)`,
      });
    allowed.add(operation);
  }
  return allowed;
}

function checkOrigins(issues: Issues, cors: ProxyOptions['cors']): Set<string> {
  if (cors === undefined) return new Set();
  if (cors === null || typeof cors !== 'object' || !Array.isArray(cors.origins)) {
    issues.push({ path: ['cors', 'origins'], message: "must be a list of origins such as 'https://app.example.com'" });
    return new Set();
  }
  for (const [i, origin] of cors.origins.entries()) {
    let exact = false;
    try {
      exact = typeof origin === 'string' && /^https?:$/.test(new URL(origin).protocol) && new URL(origin).origin === origin;
    } catch {}
    if (!exact)
      issues.push({
        path: ['cors', 'origins', i],
        message: "must be an origin such as 'https://app.example.com' (scheme, host and port; no path, no '*')",
      });
  }
  return new Set(cors.origins);
}

/** Checks `options` and resolves the defaults; throws `ConfigurationError` listing every problem. */
export function checkProxyOptions(options: ProxyOptions): ProxyConfig {
  if (options === null || typeof options !== 'object')
    throw new ConfigurationError([{ path: ['options'], message: 'must be an object' }], 'proxy options');
  const issues: Issues = [];
  const basePath = checkBasePath(issues, options.basePath);
  const clients = checkClients(issues, options);
  const allow = checkAllow(issues, options.allow, clients);
  if (!isFunction(options.authorize))
    issues.push({
      path: ['authorize'],
      message: 'is required: a function (request, call) => boolean that says whether this request may make this call',
    });
  const origins = checkOrigins(issues, options.cors);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 1)
    issues.push({ path: ['maxBodyBytes'], message: 'must be a whole number of bytes, 1 or more' });
  const bodyTimeout = options.bodyTimeout === undefined ? DEFAULT_BODY_TIMEOUT : options.bodyTimeout;
  if (bodyTimeout !== Number.POSITIVE_INFINITY && (!Number.isSafeInteger(bodyTimeout) || bodyTimeout < 1 || bodyTimeout > MAX_TIMER_MS))
    issues.push({
      path: ['bodyTimeout'],
      message: `must be a whole number of milliseconds from 1 to ${MAX_TIMER_MS}, or Infinity for no limit`,
    });
  if (issues.length) throw new ConfigurationError(issues, 'proxy options');
  const services = new Set<Service>((['messaging', 'warehouse'] as const).filter((s) => clients[s] !== undefined));
  return { basePath, clients, services, allow, authorize: options.authorize, origins, maxBodyBytes, bodyTimeout };
}
