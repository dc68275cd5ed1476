// opslink/proxy in Express 5: mounted at /opslink before any body parser, so it reads each body
// itself (a parser that ran first leaves it nothing: 500, and the cause in the server's log).
// Under the mount Express takes /opslink off req.url; the listener reads req.originalUrl, so
// basePath stays the path the page uses. `npx node examples/servers/express.ts` serves it on
// PORT (default 3000) against the services the OPSLINK_* variables name.
import express from 'express';
import { createProxy, type ProxyHandler, toNodeListener } from 'opslink/proxy';
import { proxyOptions } from './opslink.ts';

/** The app: the proxy, then the app's own parsers and routes. */
export function expressApp(handle: ProxyHandler): express.Express {
  // #region guide
  const app = express();
  app.use('/opslink', toNodeListener(handle)); // first: the proxy reads its bodies itself
  app.use(express.json()); // then your own parsers and routes
  // #endregion guide
  app.post('/notes', (req, res) => void res.json({ saved: req.body }));
  return app;
}

if (import.meta.main) expressApp(createProxy(proxyOptions())).listen(Number(process.env.PORT ?? 3000));
