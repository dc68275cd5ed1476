import { beforeEach, describe, expect, it } from 'vitest';
import { createMessagingMock, type MessagingMock } from '../../../src/testing/index.js';
import { errorsOf, messagingRequests } from '../../support/messaging-mock.js';

let mock: MessagingMock;
beforeEach(() => {
  mock = createMessagingMock();
});
const { dm, announce, channelPost, webhookPost } = messagingRequests(() => mock);

describe('authentication', () => {
  const validDm = () => ({ to: { userId: mock.employees.first.id }, body: 'hi' });

  it('answers 401 without a key, with a wrong key and with a revoked key', async () => {
    expect((await dm(validDm(), null)).status).toBe(401);
    expect((await dm(validDm(), 'bot_test_wrong')).status).toBe(401);
    expect((await announce({ title: 't', body: 'b' }, null)).status).toBe(401);
    expect((await channelPost({ content: 'x' }, null)).status).toBe(401);
    expect((await channelPost({ content: 'x' }, 'chan_test_wrong')).status).toBe(401);
    mock.revokeBot(mock.botKey);
    expect((await dm(validDm())).status).toBe(401);
    expect((await announce({ title: 't', body: 'b' })).status).toBe(401);
    mock.revokeChannel(mock.channelId);
    expect((await channelPost({ content: 'x' })).status).toBe(401);
    expect((await webhookPost({ content: 'x' })).status).toBe(401);
    expect(mock.state.directMessages).toHaveLength(0);
    expect(mock.state.channelMessages).toHaveLength(0);
  });

  it('does not accept a channel key on bot endpoints, nor a bot key on the channel endpoint', async () => {
    expect((await dm(validDm(), mock.channelKey)).status).toBe(401);
    expect((await announce({ title: 't', body: 'b' }, mock.channelKey)).status).toBe(401);
    expect((await channelPost({ content: 'x' }, mock.botKey)).status).toBe(401);
  });

  it('does not echo the key in a 401', async () => {
    const text = await (await dm(validDm(), 'bot_test_secret_value')).text();
    expect(text).not.toContain('secret_value');
    expect(JSON.parse(text)).toEqual({ message: expect.any(String) });
  });

  it('checks the key before the body', async () => {
    expect((await dm({ nonsense: true }, 'bot_test_wrong')).status).toBe(401);
    const response = await mock.fetch(`${mock.baseUrl}/api/bot/messages`, { method: 'POST', body: '{not json' });
    expect(response.status).toBe(401);
  });

  it('refuses a webhook whose token is wrong or belongs to another channel', async () => {
    const other = mock.addChannel('Alerts');
    const base = `${mock.baseUrl}/api/automation/webhooks`;
    expect((await webhookPost({ content: 'x' }, `${base}/${mock.channelId}/${other.key}`)).status).toBe(401);
    expect((await webhookPost({ content: 'x' }, `${base}/${mock.channelId}/chan_test_wrong`)).status).toBe(401);
    expect((await webhookPost({ content: 'x' }, `${base}/${other.id}/${other.key}`)).status).toBe(201);
    expect(mock.state.channelMessages.map((m) => m.channelId)).toEqual([other.id]);
  });
});

describe('request bodies', () => {
  it('answers 400 for malformed JSON and for a body not sent as JSON', async () => {
    const url = `${mock.baseUrl}/api/bot/messages`;
    const auth = { authorization: `Bearer ${mock.botKey}` };
    const malformed = await mock.fetch(url, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{"to":' });
    expect(malformed.status).toBe(400);
    const plain = await mock.fetch(url, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/plain' },
      body: JSON.stringify({ to: { userId: mock.employees.first.id }, body: 'hi' }),
    });
    expect(plain.status).toBe(400);
    expect(await errorsOf(await dm(['not', 'an', 'object']))).toEqual(['must be an object, not an array']);
  });

  it('accepts a charset parameter on the content type', async () => {
    const response = await mock.fetch(`${mock.baseUrl}/api/bot/announcements`, {
      method: 'POST',
      headers: { authorization: `Bearer ${mock.botKey}`, 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ title: 't', body: 'b' }),
    });
    expect(response.status).toBe(201);
  });

  it('answers 404 for a path the service does not have', async () => {
    const response = await mock.fetch(`${mock.baseUrl}/api/bot/unknown`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found' });
  });
});
