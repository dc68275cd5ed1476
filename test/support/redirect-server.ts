/**
 * A real HTTP server on 127.0.0.1 that redirects as a proxy or a moved service does, in front
 * of the two service mocks, and records every request as it arrived (method, path, headers,
 * body bytes). Two of them are two origins. The first path segment says what to do:
 * - `/ok/…`: answered by the mocks (based at `/ok` and `/ok/api/v1`);
 * - `/301/…` … `/308/…`: that status, `Location` the same path under `/ok` on this server;
 *   `/301x/…` … `/308x/…`: the same on the other server (another origin);
 * - `/chain<n>/…`: 302 to `/chain<n-1>/…`, and `/chain0/…` is `/ok/…`;
 * - `/loop/…`: 302 to `/loop2/…`, which redirects back to `/loop/…`;
 * - `/again/…`: 307 to itself the first time a method and URL arrive since `received` was
 *   emptied (a server asking the client to try again), answered as `/ok/…` after that.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMessagingMock, createWarehouseMock, type MessagingMock, type WarehouseMock } from '../../src/testing/index.js';

export interface Received {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface RedirectServer {
  origin: string;
  received: Received[];
  warehouse: WarehouseMock;
  messaging: MessagingMock;
  close(): Promise<void>;
}

/** Starts two servers, each the other's "other origin". */
export async function startRedirectServers(): Promise<[RedirectServer, RedirectServer]> {
  const a = await start();
  const b = await start();
  a.other = b.server.origin;
  b.other = a.server.origin;
  return [a.server, b.server];
}

async function start() {
  const received: Received[] = [];
  const state = { other: '' };
  const http: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      void route(req, res, body).catch((error: unknown) => res.writeHead(500).end(String(error)));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const warehouse = createWarehouseMock({ baseUrl: `${origin}/ok/api/v1`, shipments: 3 });
  const messaging = createMessagingMock({ baseUrl: `${origin}/ok` });

  async function route(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const [, directive = '', ...rest] = (req.url ?? '').split('/');
    const tail = `/${rest.join('/')}`;
    const redirect = (status: number, location: string): void => void res.writeHead(status, { location, 'content-length': '0' }).end();
    const status = /^(30[12378])(x?)$/.exec(directive);
    const chain = /^chain(\d+)$/.exec(directive);
    if (status) return redirect(Number(status[1]), `${status[2] ? state.other : origin}/ok${tail}`);
    if (chain && Number(chain[1]) > 0) return redirect(302, `/chain${Number(chain[1]) - 1}${tail}`);
    if (directive === 'loop') return redirect(302, `/loop2${tail}`);
    if (directive === 'loop2') return redirect(302, `/loop${tail}`);
    // The request itself is the last received: the first of its method and URL since `received` was emptied.
    if (directive === 'again' && received.filter((r) => r.method === req.method && r.path === req.url).length === 1)
      return redirect(307, req.url ?? '');
    if (directive !== 'ok' && directive !== 'again' && !chain) return void res.writeHead(404).end();
    await answer(req, res, body, `${origin}/ok${tail}`);
  }

  /** Hands the request to the mock that serves its path and writes back what it answers. */
  async function answer(req: IncomingMessage, res: ServerResponse, body: Buffer, url: string): Promise<void> {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const request = () => new Request(url, { method: req.method, headers, body: body.length > 0 ? new Uint8Array(body) : undefined });
    const response = (await warehouse.handle(request())) ?? (await messaging.handle(request())) ?? new Response(null, { status: 404 });
    const text = Buffer.from(await response.arrayBuffer());
    res.writeHead(response.status, Object.fromEntries(response.headers)).end(text);
  }

  const server: RedirectServer = {
    origin,
    received,
    warehouse,
    messaging,
    close: () => {
      http.closeAllConnections();
      return new Promise((resolve) => http.close(() => resolve()));
    },
  };
  return {
    server,
    set other(value: string) {
      state.other = value;
    },
  };
}
