/**
 * The messaging endpoints as declarations: what each sends, with which key, and how its answer
 * is read. The channel message's is `channel-message.ts`, loaded by the first `postChannelMessage`.
 */
import type { Operation } from '../core/operation.js';
import { checkAnnouncement, checkDirectMessage } from './fast-checks.generated.js';
import { type Announcement, type CreatedMessage, parseAnnouncement, parseCreatedMessage } from './responses.js';

/** `POST /api/bot/messages`, bearer bot key. */
export const sendDirectMessage: Operation<unknown, CreatedMessage> = {
  method: 'POST',
  template: '/api/bot/messages',
  write: true,
  subject: 'direct message',
  input: checkDirectMessage,
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
  input: checkAnnouncement,
  credential: 'botKey',
  request: (json) => ({ path: '/api/bot/announcements', json }),
  parse: parseAnnouncement,
};
