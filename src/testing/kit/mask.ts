/**
 * Masking for everything the kit shows of a request (the request log, the `/_mock` API, the
 * inbox page): credential headers, secret-named members and parameters, and any known key
 * or token wherever it appears. A masked value keeps no character of the secret.
 */
import { isRecord } from './common.js';

/** What a secret is replaced with. */
export const MASK = '••••';

/**
 * The one rule for names that hold a credential, for header names, query and path
 * parameters, JSON members and multipart fields alike. The name is cut into words at every
 * character that is not a letter or digit and at each camelCase hump (`x-api-key` → x, api,
 * key; `accessToken` → access, token), case ignored. It is a credential's if a word
 * - contains authorization, cookie, token, secret, signature, password, passwd, credential
 *   or session (`Set-Cookie`, `csrftoken`, `client_secret`);
 * - is or ends in `auth` (`x-auth`, `oauth`; not `author`), or is `sig`;
 * - is `key` (or `apikey`, `accesskey`, `privatekey`, `secretkey`, `botkey`, `channelkey`,
 *   `clientkey`, `passkey`), unless it follows `sort`, `order`, `group`, `partition`,
 *   `primary` or `foreign`: those name data (`sort_key`, the warehouse's list parameter).
 * So `keyword`, `signal`, `author` and `sort_key` stay readable.
 */
const SECRET_IN_WORD = /authorization|cookie|token|secret|signature|passw(?:or)?d|credential|session/;
const SECRET_WORD = /^(?:[a-z\d]*auth|sigs?)$/;
const KEY_WORD = /^(?:api|access|private|secret|bot|channel|client|pass)?keys?$/;
const DATA_KEY = new Set(['sort', 'order', 'group', 'partition', 'primary', 'foreign']);

function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z\d]+/)
    .filter(Boolean);
}

/** Whether a header, parameter, member or field of this name holds a credential (the rule above). */
export function isSecretName(name: string): boolean {
  const words = wordsOf(name);
  return words.some(
    (word, i) => SECRET_IN_WORD.test(word) || SECRET_WORD.test(word) || (KEY_WORD.test(word) && !DATA_KEY.has(words[i - 1] ?? '')),
  );
}

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
