/**
 * opslink/messaging: the messaging client alone (direct messages, announcements, channel
 * messages and webhook URLs), with its schemas, limits and the errors all clients share.
 * @module opslink/messaging
 */
export * from '../core/index.js';
export {
  type ChannelMessageInput,
  channelMessageSchema,
  type Embed,
  embedSchema,
  strictChannelMessageSchema,
  strictEmbedSchema,
} from './channel-schemas.js';
export { MessagingClient, type MessagingClientBaseOptions, type MessagingClientOptions } from './client.js';
export { MESSAGING_ENV } from './env.js';
export { CHAT_PLATFORM_EMBED_LIMITS, MESSAGING_LIMITS } from './limits.js';
export { type Announcement, COMMENT_COUNT_NAMES, type CreatedMessage, LIKE_COUNT_NAMES } from './responses.js';
export {
  type AnnouncementInput,
  announcementSchema,
  type DirectMessageInput,
  directMessageSchema,
  RECIPIENT_KEYS,
  type Recipient,
} from './schemas.js';
export { parseWebhookUrl, type WebhookUrlParts } from './webhook-url.js';
