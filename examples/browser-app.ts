// A browser app whose page holds no key: the page (browser-app/page.ts) uses `viaProxy`
// clients; the app's server (browser-app/server.ts) mounts opslink/proxy with its own clients.
// Here the app is started and used from Node, as its page uses it; `npm run demo` in a terminal
// keeps it up to open in a browser.
import { MESSAGING_ENV, MessagingClient, WAREHOUSE_ENV, WarehouseClient } from 'opslink';
import { type Connection, connect } from './_connect.ts';
import { startBrowserApp } from './browser-app/server.ts';

let app: Awaited<ReturnType<typeof startBrowserApp>> | undefined;

export async function run({ employeeEmail }: Connection): Promise<string> {
  app = await startBrowserApp();
  const script = await (await fetch(`${app.url}/page.js`)).text();
  const secrets = [MESSAGING_ENV.botKey, WAREHOUSE_ENV.apiKey, WAREHOUSE_ENV.warehouseId].map((name) => process.env[name]);
  const held = secrets.filter((secret) => secret && script.includes(secret)).length;
  // The page's session cookie, sent as its browser sends it: the proxy's `authorize` checks it.
  const cookie = (await fetch(`${app.url}/`)).headers.get('set-cookie')?.split(';')[0] ?? '';
  const withCookie = ((url: string, init: RequestInit) => fetch(url, { ...init, headers: { ...init.headers, cookie } })) as typeof fetch;
  const warehouse = WarehouseClient.viaProxy(`${app.url}/opslink`, { fetch: withCookie });
  let shipped = 0;
  for await (const _shipment of warehouse.shipments.list({ statuses: ['shipped'] })) shipped++;
  const messaging = MessagingClient.viaProxy(`${app.url}/opslink`, { fetch: withCookie });
  await messaging.sendDirectMessage({ to: { email: employeeEmail }, body: 'Sent from the browser app, through its proxy' });
  const size = `${(script.length / 1024).toFixed(1)} KB of script`;
  return `page at ${app.url}/ (${size}, ${held ? 'HOLDING A KEY' : 'no key in it'}); through its proxy: ${shipped} shipped shipments listed, a direct message sent`;
}

/** Stops the app, if it was started. */
export async function closeApp(): Promise<void> {
  await app?.close();
  app = undefined;
}

/** Where the app is, while it runs. */
export const appUrl = () => app?.url;

if (import.meta.main) {
  const connection = await connect();
  try {
    console.log(await run(connection));
  } finally {
    await closeApp();
    await connection.close();
  }
}
