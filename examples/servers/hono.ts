// opslink/proxy in Hono on Node (@hono/node-server): the handler is a fetch handler, given the
// raw Request, unread (a middleware before it that reads the body, `await c.req.json()`,
// leaves it nothing: 500, and the cause in the server's log). The same route serves it on
// Deno, Bun and Workers. `npx node examples/servers/hono.ts` serves it on PORT (default 3000).
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createProxy, type ProxyHandler } from 'opslink/proxy';
import { proxyOptions } from './opslink.ts';

/** The app: the proxy's route beside the app's own. */
export function honoApp(handle: ProxyHandler): Hono {
  // #region guide
  const app = new Hono();
  app.all('/opslink/*', (c) => handle(c.req.raw)); // the raw Request, its body unread
  // #endregion guide
  app.post('/notes', async (c) => c.json({ saved: await c.req.json() }));
  return app;
}

if (import.meta.main) serve({ fetch: honoApp(createProxy(proxyOptions())).fetch, port: Number(process.env.PORT ?? 3000) });
