/** A response body's text as the core hands it on: JSON when it parses, else the text; `undefined` when empty. */
export function bodyOfText(text: string): { body: unknown; isJson: boolean } {
  if (text.length === 0) return { body: undefined, isJson: true };
  try {
    return { body: JSON.parse(text), isJson: true };
  } catch {
    return { body: text, isJson: false };
  }
}
