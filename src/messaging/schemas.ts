/**
 * Request schemas of the messaging API (zod/mini), built from the limits table; the request
 * types derive from them. Channel messages and their embeds are `channel-schemas.ts`. The
 * checks every request runs are generated from them (`fast-checks.generated.ts`, without zod),
 * and the mock checks what it receives with them, so the SDK and the mock cannot part. Users
 * import them from `opslink/schemas`, e.g. to check a form before submitting it.
 */
import * as z from 'zod/mini';
import { holdsExactlyOne } from '../core/checks.js';
import { nonEmpty, onAnyObject, refineWith, text, uuid } from '../core/schema-kit.js';
import { MESSAGING_LIMITS as L } from './limits.js';
import { RECIPIENT_KEYS, type Recipient } from './recipients.js';

const recipientSchema = z
  .strictObject({ userId: z.optional(uuid), phoneNumber: z.optional(nonEmpty), email: z.optional(nonEmpty) })
  .check(
    refineWith(holdsExactlyOne, [RECIPIENT_KEYS], { message: 'must hold exactly one of userId, phoneNumber or email', ...onAnyObject }),
  ) as unknown as z.ZodMiniType<Recipient, Recipient>;

/**
 * A direct message to one employee (`POST /api/bot/messages`).
 * @example
 * ```ts
 * directMessageSchema.parse({ to: { email: 'ana@example.com' }, body: 'Your shift starts at 9' });
 * ```
 */
export const directMessageSchema = z.strictObject({ to: recipientSchema, body: text(L.directMessageBody) });
/**
 * A direct message request: `to` holds exactly one of `userId`, `phoneNumber` or `email`,
 * and `body` is 1 to 4000 characters. The first message to an employee creates the bot's
 * direct chat with them; later ones reuse it.
 * @example
 * ```ts
 * const reminder: DirectMessageInput = { to: { phoneNumber: '+15550100' }, body: 'Truck 4 is at door 2' };
 * await messaging.sendDirectMessage(reminder);
 * ```
 */
export type DirectMessageInput = z.input<typeof directMessageSchema>;

/**
 * A team-wide announcement (`POST /api/bot/announcements`).
 * @example
 * ```ts
 * announcementSchema.parse({ title: 'Stocktake', body: 'Friday from 6 am.' });
 * ```
 */
export const announcementSchema = z.strictObject({ title: text(L.announcementTitle), body: text(L.announcementBody) });
/**
 * An announcement request: `title` 1 to 150 characters, `body` 1 to 4000. It appears in the
 * Announcements feed attributed to the bot's name, and every active employee is notified.
 * @example
 * ```ts
 * const input: AnnouncementInput = { title: 'Stocktake Friday', body: 'Doors close at 4 pm; the loading bay stays open.' };
 * await messaging.postAnnouncement(input);
 * ```
 */
export type AnnouncementInput = z.input<typeof announcementSchema>;
