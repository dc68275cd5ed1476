/**
 * Request schemas of the messaging API (zod/mini, so they cost little in a bundle), built
 * from the limits table. They run before every request; users may run them too, e.g. to
 * check a form before submitting it.
 */
import * as z from 'zod/mini';
import { CHAT_PLATFORM_EMBED_LIMITS, MESSAGING_LIMITS as L, type LimitRow } from '../core/limits.js';
import { httpUrl, integer, isValidDate, nonEmpty, text, uuid } from '../internal/schema-kit.js';
import { codePointLength } from '../internal/text.js';

// ISO 8601 calendar date, optionally with a time and a zone: 2026-11-22, 2026-11-22T10:00:00Z.
// The separator is `T` only: a space is RFC 3339 leniency, not ISO 8601, and the service refuses it.
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * `to` of a direct message: exactly one way to find the employee.
 * @example
 * ```ts
 * const recipientOf = (employee: { id?: string; email: string }): Recipient =>
 *   employee.id ? { userId: employee.id } : { email: employee.email };
 * await messaging.sendDirectMessage({ to: recipientOf({ email: 'ana@example.com' }), body: 'Your shift starts at 9' });
 * ```
 */
export type Recipient = { userId: string } | { phoneNumber: string } | { email: string };

const RECIPIENT_KEYS = ['userId', 'phoneNumber', 'email'] as const;

const recipientSchema = z
  .strictObject({
    userId: z.optional(uuid),
    phoneNumber: z.optional(nonEmpty),
    email: z.optional(nonEmpty),
  })
  .check(
    z.refine((to) => RECIPIENT_KEYS.filter((key) => to[key] !== undefined).length === 1, {
      message: 'must hold exactly one of userId, phoneNumber or email',
    }),
  ) as unknown as z.ZodMiniType<Recipient, Recipient>;

/**
 * A direct message to one employee (`POST /api/bot/messages`).
 * @example
 * ```ts
 * directMessageSchema.parse({ to: { email: 'ana@example.com' }, body: 'Your shift starts at 9' });
 * ```
 */
export const directMessageSchema = z.strictObject({
  to: recipientSchema,
  body: text(L.directMessageBody),
});
/**
 * A direct message request: `to` holds exactly one of `userId` (uuid), `phoneNumber` (must
 * equal the number on file exactly) or `email` (matched case-insensitively), and `body` is 1
 * to 4000 characters. The first message to an employee creates the bot's direct chat with
 * them; later ones reuse it.
 * @example
 * ```ts
 * const reminder: DirectMessageInput = { to: { phoneNumber: '+15550100' }, body: 'Truck 4 is at door 2' };
 * await messaging.sendDirectMessage(reminder);
 * ```
 */
export type DirectMessageInput = z.input<typeof directMessageSchema>;

/**
 * A team-wide announcement (`POST /api/bot/announcements`).
 * @example
 * ```ts
 * announcementSchema.parse({ title: 'Stocktake', body: 'Friday from 6 am.' });
 * ```
 */
export const announcementSchema = z.strictObject({
  title: text(L.announcementTitle),
  body: text(L.announcementBody),
});
/**
 * An announcement request: `title` 1 to 150 characters, `body` 1 to 4000. It appears in the
 * Announcements feed attributed to the bot's name, and every active employee is notified.
 * @example
 * ```ts
 * const input: AnnouncementInput = { title: 'Stocktake Friday', body: 'Doors close at 4 pm; the loading bay stays open.' };
 * await messaging.postAnnouncement(input);
 * ```
 */
export type AnnouncementInput = z.input<typeof announcementSchema>;

/**
 * ISO 8601 text, or a `Date`, which `JSON.stringify` sends as its ISO 8601 text. Years past
 * 9999 are refused: they print as +010000-…, which no ISO reader takes.
 */
const timestamp = z.custom<string | Date>(
  (v) => (typeof v === 'string' ? ISO_8601.test(v) && !Number.isNaN(Date.parse(v)) : isValidDate(v)),
  'must be an ISO 8601 date-time string or a valid Date (years 0–9999)',
);

type Profile = 'documented' | 'chat-platform';

function buildEmbedSchema(profile: Profile) {
  const strict = profile === 'chat-platform';
  const limited = (row: LimitRow) => (strict ? text(row) : z.string());
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
        .array(z.strictObject({ name: limited(C.fieldName), value: limited(C.fieldValue), inline: z.optional(z.boolean()) }))
        .check(z.maxLength(L.fieldsPerEmbed.max, `must have at most ${L.fieldsPerEmbed.max} items`)),
    ),
  });
}

type EmbedShape = z.output<ReturnType<typeof buildEmbedSchema>>;

/** Characters of an embed that the chat platform counts towards its 6000 total. */
function embedTextLength(embed: EmbedShape): number {
  let sum = 0;
  const add = (s: string | undefined) => {
    if (s) sum += codePointLength(s);
  };
  add(embed.title);
  add(embed.description);
  add(embed.author?.name);
  add(embed.footer?.text);
  for (const field of embed.fields ?? []) {
    add(field.name);
    add(field.value);
  }
  return sum;
}

function buildChannelMessageSchema(profile: Profile) {
  const embed = buildEmbedSchema(profile);
  const total = CHAT_PLATFORM_EMBED_LIMITS.embedTotalText.max;
  return z
    .strictObject({
      content: z.optional(text(L.channelContent)),
      username: z.optional(text(L.channelUsername)),
      avatar_url: z.optional(httpUrl),
      embeds: z.optional(z.array(embed).check(z.maxLength(L.embedsPerMessage.max, `must have at most ${L.embedsPerMessage.max} items`))),
    })
    .check(
      z.superRefine((message, ctx) => {
        const hasContent = message.content !== undefined && message.content.length > 0;
        const hasEmbeds = message.embeds !== undefined && message.embeds.length > 0;
        if (!hasContent && !hasEmbeds) {
          ctx.addIssue({ code: 'custom', path: [], message: 'needs content or at least one embed', input: message });
        }
        if (profile === 'chat-platform' && message.embeds) {
          const sum = message.embeds.reduce((n, e) => n + embedTextLength(e), 0);
          if (sum > total)
            ctx.addIssue({
              code: 'custom',
              path: ['embeds'],
              message: `the text of all embeds must be at most ${total} characters in all (is ${sum})`,
              input: message,
            });
        }
      }),
    );
}

/**
 * One rich embed, shaped after the common chat-platform webhook embed.
 * @example
 * ```ts
 * embedSchema.parse({ title: 'Deploy finished', color: 0x2ecc71, fields: [{ name: 'Version', value: '1.4.2', inline: true }] });
 * ```
 */
export const embedSchema = buildEmbedSchema('documented');
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
export const channelMessageSchema = buildChannelMessageSchema('documented');
/**
 * A channel message request: `content` (up to 2000 characters), up to 10 `embeds`, or both
 * (at least one must be present), plus an optional per-message sender `username` (up to 80
 * characters) and `avatar_url`. Only employees with view access to the channel, and owner
 * and admin users, see it.
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
export const strictEmbedSchema = buildEmbedSchema('chat-platform');

/**
 * The channel message schema with the chat platform's extra embed limits, including 6000
 * characters of embed text in all.
 * @example
 * ```ts
 * strictChannelMessageSchema.safeParse({ embeds: [{ description: 'x'.repeat(4096) }, { description: 'x'.repeat(4096) }] }).success; // false
 * ```
 */
export const strictChannelMessageSchema = buildChannelMessageSchema('chat-platform');
