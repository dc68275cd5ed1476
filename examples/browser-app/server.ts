// The app's server: serves the page, and mounts opslink/proxy at /opslink with the server's
// own clients. The keys stay here; the page holds none. `npx node examples/browser-app/server.ts`
// serves it against the services the fromEnv variables name (or embedded mock services).
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { MessagingClient, WarehouseClient } from 'opslink';
import { createProxy, toNodeListener } from 'opslink/proxy';

const here = new URL('.', import.meta.url).pathname;
const SESSION = 'session=demo-ops';

/**
 * The page's script, bundled for a browser: `#transport` and `#tracing` resolve to their
 * browser variants by package.json's `browser` condition (`tsconfigRaw`: not by this
 * repository's tsconfig paths, which your app would not have).
 */
async function bundlePage(): Promise<string> {
  const result = await build({
    entryPoints: [`${here}page.ts`],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    tsconfigRaw: '{}',
    write: false,
  });
  return result.outputFiles[0]!.text;
}

/** Starts the app on `port` (0: any free one) with the server's clients; resolves with its URL and a way to stop it. */
export async function startBrowserApp(clients = { messaging: MessagingClient.fromEnv(), warehouse: WarehouseClient.fromEnv() }, port = 0) {
  const proxy = toNodeListener(
    createProxy({
      ...clients,
      allow: ['shipments.list', 'sendDirectMessage'],
      // Your own session check: here, the cookie the page was served with.
      authorize: (request) => request.headers.get('cookie')?.split('; ').includes(SESSION) === true,
    }),
  );
  const files: Record<string, [type: string, body: string]> = {
    '/': ['text/html; charset=utf-8', readFileSync(`${here}index.html`, 'utf8')],
    '/page.js': ['text/javascript; charset=utf-8', await bundlePage()],
  };
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith('/opslink/')) return proxy(req, res);
    const file = files[req.url ?? ''];
    if (!file || req.method !== 'GET') return void res.writeHead(404).end();
    res.writeHead(200, {
      'content-type': file[0],
      'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'",
      'set-cookie': `${SESSION}; HttpOnly; SameSite=Strict; Path=/`,
    });
    res.end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

if (import.meta.main) {
  const { connect } = await import('../_connect.ts');
  const connection = await connect();
  const app = await startBrowserApp(undefined, Number(process.env.PORT ?? 3000));
  console.log(`open ${app.url}/ in a browser (Ctrl+C to stop)`);
  process.once('SIGINT', () => void app.close().then(() => connection.close()));
}
