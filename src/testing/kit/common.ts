/**
 * Small pieces both service mocks use: a JSON response, a record check, and the shape of a
 * request check's result.
 */

/** A JSON response. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
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
