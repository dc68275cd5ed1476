/**
 * Every limit the messaging document states, in one table. The request schemas, their
 * messages, the mock, the OpenAPI document and the limit tests all read it, so a changed
 * limit changes once. "Characters" are Unicode code points: an emoji counts once.
 */
import type { LimitRow } from '../core/limits.js';

/**
 * The Limits table of the messaging document, plus the ranges its resource tables give
 * (a direct message body is 1 to 4000 characters, an announcement title 1 to 150, channel
 * content up to 2000, up to 10 embeds per message, up to 25 fields per embed, and so on).
 * @example
 * ```ts
 * const { max } = MESSAGING_LIMITS.announcementTitle; // 150
 * const draftTitle = 'Stocktake Friday 📦';
 * const fits = codePointLength(draftTitle) <= max; // true
 * ```
 */
export const MESSAGING_LIMITS = {
  directMessageBody: { label: 'Direct message body', request: 'directMessage', path: ['body'], unit: 'characters', min: 1, max: 4000 },
  announcementTitle: { label: 'Announcement title', request: 'announcement', path: ['title'], unit: 'characters', min: 1, max: 150 },
  announcementBody: { label: 'Announcement body', request: 'announcement', path: ['body'], unit: 'characters', min: 1, max: 4000 },
  channelContent: { label: 'Channel message content', request: 'channelMessage', path: ['content'], unit: 'characters', max: 2000 },
  channelUsername: { label: 'Channel message username', request: 'channelMessage', path: ['username'], unit: 'characters', max: 80 },
  embedsPerMessage: { label: 'Embeds per message', request: 'channelMessage', path: ['embeds'], unit: 'items', max: 10 },
  embedTitle: { label: 'Embed title', request: 'embed', path: ['title'], unit: 'characters', max: 256 },
  embedDescription: { label: 'Embed description', request: 'embed', path: ['description'], unit: 'characters', max: 4096 },
  fieldsPerEmbed: { label: 'Fields per embed', request: 'embed', path: ['fields'], unit: 'items', max: 25 },
  embedColor: { label: 'Embed color', request: 'embed', path: ['color'], unit: 'value', min: 0, max: 16_777_215 },
} as const satisfies Record<string, LimitRow>;

/**
 * Limits the messaging document does not state but the chat platform its embeds imitate
 * enforces. Off by default; `strictEmbedSchema` / `strictChannelMessageSchema` apply them.
 * @example
 * ```ts
 * const report = 'Aisle 4 recounted. '.repeat(80); // 1520 characters
 * const fieldValue = report.slice(0, CHAT_PLATFORM_EMBED_LIMITS.fieldValue.max); // at most 1024 characters
 * ```
 */
export const CHAT_PLATFORM_EMBED_LIMITS = {
  authorName: { label: 'Embed author name', request: 'embed', path: ['author', 'name'], unit: 'characters', max: 256 },
  fieldName: { label: 'Embed field name', request: 'embed', path: ['fields', 'name'], unit: 'characters', max: 256 },
  fieldValue: { label: 'Embed field value', request: 'embed', path: ['fields', 'value'], unit: 'characters', max: 1024 },
  footerText: { label: 'Embed footer text', request: 'embed', path: ['footer', 'text'], unit: 'characters', max: 2048 },
  embedTotalText: {
    label: 'Sum of the text of every embed in a message',
    request: 'channelMessage',
    path: ['embeds'],
    unit: 'characters',
    max: 6000,
  },
} as const satisfies Record<string, LimitRow>;
