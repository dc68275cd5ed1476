/**
 * `toNodeListener` on Node's own server: a request body streams in as the handler reads it,
 * an answer streams out no faster than the client takes it, a client that goes away aborts the
 * handler's work (the proxy's call to the service with it), and a body nobody reads does not
 * hold the connection.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { toNodeListener } from '../../src/proxy/index.js';
import { type Harness, startProxy } from './support.js';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** Serves `handle` on 127.0.0.1; returns its port. */
async function serve(handle: (request: Request) => Response | Promise<Response>): Promise<number> {
  server = createServer(toNodeListener(handle));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function signal<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const readAll = (res: IncomingMessage) =>
  new Promise<number>((resolve) => {
    let bytes = 0;
    res.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    res.on('end', () => resolve(bytes));
  });

describe('toNodeListener', () => {
  it('hands the handler the request body as it arrives, not once it is whole', async () => {
    const firstRead = signal<string>();
    const port = await serve(async (request) => {
      const reader = request.body!.getReader();
      const first = await reader.read();
      firstRead.resolve(new TextDecoder().decode(first.value));
      let rest = '';
      for (let next = await reader.read(); !next.done; next = await reader.read()) rest += new TextDecoder().decode(next.value);
      return new Response(`${request.method} ${new URL(request.url).pathname} got ${rest}`);
    });
    const answer = signal<string>();
    const req = httpRequest(
      { port, host: '127.0.0.1', method: 'POST', path: '/echo', headers: { 'transfer-encoding': 'chunked' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => answer.resolve(text));
      },
    );
    req.write('first ');
    // The second chunk is sent only once the handler has read the first: a buffering adapter would wait here for ever.
    expect(await firstRead.promise).toBe('first ');
    req.end('second');
    expect(await answer.promise).toBe('POST /echo got second');
  });

  it('streams the answer out no faster than the client reads it, leaving no listener behind at each wait', async () => {
    // A listener left on the response at each wait for the client piles up: Node warns past 10.
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    onTestFinished(() => void process.off('warning', onWarning));
    let produced = 0;
    const total = 64 * 1024 * 1024;
    const chunk = new Uint8Array(64 * 1024);
    const port = await serve(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            pull(controller) {
              if (produced >= total) return controller.close();
              produced += chunk.byteLength;
              controller.enqueue(chunk);
            },
          }),
        ),
    );
    const response = signal<IncomingMessage>();
    httpRequest({ port, host: '127.0.0.1', path: '/big' }, (res) => {
      res.pause();
      response.resolve(res);
    }).end();
    const res = await response.promise;
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Socket and stream buffers hold a few megabytes at most; the rest waits for the reader.
    expect(produced).toBeLessThan(16 * 1024 * 1024);
    const received = readAll(res);
    res.resume();
    expect(await received).toBe(total);
    expect(produced).toBe(total);
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.map((w) => w.name)).not.toContain('MaxListenersExceededWarning');
  });

  it("aborts the handler's request.signal when the client goes away before its answer", async () => {
    const started = signal();
    const aborted = signal<boolean>();
    const port = await serve(async (request) => {
      started.resolve();
      await new Promise((resolve) => {
        request.signal.addEventListener('abort', resolve, { once: true });
        setTimeout(resolve, 5_000);
      });
      aborted.resolve(request.signal.aborted);
      return new Response('too late');
    });
    const req = httpRequest({ port, host: '127.0.0.1', path: '/slow' });
    req.on('error', () => {});
    req.end();
    await started.promise;
    req.destroy();
    expect(await aborted.promise).toBe(true);
  });

  it('answers 500 for a handler that throws, and 400 for a request it cannot make a Request of', async () => {
    const port = await serve(() => {
      throw new Error('handler bug: secret detail');
    });
    const status = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; body: string }>((resolve) => {
        httpRequest({ port, host: '127.0.0.1', path, headers }, async (res) => {
          let body = '';
          for await (const chunk of res) body += chunk;
          resolve({ status: res.statusCode!, body });
        }).end();
      });
    const failed = await status('/x');
    expect(failed.status).toBe(500);
    expect(failed.body).not.toMatch(/secret/);
    expect((await status('/x', { host: 'a b' })).status).toBe(400);
    expect((await status('/x', { host: 'evil.example@127.0.0.1' })).status).toBe(400);
    // A default port written out, an IPv6 address: one host all the same (the handler's own 500 here).
    expect((await status('/x', { host: 'app.example.com:80' })).status).toBe(500);
    expect((await status('/x', { host: '[::1]:8080' })).status).toBe(500);
  });

  it('passes every value of a repeated header', async () => {
    const port = await serve(() => {
      const headers = new Headers();
      headers.append('set-cookie', 'a=1');
      headers.append('set-cookie', 'b=2');
      return new Response('ok', { headers });
    });
    const cookies = await new Promise<string[] | undefined>((resolve) => {
      httpRequest({ port, host: '127.0.0.1', path: '/' }, (res) => {
        res.resume();
        resolve(res.headers['set-cookie']);
      }).end();
    });
    expect(cookies).toEqual(['a=1', 'b=2']);
  });
});

describe("the proxy on Node's server", () => {
  let h: Harness;
  afterEach(() => h?.close());

  it('answers 413 while a client is still sending a body over the limit, and has sent nothing on', async () => {
    h = await startProxy("Node's server", { maxBodyBytes: 256 * 1024 });
    const port = Number(new URL(h.origin).port);
    let sent = 0;
    let answered = false;
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/opslink/messaging/api/bot/announcements',
          headers: { 'content-type': 'application/json' },
        },
        (res) => {
          answered = true;
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on('error', (error) => (answered ? undefined : reject(error)));
      const chunk = Buffer.alloc(16 * 1024, 0x20);
      // A slow client: a chunk every few milliseconds, for as long as it has no answer (64 MiB at most).
      const timer = setInterval(() => {
        if (answered || sent > 64 * 1024 * 1024) {
          clearInterval(timer);
          req.destroy();
          return;
        }
        sent += chunk.length;
        req.write(chunk);
      }, 2);
    });
    expect(status).toBe(413);
    expect(sent).toBeLessThan(8 * 1024 * 1024);
    expect(h.reached()).toBe(0);
  });

  it("aborts the server client's call to the service when the page goes away", async () => {
    h = await startProxy("Node's server");
    h.warehouseMock.faults.add({ route: 'GET /api/v1/shipments', fault: { hang: 10_000 } });
    const port = Number(new URL(h.origin).port);
    const req = httpRequest({ port, host: '127.0.0.1', path: '/opslink/warehouse/api/v1/shipments' });
    req.on('error', () => {});
    req.end();
    await expect.poll(() => h.warehouseMock.requests.last()?.outcome, { timeout: 5_000 }).toBe('pending');
    req.destroy();
    await expect.poll(() => h.warehouseMock.requests.last()?.outcome, { timeout: 5_000 }).toBe('aborted');
  });
});
