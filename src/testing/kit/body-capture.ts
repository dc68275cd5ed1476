/**
 * What the request log keeps of a request or response body: parsed JSON, the start of a
 * text, a multipart body as its fields (files by name, type and size, a CSV's first lines),
 * or only the size of anything else. Reads a stream (a clone's branch) to its end, keeping
 * at most `limit` bytes.
 */
import { dispositionOf, MultipartScan, type ScannedPart } from './multipart-scan.js';

/**
 * A body as the request log keeps it. `bytes` is the body's whole size, read to the end.
 * @example
 * ```ts
 * const body: LoggedBody = mock.requests.last()!.request.body;
 * if (body.kind === 'json') console.log(body.value);
 * if (body.kind === 'multipart') console.log(body.parts.map((p) => p.file?.name ?? p.name));
 * ```
 */
export type LoggedBody =
  | { kind: 'none' }
  /** Not read yet (a body the mock did not read is read after the answer went out). */
  | { kind: 'pending' }
  | { kind: 'json'; bytes: number; value: unknown }
  | { kind: 'text'; bytes: number; contentType: string; text: string; truncated: boolean }
  | { kind: 'multipart'; bytes: number; parts: LoggedPart[]; complete: boolean }
  | { kind: 'binary'; bytes: number; contentType: string };

/**
 * One field of a multipart body: a text field's value (its first 1,000 characters), or a
 * file's name, type, size and, for a CSV or text file, its first lines.
 * @example
 * ```ts
 * const part: LoggedPart = { name: 'file', file: { name: 'orders.csv', type: 'text/csv', size: 48_213, firstLines: ['date,retailer,…'] } };
 * ```
 */
export interface LoggedPart {
  name: string;
  value?: string;
  file?: { name: string; type: string; size: number; firstLines?: string[] };
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();
const FIELD_CHARS = 1000;
const FILE_LINES = 5;
const LINE_CHARS = 300;

async function readAll(stream: ReadableStream<Uint8Array>, onChunk: (chunk: Uint8Array) => void): Promise<number> {
  let bytes = 0;
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return bytes;
      bytes += value.byteLength;
      onChunk(value);
    }
  } catch {
    // The stream failed (the client went away): keep what was read.
    return bytes;
  } finally {
    reader.releaseLock();
  }
}

function loggedPart(part: ScannedPart): LoggedPart {
  const { name, filename } = dispositionOf(part.headers['content-disposition']);
  const text = decoder.decode(part.preview);
  if (filename === undefined) return { name, value: text.slice(0, FIELD_CHARS) };
  const type = part.headers['content-type'] ?? 'application/octet-stream';
  const file: NonNullable<LoggedPart['file']> = { name: filename, type, size: part.size };
  if (/^text\/|csv/i.test(type) || /\.(csv|txt)$/i.test(filename)) {
    const lines = text.split(/\r\n|\n|\r/);
    // The last line of a cut preview may be cut too; a whole file's lines are all whole.
    const whole = part.size > part.preview.length ? lines.slice(0, -1) : lines;
    file.firstLines = whole.slice(0, FILE_LINES).map((line) => line.slice(0, LINE_CHARS));
  }
  return { name, file };
}

async function captureMultipart(stream: ReadableStream<Uint8Array>, boundary: string): Promise<LoggedBody> {
  const scan = new MultipartScan(boundary);
  const bytes = await readAll(stream, (chunk) => scan.feed(chunk));
  scan.finish();
  return { kind: 'multipart', bytes, parts: scan.parts.map(loggedPart), complete: scan.complete };
}

async function captureText(stream: ReadableStream<Uint8Array>, contentType: string, limit: number): Promise<LoggedBody> {
  const kept: Uint8Array[] = [];
  let keptBytes = 0;
  const bytes = await readAll(stream, (chunk) => {
    if (keptBytes >= limit) return;
    kept.push(chunk.subarray(0, limit - keptBytes));
    keptBytes += Math.min(chunk.byteLength, limit - keptBytes);
  });
  return keptText(bytes, concatAll(kept, keptBytes), contentType);
}

/** A text body of `bytes` in all, of which `kept` (at most the limit) is shown: parsed when it is whole JSON. */
function keptText(bytes: number, kept: Uint8Array, contentType: string): LoggedBody {
  if (bytes === 0) return { kind: 'none' };
  const text = decoder.decode(kept);
  const truncated = bytes > kept.byteLength;
  if (!truncated && /\bjson\b/i.test(contentType)) {
    try {
      return { kind: 'json', bytes, value: JSON.parse(text) };
    } catch {
      // Not JSON after all: shown as the text it is.
    }
  }
  return { kind: 'text', bytes, contentType, text, truncated };
}

function concatAll(chunks: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

const MULTIPART = /^multipart\/form-data\b.*;\s*boundary="?([^";]+)"?/i;
const isText = (contentType: string) => contentType === '' || /^text\/|json|xml|x-www-form-urlencoded|csv/i.test(contentType);

/** Reads `stream` to its end and keeps what the log shows of it. */
export async function captureBody(stream: ReadableStream<Uint8Array> | null, contentType: string, limit: number): Promise<LoggedBody> {
  if (!stream) return { kind: 'none' };
  const boundary = MULTIPART.exec(contentType)?.[1];
  if (boundary) return captureMultipart(stream, boundary);
  if (isText(contentType)) return captureText(stream, contentType, limit);
  return { kind: 'binary', bytes: await readAll(stream, () => {}), contentType };
}

/**
 * What {@link captureBody} keeps of a text body known as the string it was made from (a mock's
 * own JSON answer), without a clone of its stream to read: the same entry. `undefined` for a
 * type the log does not keep as text (a multipart or binary body is read as a stream).
 */
export function captureKnownText(text: string, contentType: string, limit: number): LoggedBody | undefined {
  if (MULTIPART.test(contentType) || !isText(contentType)) return undefined;
  const encoded = encoder.encode(text);
  return keptText(encoded.byteLength, encoded.subarray(0, limit), contentType);
}
