/**
 * The one place secrets are scrubbed. Every message, log line, stack and error body that
 * opslink produces passes through a Redactor that knows the client's keys and tokens.
 */
export const REDACTED = '[redacted]';

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
    this.#secrets = [...all].filter((s) => s.length > 0).sort((a, b) => b.length - a.length);
  }

  /** A new Redactor that also scrubs `more`. */
  with(more: readonly (string | undefined)[]): Redactor {
    return new Redactor([...this.#secrets, ...more]);
  }

  text(value: string): string {
    let out = value;
    for (const secret of this.#secrets) {
      if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    }
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
