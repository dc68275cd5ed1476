/**
 * Request checks of the messaging mock, with the SDK's own schemas: the JSON body of each
 * endpoint is checked exactly as the client checks its input before sending. One contract:
 * what the SDK refuses, the mock answers with a 400 (every problem as `path: message`), and
 * nothing else. Only the documented limits apply (the chat platform's extra embed limits are
 * the SDK's opt-in, not the service's).
 */
import type * as z from 'zod/mini';
import { checkValue } from '../../core/validation.js';
import { channelMessageSchema } from '../../messaging/channel-schemas.js';
import type { Recipient } from '../../messaging/recipients.js';
import { announcementSchema, directMessageSchema } from '../../messaging/schemas.js';
import type { Checked } from '../kit/common.js';

export type DirectMessageTarget = Recipient;
/** A direct message request as the service takes it. */
export type DirectMessageRequest = z.output<typeof directMessageSchema>;
/** An announcement request as the service takes it. */
export type AnnouncementRequest = z.output<typeof announcementSchema>;
/** A channel message request (both channel endpoints), its members as received. */
export type ChannelMessageRequest = z.output<typeof channelMessageSchema>;

function check<T>(schema: z.ZodMiniType, body: unknown): Checked<T> {
  const result = checkValue(schema, body);
  if (result.ok) return { ok: true, value: result.value as T };
  return { ok: false, errors: result.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)) };
}

export const validateDirectMessage = (body: unknown): Checked<DirectMessageRequest> => check(directMessageSchema, body);
export const validateAnnouncement = (body: unknown): Checked<AnnouncementRequest> => check(announcementSchema, body);
export const validateChannelMessage = (body: unknown): Checked<ChannelMessageRequest> => check(channelMessageSchema, body);
