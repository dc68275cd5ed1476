/**
 * Request schemas of the messaging API (zod/mini, so they cost little in a bundle), built
 * from the limits table; the request types derive from them. They run before every request,
 * and the mock checks what it receives with them, so the SDK and the mock cannot part.
 * Users may run them too, e.g. to check a form before submitting it.
 */
import * as z from 'zod/mini';
import type { LimitRow } from '../core/limits.js';
import { boolean, custom, httpUrl, ISO_DATE_TIME_HINT, integer, nonEmpty, onAnyObject, text, uuid } from '../core/schema-kit.js';
import { codePointLength } from '../core/text.js';
import { isIsoDateTime, isValidDate } from '../internal/dates.js';
import { CHAT_PLATFORM_EMBED_LIMITS, MESSAGING_LIMITS as L } from './limits.js';

/**
 * The members of a direct message's `to`, of which it holds exactly one.
 * @example
 * ```ts
 * const form: Partial<Record<(typeof RECIPIENT_KEYS)[number], string>> = { email: 'ana@example.com' };
 * const given = RECIPIENT_KEYS.filter((key) => form[key]); // ['email']: must be exactly one
 * ```
 */
export const RECIPIENT_KEYS = ['userId', 'phoneNumber', 'email'] as const;
type RecipientKey = (typeof RECIPIENT_KEYS)[number];

/**
 * `to` of a direct message: exactly one way to find the employee, `userId` (uuid),
 * `phoneNumber` (equal to the number on file) or `email` (matched case-insensitively). A
 * second member does not compile.
 * @example
 * ```ts
 * const recipientOf = (employee: { id?: string; email: string }): Recipient =>
 *   employee.id ? { userId: employee.id } : { email: employee.email };
 * await messaging.sendDirectMessage({ to: recipientOf({ email: 'ana@example.com' }), body: 'Your shift starts at 9' });
 * ```
 */
export type Recipient = { [K in RecipientKey]: { [P in K]: string } & { [P in Exclude<RecipientKey, K>]?: never } }[RecipientKey];

const recipientSchema = z.strictObject({ userId: z.optional(uuid), phoneNumber: z.optional(nonEmpty), email: z.optional(nonEmpty) }).check(
  z.refine((to) => RECIPIENT_KEYS.filter((key) => to[key] !== undefined).length === 1, {
    message: 'must hold exactly one of userId, phoneNumber or email',
    ...onAnyObject,
  }),
) as unknown as z.ZodMiniType<Recipient, Recipient>;

/**
 * A direct message to one employee (`POST /api/bot/messages`).
 * @example
 * ```ts
 * directMessageSchema.parse({ to: { email: 'ana@example.com' }, body: 'Your shift starts at 9' });
 * ```
 */
export const directMessageSchema = z.strictObject({ to: recipientSchema, body: text(L.directMessageBody) });
/**
 * A direct message request: `to` holds exactly one of `userId`, `phoneNumber` or `email`,
 * and `body` is 1 to 4000 characters. The first message to an employee creates the bot's
 * direct chat with them; later ones reuse it.
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
export const announcementSchema = z.strictObject({ title: text(L.announcementTitle), body: text(L.announcementBody) });
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
 * ISO 8601 text of a real date and time as standard date parsers read it (no leap second,
 * decimal comma or zone of hours only: `isIsoDateTime(…, 'sent')`), or a valid `Date`, which
 * `JSON.stringify` sends as ISO 8601 text. Years past 9999 are refused: they print as
 * +010000-…, which no ISO reader takes.
 */
const timestamp = custom<string | Date>(
  (v) => (typeof v === 'string' ? isIsoDateTime(v, 'sent') : isValidDate(v)),
  'must be an ISO 8601 date-time with real values, as Date.parse reads it (e.g. 2026-11-22T10:00:00Z), or a valid Date (years 0–9999)',
  ISO_DATE_TIME_HINT,
);

type Profile = 'documented' | 'chat-platform';

function buildEmbedSchema(profile: Profile) {
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

type EmbedShape = z.output<ReturnType<typeof buildEmbedSchema>>;

/** Characters of an embed that the chat platform counts towards its 6000 total. */
function embedTextLength(embed: EmbedShape): number {
  const parts = [embed.title, embed.description, embed.author?.name, embed.footer?.text];
  for (const field of embed.fields ?? []) parts.push(field.name, field.value);
  return parts.reduce((sum, part) => sum + (part ? codePointLength(part) : 0), 0);
}

/** A channel message whose embeds are `embed`s: the exported embed schema of the same profile, not a copy. */
function buildChannelMessageSchema(profile: Profile, embed: ReturnType<typeof buildEmbedSchema>) {
  const total = CHAT_PLATFORM_EMBED_LIMITS.embedTotalText.max;
  const object = z.strictObject({
    content: z.optional(text(L.channelContent)),
    username: z.optional(text(L.channelUsername)),
    avatar_url: z.optional(httpUrl),
    embeds: z.optional(z.array(embed).check(z.maxLength(L.embedsPerMessage.max, `must have at most ${L.embedsPerMessage.max} items`))),
  });
  const schema = object.check(
    z.superRefine((message, ctx) => {
      // "At least one of content or embeds must be present": an empty string or list is not.
      if (!message.content && !message.embeds?.length) {
        ctx.addIssue({ code: 'custom', path: [], message: 'needs content or at least one embed', input: message });
      }
      const sum = profile === 'chat-platform' ? (message.embeds ?? []).reduce((n, e) => n + embedTextLength(e), 0) : 0;
      if (sum > total) {
        ctx.addIssue({
          code: 'custom',
          path: ['embeds'],
          message: `the text of all embeds must be at most ${total} characters in all (is ${sum})`,
          input: message,
        });
      }
    }, onAnyObject),
  );
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
export const channelMessageSchema = buildChannelMessageSchema('documented', embedSchema);
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
export const strictEmbedSchema = buildEmbedSchema('chat-platform');

/**
 * The channel message schema with the chat platform's extra embed limits, including 6000
 * characters of embed text in all.
 * @example
 * ```ts
 * strictChannelMessageSchema.safeParse({ embeds: [{ description: 'x'.repeat(4096) }, { description: 'x'.repeat(4096) }] }).success; // false
 * ```
 */
export const strictChannelMessageSchema = buildChannelMessageSchema('chat-platform', strictEmbedSchema);
