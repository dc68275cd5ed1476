// opslink/proxy on Node's own server (`node:http`): the listener takes the requests under the
// proxy's basePath and hands every other one to the app's own listener (its third argument,
// as a middleware's `next`). `npx node examples/servers/node-http.ts` serves it on PORT
// (default 3000).
import { createServer, type RequestListener, type Server } from 'node:http';
import { createProxy, type ProxyHandler, toNodeListener } from 'opslink/proxy';
import { proxyOptions } from './opslink.ts';

/** The server: the proxy under /opslink, `app` for everything else. */
export function nodeServer(handle: ProxyHandler, app: RequestListener): Server {
  // #region guide
  const proxy = toNodeListener(handle);
  const server = createServer((req, res) => proxy(req, res, () => app(req, res)));
  // #endregion guide
  return server;
}

if (import.meta.main) {
  const app: RequestListener = (_req, res) => void res.writeHead(404).end();
  nodeServer(createProxy(proxyOptions()), app).listen(Number(process.env.PORT ?? 3000));
}
