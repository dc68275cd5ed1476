/** True when `text` holds a carriage return or a line feed (header injection). */
export function hasLineBreak(text: string): boolean {
  return text.includes('\r') || text.includes('\n');
}

/** `text` cut to `max` characters with an ellipsis, for messages. */
export function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
