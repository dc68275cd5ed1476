/**
 * Reading answers is bounded and never fatal (API.md "Package", "Common options"
 * `maxResponseBytes`), against a real server on both transports (this file runs in the
 * `node` project over node:http and, with a `fetch` option, over Node's fetch; and in
 * `node-fetch`). A small answer that decodes to a gigabyte, in every coding, ends the call
 * with `ResponseValidationError` naming the limit (a read), its `APIError` with the body cut
 * (an error status), or resolves and says so (a write that got a 2xx); the timeout and the
 * caller's signal end a body still decoding; with no bound, a body past the longest string
 * the runtime makes is an error of the call, not a crash of the process.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionTimeoutError,
  APIUserAbortError,
  ConfigurationError,
  InternalServerError,
  MessagingClient,
  ResponseValidationError,
  WarehouseClient,
} from '../../src/index.js';
import { type BombCoding, bomb, encodingOf, hasZstdCompression } from '../support/bombs.js';
import { listedOrder } from '../support/listed-orders.js';
import { onNodeProject } from '../support/project.js';
import { API_KEY, BOT_KEY, ORDER_ID, WAREHOUSE_ID } from '../support/scripted-fetch.js';

/** What the server answers next: status, headers and the bytes of the body. */
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

let server: Server;
let origin = '';
let next: Answer;
/** The connection of the last request: a body left unread is let go, its connection dropped. */
let lastSocket: IncomingMessage['socket'] | undefined;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    lastSocket = req.socket;
    req.resume();
    req.on('end', () => {
      const { status, headers, body } = next;
      res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(body.length), ...headers });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const logger = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() });
/** Node's fetch as a `fetch` option: in the `node` project the other transport. */
const nodeFetch = { fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init) };
const TRANSPORTS: [string, object][] = onNodeProject
  ? [
      ['the platform transport', {}],
      ["Node's fetch", nodeFetch],
    ]
  : [['fetch', {}]];
const warehouse = (options: object = {}) =>
  new WarehouseClient({ baseUrl: origin, apiKey: API_KEY, warehouseId: WAREHOUSE_ID, maxRetries: 0, ...options });
const CODINGS: BombCoding[] = ['gzip', 'deflate', 'deflate-raw', 'br', ...(hasZstdCompression ? (['zstd'] as const) : [])];
const MIB = 1 << 20;

describe.each(TRANSPORTS)('over %s', (_name, transport) => {
  it.each(['br', 'gzip'] as const)(
    'a %s answer that decodes to 1 GiB, on a read: ResponseValidationError naming the default limit',
    async (coding) => {
      next = { status: 200, headers: { 'content-encoding': coding }, body: await bomb(coding, 1024) };
      const error = await warehouse(transport)
        .shipments.list()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect((error as ResponseValidationError).message).toContain('longer than maxResponseBytes (67108864 bytes)');
      expect((error as ResponseValidationError).body).toBeUndefined();
    },
  );

  it.each(CODINGS)('a %s answer that decodes to 1 GiB, past a limit of 1 MiB: the same', async (coding) => {
    next = { status: 200, headers: { 'content-encoding': encodingOf(coding) }, body: await bomb(coding, 1024) };
    const error = await warehouse({ ...transport, maxResponseBytes: MIB })
      .shipments.retrieve(ORDER_ID)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).message).toContain(`longer than maxResponseBytes (${MIB} bytes)`);
  });

  it('a body without a coding past maxResponseBytes: the same, and the connection is dropped', async () => {
    next = { status: 200, headers: {}, body: Buffer.alloc(200_000, 0x20) };
    const error = await warehouse({ ...transport, maxResponseBytes: 100_000 })
      .shipments.retrieve(ORDER_ID)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toContain('longer than maxResponseBytes (100000 bytes)');
    await vi.waitFor(() => expect(lastSocket?.destroyed).toBe(true));
  });

  it('a body of exactly maxResponseBytes is read whole', async () => {
    const page = JSON.stringify({
      status: 'success',
      message: 'ok',
      data: { shipments: [], results: { offset: 0, limit: 200, total_results: 0 } },
    });
    next = { status: 200, headers: {}, body: Buffer.from(page) };
    const read = await warehouse({ ...transport, maxResponseBytes: page.length }).shipments.list();
    expect(read.items).toEqual([]);
  });

  it('an error status past the limit: its APIError, the body cut at the limit, the message saying so', async () => {
    next = { status: 500, headers: { 'content-encoding': 'gzip' }, body: await bomb('gzip', 64) };
    const error = await warehouse({ ...transport, maxResponseBytes: 1000 })
      .shipments.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    const { body, message } = error as InternalServerError;
    expect(message).toBe(
      'HTTP 500: its body could not be read: the body is longer than maxResponseBytes (1000 bytes): reading stopped there and the connection was dropped',
    );
    expect(typeof body === 'string' && body.length).toBe(1000);
    expect(body).toMatch(/^\{"status":"success"/);
  });

  it('an error status is read to 1 MiB at most, whatever the limit: its APIError keeps that much', async () => {
    next = { status: 503, headers: { 'content-encoding': 'br' }, body: await bomb('br', 1024) };
    const error = await warehouse({ ...transport })
      .shipments.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).message).toMatch(/longer than 1048576 bytes, all an error status's body is read to/);
    expect(((error as InternalServerError).body as string).length).toBe(MIB);
  });

  it.each([
    ['nested 100,000 deep', `${'['.repeat(100_000)}${']'.repeat(100_000)}`, /nests 100,000 levels deep \(more than 1000\)/],
    ['50,000 empty arrays', `[${'[],'.repeat(50_000)}[]]`, /holds 50,002 arrays and objects in 150,004 characters/],
  ])(
    'a body under the limit whose parse would cost far more memory (%s): ResponseValidationError, not parsed',
    async (_name, text, why) => {
      // 59 MiB of `[` and `]` parse into 3 GiB of arrays, past every timeout: the shape is held to a bound first.
      next = { status: 200, headers: { 'content-encoding': 'gzip' }, body: gzipSync(text) };
      const error = await warehouse(transport)
        .shipments.list()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect((error as Error).message).toMatch(why);
    },
  );

  it('a long page of real records is parsed as it is (2,000 orders, 1.3 MB)', async () => {
    const orders = Array.from({ length: 2_000 }, (_, i) => listedOrder(i));
    const text = JSON.stringify({
      status: 'success',
      message: 'ok',
      data: { orders, results: { total: 2_000, limit: 2_000, offset: 0 } },
      errors: null,
    });
    next = { status: 200, headers: {}, body: Buffer.from(text) };
    const page = await warehouse(transport).inbound.list({ limit: 2_000 });
    expect(page.items).toHaveLength(2_000);
  });

  it('a write that got a 2xx past the limit resolves, and says so at warn', async () => {
    next = { status: 200, headers: { 'content-encoding': 'br' }, body: await bomb('br', 1024) };
    const log = logger();
    const options = { baseUrl: origin, botKey: BOT_KEY, maxRetries: 0, logger: log, logLevel: 'warn', maxResponseBytes: MIB } as const;
    const sent = await new MessagingClient({ ...options, ...transport })
      .sendDirectMessage({ to: { email: 'ana@example.com' }, body: 'Dock 3' })
      .withResponse();
    expect(sent.response.status).toBe(200);
    expect(log.warn.mock.calls.join('\n')).toContain('longer than maxResponseBytes');
  });

  it('the timeout ends a body that decodes for long (no bound): APIConnectionTimeoutError, in time', async () => {
    next = { status: 200, headers: { 'content-encoding': 'br' }, body: await bomb('br', 1024) };
    const started = Date.now();
    const error = await warehouse({ ...transport, maxResponseBytes: Number.POSITIVE_INFINITY, timeout: 300 })
      .shipments.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    // The bound a caller can count on: the attempt's time and a turn of the event loop.
    expect(Date.now() - started).toBeLessThan(300 + 1_000);
  });

  it("the caller's signal ends a body that decodes for long: APIUserAbortError", async () => {
    next = { status: 200, headers: { 'content-encoding': 'gzip' }, body: await bomb('gzip', 1024) };
    const error = await warehouse({ ...transport, maxResponseBytes: Number.POSITIVE_INFINITY })
      .shipments.list(undefined, { signal: AbortSignal.timeout(200) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIUserAbortError);
  });
});

describe('maxResponseBytes as an option', () => {
  it.each([0, -1, 1.5, Number.NaN, '100', null])('%s is a ConfigurationError naming it', (value) => {
    expect(() => warehouse({ maxResponseBytes: value })).toThrow(ConfigurationError);
    expect(() => warehouse({ maxResponseBytes: value })).toThrow(
      /maxResponseBytes: must be a whole number of bytes, 1 or more, or Infinity/,
    );
  });

  it('Infinity, undefined and a whole number are taken', () => {
    for (const value of [Number.POSITIVE_INFINITY, undefined, 1, MIB]) expect(() => warehouse({ maxResponseBytes: value })).not.toThrow();
  });
});

// Node's own transport only (where the body became one string, ERR_STRING_TOO_LONG thrown from
// its end-of-body handler killed the process): 520 MiB decoded (past 2^29 - 24 characters), once.
describe.runIf(onNodeProject)('with no bound, over the Node transport', () => {
  it('a body longer than the longest string the runtime makes: ResponseValidationError saying so, the process alive', async () => {
    next = { status: 200, headers: { 'content-encoding': 'br' }, body: await bomb('br', 520) };
    const error = await warehouse({ maxResponseBytes: Number.POSITIVE_INFINITY, timeout: 60_000 })
      .shipments.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    // V8's words for it: "Invalid string length" (joined piece by piece) or "Cannot create a string longer than…".
    expect((error as Error).message).toMatch(
      /the body could not be read as text \((Invalid string length|Cannot create a string longer than)/,
    );
  }, 60_000);
});
