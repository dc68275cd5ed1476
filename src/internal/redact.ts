/**
 * The one place secrets are scrubbed. Every message, log line, stack, event and error body
 * that opslink produces passes through a Redactor that knows the client's keys and tokens.
 *
 * A secret that cannot be a word (8 characters or more, not letters only: every real key) is
 * replaced wherever it stands, whatever its neighbours: a service that echoes a header
 * URL-encoded (`ApiKey%20<key>`), a URL (`%2F<token>`) or glues it to other text (`id7<key>`)
 * still has it masked.
 *
 * A shorter secret is replaced where it stands as a whole token: not where its letters merely
 * sit inside a longer word. A one-letter key must not turn "Invalid API key" into
 * "Invalid API [redacted]ey"; a key inside a URL path, a header or a JSON string is still
 * bounded by `/`, a space or a quote, and is replaced.
 *
 * A secret that is itself a word (letters only, shorter than a real key: a placeholder such
 * as `wrong`, `test`, `key`) is replaced only where it stands as a credential: the whole
 * text, after an auth scheme (`Bearer wrong`), in a URL or parameter (`/wrong/`, `=wrong`,
 * `key:wrong`) or as a whole quoted string. In prose it is a word of the server's text
 * ("Missing, wrong or revoked API key") and is left alone: a secret one can read in a
 * dictionary hides nothing, and a message mangled by it explains nothing.
 */
export const REDACTED = '[redacted]';

const WORD = /[A-Za-z0-9]/;
/** Letters only, and shorter than any key a service issues (those are 20+ random characters). */
const WORD_LIKE = /^\p{L}{1,15}$/u;
/** From this length, a secret that is not word-like is a key, never a word: masked wherever it stands. */
const KEY_LENGTH = 8;
/** What a credential follows: an auth scheme and a space. */
const AUTH_SCHEME = /\b(?:bearer|basic|apikey|token|bot)\s+$/i;

/** Whether the occurrence of `secret` at `at` in `text` runs into a longer word on either side. */
function insideWord(text: string, at: number, secret: string): boolean {
  const before = text[at - 1];
  const after = text[at + secret.length];
  return (
    (before !== undefined && WORD.test(before) && WORD.test(secret[0] as string)) ||
    (after !== undefined && WORD.test(after) && WORD.test(secret[secret.length - 1] as string))
  );
}

/** Whether the occurrence of `secret` at `at` stands where a credential does, not as a word of prose. */
function asCredential(text: string, at: number, secret: string): boolean {
  const before = text[at - 1];
  const after = text[at + secret.length];
  if (before === undefined && after === undefined) return true;
  if ((before === '"' || before === "'") && after === before) return true;
  if (before === '/' || before === '=' || before === ':') return true;
  return AUTH_SCHEME.test(text.slice(Math.max(0, at - 16), at));
}

function replaceWhole(text: string, secret: string): string {
  const wordLike = WORD_LIKE.test(secret);
  const anywhere = !wordLike && secret.length >= KEY_LENGTH;
  let out = '';
  let from = 0;
  for (let at = text.indexOf(secret); at >= 0; at = text.indexOf(secret, at + 1)) {
    if (at < from || (!anywhere && insideWord(text, at, secret))) continue;
    if (wordLike && !asCredential(text, at, secret)) continue;
    out += text.slice(from, at) + REDACTED;
    from = at + secret.length;
  }
  return from === 0 ? text : out + text.slice(from);
}

export class Redactor {
  readonly #secrets: string[];

  constructor(secrets: readonly (string | undefined)[]) {
    const all = new Set<string>();
    for (const secret of secrets) {
      if (!secret) continue;
      all.add(secret);
      // A secret placed in a URL path or query appears percent-encoded (a lone surrogate
      // cannot be encoded, and then cannot be in a URL either).
      try {
        all.add(encodeURIComponent(secret));
      } catch {}
    }
    // Longest first, so a secret containing another is replaced whole.
    this.#secrets = [...all].sort((a, b) => b.length - a.length);
  }

  /** A new Redactor that also scrubs `more`; this one when there is nothing new. */
  with(more: readonly (string | undefined)[]): Redactor {
    return more.every((s) => !s || this.#secrets.includes(s)) ? this : new Redactor([...this.#secrets, ...more]);
  }

  text(value: string): string {
    let out = value;
    for (const secret of this.#secrets) if (out.includes(secret)) out = replaceWhole(out, secret);
    return out;
  }

  /** Deep copy of a parsed JSON value with every string scrubbed. */
  value<T>(value: T): T {
    if (this.#secrets.length === 0) return value;
    return this.#walk(value, 0) as T;
  }

  #walk(value: unknown, depth: number): unknown {
    if (typeof value === 'string') return this.text(value);
    if (value === null || typeof value !== 'object') return value;
    // Deeper than any real body: cut rather than hand back a part that was not scrubbed.
    if (depth > 64) return '[truncated]';
    if (Array.isArray(value)) return value.map((item) => this.#walk(item, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[this.text(key)] = this.#walk(item, depth + 1);
    return out;
  }
}
