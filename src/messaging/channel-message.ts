/**
 * The channel message endpoint, in a file of its own with its generated checks:
 * `MessagingClient` loads it with its first `postChannelMessage`, so a page that never posts
 * to a channel loads none of the embed rules.
 */
import type { Operation } from '../core/operation.js';
import { timeOf } from '../internal/dates.js';
import { checkChannelMessage, checkStrictChannelMessage } from './channel-checks.generated.js';
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
    input: embedLimits === 'chat-platform' ? checkStrictChannelMessage : checkChannelMessage,
    credential: webhook ? undefined : 'channelKey',
    alternative: ` or the webhookUrl option (${MESSAGING_ENV.webhookUrl})`,
    request: (message) => {
      const json = withTimestampsAsText(message as { embeds?: { timestamp?: unknown }[] });
      return webhook ? { path: webhook.path, baseUrl: webhook.baseUrl, json } : { path: '/api/automation/messages', json };
    },
    parse: parseCreatedMessage,
  };
}

/**
 * Each embed's `Date` timestamp made the ISO text JSON would send, at the check (a request is
 * made of the checked message at once): a `Date` the caller sets after the call changes
 * nothing. In place: the checked message and its embeds are the check's own copies.
 */
function withTimestampsAsText(message: { embeds?: { timestamp?: unknown }[] }) {
  for (const embed of message.embeds ?? [])
    if (embed.timestamp instanceof Date) embed.timestamp = new Date(timeOf(embed.timestamp)).toISOString();
  return message;
}
