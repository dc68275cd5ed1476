/**
 * A response body as the core hands it on, and how much of it is read: both transports count
 * decoded bytes as they arrive and stop at `maxResponseBytes`, so a small compressed answer
 * that decodes to gigabytes (a bomb) or an endless body costs at most the limit plus one chunk
 * of memory, never the process.
 */

/** A response body's text as the core hands it on: JSON when it parses, else the text; `undefined` when empty. */
export function bodyOfText(text: string): { body: unknown; isJson: boolean } {
  if (text.length === 0) return { body: undefined, isJson: true };
  try {
    // A leading byte-order mark is not part of the JSON (fetch's `text()` drops it; Node's Buffer keeps it).
    return { body: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text), isJson: true };
  } catch {
    return { body: text, isJson: false };
  }
}

/** Why a body was not read whole: it went past the client's `maxResponseBytes`. */
export const tooLarge = (limit: number): string =>
  `the body is longer than maxResponseBytes (${limit} bytes): reading stopped there and the connection was dropped`;

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
