/**
 * The four endpoints of the messaging document, over the mock's store.
 */
import { type Checked, json } from '../kit/common.js';
import type { MockRoute } from '../kit/routes.js';
import type { MockAnnouncement, MockBot, MockChannel, MockChannelMessage, MockDirectMessage } from './records.js';
import {
  type AnnouncementResponse,
  type ChannelMessageResponse,
  type DirectMessageResponse,
  error,
  invalid,
  readJson,
  unauthorized,
} from './responses.js';
import type { MessagingStore } from './state.js';
import {
  type AnnouncementRequest,
  type DirectMessageRequest,
  validateAnnouncement,
  validateChannelMessage,
  validateDirectMessage,
} from './validate.js';

/** The request's JSON body, checked by `validate`; or the 400 to answer. */
async function checkedBody<T>(request: Request, validate: (body: unknown) => Checked<T>): Promise<T | Response> {
  const parsed = await readJson(request);
  if (!parsed.ok) return parsed.response;
  const checked = validate(parsed.value);
  return checked.ok ? checked.value : invalid(checked.errors);
}

/** A bot endpoint: the bearer bot key first (401), then the JSON body checked by `validate` (400). */
function botRoute<T>(
  store: MessagingStore,
  path: string,
  validate: (body: unknown) => Checked<T>,
  answer: (store: MessagingStore, bot: MockBot, input: T) => Response,
): MockRoute {
  return {
    method: 'POST',
    path,
    handler: async ({ request }) => {
      const bot = store.botFor(request);
      if (!bot) return unauthorized();
      const input = await checkedBody(request, validate);
      return input instanceof Response ? input : answer(store, bot, input);
    },
  };
}

function sendDirectMessage(store: MessagingStore, bot: MockBot, input: DirectMessageRequest): Response {
  const { state } = store;
  const employee = store.findEmployee(input.to);
  if (!employee) return error(404, 'No employee matches the to member');
  let chat = state.directChats.find((c) => c.botId === bot.id && c.employeeId === employee.id);
  if (!chat) {
    chat = { id: store.newId(), botId: bot.id, employeeId: employee.id };
    state.directChats.push(chat);
  }
  const message: MockDirectMessage = {
    id: store.newId(),
    chatId: chat.id,
    botId: bot.id,
    employeeId: employee.id,
    body: input.body,
    createdAt: store.timestamp(),
  };
  state.directMessages.push(message);
  const { id, chatId, body, createdAt } = message;
  return json(201, { id, chatId, body, to: { userId: employee.id }, createdAt } satisfies DirectMessageResponse);
}

function postAnnouncement(store: MessagingStore, bot: MockBot, input: AnnouncementRequest): Response {
  const { state } = store;
  const announcement: MockAnnouncement = {
    id: store.newId(),
    title: input.title,
    body: input.body,
    createdAt: store.timestamp(),
    createdBy: bot.name,
    botId: bot.id,
    likeCount: 0,
    commentCount: 0,
  };
  state.announcements.push(announcement);
  for (const employee of state.employees) {
    if (employee.active) state.notifications.push({ employeeId: employee.id, kind: 'announcement', refId: announcement.id });
  }
  const { botId: _botId, ...body } = announcement;
  return json(201, body satisfies AnnouncementResponse);
}

async function postChannelMessage(
  store: MessagingStore,
  request: Request,
  channel: MockChannel,
  via: 'bearer' | 'webhook',
): Promise<Response> {
  const { state } = store;
  const input = await checkedBody(request, validateChannelMessage);
  if (input instanceof Response) return input;
  const message: MockChannelMessage = { id: store.newId(), channelId: channel.id, ...input, createdAt: store.timestamp(), via };
  state.channelMessages.push(message);
  for (const employeeId of channel.viewerIds) state.notifications.push({ employeeId, kind: 'channel_message', refId: message.id });
  const { via: _via, ...body } = message;
  return json(201, body satisfies ChannelMessageResponse);
}

export function messagingRoutes(store: MessagingStore): MockRoute[] {
  return [
    botRoute(store, '/api/bot/messages', validateDirectMessage, sendDirectMessage),
    botRoute(store, '/api/bot/announcements', validateAnnouncement, postAnnouncement),
    {
      method: 'POST',
      path: '/api/automation/messages',
      handler: async ({ request }) => {
        const channel = store.channelFor(request);
        if (!channel) return unauthorized();
        return postChannelMessage(store, request, channel, 'bearer');
      },
    },
    {
      method: 'POST',
      path: '/api/automation/webhooks/:channelId/:token',
      handler: async ({ request, params }) => {
        const [channelId, token] = params;
        // The key must be this very channel's: another channel's valid key is still a 401.
        const channel = store.state.channels.find((c) => c.id === channelId && c.key === token && !c.revoked);
        if (!channel) return error(401, 'Wrong or revoked webhook token, or it does not belong to this channel');
        return postChannelMessage(store, request, channel, 'webhook');
      },
    },
  ];
}
