/**
 * The one rule for names that hold a credential: header names (the SDK's redactor learns
 * their values, so logs, hooks, channels, spans and `inspect` mask them) and, in the testing
 * kit, query and path parameters, JSON members and multipart fields alike. The name is cut
 * into words at every character that is not a letter or digit and at each camelCase hump
 * (`x-api-key` → x, api, key; `accessToken` → access, token), case ignored. It is a
 * credential's if a word
 * - contains authorization, cookie, token, secret, signature, password, passwd, pwd,
 *   credential, session, jwt or bearer (`Set-Cookie`, `csrftoken`, `client_secret`,
 *   `x-session-id`, `x-jwt`);
 * - is or ends in `auth` (`x-auth`, `oauth`; not `author`), or is `sig`;
 * - is or ends in `key` (`apikey`, `accesskey`, `privatekey`, `passkey`), unless it follows
 *   `sort`, `order`, `group`, `partition`, `primary` or `foreign`, or is one of those joined
 *   to `key`: those name data (`sort_key`, the warehouse's list parameter).
 * So `keyword`, `signal`, `author` and `sort_key` stay readable.
 */
const SECRET_WORD = /authorization|cookie|token|secret|signature|passw(?:or)?d|pwd|credential|session|jwt|bearer|^[a-z\d]*auth$|^sigs?$/;
const KEY_WORD = /^[a-z\d]*keys?$/;
const DATA_WORD = /^(?:sort|order|group|partition|primary|foreign)(?:keys?)?$/;

/** Whether a header, parameter, member or field of this name holds a credential (the rule above). */
export function isSecretName(name: string): boolean {
  const words = name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z\d]+/);
  return words.some(
    (word, i) => SECRET_WORD.test(word) || (KEY_WORD.test(word) && !DATA_WORD.test(word) && !DATA_WORD.test(words[i - 1] ?? '')),
  );
}
