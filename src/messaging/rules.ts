/**
 * The messaging schemas' own tests and rules between members, as plain functions without
 * zod: the schemas run them in their checks (`schemas.ts`), and the fast checks generated
 * from those schemas (`fast-checks.generated.ts`) call the same functions.
 */
import type { Problem } from '../core/checks.js';
import { codePointLength } from '../core/text.js';
import { isIsoDateTime, isValidDate } from '../internal/dates.js';
import { CHAT_PLATFORM_EMBED_LIMITS } from './limits.js';

/** Which embed limits a channel message is held to: the messaging document's, or the chat platform's as well. */
export type EmbedProfile = 'documented' | 'chat-platform';

/**
 * ISO 8601 text of a real date and time as standard date parsers read it (no leap second,
 * decimal comma or zone of hours only: `isIsoDateTime(…, 'sent')`), or a valid `Date`, which
 * `JSON.stringify` sends as ISO 8601 text. Years past 9999 are refused: they print as
 * +010000-…, which no ISO reader takes.
 */
export function isSentTimestamp(value: unknown): boolean {
  return typeof value === 'string' ? isIsoDateTime(value, 'sent') : isValidDate(value);
}

/** The members of an embed that the chat platform counts towards its 6000 total. */
interface EmbedText {
  title?: string | undefined;
  description?: string | undefined;
  author?: { name?: string | undefined } | undefined;
  footer?: { text?: string | undefined } | undefined;
  fields?: { name: string; value: string }[] | undefined;
}

/** Characters of an embed that the chat platform counts towards its 6000 total. */
function embedTextLength(embed: EmbedText): number {
  const parts = [embed.title, embed.description, embed.author?.name, embed.footer?.text];
  for (const field of embed.fields ?? []) parts.push(field.name, field.value);
  return parts.reduce((sum, part) => sum + (part ? codePointLength(part) : 0), 0);
}

/**
 * What a channel message breaks between its members: "at least one of content or embeds must
 * be present" (an empty string or list is not), and under the chat platform's profile the
 * 6000 characters of embed text in all.
 */
export function channelMessageProblems(
  message: { content?: string | undefined; embeds?: EmbedText[] | undefined },
  profile: EmbedProfile,
): Problem[] {
  const problems: Problem[] = [];
  if (!message.content && !message.embeds?.length) problems.push({ path: [], message: 'needs content or at least one embed' });
  const total = CHAT_PLATFORM_EMBED_LIMITS.embedTotalText.max;
  const sum = profile === 'chat-platform' ? (message.embeds ?? []).reduce((n, e) => n + embedTextLength(e), 0) : 0;
  if (sum > total) {
    problems.push({ path: ['embeds'], message: `the text of all embeds must be at most ${total} characters in all (is ${sum})` });
  }
  return problems;
}
