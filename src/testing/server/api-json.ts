/**
 * JSON in and out for the `/_mock` API: answers, clear 400s, and the reading of a JSON body
 * and of query parameters.
 */
import { isRecord } from '../kit/common.js';

/** Headers on every answer of the page and the `/_mock` API. */
export const PRIVATE_HEADERS: Record<string, string> = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

export function apiJson(status: number, body: unknown): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...PRIVATE_HEADERS },
  });
}

/**
 * An error answer, always `{ error, problems }` (API.md): `error` says what went wrong,
 * `problems` lists each `name: what is wrong` (empty when `error` says it all).
 */
export function apiError(status: number, error: string, problems: string[] = []): Response {
  return apiJson(status, { error, problems });
}

/** The most bytes a `/_mock` request body may hold: its bodies are a few members. */
export const MAX_API_BODY = 64 * 1024;

/** The body as text, or `undefined` once it passes `max` bytes (read no further). */
async function readCapped(request: Request, max: number): Promise<string | undefined> {
  if (Number(request.headers.get('content-length')) > max) return undefined;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    size += part.value.byteLength;
    if (size > max) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(part.value);
  }
  return new TextDecoder().decode(await new Blob(chunks as BlobPart[]).arrayBuffer());
}

/** The JSON object a request carries (`{}` for an empty body), or the 400 to answer. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown> | Response> {
  const text = await readCapped(request, MAX_API_BODY);
  if (text === undefined) return apiError(400, 'The body is too large', [`body: at most ${MAX_API_BODY} bytes`]);
  if (text.trim() === '') return {};
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    const got = type ? `got '${type}'` : 'none given';
    return apiError(400, 'Send the body as JSON with Content-Type: application/json', [`content-type: must be application/json (${got})`]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return apiError(400, 'The body is not valid JSON', [`body: ${(error as Error).message}`]);
  }
  if (isRecord(value)) return value;
  return apiError(400, 'The body must be a JSON object', [
    `body: must be a JSON object, not ${Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`}`,
  ]);
}

/** Problems for every member of `body` not in `allowed`. */
export function unknownMembers(body: Record<string, unknown>, allowed: readonly string[]): string[] {
  return Object.keys(body)
    .filter((name) => !allowed.includes(name))
    .map((name) => `${name}: not a member this endpoint takes (it takes ${allowed.join(', ')})`);
}

/** Reads query parameters by rule, collecting a problem for each bad one (unknown names included). */
export class QueryReader {
  readonly problems: string[] = [];
  readonly #params: URLSearchParams;

  constructor(params: URLSearchParams, known: readonly string[]) {
    this.#params = params;
    for (const name of new Set(params.keys())) {
      if (!known.includes(name)) this.problems.push(`${name}: unknown parameter (known: ${known.join(', ')})`);
    }
  }

  /** An integer in [min, max], or `fallback` when absent. */
  integer(name: string, fallback: number, min: number, max: number): number {
    const text = this.#params.get(name);
    if (text === null) return fallback;
    const value = /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
    if (Number.isInteger(value) && value >= min && value <= max) return value;
    this.problems.push(`${name}: must be an integer from ${min} to ${max} (got '${text}')`);
    return fallback;
  }

  /** One of `allowed`, or `fallback` when absent. */
  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const text = this.#params.get(name);
    if (text === null) return fallback;
    if ((allowed as readonly string[]).includes(text)) return text as T;
    this.problems.push(`${name}: must be one of ${allowed.join(', ')} (got '${text}')`);
    return fallback;
  }

  /** Comma-separated values (or the parameter repeated), each one of `allowed`; `undefined` when absent. */
  list<T extends string>(name: string, allowed: readonly T[]): T[] | undefined {
    const values = this.#params
      .getAll(name)
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter((v) => v !== '');
    if (values.length === 0) return undefined;
    const bad = values.filter((v) => !(allowed as readonly string[]).includes(v));
    if (bad.length > 0) this.problems.push(`${name}: ${bad.map((v) => `'${v}'`).join(', ')} not among ${allowed.join(', ')}`);
    return values.filter((v): v is T => (allowed as readonly string[]).includes(v));
  }

  text(name: string): string | undefined {
    return this.#params.get(name) ?? undefined;
  }
}
