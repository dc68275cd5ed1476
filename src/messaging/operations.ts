/** The messaging endpoints as declarations: what each sends, with which key, and how its answer is read. */
import type { Operation } from '../core/operation.js';
import { type Announcement, type CreatedMessage, parseAnnouncement, parseCreatedMessage } from './responses.js';
import { announcementSchema, directMessageSchema } from './schemas.js';

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
