import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMessagingMock, type MessagingMock } from '../../../src/testing/index.js';
import { messagingRequests } from '../../support/messaging-mock.js';

let mock: MessagingMock;
beforeEach(() => {
  mock = createMessagingMock();
});
const { post, dm, channelPost } = messagingRequests(() => mock);

describe('a mock under a path prefix', () => {
  it('serves every route below the prefix and nothing outside it', async () => {
    const prefixed = createMessagingMock({ baseUrl: 'https://gateway.example.test/messaging/' });
    expect(prefixed.baseUrl).toBe('https://gateway.example.test/messaging');
    expect(prefixed.webhookUrl).toBe(
      `https://gateway.example.test/messaging/api/automation/webhooks/${prefixed.channelId}/${prefixed.channelKey}`,
    );
    expect((await post('/api/bot/announcements', { title: 't', body: 'b' }, prefixed.botKey, prefixed)).status).toBe(201);
    const hook = await prefixed.fetch(prefixed.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'x' }),
    });
    expect(hook.status).toBe(201);
    const outside = await prefixed.fetch('https://gateway.example.test/api/bot/announcements', {
      method: 'POST',
      headers: { authorization: `Bearer ${prefixed.botKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 't', body: 'b' }),
    });
    expect(outside.status).toBe(404);
    expect(prefixed.state.announcements).toHaveLength(1);
  });
});

describe('faults', () => {
  it('answers a scripted 429 with retry-after, then succeeds', async () => {
    mock.faults.status('POST /api/bot/messages', 429, { retryAfter: 1 });
    const body = { to: { userId: mock.employees.first.id }, body: 'hi' };
    const limited = await dm(body);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(mock.state.directMessages).toHaveLength(0);
    expect((await dm(body)).status).toBe(201);
  });

  it('rejects the fetch when the connection is dropped', async () => {
    mock.faults.add({ route: 'POST /api/automation/messages', fault: { drop: true } });
    await expect(channelPost({ content: 'x' })).rejects.toThrow(TypeError);
    expect((await channelPost({ content: 'x' })).status).toBe(201);
  });
});

describe('through msw', () => {
  const shared = createMessagingMock();
  const server = setupServer(...shared.handlers);
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => shared.reset());
  afterAll(() => server.close());

  it('answers the global fetch on its base URL', async () => {
    const response = await fetch(`${shared.baseUrl}/api/bot/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${shared.botKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ to: { email: shared.employees.first.email }, body: 'via msw' }),
    });
    expect(response.status).toBe(201);
    expect(shared.state.directMessages).toHaveLength(1);
  });

  it('serves the webhook URL and 401s a wrong token', async () => {
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: 'x' }) };
    expect((await fetch(shared.webhookUrl, init)).status).toBe(201);
    expect((await fetch(`${shared.baseUrl}/api/automation/webhooks/${shared.channelId}/chan_test_wrong`, init)).status).toBe(401);
  });

  it('makes a dropped connection a network error', async () => {
    shared.faults.add({ fault: { drop: true } });
    await expect(fetch(`${shared.baseUrl}/api/bot/announcements`, { method: 'POST' })).rejects.toThrow();
  });

  it('answers 404 for an unknown path below the base URL', async () => {
    expect((await fetch(`${shared.baseUrl}/nope`)).status).toBe(404);
  });
});
