/**
 * A server that compresses as real ones do, over http and https (node:zlib, no mock in
 * between), for the compression tests of both transports. What it answers is set by the test
 * in `next` (or, without one, by the `nginx` rule: gzip when the request asks for it, as
 * nginx's `gzip on` does); it records the `accept-encoding` each request carried.
 * - `codings`: the `Content-Encoding` sent, applied left to right; `deflate-raw` is raw
 *   deflate sent as `deflate` (as IIS does), `xz` and other unknown names leave the bytes as
 *   they are (gzip of the body for `xz`, so they are binary);
 * - `status`, `chunk` (bytes per write, the writes a tick apart), `cut` (send only the first
 *   bytes of the encoded body, the framing complete: `content-length` says so) or `drop`
 *   (claim the whole length, send part, then close the connection), `corrupt` (flip bytes).
 */
import { createServer as createHttp, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttps } from 'node:https';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { SHIPMENT_DETAIL } from './scripted-fetch.js';

export interface Answer {
  codings?: string[];
  status?: number;
  body?: unknown;
  chunk?: number;
  cut?: number;
  drop?: number;
  corrupt?: boolean;
}

export interface CompressingServer {
  http: string;
  https: string;
  /** The `accept-encoding` of each request, in order (`''` when it had none). */
  asked: string[];
  next: Answer | undefined;
  close(): Promise<void>;
}

/** The envelope of a shipment detail with `extra` in it (kept by the client as an unknown member). */
export const detailWith = (extra: unknown) => ({
  status: 'success',
  message: 'ok',
  data: { shipment: { ...SHIPMENT_DETAIL, extra } },
  errors: null,
});

export const hasZstd = typeof (zlib as { zstdCompressSync?: unknown }).zstdCompressSync === 'function';

/** `bytes` encoded with `coding`, as a server sends it. */
export function encode(bytes: Buffer, coding: string): Buffer {
  switch (coding) {
    case 'gzip':
    case 'x-gzip':
      return zlib.gzipSync(bytes);
    case 'deflate':
      return zlib.deflateSync(bytes);
    case 'deflate-raw':
      return zlib.deflateRawSync(bytes);
    case 'br':
      return zlib.brotliCompressSync(bytes);
    case 'zstd':
      return (zlib as unknown as { zstdCompressSync(b: Buffer): Buffer }).zstdCompressSync(bytes);
    case 'xz':
      return zlib.gzipSync(bytes);
    default:
      return bytes;
  }
}

function defaultBody(req: IncomingMessage): unknown {
  return req.method === 'GET' ? detailWith(undefined) : { id: 'm1', chatId: 'c1' };
}

export async function startCompressingServer(tls?: { key: string; cert: string }): Promise<CompressingServer> {
  const state: CompressingServer = { http: '', https: '', asked: [], next: undefined, close: async () => {} };
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    state.asked.push(String(req.headers['accept-encoding'] ?? ''));
    req.resume();
    req.on('end', () => answer(res, state.next ?? nginx(req), req));
  };
  const servers: Server[] = [createHttp(handle)];
  if (tls) servers.push(createHttps(tls, handle));
  const origins = await Promise.all(
    servers.map(async (server) => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `${server === servers[0] ? 'http' : 'https'}://localhost:${(server.address() as AddressInfo).port}`;
    }),
  );
  state.http = origins[0] as string;
  state.https = origins[1] ?? '';
  state.close = async () => {
    for (const server of servers) server.closeAllConnections?.();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  };
  return state;
}

/** nginx's `gzip on`: gzip when the request asks for it, else the JSON as it is. */
function nginx(req: IncomingMessage): Answer {
  return /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) ? { codings: ['gzip'] } : {};
}

function answer(res: ServerResponse, spec: Answer, req: IncomingMessage): void {
  const status = spec.status ?? (req.method === 'POST' ? 201 : 200);
  const json = Buffer.from(JSON.stringify(spec.body ?? defaultBody(req)));
  let bytes = (spec.codings ?? []).reduce(encode, json);
  if (spec.corrupt) {
    bytes = Buffer.from(bytes);
    for (let i = 12; i < bytes.length; i += 29) bytes[i] = (bytes[i] as number) ^ 0xa5;
  }
  const sent = spec.cut === undefined ? bytes : bytes.subarray(0, spec.cut);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'content-length': String(spec.drop ? bytes.length : sent.length),
  };
  const codings = (spec.codings ?? []).map((c) => (c === 'deflate-raw' ? 'deflate' : c));
  if (codings.length) headers['content-encoding'] = codings.join(', ');
  if (status === 204) delete headers['content-length'];
  res.writeHead(status, headers);
  if (spec.drop !== undefined) {
    res.write(sent.subarray(0, spec.drop));
    setTimeout(() => res.socket?.destroy(), 20);
    return;
  }
  void writeInChunks(res, status === 204 ? Buffer.alloc(0) : sent, spec.chunk ?? sent.length);
}

async function writeInChunks(res: ServerResponse, bytes: Buffer, size: number): Promise<void> {
  for (let at = 0; at < bytes.length; at += Math.max(1, size)) {
    res.write(bytes.subarray(at, at + Math.max(1, size)));
    if (at + size < bytes.length) await new Promise((resolve) => setImmediate(resolve));
  }
  res.end();
}
