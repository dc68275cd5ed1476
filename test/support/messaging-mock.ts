/**
 * Requests to a messaging mock through its own `fetch`, as the mock tests send them.
 */
import { expect } from 'vitest';
import type { MessagingMock, MockErrorBody } from '../../src/testing/index.js';

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const EMOJI = '😀';

/** Helpers bound to the test's current mock (`current()` is read at each call). */
export function messagingRequests(current: () => MessagingMock) {
  /** POSTs `body` as JSON to `path` below the mock's base URL; `key: null` sends no Authorization. */
  function post(path: string, body: unknown, key: string | null, target: MessagingMock = current()): Promise<Response> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (key !== null) headers.authorization = `Bearer ${key}`;
    return target.fetch(`${target.baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  }
  return {
    post,
    dm: (body: unknown, key: string | null = current().botKey) => post('/api/bot/messages', body, key),
    announce: (body: unknown, key: string | null = current().botKey) => post('/api/bot/announcements', body, key),
    channelPost: (body: unknown, key: string | null = current().channelKey) => post('/api/automation/messages', body, key),
    webhookPost: (body: unknown, url = current().webhookUrl) =>
      current().fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  };
}

/** The `errors` of a 400 answer (checked to be a 400 with a message). */
export async function errorsOf(response: Response): Promise<string[]> {
  expect(response.status).toBe(400);
  const body = (await response.json()) as MockErrorBody;
  expect(typeof body.message).toBe('string');
  return body.errors ?? [];
}
