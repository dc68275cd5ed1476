// opslink/proxy as a Next.js App Router route handler: the catch-all route under /opslink takes
// every path the page's clients send to, in every method they use. The proxy is made at the
// first request: `next build` loads this module to read its route config, where the services'
// variables are not set (made at load, `MessagingClient.fromEnv()` would fail the build).
import { createProxy, type ProxyHandler } from 'opslink/proxy';
import { proxyOptions } from '../../../../opslink.ts';

// #region guide
let proxy: ProxyHandler | undefined;
function handle(request: Request): Promise<Response> {
  proxy ??= createProxy(proxyOptions());
  return proxy(request);
}

export { handle as GET, handle as OPTIONS, handle as POST, handle as PUT };
// #endregion guide
