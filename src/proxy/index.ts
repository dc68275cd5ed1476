/**
 * opslink/proxy: lets a web page use the clients with no key. `createProxy` is a standard
 * fetch handler on the server's own clients (Deno, Bun, Workers, a Next.js route, Hono);
 * `toNodeListener` serves it on Node's own HTTP server and as Express, Koa or Fastify
 * middleware. In the page, `MessagingClient.viaProxy` and `WarehouseClient.viaProxy` send to it. Never part of a page's bundle. Re-exports only;
 * see README.md here.
 *
 * Guide: [browser apps and the proxy](../../docs/browser-apps.md).
 * @module opslink/proxy
 */
export { createProxy, type ProxyHandler } from './handler.js';
export { type NodeListener, type NodeResponse, toNodeListener } from './node-listener.js';
export type { NodeRequest } from './node-request.js';
export { PROXY_OPERATIONS, type ProxyCall, type ProxyOperation } from './operations.js';
export { DEFAULT_MAX_BODY_BYTES, type ProxyOptions } from './options.js';
