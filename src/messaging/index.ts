/**
 * opslink/messaging: the messaging client alone (direct messages, announcements, channel
 * messages and webhook URLs), with its input types, limits and the errors all clients share.
 * No zod: the schemas are `opslink/schemas`.
 *
 * Guides: [sending messages and embeds](../../docs/messaging.md),
 * [bulk sends and journals](../../docs/bulk.md).
 * @module opslink/messaging
 */
export * from '../core/index.js';
export type { ChannelMessageInput, Embed } from './channel-schemas.js';
export { MessagingClient, type MessagingClientBaseOptions, type MessagingClientOptions } from './client.js';
export { MESSAGING_ENV } from './env.js';
export { CHAT_PLATFORM_EMBED_LIMITS, MESSAGING_LIMITS } from './limits.js';
export { RECIPIENT_KEYS, type Recipient } from './recipients.js';
export { type Announcement, COMMENT_COUNT_NAMES, type CreatedMessage, LIKE_COUNT_NAMES } from './responses.js';
export type { AnnouncementInput, DirectMessageInput } from './schemas.js';
export { parseWebhookUrl, type WebhookUrlParts } from './webhook-url.js';
