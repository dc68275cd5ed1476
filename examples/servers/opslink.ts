// What every server example mounts: opslink/proxy's options, with the server's own clients
// (their keys stay on the server), what pages may call, and who may call it. Each server file
// beside this one is the shortest correct way to mount it in that server (docs/browser-apps.md,
// "Mounted in your server"); test/examples/ runs each against the real framework.
import { MessagingClient, WarehouseClient } from 'opslink';
import type { ProxyOptions } from 'opslink/proxy';

/**
 * Your app's own check of who is asking, here a stand-in: the session id in the `session`
 * cookie must be one the app issued (`sessions`). Check a session your app knows, never only
 * that a cookie is there (docs/browser-apps.md, "DNS rebinding").
 */
function hasSession(request: Request, sessions: ReadonlySet<string>): boolean {
  const cookies = (request.headers.get('cookie') ?? '').split(/;\s*/);
  return cookies.some((cookie) => cookie.startsWith('session=') && sessions.has(cookie.slice('session='.length)));
}

/**
 * The proxy's options, made when called (not when the module loads, so a build that loads it,
 * as Next.js does, needs no service variables). The sessions are OPS_SESSIONS, comma-separated.
 */
export function proxyOptions(): ProxyOptions {
  const sessions = new Set((process.env.OPS_SESSIONS ?? '').split(',').filter(Boolean));
  return {
    messaging: MessagingClient.fromEnv(), // OPSLINK_MESSAGING_URL, OPSLINK_BOT_KEY
    warehouse: WarehouseClient.fromEnv(), // OPSLINK_WAREHOUSE_URL, OPSLINK_WAREHOUSE_API_KEY, OPSLINK_WAREHOUSE_ID
    allow: ['sendDirectMessage', 'inbound.create', 'inbound.list', 'shipments.list'], // no announcements from pages
    authorize: (request) => hasSession(request, sessions),
  };
}
