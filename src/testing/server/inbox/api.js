// @ts-check
/**
 * The page's calls to the `/_mock` API: JSON in, JSON out; an error answer becomes an
 * Error whose message lists the problems the server named.
 */

/**
 * @param {Response} response
 * @returns {Promise<any>}
 */
async function read(response) {
  const body = response.status === 204 ? null : await response.json().catch(() => null);
  if (response.ok) return body;
  const problems = Array.isArray(body?.problems) ? `: ${body.problems.join('; ')}` : '';
  throw new Error(`${body?.error ?? `HTTP ${response.status}`}${problems}`);
}

/**
 * @param {string} path below `/_mock`
 * @returns {Promise<any>}
 */
export async function getJson(path) {
  return read(await fetch(`/_mock${path}`, { headers: { accept: 'application/json' } }));
}

/**
 * @param {'POST' | 'DELETE'} method
 * @param {string} path below `/_mock`
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
export async function sendJson(method, path, body) {
  const init = body === undefined ? { method } : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  return read(await fetch(`/_mock${path}`, init));
}
