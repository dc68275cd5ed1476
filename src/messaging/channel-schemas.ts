/**
 * The channel message and embed schemas of the messaging API, apart from the others: they
 * are the largest (every embed member, its limits, calendar-checked timestamps). The client
 * checks with the checks generated from them (`channel-checks.generated.ts`, no zod); these
 * are exported by `opslink/schemas`. Built from the same limits table; the rules between
 * members are plain functions (`rules.ts`) that the generated checks call too.
 */
import * as z from 'zod/mini';
import type { LimitRow } from '../core/limits.js';
import { boolean, custom, httpUrl, ISO_DATE_TIME_HINT, integer, rule, text } from '../core/schema-kit.js';
import { CHAT_PLATFORM_EMBED_LIMITS, MESSAGING_LIMITS as L } from './limits.js';
import { channelMessageProblems, type EmbedProfile, isSentTimestamp } from './rules.js';

/** A sent timestamp: ISO 8601 text of a real date and time, or a valid `Date` (`isSentTimestamp`). */
const timestamp = /* @__PURE__ */ custom<string | Date>(
  isSentTimestamp,
  'must be an ISO 8601 date-time with real values, a time with its zone (Z or ±HH:MM), as Date.parse reads it (e.g. 2026-11-22T10:00:00Z), or a valid Date (years 0–9999)',
  ISO_DATE_TIME_HINT,
);

function buildEmbedSchema(profile: EmbedProfile) {
  const limited = (row: LimitRow) => (profile === 'chat-platform' ? text(row) : z.string());
  const C = CHAT_PLATFORM_EMBED_LIMITS;
  return z.strictObject({
    title: z.optional(text(L.embedTitle)),
    description: z.optional(text(L.embedDescription)),
    url: z.optional(httpUrl),
    color: z.optional(integer(L.embedColor.min, L.embedColor.max)),
    timestamp: z.optional(timestamp),
    // The document types author and footer members as plain strings (only `url`, `image.url`
    // and `thumbnail.url` are "(string, url)"), so they are not held to http(s) here.
    author: z.optional(
      z.strictObject({ name: z.optional(limited(C.authorName)), url: z.optional(z.string()), icon_url: z.optional(z.string()) }),
    ),
    footer: z.optional(z.strictObject({ text: z.optional(limited(C.footerText)), icon_url: z.optional(z.string()) })),
    image: z.optional(z.strictObject({ url: z.optional(httpUrl) })),
    thumbnail: z.optional(z.strictObject({ url: z.optional(httpUrl) })),
    fields: z.optional(
      z
        .array(z.strictObject({ name: limited(C.fieldName), value: limited(C.fieldValue), inline: z.optional(boolean) }))
        .check(z.maxLength(L.fieldsPerEmbed.max, `must have at most ${L.fieldsPerEmbed.max} items`)),
    ),
  });
}

/** A channel message whose embeds are `embed`s: the exported embed schema of the same profile, not a copy. */
function buildChannelMessageSchema(profile: EmbedProfile, embed: ReturnType<typeof buildEmbedSchema>) {
  const object = z.strictObject({
    content: z.optional(text(L.channelContent)),
    username: z.optional(text(L.channelUsername)),
    avatar_url: z.optional(httpUrl),
    embeds: z.optional(z.array(embed).check(z.maxLength(L.embedsPerMessage.max, `must have at most ${L.embedsPerMessage.max} items`))),
  });
  const schema = object.check(rule(channelMessageProblems, profile));
  return schema as unknown as z.ZodMiniType<z.output<typeof object>, AtLeastOne<z.input<typeof object>, 'content' | 'embeds'>>;
}

/** `T` with at least one of the members `K` required: `{}` does not compile, `{ content }` or `{ embeds }` does. */
type AtLeastOne<T, K extends keyof T> = { [P in K]-?: T & Required<Pick<T, P>> }[K];

/**
 * One rich embed, shaped after the common chat-platform webhook embed.
 * @example
 * ```ts
 * embedSchema.parse({ title: 'Deploy finished', color: 0x2ecc71, fields: [{ name: 'Version', value: '1.4.2', inline: true }] });
 * ```
 */
export const embedSchema = /* @__PURE__ */ buildEmbedSchema('documented');
/**
 * An embed object, shaped after the embed object of a common chat-platform webhook. Every
 * member is optional: `title` (up to 256 characters), `description` (up to 4096), `url`
 * (makes the title a link), `color` (decimal RGB, 0 to 16777215), `timestamp` (ISO 8601
 * text or a `Date`, shown in the footer), `author`, `footer`, `image`, `thumbnail`, and up to
 * 25 `fields` (inline fields are laid out two per row).
 * @example
 * ```ts
 * const lowStock: Embed = {
 *   title: 'Low stock: SKU 1042',
 *   description: '3 left in the east warehouse',
 *   color: 0xe67e22,
 *   fields: [{ name: 'Reorder point', value: '10', inline: true }],
 *   timestamp: new Date(),
 * };
 * await messaging.postChannelMessage({ embeds: [lowStock] });
 * ```
 */
export type Embed = z.input<typeof embedSchema>;

/**
 * A channel message (`POST /api/automation/messages` or a webhook URL): content, embeds, or both.
 * @example
 * ```ts
 * channelMessageSchema.parse({ content: 'Nightly export done', embeds: [{ title: 'export.csv', url: 'https://files.example.com/export.csv' }] });
 * ```
 */
export const channelMessageSchema = /* @__PURE__ */ buildChannelMessageSchema('documented', embedSchema);
/**
 * A channel message request: `content` (up to 2000 characters), up to 10 `embeds`, or both
 * (at least one must be present, and not empty — that part is checked when the message is
 * sent), plus an optional per-message sender `username` (up to 80 characters) and
 * `avatar_url`. Only employees with view access to the channel, and owner and admin users,
 * see it.
 * @example
 * ```ts
 * const message: ChannelMessageInput = {
 *   username: 'Deploy bot',
 *   content: 'Release 1.4.2 is live',
 *   embeds: [{ title: 'Changelog', url: 'https://example.com/changelog/1.4.2' }],
 * };
 * await messaging.postChannelMessage(message);
 * ```
 */
export type ChannelMessageInput = z.input<typeof channelMessageSchema>;

/**
 * The embed schema with the chat platform's extra limits the messaging document does not
 * state (author name 256, field name 256, field value 1024, footer text 2048). Opt in with
 * `new MessagingClient({ embedLimits: 'chat-platform' })`, or use it directly.
 * @example
 * ```ts
 * strictEmbedSchema.safeParse({ footer: { text: 'x'.repeat(2049) } }).success; // false
 * ```
 */
export const strictEmbedSchema = /* @__PURE__ */ buildEmbedSchema('chat-platform');

/**
 * The channel message schema with the chat platform's extra embed limits, including 6000
 * characters of embed text in all.
 * @example
 * ```ts
 * strictChannelMessageSchema.safeParse({ embeds: [{ description: 'x'.repeat(4096) }, { description: 'x'.repeat(4096) }] }).success; // false
 * ```
 */
export const strictChannelMessageSchema = /* @__PURE__ */ buildChannelMessageSchema('chat-platform', strictEmbedSchema);
