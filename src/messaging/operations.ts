/** The messaging endpoints as declarations: what each sends, with which key, and how its answer is read. */
import { inputCheck } from '../core/input-check.js';
import type { Operation } from '../core/operation.js';
import { MESSAGING_ENV } from './env.js';
import { readAnnouncement, readChannelMessage, readDirectMessage, readStrictChannelMessage } from './fast-checks.generated.js';
import { type Announcement, type CreatedMessage, parseAnnouncement, parseCreatedMessage } from './responses.js';
import type { EmbedProfile } from './rules.js';
import type { WebhookUrlParts } from './webhook-url.js';

/** The request schemas, loaded (with zod) only for an input a generated fast check cannot vouch for. */
const schemas = () => import('./schemas.js');

/** A direct message's check: its fast check, else `directMessageSchema`. */
export const directMessageInput = inputCheck(readDirectMessage, async () => (await schemas()).directMessageSchema);
const announcementInput = inputCheck(readAnnouncement, async () => (await schemas()).announcementSchema);
const channelMessageInputs = {
  documented: inputCheck(readChannelMessage, async () => (await schemas()).channelMessageSchema),
  'chat-platform': inputCheck(readStrictChannelMessage, async () => (await schemas()).strictChannelMessageSchema),
};

/** `POST /api/bot/messages`, bearer bot key. */
export const sendDirectMessage: Operation<unknown, CreatedMessage> = {
  method: 'POST',
  template: '/api/bot/messages',
  write: true,
  subject: 'direct message',
  input: directMessageInput,
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
  input: announcementInput,
  credential: 'botKey',
  request: (json) => ({ path: '/api/bot/announcements', json }),
  parse: parseAnnouncement,
};

/**
 * A channel message: to the webhook URL as written, with no Authorization header, when the
 * client has one; else `POST /api/automation/messages` with the channel key as bearer.
 */
export function postChannelMessage(
  profile: EmbedProfile,
  webhook: (WebhookUrlParts & { path: string }) | undefined,
): Operation<unknown, CreatedMessage> {
  return {
    method: 'POST',
    template: webhook ? '/api/automation/webhooks/{channelId}/{token}' : '/api/automation/messages',
    write: true,
    subject: 'channel message',
    input: channelMessageInputs[profile],
    credential: webhook ? undefined : 'channelKey',
    alternative: ` or the webhookUrl option (${MESSAGING_ENV.webhookUrl})`,
    request: (json) => (webhook ? { path: webhook.path, baseUrl: webhook.baseUrl, json } : { path: '/api/automation/messages', json }),
    parse: parseCreatedMessage,
  };
}
