// opslink/proxy in Koa 3: a middleware that returns the listener's promise, so Koa waits for
// the proxy's answer and then leaves it alone (no `ctx.respond = false` needed); a path outside
// the proxy's basePath goes on down the chain (`next`), to the app's own body parser and
// routes. `npx node examples/servers/koa.ts` serves it on PORT (default 3000).
import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import { createProxy, type ProxyHandler, toNodeListener } from 'opslink/proxy';
import { proxyOptions } from './opslink.ts';

/** The app: the proxy first, then the app's own parser and routes. */
export function koaApp(handle: ProxyHandler): Koa {
  // #region guide
  const app = new Koa();
  const listener = toNodeListener(handle);
  app.use((ctx, next) => listener(ctx.req, ctx.res, next)); // first: the proxy reads its bodies itself
  app.use(bodyParser()); // then your own parsers and routes
  // #endregion guide
  app.use((ctx) => {
    if (ctx.method === 'POST' && ctx.path === '/notes') ctx.body = { saved: ctx.request.body };
  });
  return app;
}

if (import.meta.main) koaApp(createProxy(proxyOptions())).listen(Number(process.env.PORT ?? 3000));
