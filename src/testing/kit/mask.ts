/**
 * Masking for everything the kit shows of a request (the request log, the `/_mock` API, the
 * inbox page): credential headers, secret-named members and parameters, and any known key
 * or token wherever it appears. A masked value keeps no character of the secret.
 */
import { isSecretName } from '../../internal/secret-names.js';
import { isRecord } from './common.js';

/** What a secret is replaced with. */
export const MASK = '••••';

/**
 * Replaces every occurrence of a known secret in `text`. Secrets shorter than 6 characters
 * are ignored: masking them would mangle ordinary text without protecting anything real.
 */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 6 && out.includes(secret)) out = out.split(secret).join(MASK);
  return out;
}

/** An `Authorization`-style value: its scheme kept (`Bearer ••••`), the credential masked. */
function maskCredential(value: string): string {
  const scheme = /^([A-Za-z][\w-]*)\s+\S/.exec(value.trim());
  return scheme ? `${scheme[1]} ${MASK}` : MASK;
}

/** The headers as a plain record, credential values masked and known secrets scrubbed. */
export function maskHeaders(headers: Headers, secrets: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = isSecretName(name) ? maskCredential(value) : scrub(value, secrets);
  });
  return out;
}

/** A JSON value with secret-named members masked and known secrets scrubbed from every string. */
export function maskJson(value: unknown, secrets: readonly string[], depth = 0): unknown {
  if (typeof value === 'string') return scrub(value, secrets);
  if (depth > 64 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => maskJson(item, secrets, depth + 1));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(value)) {
    out[name] = isSecretName(name) && typeof member === 'string' ? MASK : maskJson(member, secrets, depth + 1);
  }
  return out;
}

/** A path and query: secret-named path parameters and query parameters masked, known secrets scrubbed. */
export function maskPath(url: URL, prefix: string, template: string | undefined, secrets: readonly string[]): string {
  let path = url.pathname;
  if (template) {
    const names = template.split('/');
    const parts = path.slice(prefix.length).split('/');
    path = prefix + parts.map((part, i) => (names[i]?.startsWith(':') && isSecretName(names[i]!.slice(1)) ? MASK : part)).join('/');
  }
  const query = new URLSearchParams(url.search);
  for (const name of new Set(query.keys())) if (isSecretName(name)) query.set(name, MASK);
  const search = query.toString();
  return scrub(search ? `${path}?${search}` : path, secrets);
}
