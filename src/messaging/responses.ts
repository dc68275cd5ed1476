/**
 * The messaging API's response bodies. Every endpoint here is a write: a 2xx means the
 * message or announcement exists, so a body that is not as expected is logged at `warn`
 * and what can be read is returned, members kept as received. Throwing would invite the
 * caller to send it again.
 */
import type { ValidationIssue } from '../core/errors/index.js';
import type { RawResponse } from '../core/http/index.js';

/**
 * A created direct or channel message. The document does not show its fields, so it is
 * the server's JSON object as sent (`{}` when the body was empty or not a JSON object).
 * @example
 * ```ts
 * const sent: CreatedMessage = await messaging.sendDirectMessage({ to: { email: 'ana@example.com' }, body: 'Your order shipped' });
 * if (sent.id !== undefined) console.log('message id', sent.id);
 * ```
 */
export type CreatedMessage = { id?: string | number } & Record<string, unknown>;

/**
 * A created announcement: id, title, body, createdAt (ISO 8601), createdBy (the bot's name),
 * and the like and comment counts (read from whichever member name the server uses; see the
 * Assumptions table, docs/assumptions.md). A 201 whose body breaks these types still resolves,
 * with the members as received and a `warn` log line.
 * @example
 * ```ts
 * const announcement: Announcement = await messaging.postAnnouncement({ title: 'Stocktake Friday', body: 'Doors close at 4 pm.' });
 * console.log(`${announcement.id} by ${announcement.createdBy}: ${announcement.likeCount ?? 0} likes`);
 * ```
 */
export interface Announcement {
  id: string | number;
  title: string;
  body: string;
  createdAt: string;
  /** Who posted it: the bot's name. */
  createdBy: string;
  /** Likes so far, when the server sent a count. */
  likeCount: number | undefined;
  /** Comments so far, when the server sent a count. */
  commentCount: number | undefined;
  [member: string]: unknown;
}

/**
 * The document names an announcement's like count without showing its member name; these
 * are the names read into {@link Announcement.likeCount}, first found wins.
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

/** The body as an object, or `{}` with a `warn` when it is empty, not JSON or not an object. */
function objectBody(raw: RawResponse, expected: string): Record<string, unknown> {
  const { body } = raw;
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  // An empty body to a created message is taken as is; anything else is noted.
  if (body !== undefined || expected === 'the created announcement')
    raw.mismatch([
      {
        path: [],
        message: `${raw.isJson ? (body === undefined ? 'is empty' : 'is not a JSON object') : 'is not JSON'}; expected ${expected}`,
      },
    ]);
  return {};
}

/** A created direct or channel message: any JSON object, as sent. */
export function parseCreatedMessage(raw: RawResponse): CreatedMessage {
  return objectBody(raw, 'the created message') as CreatedMessage;
}

/** The first candidate member holding a count; a member of that name with other content is not it. */
function count(body: Record<string, unknown>, names: readonly string[]): number | undefined {
  return names.map((name) => body[name]).find((v): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0);
}

export function parseAnnouncement(raw: RawResponse): Announcement {
  const body = objectBody(raw, 'the created announcement');
  const issues: ValidationIssue[] = [];
  if (typeof body.id !== 'string' && typeof body.id !== 'number') issues.push({ path: ['id'], message: 'must be a string or number' });
  for (const key of ['title', 'body', 'createdAt', 'createdBy']) {
    if (typeof body[key] !== 'string') issues.push({ path: [key], message: 'must be a string' });
  }
  if (issues.length && Object.keys(body).length) raw.deviation(issues);
  return { ...body, likeCount: count(body, LIKE_COUNT_NAMES), commentCount: count(body, COMMENT_COUNT_NAMES) } as Announcement;
}
