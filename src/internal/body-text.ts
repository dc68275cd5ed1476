/**
 * A response body as the core hands it on, and how much of it is read: both transports count
 * decoded bytes as they arrive and stop at `maxResponseBytes`, so a small compressed answer
 * that decodes to gigabytes (a bomb) or an endless body costs at most the limit plus one chunk
 * of memory, never the process.
 */

/**
 * A response body's text as the core hands it on: JSON when it parses, else the text;
 * `undefined` when empty. A long body is first held to {@link unparsable}: parsed, it could
 * take far more memory than its bytes (then `unreadable` says why, and there is no body).
 */
export function bodyOfText(text: string): { body: unknown; isJson: boolean; unreadable?: string } {
  if (text.length === 0) return { body: undefined, isJson: true };
  const unreadable = text.length > SCAN_FROM ? unparsable(text) : undefined;
  if (unreadable) return { body: undefined, isJson: true, unreadable };
  try {
    // A leading byte-order mark is not part of the JSON (fetch's `text()` drops it; Node's Buffer keeps it).
    return { body: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text), isJson: true };
  } catch {
    return { body: text, isJson: false };
  }
}

/** Bodies up to this many characters are parsed as they are: whatever their shape, they parse into a few MB at most. */
const SCAN_FROM = 1 << 16;
/** Nesting no service document has: a body deeper than this is refused before it is parsed. */
export const MAX_DEPTH = 1_000;
/** Characters of a body per array or object, at least: a real answer has far more (a page of orders or shipments: 45–150). */
const CHARACTERS_PER_CONTAINER = 16;

/**
 * Why a long body is not parsed, when its shape would make the parse cost far more memory than
 * its bytes: nested deeper than {@link MAX_DEPTH} (59 MiB of `[` and `]` parse into 3 GiB of
 * arrays), or more arrays and objects than one per {@link CHARACTERS_PER_CONTAINER}
 * characters; `undefined` when it may be parsed. One pass over the text, strings skipped.
 */
export function unparsable(text: string): string | undefined {
  let depth = 0;
  let deepest = 0;
  let containers = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: to its closing quote, escapes skipped.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      containers++;
      if (++depth > deepest) deepest = depth;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  if (deepest > MAX_DEPTH)
    return `the body nests ${deepest.toLocaleString('en-US')} levels deep (more than ${MAX_DEPTH}): it is not parsed`;
  if (containers * CHARACTERS_PER_CONTAINER > text.length)
    return `the body holds ${containers.toLocaleString('en-US')} arrays and objects in ${text.length.toLocaleString('en-US')} characters: it is not parsed`;
  return undefined;
}

/**
 * How much of an error status's body is read, at most (`maxResponseBytes` when lower): what an
 * `APIError` keeps and shows of it. An error's words fit in far less, and a body past that under
 * an error status is not worth holding, or reading, whatever the client's limit for answers.
 */
export const ERROR_BODY_BYTES = 1 << 20;

/** The bytes of a body read at most: `maxResponseBytes`, and for an error status {@link ERROR_BODY_BYTES} when lower. */
export const readLimit = (maxBytes: number, ok: boolean): number => (ok ? maxBytes : Math.min(maxBytes, ERROR_BODY_BYTES));

/** Why a body was not read whole: it went past the client's `maxResponseBytes` (or, under an error status, 1 MiB). */
export const tooLarge = (limit: number, maxBytes = limit): string =>
  limit < maxBytes
    ? `the body is longer than ${limit} bytes, all an error status's body is read to: reading stopped there and the connection was dropped`
    : `the body is longer than maxResponseBytes (${limit} bytes): reading stopped there and the connection was dropped`;

/** Why a body read whole could not be made text (longer than the runtime's longest string, with `maxResponseBytes: Infinity`). */
export const notText = (error: unknown): string =>
  `the body could not be read as text (${error instanceof Error ? error.message : String(error)})`;

/** A body read up to a limit: its text (to the limit when `cut`, and only if asked for), or why it is not text. */
export type BoundedText = { text: string; cut: boolean } | { failed: string };

/**
 * Reads a fetch `Response`'s body as UTF-8 text (as `text()` does), at most `limit` bytes of
 * it: past that the stream is cancelled, which lets the connection go, and the text holds
 * the first `limit` bytes when `keepCut` (else none: a cut body nobody reads costs no copy).
 * `signal` cancels it too (a custom fetch may not tie its body to it).
 */
export async function readBounded(response: Response, limit: number, signal: AbortSignal, keepCut: boolean): Promise<BoundedText> {
  const reader = response.body?.getReader();
  if (!reader) return { text: '', cut: false };
  const cancel = () => reader.cancel().catch(() => {});
  signal.addEventListener('abort', cancel);
  const chunks: Uint8Array[] = [];
  let size = 0;
  let cut = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (size + value.byteLength > limit) {
        chunks.push(value.subarray(0, limit - size));
        size = limit;
        cut = true;
        cancel();
        break;
      }
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    signal.removeEventListener('abort', cancel);
  }
  if (cut && !keepCut) return { text: '', cut };
  try {
    return { text: textOf(chunks), cut };
  } catch (error) {
    return { failed: notText(error) };
  }
}

const NONE = new Uint8Array(0);

/**
 * The UTF-8 text of `chunks`, each let go once decoded: a long body is held once, as bytes
 * then as text, never as its bytes, a joined copy of them and its text at the same time.
 */
export function textOf(chunks: Uint8Array[]): string {
  const decoder = new TextDecoder();
  if (chunks.length === 1) return decoder.decode(chunks[0]);
  let text = '';
  for (let i = 0; i < chunks.length; i++) {
    text += decoder.decode(chunks[i], { stream: true });
    chunks[i] = NONE;
  }
  return text + decoder.decode();
}
