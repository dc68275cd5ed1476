/**
 * The name a shared gate (`rateLimitStore`) knows a client's service and credential by: a
 * hash, so no credential reaches the store. The store's seam itself is `seams/store.ts`.
 */

/**
 * The names already made, by what they name: a request names its gate by the credential it
 * sends, and hashing it again each time (the platform's digest runs off the thread) cost more
 * than the store's round trip (bench/store.mjs). Kept small: a key rotates rarely.
 */
const named = new Map<string, Promise<string>>();
const NAMES_KEPT = 64;

/** @internal The name of a shared gate: a SHA-256 of what identifies it (service URL, credentials), so no credential reaches the store. */
export function gateScope(parts: string[]): Promise<string> {
  const text = parts.join('\n');
  let id = named.get(text);
  if (!id) {
    if (named.size >= NAMES_KEPT) named.clear();
    id = globalThis.crypto.subtle
      .digest('SHA-256', new TextEncoder().encode(text))
      .then((digest) => Array.from(new Uint8Array(digest).subarray(0, 16), (b) => b.toString(16).padStart(2, '0')).join(''));
    named.set(text, id);
  }
  return id;
}
