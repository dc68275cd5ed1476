/**
 * Connections as a long-running client needs them, over loopback, http and https: idle
 * sockets kept as long as the server's `Keep-Alive: timeout` says (closed a little before
 * it), TLS sessions resumed, `localhost` and IPv6 literals reached whichever family the server
 * listens on, a name that does not resolve and a connection never made in time failing as
 * `APIConnectionError` with `unsent: true`, and a proxy the user set for fetch carrying the
 * requests. The Node transport's own behaviour is checked in the `node` project; what fetch
 * does too, in both.
 */
import { execFile } from 'node:child_process';
import { createServer as createHttp, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttps } from 'node:https';
import { type AddressInfo, connect, createServer as createNet, type Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { platformTransport } from '#transport';
import { APIConnectionError, APIConnectionTimeoutError, WarehouseClient } from '../../src/index.js';
import { IDLE_MS, idleMsFor, stackFor } from '../../src/platform/agent.node.js';
import { CONNECT_TIMEOUT_MS } from '../../src/platform/transport.node.js';
import { API_KEY, ORDER_ID, SHIPMENT_DETAIL, WAREHOUSE_ID } from '../support/scripted-fetch.js';
import { canTrustInProcess, certificates, hasOpenssl, trustInProcess } from '../support/tls-certs.js';

const overNode = platformTransport !== undefined;
const withTls = hasOpenssl && canTrustInProcess;
const DETAIL = JSON.stringify({ status: 'success', message: 'ok', data: { shipment: SHIPMENT_DETAIL }, errors: null });
const servers: { close(callback: () => void): unknown; closeAllConnections?(): void }[] = [];

/** A server on `host` answering every request with a shipment detail and `headers`; it counts connections and resumed TLS sessions. */
async function serve(options: { host?: string; tls?: boolean; headers?: Record<string, string>; keepAliveMs?: number } = {}) {
  const seen = { connections: 0, resumed: [] as boolean[], closedByClient: [] as number[] };
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json', ...options.headers }).end(DETAIL);
  };
  const server: Server = options.tls ? createHttps({ key: certificates().key, cert: certificates().cert }, handle) : createHttp(handle);
  server.keepAliveTimeout = options.keepAliveMs ?? 5_000;
  server.on(options.tls ? 'secureConnection' : 'connection', (socket: Socket) => {
    seen.connections++;
    const opened = performance.now();
    if (options.tls) seen.resumed.push((socket as TLSSocket).isSessionReused());
    socket.on('end', () => seen.closedByClient.push(performance.now() - opened));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, seen };
}

/** Whether something accepts a TCP connection on `host`:`port` now. */
function answersOn(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

let untrust: () => void = () => {};
beforeAll(() => {
  if (withTls) untrust = trustInProcess(certificates().ca);
});
afterAll(() => untrust());
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections?.();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

const client = (baseUrl: string, options: object = {}) =>
  new WarehouseClient({ baseUrl, apiKey: API_KEY, warehouseId: WAREHOUSE_ID, maxRetries: 0, ...options });
/** What `call` rejected with (an empty object when it resolved, which fails the assertions that follow). */
const failure = (call: Promise<unknown>) =>
  call.then(
    () => ({}) as APIConnectionError,
    (error: unknown) => error as APIConnectionError,
  );
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("keep-alive follows the server's Keep-Alive: timeout", () => {
  it("an idle socket is kept the hint less 2 s (undici's margin), at most 10 minutes; 4 s without a hint; not kept under 2 s", () => {
    expect([idleMsFor(undefined), idleMsFor('timeout=30'), idleMsFor('timeout=5, max=100'), idleMsFor('max=9')]).toEqual([
      IDLE_MS,
      28_000,
      3_000,
      IDLE_MS,
    ]);
    expect([idleMsFor('timeout=2'), idleMsFor('timeout=1'), idleMsFor('timeout=86400')]).toEqual([0, 0, 600_000]);
  });

  it.runIf(overNode)('a server that keeps connections 30 s: the idle socket is kept 28 s, not 4 s', async () => {
    const { port } = await serve({ headers: { 'keep-alive': 'timeout=30' }, keepAliveMs: 30_000 });
    await client(`http://127.0.0.1:${port}`).shipments.retrieve(ORDER_ID);
    const free = Object.entries(stackFor('http:')!.agent.freeSockets).find(([name]) => name.includes(`:${port}:`))?.[1] ?? [];
    expect(free.map((socket) => socket?.timeout)).toEqual([28_000]);
  });

  it.runIf(overNode)('the client closes an idle socket before the server would, and reuses it until then', async () => {
    const { port, seen } = await serve({ headers: { 'keep-alive': 'timeout=3' }, keepAliveMs: 3_000 });
    const warehouse = client(`http://127.0.0.1:${port}`);
    await warehouse.shipments.retrieve(ORDER_ID);
    await sleep(500);
    await warehouse.shipments.retrieve(ORDER_ID);
    expect(seen.connections).toBe(1);
    await sleep(1_500);
    // Closed by the client after 1 s idle, before the server's 3 s.
    expect(seen.closedByClient).toHaveLength(1);
    expect(seen.closedByClient[0]).toBeLessThan(2_900);
  });
});

describe.runIf(withTls)('TLS', () => {
  it.runIf(overNode)("a second connection to the same server resumes the first one's session", async () => {
    const { port, seen } = await serve({ tls: true, headers: { connection: 'close' } });
    const warehouse = client(`https://localhost:${port}`);
    await warehouse.shipments.retrieve(ORDER_ID);
    await warehouse.shipments.retrieve(ORDER_ID);
    expect(seen.resumed).toEqual([false, true]);
  });
});

describe('which address a name is reached at', () => {
  it('localhost, with the server on 127.0.0.1 alone', async () => {
    const { port } = await serve({ host: '127.0.0.1' });
    expect((await client(`http://localhost:${port}`).shipments.retrieve(ORDER_ID)).shipment_id).toBe(ORDER_ID);
  });

  // fetch asks the system's resolver, whose hosts file may name only 127.0.0.1 for localhost (this machine's does).
  it.runIf(overNode)('localhost, with the server on ::1 alone (whatever the hosts file says)', async () => {
    // The same port number on 127.0.0.1 is free to another file's server running beside this
    // one, and the transport tries 127.0.0.1 first: a request that fails while something else
    // answers there is that collision, not the transport's, and is made again on a new port.
    for (let attempt = 1; ; attempt++) {
      const { port } = await serve({ host: '::1' });
      const sent = client(`http://localhost:${port}`).shipments.retrieve(ORDER_ID);
      const failed = await sent.then(
        () => undefined,
        (error: unknown) => error,
      );
      if (failed === undefined) return expect((await sent).shipment_id).toBe(ORDER_ID);
      if (attempt === 3 || !(await answersOn('127.0.0.1', port))) throw failed;
    }
  });

  it('an IPv6 literal, http and https', async () => {
    const { port } = await serve({ host: '::1' });
    expect((await client(`http://[::1]:${port}`).shipments.retrieve(ORDER_ID)).shipment_id).toBe(ORDER_ID);
    if (!withTls) return;
    const secure = await serve({ host: '::1', tls: true });
    expect((await client(`https://[::1]:${secure.port}`).shipments.retrieve(ORDER_ID)).shipment_id).toBe(ORDER_ID);
  });
});

describe('a connection never made', () => {
  it('a name that does not resolve: APIConnectionError, unsent, with the scrubbed cause', async () => {
    const error = await failure(client('https://opslink-nowhere.invalid').shipments.retrieve(ORDER_ID));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.unsent).toBe(true);
    expect((error.cause as { code?: string }).code).toMatch(/^(ENOTFOUND|EAI_AGAIN)$/);
    expect(error.message).toMatch(/^GET \/api\/v1\/shipments\/[^:]+: connection failed: .*(ENOTFOUND|EAI_AGAIN)/);
    expect(JSON.stringify(error.cause)).not.toContain(API_KEY);
  });

  it('refused: APIConnectionError, unsent', async () => {
    const { port, server } = await serve();
    await new Promise((resolve) => server.close(resolve));
    const error = await failure(client(`http://127.0.0.1:${port}`).shipments.retrieve(ORDER_ID));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.unsent).toBe(true);
  });

  /** A TCP server that takes connections and never says a word: a TLS handshake to it never completes. */
  async function silent() {
    const sockets: Socket[] = [];
    const server = createNet((socket) => sockets.push(socket));
    servers.push({
      close: (done) => server.close(done),
      closeAllConnections: () => {
        for (const socket of sockets) socket.destroy();
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }

  it('a handshake that never completes, within a short timeout: the attempt times out (unsent, where the transport can tell)', async () => {
    const port = await silent();
    const error = await failure(client(`https://localhost:${port}`, { timeout: 1_000 }).shipments.retrieve(ORDER_ID));
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    // fetch does not say whether its connection was made when the caller's timer ends it.
    if (overNode) expect(error.unsent).toBe(true);
  });

  it(
    `a handshake that never completes: the connect timeout (${CONNECT_TIMEOUT_MS / 1000} s, inside the attempt's 30 s) ends it, unsent`,
    async () => {
      const port = await silent();
      const started = performance.now();
      const error = await failure(client(`https://localhost:${port}`).shipments.retrieve(ORDER_ID));
      expect(error).toBeInstanceOf(APIConnectionError);
      expect(error).not.toBeInstanceOf(APIConnectionTimeoutError);
      expect(error.unsent).toBe(true);
      expect((error.cause as { code?: string }).code).toBe('UND_ERR_CONNECT_TIMEOUT');
      expect(performance.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS + 3_000);
    },
    CONNECT_TIMEOUT_MS + 10_000,
  );
});

describe.runIf(overNode)('a proxy the user set for fetch (NODE_USE_ENV_PROXY)', () => {
  /** A forward proxy that tunnels (CONNECT) as Node's fetch asks it to, and records what it was asked. */
  async function proxy() {
    const asked: string[] = [];
    const server = createHttp((_req, res) => res.writeHead(405).end());
    server.on('connect', (req, socket: Socket, head: Buffer) => {
      asked.push(`CONNECT ${req.url}`);
      const [host, port] = String(req.url).split(':');
      const upstream = connect(Number(port), host, () => {
        socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(socket).pipe(upstream);
      });
      upstream.on('error', () => socket.destroy());
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { port: (server.address() as AddressInfo).port, asked };
  }

  it.each(['no fetch option', 'fetch option'])('carries the request, with %s (opslink sends over fetch)', async (how) => {
    const target = await serve();
    const { port, asked } = await proxy();
    const script = new URL('./fixtures/proxied-call.mjs', import.meta.url).pathname;
    const env = { ...process.env, NODE_USE_ENV_PROXY: '1', HTTP_PROXY: `http://127.0.0.1:${port}`, NO_PROXY: '' };
    const { stdout } = await promisify(execFile)(process.execPath, [script, `http://127.0.0.1:${target.port}`, how], { env });
    expect(JSON.parse(stdout)).toEqual({ ok: true });
    expect(asked).toEqual([`CONNECT 127.0.0.1:${target.port}`]);
  });
});
