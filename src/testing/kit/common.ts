/**
 * Small pieces both service mocks use: a JSON response, a record check, and the shape of a
 * request check's result.
 */

/**
 * The text each JSON answer of the mocks was made from: the request log reads it there rather
 * than from a clone of the answer's stream (a tee whose every chunk is copied: a tenth of a
 * mock server's CPU under load). Weakly held: gone with the answer.
 */
const answerTexts = new WeakMap<Response, string>();

/** A JSON response. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const text = JSON.stringify(body);
  const response = new Response(text, { status, headers: { 'content-type': 'application/json', ...headers } });
  if (text !== undefined) answerTexts.set(response, text);
  return response;
}

/** The text `response` was made from, when {@link json} made it; else `undefined`. */
export function answerText(response: Response): string | undefined {
  return answerTexts.get(response);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a request check returns: the typed value, or every problem found, each a
 * `path: problem` (or the service's own message) string.
 */
export type Checked<T> = { ok: true; value: T } | { ok: false; errors: string[] };

export function checked<T>(errors: string[], value: () => T): Checked<T> {
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: value() };
}
