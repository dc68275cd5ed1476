/**
 * What a page sent, read as its operation takes it: nothing but the path and query for a read,
 * a JSON body or a multipart form for a write, of the content type the client sends (so a
 * cross-site form cannot pass for the page's client, and a JSON request from another origin
 * needs a CORS preflight). A body is read up to the byte limit, counted as it arrives, so one
 * over it, announced or not (chunked), is refused with 413 before it is whole, and nothing
 * is sent on until the whole body has been read and checked.
 */
import type { OperationDef, Sent } from './operations.js';

/** A reason to refuse a request before its input is checked. */
export interface Unreadable {
  status: 400 | 413 | 415;
  message: string;
}

const mediaType = (value: string | null) => (value ?? '').split(';', 1)[0]!.trim().toLowerCase();

/** The body's bytes, or `undefined` once they pass `limit` (the rest is left unread, the stream cancelled). */
async function readLimited(request: Request, limit: number): Promise<Uint8Array | undefined> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  const body = request.body;
  if (declared > limit) {
    body?.cancel().catch(() => {});
    return undefined;
  }
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
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

/** What the page sent for `operation`, read within `limit` bytes; or why it cannot be read. */
export async function readSent(
  request: Request,
  operation: Pick<OperationDef, 'body'>,
  limit: number,
  where: Pick<Sent, 'query' | 'id'>,
): Promise<Sent | Unreadable> {
  // A read takes no body: one sent anyway is never read, so it costs nothing and says nothing.
  if (operation.body === 'none') return { ...where };
  const expected = operation.body === 'json' ? 'application/json' : 'multipart/form-data';
  const contentType = request.headers.get('content-type') ?? '';
  if (mediaType(contentType) !== expected) return { status: 415, message: `Content-Type must be ${expected}` };
  const bytes = await readLimited(request, limit);
  if (bytes === undefined) return { status: 413, message: `The body is larger than the ${limit} bytes the proxy takes` };
  const read = operation.body === 'json' ? readJson(bytes) : await readForm(bytes, contentType);
  return 'status' in read ? read : { ...where, ...read };
}
