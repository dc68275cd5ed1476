/**
 * What a page sent, read as its operation takes it: nothing but the path and query for a read,
 * a JSON body or a multipart form for a write, of the content type the client sends (so a
 * cross-site form cannot pass for the page's client, and a JSON request from another origin
 * needs a CORS preflight). A body is read up to the byte limit, counted as it arrives, so one
 * over it, announced or not (chunked), is refused with 413 before it is whole; one still
 * arriving when the time limit passes (a trickle) with 408; and nothing is sent on until the
 * whole body has been read and checked. A body someone else read first (a body parser mounted
 * before the proxy) is the server's mistake, not the page's: it is thrown as
 * `BodyAlreadyReadError`, for the handler to log and answer 500.
 */
import type { OperationDef, Sent } from './operations.js';

/** A reason to refuse a request before its input is checked. */
export interface Unreadable {
  status: 400 | 408 | 413 | 415;
  message: string;
}

/**
 * The body was read before the proxy could read it: by the app's own code or a middleware
 * before the proxy (express.json(), Fastify's parsers, koa-bodyparser, Hono's `c.req.json()`).
 * `evidence` says how it shows, in words for the server's log. Told apart by `name`, so a
 * listener and a handler of two copies of opslink (ESM beside CommonJS) read it alike.
 */
export class BodyAlreadyReadError extends Error {
  override readonly name = 'BodyAlreadyReadError';
  /** How the earlier read shows, for the server's log. */
  readonly evidence: string;
  constructor(evidence: string) {
    super(`The request body was already read before the proxy: ${evidence}`);
    this.evidence = evidence;
  }
}

export const isBodyAlreadyRead = (error: unknown): error is BodyAlreadyReadError =>
  (error as { name?: unknown } | null)?.name === 'BodyAlreadyReadError' && typeof (error as { evidence?: unknown }).evidence === 'string';

/** What the limits were: the byte limit, and how long the whole body may take to arrive (ms; Infinity: no limit). */
export interface BodyLimits {
  maxBytes: number;
  timeout: number;
}

const TOO_LARGE = Symbol('too large');
const TOO_SLOW = Symbol('too slow');

const mediaType = (value: string | null) => (value ?? '').split(';', 1)[0]!.trim().toLowerCase();

/**
 * The body's bytes; `TOO_LARGE` once they pass `maxBytes`, `TOO_SLOW` when they are not all
 * there within `timeout` (in either case the rest is left unread, the stream cancelled).
 */
async function readLimited(request: Request, { maxBytes, timeout }: BodyLimits): Promise<Uint8Array | typeof TOO_LARGE | typeof TOO_SLOW> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  const body = request.body;
  if (request.bodyUsed)
    throw new BodyAlreadyReadError(
      "the Request's body had been used (read by a route or middleware: Hono's c.req.json(), Next.js's request.json())",
    );
  if (declared > maxBytes) {
    body?.cancel().catch(() => {});
    return TOO_LARGE;
  }
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  let late = false;
  // A read still waiting when the time is up ends as the stream's end: the loop below then says why.
  const timer = Number.isFinite(timeout)
    ? setTimeout(() => {
        late = true;
        reader.cancel().catch(() => {});
      }, timeout)
    : undefined;
  try {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (late) return TOO_SLOW;
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        reader.cancel().catch(() => {});
        return TOO_LARGE;
      }
      chunks.push(value);
    }
    return concat(chunks, size);
  } finally {
    clearTimeout(timer);
  }
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The body as JSON (UTF-8, as the client writes it), or why not. */
function readJson(bytes: Uint8Array): { json: unknown } | Unreadable {
  try {
    return { json: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) };
  } catch {
    return { status: 400, message: 'The body is not valid JSON' };
  }
}

/** The body as a multipart form, parsed by the platform (`Request.formData()`), or why not. */
async function readForm(bytes: Uint8Array, contentType: string): Promise<{ form: FormData } | Unreadable> {
  try {
    return { form: await new Response(bytes as BlobPart, { headers: { 'content-type': contentType } }).formData() };
  } catch {
    return { status: 400, message: 'The body is not a valid multipart/form-data form' };
  }
}

/** What the page sent for `operation`, read within `limits`; or why it cannot be read. Throws `BodyAlreadyReadError`. */
export async function readSent(
  request: Request,
  operation: Pick<OperationDef, 'body'>,
  limits: BodyLimits,
  where: Pick<Sent, 'query' | 'id'>,
): Promise<Sent | Unreadable> {
  // A read takes no body: one sent anyway is never read, so it costs nothing and says nothing.
  if (operation.body === 'none') return { ...where };
  const expected = operation.body === 'json' ? 'application/json' : 'multipart/form-data';
  const contentType = request.headers.get('content-type') ?? '';
  if (mediaType(contentType) !== expected) return { status: 415, message: `Content-Type must be ${expected}` };
  const bytes = await readLimited(request, limits);
  if (bytes === TOO_LARGE) return { status: 413, message: `The body is larger than the ${limits.maxBytes} bytes the proxy takes` };
  if (bytes === TOO_SLOW)
    return { status: 408, message: `The body was not fully received within ${limits.timeout} ms: nothing was sent on` };
  const read = operation.body === 'json' ? readJson(bytes) : await readForm(bytes, contentType);
  return 'status' in read ? read : { ...where, ...read };
}
