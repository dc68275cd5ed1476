/**
 * The messaging endpoints as declarations: what each sends, with which key, and how its answer
 * is read. The channel message's is `channel-message.ts`, loaded by the first `postChannelMessage`.
 */
import { inputCheck } from '../core/input-check.js';
import type { Operation } from '../core/operation.js';
import { readAnnouncement, readDirectMessage } from './fast-checks.generated.js';
import { type Announcement, type CreatedMessage, parseAnnouncement, parseCreatedMessage } from './responses.js';

/** The request schemas, loaded (with zod) only for an input a generated fast check cannot vouch for. */
const schemas = () => import('./schemas.js');

/** A direct message's check: its fast check, else `directMessageSchema`. */
export const directMessageInput = inputCheck(readDirectMessage, async () => (await schemas()).directMessageSchema);
const announcementInput = inputCheck(readAnnouncement, async () => (await schemas()).announcementSchema);

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
