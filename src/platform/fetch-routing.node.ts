/**
 * Whether the user routed Node's `fetch` somewhere: then opslink sends over `fetch` too, so
 * a proxy, a mock or a wrapper they set up sees its requests. Checked per attempt, cheaply:
 * only a change of `globalThis.fetch` or of the global dispatcher is looked at again.
 */

/** Where undici (Node's fetch, and the `undici` package) keeps the global dispatcher. */
const DISPATCHER = Symbol.for('undici.globalDispatcher.1');
/** Node's own fetch loads its undici from here: a replaced fetch (MSW, nock, a wrapper) does not. */
const NODE_FETCH_SOURCE = 'internal/deps/undici/undici';

type Global = typeof globalThis & { [DISPATCHER]?: object };

let seenFetch: unknown;
let fetchIsNodes = true;
let seenDispatcher: object | undefined;
let dispatcherIsNodes = true;
/** The first plain `Agent` seen as the global dispatcher: the one Node makes for its fetch. */
let nodesAgent: object | undefined;

/** Proxy settings Node's fetch follows (`NODE_USE_ENV_PROXY` with `HTTP(S)_PROXY`), read once: Node reads them at startup too. */
const envProxy = (() => {
  const env = process.env;
  const on = env.NODE_USE_ENV_PROXY === '1' || env.NODE_USE_ENV_PROXY === 'true' || process.execArgv.includes('--use-env-proxy');
  return on && !!(env.HTTP_PROXY || env.HTTPS_PROXY || env.http_proxy || env.https_proxy);
})();

export function routedElsewhere(): boolean {
  if (envProxy) return true;
  const global = globalThis as Global;
  if (global.fetch !== seenFetch) {
    seenFetch = global.fetch;
    fetchIsNodes = typeof seenFetch === 'function' && Function.prototype.toString.call(seenFetch).includes(NODE_FETCH_SOURCE);
  }
  if (!fetchIsNodes) return true;
  const dispatcher = global[DISPATCHER];
  if (dispatcher !== seenDispatcher) {
    seenDispatcher = dispatcher;
    dispatcherIsNodes = dispatcher === undefined || isNodesAgent(dispatcher);
  }
  return !dispatcherIsNodes;
}

/**
 * Node sets a plain undici `Agent` on the first `fetch`; a proxy (`ProxyAgent`,
 * `EnvHttpProxyAgent`), a `MockAgent` or a `RetryAgent` is the user's. A plain `Agent` that
 * replaces the first one seen is the user's too.
 */
function isNodesAgent(dispatcher: object): boolean {
  if (dispatcher.constructor?.name !== 'Agent') return false;
  nodesAgent ??= dispatcher;
  return dispatcher === nodesAgent;
}
