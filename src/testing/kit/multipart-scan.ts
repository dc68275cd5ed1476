/**
 * A streaming summary of a multipart/form-data body for the request log: each part's name,
 * file name, type and size, and the first bytes of its content, in memory bounded by those
 * first bytes, whatever the size of the upload (a 200 MB CSV is counted, not kept).
 */

/** A part as the scan saw it: its headers, its size, and up to `PREVIEW_BYTES` of content. */
export interface ScannedPart {
  headers: Record<string, string>;
  size: number;
  preview: Uint8Array;
}

const PREVIEW_BYTES = 4096;
const MAX_HEADER_BYTES = 16 * 1024;
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const HEADER_END = encoder.encode('\r\n\r\n');

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0]!;
  for (let i = haystack.indexOf(first, from); i !== -1 && i <= haystack.length - needle.length; i = haystack.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && haystack[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function parseHeaders(block: Uint8Array): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of decoder.decode(block).split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/**
 * Scans a multipart body chunk by chunk. `feed` each chunk, then `finish()`; `complete` tells
 * whether the closing delimiter was seen (a cut or malformed body still yields its parts).
 */
export class MultipartScan {
  readonly parts: ScannedPart[] = [];
  complete = false;
  readonly #delimiter: Uint8Array;
  /** Bytes not yet scanned are `#buffer` from `#at` on: steps move `#at`, so a body that comes in one chunk is scanned in one pass. */
  #buffer: Uint8Array;
  #at = 0;
  #state: 'body' | 'after-delimiter' | 'headers' | 'done' = 'body';
  #current: ScannedPart | undefined;

  constructor(boundary: string) {
    this.#delimiter = encoder.encode(`\r\n--${boundary}`);
    // The first delimiter has no line break before it: start as if one had been read.
    this.#buffer = encoder.encode('\r\n');
  }

  feed(chunk: Uint8Array): void {
    if (this.#state === 'done') return;
    this.#buffer = concat(this.#buffer.subarray(this.#at), chunk);
    this.#at = 0;
    while (this.#step());
  }

  /** Steps the state machine once; `false` when it needs more bytes. */
  #step(): boolean {
    const buffer = this.#buffer;
    const from = this.#at;
    if (this.#state === 'body') {
      const at = indexOfBytes(buffer, this.#delimiter, from);
      // Keep a tail that might be the start of a delimiter cut by the chunk boundary.
      const usable = at >= 0 ? at : Math.max(from, buffer.length - this.#delimiter.length + 1);
      this.#account(buffer.subarray(from, usable));
      this.#at = usable + (at >= 0 ? this.#delimiter.length : 0);
      if (at < 0) return false;
      this.#state = 'after-delimiter';
      return true;
    }
    if (this.#state === 'after-delimiter') {
      if (buffer.length - from < 2) return false;
      const closing = buffer[from] === 0x2d && buffer[from + 1] === 0x2d;
      this.#state = closing ? 'done' : 'headers';
      this.complete = closing;
      this.#at = from + 2;
      return !closing;
    }
    if (this.#state !== 'headers') return false;
    const end = indexOfBytes(buffer, HEADER_END, from);
    if (end < 0) {
      if (buffer.length - from > MAX_HEADER_BYTES) this.#state = 'done';
      return false;
    }
    this.#current = { headers: parseHeaders(buffer.subarray(from, end)), size: 0, preview: new Uint8Array(0) };
    this.parts.push(this.#current);
    this.#at = end + 4;
    this.#state = 'body';
    return true;
  }

  #account(bytes: Uint8Array): void {
    const part = this.#current;
    if (!part || bytes.length === 0) return;
    part.size += bytes.length;
    if (part.preview.length < PREVIEW_BYTES) part.preview = concat(part.preview, bytes.slice(0, PREVIEW_BYTES - part.preview.length));
  }

  /** Counts what is left of the last part when the body ends without its closing delimiter. */
  finish(): void {
    if (this.#state === 'body') this.#account(this.#buffer.subarray(this.#at));
    this.#buffer = new Uint8Array(0);
    this.#at = 0;
    this.#state = 'done';
  }
}

/**
 * The `name` and `filename` parameters of a Content-Disposition header. Browsers and undici
 * write `"`, CR and LF in them as `%22`, `%0D` and `%0A` (the HTML form encoding): undone here.
 */
export function dispositionOf(header: string | undefined): { name: string; filename?: string } {
  const param = (key: string) => {
    const raw = new RegExp(`(?:^|;)\\s*${key}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(header ?? '')?.[1];
    return raw?.replace(/\\(.)/g, '$1').replace(/%22/g, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n');
  };
  const filename = param('filename');
  return filename === undefined ? { name: param('name') ?? '' } : { name: param('name') ?? '', filename };
}
