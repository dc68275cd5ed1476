/**
 * Compressed answers (API.md "Package"), against real node:zlib servers over http and https,
 * on both transports (this file runs in the `node` project, over node:http and, with a `fetch`
 * option, over Node's fetch; and in `node-fetch`, over fetch as another runtime has it): in
 * Node a request asks for `gzip, deflate, br` (and `zstd` where the Node transport decodes
 * it), over http too; another runtime's fetch asks for what it decodes itself. Every such
 * answer is read, also one sent unasked, error bodies too; the caller's own
 * `accept-encoding` goes as given; an answer that cannot be decoded is a
 * `ResponseValidationError` naming the encoding for a read, an `APIError` saying so under an
 * error status, and still resolves for a write that got a 2xx; a body cut off is an error,
 * never a partial page.
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchPath, platformTransport } from '#transport';
import {
  APIConnectionError,
  InternalServerError,
  MessagingClient,
  NotFoundError,
  ResponseValidationError,
  WarehouseClient,
} from '../../src/index.js';
import { type CompressingServer, detailWith, hasZstd, startCompressingServer } from '../support/compressing-server.js';
import { API_KEY, BOT_KEY, ORDER_ID, WAREHOUSE_ID } from '../support/scripted-fetch.js';
import { canTrustInProcess, certificates, hasOpenssl, trustInProcess } from '../support/tls-certs.js';

const withTls = hasOpenssl && canTrustInProcess;
const overNode = platformTransport !== undefined;
let server: CompressingServer;
let untrust: () => void = () => {};

beforeAll(async () => {
  const tls = withTls ? certificates() : undefined;
  if (tls) untrust = trustInProcess(tls.ca);
  server = await startCompressingServer(tls);
});
afterAll(async () => {
  untrust();
  await server.close();
});
beforeEach(() => {
  server.asked.length = 0;
  server.next = undefined;
});

const logger = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() });
const warehouse = (origin: string, options: object = {}) =>
  new WarehouseClient({ baseUrl: origin, apiKey: API_KEY, warehouseId: WAREHOUSE_ID, maxRetries: 0, ...options });
const messaging = (origin: string, options: object = {}) =>
  new MessagingClient({ baseUrl: origin, botKey: BOT_KEY, maxRetries: 0, ...options });
const dm = { to: { email: 'ana@example.com' }, body: 'Dock 3' };
const zstdDecoded = typeof (zlib as { createZstdDecompress?: unknown }).createZstdDecompress === 'function';
/** What the Node transport asks for; over another runtime's fetch, what that fetch asks for itself. */
const ASKED = overNode ? `gzip, deflate, br${zstdDecoded ? ', zstd' : ''}` : undefined;
/** Node's fetch, as a `fetch` option sends over it: in the `node` project `#transport` is Node's, which adds to it. */
const nodeFetch = { fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init) };

describe.each(['http', 'https'].slice(0, withTls ? 2 : 1))('over %s', (scheme) => {
  const origin = () => (scheme === 'http' ? server.http : server.https);

  it(`asks for compression (${ASKED ?? "the runtime's fetch's own"}) and reads what a gzip-when-asked server (nginx gzip on) sends`, async () => {
    const shipment = await warehouse(origin()).shipments.retrieve(ORDER_ID);
    expect(shipment.shipment_id).toBe(ORDER_ID);
    await messaging(origin()).sendDirectMessage(dm);
    if (ASKED) expect(server.asked).toEqual([ASKED, ASKED]);
    else expect(server.asked).toEqual([expect.stringMatching(/gzip/), expect.stringMatching(/gzip/)]);
  });

  it.runIf(fetchPath?.acceptEncoding)("over Node's fetch (a fetch option) asks for br too, over http as over https", async () => {
    await warehouse(origin(), nodeFetch).shipments.retrieve(ORDER_ID);
    expect(server.asked).toEqual(['gzip, deflate, br']);
  });

  it.each([
    ['gzip'],
    ['x-gzip'],
    ['deflate'],
    ['deflate-raw'],
    ['br'],
    ...(hasZstd && zstdDecoded ? [['zstd']] : []),
    ['deflate', 'gzip'],
    ['gzip', 'br'],
  ])('reads an answer in %s (and then %s), sent unasked too', async (...codings) => {
    server.next = { codings, body: detailWith({ note: 'café ☕', n: 1 }) };
    const client = warehouse(origin(), { headers: { 'accept-encoding': 'identity' } });
    expect((await client.shipments.retrieve(ORDER_ID)).extra).toEqual({ note: 'café ☕', n: 1 });
    expect(server.asked).toEqual(['identity']);
  });

  it("sends the caller's own accept-encoding as given: a client header, and a call's over it", async () => {
    const client = warehouse(origin(), { headers: { 'Accept-Encoding': 'gzip' } });
    await client.shipments.retrieve(ORDER_ID);
    await client.shipments.retrieve(ORDER_ID, { headers: { 'accept-encoding': 'br;q=1, identity;q=0.5' } });
    expect(server.asked).toEqual(['gzip', 'br;q=1, identity;q=0.5']);
  });

  it('reads a compressed error body: the server message in the APIError', async () => {
    server.next = { codings: ['gzip'], status: 404, body: { status: 'failed', message: 'Shipment gone', data: null, errors: null } };
    const error = await warehouse(origin())
      .shipments.retrieve(ORDER_ID)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).message).toBe('Shipment gone');
  });
});

/** The ways a client in this project sends: its own transport or fetch, and in Node, Node's fetch through a `fetch` option. */
const SENDERS: [string, object][] = [
  ['as the client chooses', {}],
  ...(fetchPath?.acceptEncoding ? [["over Node's fetch (a fetch option)", nodeFetch] as [string, object]] : []),
];

describe.each(SENDERS)('an answer that cannot be decoded, %s', (_how, options) => {
  it('in a coding no one knows (xz): a read is a ResponseValidationError naming it', async () => {
    server.next = { codings: ['xz'] };
    const error = await warehouse(server.http, options)
      .shipments.retrieve(ORDER_ID)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toMatch(/\(\(body\): Content-Encoding "xz" is not one opslink decodes\)$/);
  });

  // Another runtime's fetch fails such a body as it fails a lost connection: a GET is then an APIConnectionError.
  it.runIf(overNode || fetchPath?.acceptEncoding)('a corrupt gzip stream: a read is a ResponseValidationError naming it', async () => {
    server.next = { codings: ['gzip'], corrupt: true };
    const error = await warehouse(server.http, options)
      .shipments.retrieve(ORDER_ID)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toMatch(/Content-Encoding "gzip" could not be decoded \(.+\)/);
  });

  it('under an error status: the APIError says so', async () => {
    server.next = { codings: ['xz'], status: 500 };
    const error = await warehouse(server.http, options)
      .shipments.retrieve(ORDER_ID)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as Error).message).toBe('HTTP 500: its body could not be read: Content-Encoding "xz" is not one opslink decodes');
  });

  it.each([['xz'], ['gzip']])('in %s: a write answered 2xx resolves (it took effect), sent once, and says so at warn', async (coding) => {
    const log = logger();
    server.next = { codings: [coding], corrupt: true };
    const client = messaging(server.http, { logger: log, logLevel: 'warn', maxRetries: 2, ...options });
    await expect(client.sendDirectMessage(dm)).resolves.toEqual({});
    expect(server.asked).toHaveLength(1);
    const warned = log.warn.mock.calls.map((c) => String(c[0])).join('\n');
    if (coding === 'xz' || overNode || fetchPath?.acceptEncoding)
      expect(warned).toMatch(
        `201 POST /api/bot/messages took effect, but its body is not as documented ((body): Content-Encoding "${coding}"`,
      );
    else expect(warned).toMatch('201 POST /api/bot/messages took effect');
  });

  it('a coding no one knows, on a body that is JSON anyway (a stray Content-Encoding: utf-8): read, as fetch reads it, and reported', async () => {
    server.next = { codings: ['utf-8'], body: detailWith('plain') };
    const onResponseMismatch = vi.fn();
    const client = warehouse(server.http, { ...options, hooks: { onResponseMismatch } });
    expect((await client.shipments.retrieve(ORDER_ID)).extra).toBe('plain');
    expect(onResponseMismatch.mock.calls[0]?.[0].issues).toEqual([
      { path: [], message: 'Content-Encoding "utf-8" is not one opslink decodes: the body was read as it came (JSON)' },
    ]);
    server.next = { codings: ['utf-8'], body: detailWith('plain') };
    await expect(
      warehouse(server.http, { ...options, strictResponseValidation: true }).shipments.retrieve(ORDER_ID),
    ).rejects.toBeInstanceOf(ResponseValidationError);
  });
});

describe.each(SENDERS)('a compressed body cut off, %s', (_how, options) => {
  it('the stream ends early, the framing complete: an error, never a partial page', async () => {
    const json = Buffer.from(JSON.stringify(detailWith('x'.repeat(5_000))));
    server.next = { codings: ['gzip'], body: detailWith('x'.repeat(5_000)), cut: zlib.gzipSync(json).length - 40 };
    await expect(warehouse(server.http, options).shipments.retrieve(ORDER_ID)).rejects.toBeInstanceOf(ResponseValidationError);
  });

  it('the connection closes mid-body: a read fails as a lost connection', async () => {
    server.next = { codings: ['gzip'], body: detailWith('y'.repeat(20_000)), drop: 100 };
    await expect(warehouse(server.http, options).shipments.retrieve(ORDER_ID)).rejects.toBeInstanceOf(APIConnectionError);
  });
});

describe('no body to decode', () => {
  it('a 204 that names gzip: nothing is decoded, the write resolves', async () => {
    server.next = { codings: ['gzip'], status: 204 };
    const client = warehouse(server.http);
    await expect(client.inbound.update(ORDER_ID, { notes: 'n' })).resolves.toBeDefined();
  });
});
