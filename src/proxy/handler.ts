/**
 * `createProxy`: a standard fetch handler that lets a web page use the clients with no key.
 * Each request is taken in order: the page's origin, the operation its method and path name,
 * `allow`, its body read within the byte limit, its input checked as the client's pre-flight
 * checks it, `authorize`; only then does the server's own client send it, with its own keys,
 * gate, retries, deadline, logger, hooks and tracing. Nothing of the page's request but its
 * checked input is sent on: no header, no cookie, no path, no warehouse id or credential.
 */
import type { RawResponse } from '../core/http/raw-response.js';
import { failure, invalid, passOn, refusal, type ServiceAnswer } from './answers.js';
import { isBodyAlreadyRead, readSent } from './body.js';
import { markMount, type Report, readBeforeLine, reporter, strippedLine } from './mount.js';
import { type Clients, OPERATIONS, type ProxyCall, type ProxyOperation, type Sent } from './operations.js';
import { checkProxyOptions, type ProxyConfig, type ProxyOptions } from './options.js';
import { checkOrigin, corsHeaders, ownOrigins, preflight } from './origin.js';
import { type Match, matchRoute } from './routes.js';
import { type Scrub, Scrubbers } from './scrub.js';

/**
 * What a proxy is: a fetch handler, for `Deno.serve`, `Bun.serve`, a Worker's `fetch`, a
 * Next.js route, Hono, or `toNodeListener`.
 * @example
 * ```ts
 * import { createProxy, type ProxyHandler } from 'opslink/proxy';
 * const handle: ProxyHandler = createProxy({ warehouse, allow: ['shipments.list'], authorize: () => true });
 * const answer = await handle(new Request('https://app.example.com/opslink/warehouse/api/v1/shipments?offset=0&limit=20'));
 * ```
 */
export type ProxyHandler = (request: Request) => Promise<Response>;

const FAILED = 'The proxy could not complete the request.';

/**
 * A fetch handler that checks each request of a page's `viaProxy` client and sends it on with
 * the server's own client. `allow` and `authorize` are required.
 * @throws ConfigurationError naming each option it cannot use.
 * @example
 * ```ts
 * import { createProxy } from 'opslink/proxy';
 * declare function sessionOf(request: Request): Promise<{ role: string } | undefined>;
 * const handle = createProxy({
 *   warehouse: WarehouseClient.fromEnv(),
 *   allow: ['shipments.list', 'shipments.retrieve'],
 *   authorize: async (request) => (await sessionOf(request))?.role === 'ops',
 * });
 * export default { fetch: handle }; // a Worker; Deno.serve(handle); Bun.serve({ fetch: handle })
 * ```
 */
export function createProxy(options: ProxyOptions): ProxyHandler {
  const config = checkProxyOptions(options);
  const scrubbers = new Scrubbers(config.clients);
  const report = reporter(config.clients);
  const stripped = strippedMount(config, report);
  const handler: ProxyHandler = async (request) => {
    try {
      return await handle(config, scrubbers, report, request, stripped);
    } catch {
      // A bug of the proxy's or a platform's, never a detail for the page.
      return refusal(undefined, 500, FAILED);
    }
  };
  // For `toNodeListener` in an app's server: the paths outside basePath go to its `next()`, mount errors to the log.
  return markMount(handler, config.basePath, report);
}

/** What was thrown, by its kind only: its message may carry what the app's session held. */
const errorKind = (error: unknown): string =>
  error instanceof Error ? `${/^[aeiou]/i.test(error.name) ? 'an' : 'a'} ${error.name}` : `a ${typeof error}`;

/**
 * Says once in the server's log that a request reached the proxy with its mount path taken off
 * (a path that names an operation under `/`, where the proxy's basePath is another).
 */
function strippedMount(config: ProxyConfig, report: Report): (method: string, pathname: string) => void {
  let told = config.basePath === '';
  return (method, pathname) => {
    if (told) return;
    const match = matchRoute('', config.services, method, pathname);
    if (match.operations.length === 0) return;
    told = true;
    report(strippedLine(`${method} ${pathname}`, config.basePath), match.service);
  };
}

async function handle(
  config: ProxyConfig,
  scrubbers: Scrubbers,
  report: Report,
  request: Request,
  stripped: (method: string, pathname: string) => void,
): Promise<Response> {
  const url = new URL(request.url);
  const match = matchRoute(config.basePath, config.services, request.method, url.pathname);
  if (match.service === undefined) stripped(request.method, url.pathname);
  const verdict = checkOrigin(request, ownOrigins(request, url), config.origins);
  if (verdict.refused) return refusal(match.service, 403, 'Refused: the request comes from another origin than the proxy serves');
  const { listed } = verdict;
  const preflighted = request.method === 'OPTIONS' && request.headers.has('access-control-request-method');
  if (listed && preflighted && url.pathname.startsWith(`${config.basePath}/`)) return preflight(request, listed);
  const answer = await answerFor(config, scrubbers, report, request, url, match);
  if (listed) for (const [name, value] of Object.entries(corsHeaders(listed))) answer.headers.set(name, value);
  return answer;
}

/** The operation a request is, once its body says which (a multipart create with `bulk` is a bulk upload). */
function pick(operations: ProxyOperation[], sent: Sent): ProxyOperation {
  return operations.includes('inbound.createBulk') && sent.form?.has('bulk') ? 'inbound.createBulk' : (operations[0] as ProxyOperation);
}

async function answerFor(
  config: ProxyConfig,
  scrubbers: Scrubbers,
  report: Report,
  request: Request,
  url: URL,
  match: Match,
): Promise<Response> {
  const { service, operations } = match;
  if (service === undefined || operations.length === 0)
    return refusal(service, 404, 'No operation of the proxy answers this method and path');
  const refused = (name: string) => refusal(service, 403, `${name} is not allowed through this proxy`);
  const allowed = operations.filter((name) => config.allow.has(name));
  if (allowed.length === 0) return refused(operations.join(' or '));
  let sent: Awaited<ReturnType<typeof readSent>>;
  try {
    const limits = { maxBytes: config.maxBodyBytes, timeout: config.bodyTimeout };
    sent = await readSent(request, OPERATIONS[allowed[0] as ProxyOperation], limits, { query: url.searchParams, id: match.id });
  } catch (error) {
    if (!isBodyAlreadyRead(error)) throw error;
    // The page's request was fine: a 500 with no detail for it, the cause and the cure in the server's log.
    report(readBeforeLine(`${request.method} ${url.pathname}`, error.evidence, config.basePath), service);
    return refusal(service, 500, FAILED);
  }
  if ('status' in sent) return refusal(service, sent.status, sent.message);
  const name = pick(operations, sent);
  if (!config.allow.has(name)) return refused(name);
  const operation = OPERATIONS[name];
  const checked = await operation.check(sent);
  if (!checked.ok) return invalid(service, operation.subject, checked.issues);
  const call = { service, operation: name, input: checked.value } as ProxyCall;
  let verdict: unknown;
  try {
    verdict = await config.authorize(request, call);
  } catch (error) {
    // The app's function failed, not the page: the page learns nothing, the server's log which call it was.
    report(`${request.method} ${url.pathname}: authorize threw ${errorKind(error)}; the page was answered 500`, service);
    return refusal(service, 500, FAILED);
  }
  if (verdict !== true) return refusal(service, 401, 'Not authorized to make this call');
  return send(config.clients, scrubbers, call, request.signal);
}

/**
 * Sends a checked call with the server's client, and answers with what the service said:
 * the answer its client read, or, when there was none, what its error means for the page;
 * either scrubbed of both server clients' secrets. An aborted page request aborts the call.
 */
async function send(clients: Clients, scrubbers: Scrubbers, call: ProxyCall, signal: AbortSignal): Promise<Response> {
  const operation = OPERATIONS[call.operation];
  let own: Scrub | undefined;
  let answer: ServiceAnswer | undefined;
  const options = {
    signal,
    // Internal call options (core/http/call.ts): the call's own scrubber, and the answer before its parser reads it.
    scrubber: (scrubbing: Scrub) => {
      own = scrubbing;
      scrubbers.learn(call.service, scrubbing);
    },
    observe: ({ status, headers, body, isJson }: RawResponse) => {
      answer = { status, headers, body, isJson };
    },
  };
  try {
    await operation.send(clients as Required<Clients>, call.input, options);
  } catch (error) {
    // A body the client read but would not use (a failed envelope, a read it could not parse) still goes to the page as sent.
    if (answer === undefined) return failure(call.service, operation.subject, error, scrubbers.all(own));
  }
  const scrub = scrubbers.all(own);
  const { body, ...rest } = answer as ServiceAnswer;
  return passOn({ ...rest, body: scrub(body) }, scrub);
}
