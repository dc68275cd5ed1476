/**
 * Length of a string in Unicode code points, the unit the service documents (and JSON
 * Schema's `maxLength`) count "characters" in: an emoji made of a surrogate pair counts once.
 * Use it for a character counter that agrees with the SDK's checks.
 * @example
 * ```ts
 * const draft = 'Shipped 📦';
 * codePointLength(draft); // 9, where draft.length is 10
 * const left = MESSAGING_LIMITS.directMessageBody.max - codePointLength(draft); // 3991
 * ```
 */
export function codePointLength(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low surrogate is one code point written as two units.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length--;
        i++;
      }
    }
  }
  return length;
}
