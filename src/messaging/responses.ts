/**
 * The messaging API's response bodies, read loosely: documented members are checked, any
 * other member is kept as sent.
 */
import type { ValidationIssue } from '../core/errors.js';
import type { RawResponse } from '../internal/http.js';

/**
 * A created direct or channel message. The document does not show its fields, so it is
 * the server's JSON object as sent.
 * @example
 * ```ts
 * const sent: CreatedMessage = await messaging.sendDirectMessage({ to: { email: 'ana@example.com' }, body: 'Your order shipped' });
 * if (sent.id !== undefined) console.log('message id', sent.id);
 * ```
 */
export type CreatedMessage = { id?: string | number } & Record<string, unknown>;

/**
 * A created announcement.
 * @example
 * ```ts
 * const announcement: Announcement = await messaging.postAnnouncement({ title: 'Stocktake Friday', body: 'Doors close at 4 pm.' });
 * console.log(`${announcement.id} by ${String(announcement.createdBy)}: ${announcement.likeCount ?? 0} likes`);
 * ```
 */
export interface Announcement {
  id: string | number;
  title: string;
  body: string;
  createdAt: string;
  /** Who posted it: the bot's name. */
  createdBy: unknown;
  /** Likes so far (read from whichever name the server uses; see README Assumptions). */
  likeCount: number | undefined;
  /** Comments so far. */
  commentCount: number | undefined;
  [member: string]: unknown;
}

/**
 * The document names an announcement's like count without showing its member name; these
 * are the names read into {@link Announcement.likeCount}, first found wins. Useful when you
 * read a raw announcement body yourself (e.g. from `withResponse()`).
 * @example
 * ```ts
 * const raw: Record<string, unknown> = { id: 'a1', title: 'Stocktake', body: 'Friday', likes_count: 3 };
 * const likes = LIKE_COUNT_NAMES.map((name) => raw[name]).find((value) => value !== undefined); // 3
 * ```
 */
export const LIKE_COUNT_NAMES = ['likeCount', 'likesCount', 'like_count', 'likes_count', 'likes'] as const;
/**
 * The document names an announcement's comment count without showing its member name; these
 * are the names read into {@link Announcement.commentCount}, first found wins.
 * @example
 * ```ts
 * const raw: Record<string, unknown> = { id: 'a1', title: 'Stocktake', body: 'Friday', commentCount: 2 };
 * const comments = COMMENT_COUNT_NAMES.map((name) => raw[name]).find((value) => value !== undefined); // 2
 * ```
 */
export const COMMENT_COUNT_NAMES = ['commentCount', 'commentsCount', 'comment_count', 'comments_count', 'comments'] as const;

function objectBody(raw: RawResponse): Record<string, unknown> {
  if (!raw.isJson) throw raw.invalid([{ path: [], message: 'is not JSON' }]);
  if (raw.body === null || typeof raw.body !== 'object' || Array.isArray(raw.body)) {
    throw raw.invalid([{ path: [], message: raw.body === undefined ? 'is empty; expected the created object' : 'must be a JSON object' }]);
  }
  return raw.body as Record<string, unknown>;
}

/**
 * The created message's fields are not documented, so any JSON object is taken, and an
 * empty body is an empty object: the message was sent, and an error would invite a resend.
 */
export function parseCreatedMessage(raw: RawResponse): CreatedMessage {
  if (raw.body === undefined) return {};
  return objectBody(raw) as CreatedMessage;
}

/** The first candidate member holding a count; a member of that name with other content is not it. */
function count(body: Record<string, unknown>, names: readonly string[]): number | undefined {
  for (const name of names) {
    const value = body[name];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  }
  return undefined;
}

export function parseAnnouncement(raw: RawResponse): Announcement {
  const body = objectBody(raw);
  const issues: ValidationIssue[] = [];
  if (typeof body.id !== 'string' && typeof body.id !== 'number') issues.push({ path: ['id'], message: 'must be a string or number' });
  for (const key of ['title', 'body'] as const) {
    if (typeof body[key] !== 'string') issues.push({ path: [key], message: 'must be a string' });
  }
  if (typeof body.createdAt !== 'string') issues.push({ path: ['createdAt'], message: 'must be a string' });
  const likeCount = count(body, LIKE_COUNT_NAMES);
  const commentCount = count(body, COMMENT_COUNT_NAMES);
  if (issues.length) throw raw.invalid(issues);
  return { ...body, likeCount, commentCount } as Announcement;
}
