/** The messaging endpoints as declarations: what each sends, with which key, and how its answer is read. */
import type { Operation } from '../core/operation.js';
import { MESSAGING_ENV } from './env.js';
import { type Announcement, type CreatedMessage, parseAnnouncement, parseCreatedMessage } from './responses.js';
import { announcementSchema, type channelMessageSchema, directMessageSchema } from './schemas.js';
import type { WebhookUrlParts } from './webhook-url.js';

/** `POST /api/bot/messages`, bearer bot key. */
export const sendDirectMessage: Operation<unknown, CreatedMessage> = {
  method: 'POST',
  template: '/api/bot/messages',
  write: true,
  subject: 'direct message',
  schema: directMessageSchema,
  credential: 'botKey',
  request: (json) => ({ path: '/api/bot/messages', json }),
  parse: parseCreatedMessage,
};

/** `POST /api/bot/announcements`, bearer bot key. */
export const postAnnouncement: Operation<unknown, Announcement> = {
  method: 'POST',
  template: '/api/bot/announcements',
  write: true,
  subject: 'announcement',
  schema: announcementSchema,
  credential: 'botKey',
  request: (json) => ({ path: '/api/bot/announcements', json }),
  parse: parseAnnouncement,
};

/**
 * A channel message: to the webhook URL as written, with no Authorization header, when the
 * client has one; else `POST /api/automation/messages` with the channel key as bearer.
 */
export function postChannelMessage(
  schema: typeof channelMessageSchema,
  webhook: (WebhookUrlParts & { path: string }) | undefined,
): Operation<unknown, CreatedMessage> {
  return {
    method: 'POST',
    template: webhook ? '/api/automation/webhooks/{channelId}/{token}' : '/api/automation/messages',
    write: true,
    subject: 'channel message',
    schema,
    credential: webhook ? undefined : 'channelKey',
    alternative: ` or the webhookUrl option (${MESSAGING_ENV.webhookUrl})`,
    request: (json) => (webhook ? { path: webhook.path, baseUrl: webhook.baseUrl, json } : { path: '/api/automation/messages', json }),
    parse: parseCreatedMessage,
  };
}
