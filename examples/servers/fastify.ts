// opslink/proxy in Fastify 5: in a plugin of its own, whose only content-type parser leaves the
// body unread (Fastify's default parsers would read a DM's JSON, and answer a multipart create
// 415 themselves), and with the reply hijacked, as the answer is the listener's to write.
// `npx node examples/servers/fastify.ts` serves it on PORT (default 3000).
import Fastify, { type FastifyInstance } from 'fastify';
import { createProxy, type ProxyHandler, toNodeListener } from 'opslink/proxy';
import { proxyOptions } from './opslink.ts';

/** The app: the proxy's plugin beside the app's own routes, which keep Fastify's parsers. */
export function fastifyApp(handle: ProxyHandler): FastifyInstance {
  const app = Fastify();
  // #region guide
  const listener = toNodeListener(handle);
  app.register(async (proxy) => {
    proxy.removeAllContentTypeParsers(); // in this plugin only: the proxy reads each body itself
    proxy.addContentTypeParser('*', (_request, _body, done) => done(null));
    proxy.all('/opslink/*', (request, reply) => {
      reply.hijack(); // the listener writes the answer
      return listener(request.raw, reply.raw);
    });
  });
  // #endregion guide
  app.post('/notes', async (request) => ({ saved: request.body }));
  return app;
}

if (import.meta.main) await fastifyApp(createProxy(proxyOptions())).listen({ port: Number(process.env.PORT ?? 3000) });
