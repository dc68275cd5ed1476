/**
 * The channel message endpoint, in a file of its own with its schemas: `MessagingClient`
 * loads it with its first `postChannelMessage`, so a page that never posts to a channel
 * loads none of the embed rules.
 */
import type { Operation } from '../core/operation.js';
import { channelMessageSchema, strictChannelMessageSchema } from './channel-schemas.js';
import { MESSAGING_ENV } from './env.js';
import { type CreatedMessage, parseCreatedMessage } from './responses.js';
import type { WebhookUrlParts } from './webhook-url.js';

/**
 * A channel message: to the webhook URL as written, with no Authorization header, when the
 * client has one; else `POST /api/automation/messages` with the channel key as bearer.
 */
export function postChannelMessage(
  embedLimits: 'documented' | 'chat-platform' | undefined,
  webhook: (WebhookUrlParts & { path: string }) | undefined,
): Operation<unknown, CreatedMessage> {
  return {
    method: 'POST',
    template: webhook ? '/api/automation/webhooks/{channelId}/{token}' : '/api/automation/messages',
    write: true,
    subject: 'channel message',
    schema: embedLimits === 'chat-platform' ? strictChannelMessageSchema : channelMessageSchema,
    credential: webhook ? undefined : 'channelKey',
    alternative: ` or the webhookUrl option (${MESSAGING_ENV.webhookUrl})`,
    request: (json) => (webhook ? { path: webhook.path, baseUrl: webhook.baseUrl, json } : { path: '/api/automation/messages', json }),
    parse: parseCreatedMessage,
  };
}
