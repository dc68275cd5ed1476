/**
 * What the messaging mock answers: the created objects (the document does not show them)
 * and its error bodies, and the reading of a request's key and JSON body.
 */
import { json } from '../kit/common.js';

/**
 * 201 body of `POST /api/bot/messages` (the document does not show it).
 * @example
 * ```ts
 * const res = await mock.fetch(`${mock.baseUrl}/api/bot/messages`, {
 *   method: 'POST',
 *   headers: { authorization: `Bearer ${mock.botKey}`, 'content-type': 'application/json' },
 *   body: JSON.stringify({ to: { email: mock.employees.first.email }, body: 'Your order shipped' }),
 * });
 * const created: DirectMessageResponse = await res.json();
 * expect(created.to.userId).toBe(mock.employees.first.id);
 * ```
 */
export interface DirectMessageResponse {
  id: string;
  chatId: string;
  body: string;
  to: { userId: string };
  createdAt: string;
}

/**
 * 201 body of `POST /api/bot/announcements`.
 * @example
 * ```ts
 * const res = await mock.fetch(`${mock.baseUrl}/api/bot/announcements`, {
 *   method: 'POST',
 *   headers: { authorization: `Bearer ${mock.botKey}`, 'content-type': 'application/json' },
 *   body: JSON.stringify({ title: 'Stocktake Friday', body: 'Doors close at 4 pm.' }),
 * });
 * const created: AnnouncementResponse = await res.json();
 * expect(created.createdBy).toBe(mock.botName);
 * ```
 */
export interface AnnouncementResponse {
  id: string;
  title: string;
  body: string;
  createdAt: string;
  createdBy: string;
  likeCount: number;
  commentCount: number;
}

/**
 * 201 body of both channel message endpoints (the document does not show it).
 * @example
 * ```ts
 * const res = await mock.fetch(mock.webhookUrl, {
 *   method: 'POST',
 *   headers: { 'content-type': 'application/json' },
 *   body: JSON.stringify({ content: 'Deploy finished' }),
 * });
 * const created: ChannelMessageResponse = await res.json();
 * expect(created.channelId).toBe(mock.channelId);
 * ```
 */
export interface ChannelMessageResponse {
  id: string;
  channelId: string;
  content?: string;
  username?: string;
  avatar_url?: string;
  embeds?: unknown[];
  createdAt: string;
}

/**
 * Body of every 4xx the mock answers itself (the document does not show one).
 * @example
 * ```ts
 * mock.revokeBot(mock.botKey);
 * const error = await client.postAnnouncement({ title: 'Stocktake', body: 'Friday' }).catch((e: unknown) => e);
 * if (error instanceof AuthenticationError) console.log((error.body as MockErrorBody).message);
 * ```
 */
export interface MockErrorBody {
  message: string;
  /** One `path: problem` per violation, e.g. `embeds.3.fields: at most 25 items (got 26)`. */
  errors?: string[];
}

export function error(status: number, message: string, errors?: string[]): Response {
  const body: MockErrorBody = errors ? { message, errors } : { message };
  return json(status, body);
}

// Never echoes the key: a test log must not print a credential.
export const unauthorized = () => error(401, 'Missing, wrong or revoked API key');

export const invalid = (errors: string[]) => error(400, `Invalid request: ${errors.join('; ')}`, errors);

export function bearerOf(request: Request): string | undefined {
  const header = request.headers.get('authorization');
  // The scheme is case-insensitive (RFC 9110); the key itself is compared exactly.
  const match = header ? /^bearer +(\S+) *$/i.exec(header) : null;
  return match?.[1];
}

type Read = { ok: true; value: unknown } | { ok: false; response: Response };

export async function readJson(request: Request): Promise<Read> {
  const mediaType = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    return { ok: false, response: error(400, 'Content-Type must be application/json') };
  }
  const text = await request.text();
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, response: error(400, 'The request body is not valid JSON') };
  }
}
