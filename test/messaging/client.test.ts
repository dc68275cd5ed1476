import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  BadRequestError,
  ConfigurationError,
  MessagingClient,
  type MessagingClientOptions,
  NotFoundError,
  OpslinkError,
  RequestValidationError,
} from '../../src/index.js';
import { createMessagingMock, type MessagingMock } from '../../src/testing/index.js';

/** One request as it left the client. */
interface SentRequest {
  method: string;
  url: string;
  authorization: string | null;
  contentType: string | null;
  body: unknown;
}

/** A fetch that records every request, then lets `target` answer it. */
function recordingFetch(target: typeof fetch) {
  const sent: SentRequest[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const text = await request.clone().text();
    sent.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.get('authorization'),
      contentType: request.headers.get('content-type'),
      body: text ? JSON.parse(text) : undefined,
    });
    return target(request);
  };
  return { fetch, sent };
}

/** The rejection of `promise`; fails the test when it resolves instead. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}

let mock: MessagingMock;
let sent: SentRequest[];
let mockFetch: typeof fetch;

beforeEach(() => {
  mock = createMessagingMock();
  ({ fetch: mockFetch, sent } = recordingFetch(mock.fetch));
});

function client(options: Partial<MessagingClientOptions> = {}): MessagingClient {
  return new MessagingClient({ baseUrl: mock.baseUrl, botKey: mock.botKey, channelKey: mock.channelKey, fetch: mockFetch, ...options });
}

describe('direct messages', () => {
  it('reaches an employee by email, whatever its letter case', async () => {
    const ada = mock.employees.first;
    const created = await client().sendDirectMessage({ to: { email: ada.email.toUpperCase() }, body: 'Your order shipped' });
    expect(mock.state.directMessages).toHaveLength(1);
    const stored = mock.state.directMessages[0];
    expect(stored).toMatchObject({ employeeId: ada.id, body: 'Your order shipped', botId: mock.state.bots[0].id });
    expect(created.id).toBe(stored.id);
    expect(created.chatId).toBe(stored.chatId);
  });

  it('reaches an employee by user id', async () => {
    const ben = mock.employees.second;
    const created = await client().sendDirectMessage({ to: { userId: ben.id }, body: 'Truck 4 is at door 2' });
    expect(mock.state.directMessages.map((m) => m.employeeId)).toEqual([ben.id]);
    expect(created.to).toEqual({ userId: ben.id });
  });

  it('reaches an employee by phone number', async () => {
    const ben = mock.employees.second;
    await client().sendDirectMessage({ to: { phoneNumber: ben.phoneNumber }, body: 'Call the office' });
    expect(mock.state.directMessages.map((m) => m.employeeId)).toEqual([ben.id]);
  });

  it('keeps writing into the same chat with an employee, however they are addressed', async () => {
    const ada = mock.employees.first;
    const messaging = client();
    await messaging.sendDirectMessage({ to: { email: ada.email }, body: 'one' });
    await messaging.sendDirectMessage({ to: { userId: ada.id }, body: 'two' });
    await messaging.sendDirectMessage({ to: { phoneNumber: ada.phoneNumber }, body: 'three' });
    expect(mock.state.directChats).toHaveLength(1);
    expect(mock.state.directChats[0]).toMatchObject({ botId: mock.state.bots[0].id, employeeId: ada.id });
    expect(new Set(mock.state.directMessages.map((m) => m.chatId))).toEqual(new Set([mock.state.directChats[0].id]));
    expect(mock.state.directMessages.map((m) => m.body)).toEqual(['one', 'two', 'three']);
  });

  it('opens a new chat for another employee and for another bot', async () => {
    const ada = mock.employees.first;
    const otherBot = mock.addBot('Night Shift Bot');
    await client().sendDirectMessage({ to: { userId: ada.id }, body: 'from the first bot' });
    await client().sendDirectMessage({ to: { userId: mock.employees.second.id }, body: 'to someone else' });
    await client({ botKey: otherBot.key }).sendDirectMessage({ to: { userId: ada.id }, body: 'from the second bot' });
    expect(mock.state.directChats).toHaveLength(3);
    expect(new Set(mock.state.directMessages.map((m) => m.chatId)).size).toBe(3);
  });

  it('fails with NotFoundError when no employee has that email', async () => {
    const error = await rejectionOf(client().sendDirectMessage({ to: { email: 'nobody@example.test' }, body: 'hello?' }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404 });
    expect((error as NotFoundError).message).toMatch(/No employee matches/);
    expect(mock.state.directMessages).toHaveLength(0);
    expect(sent).toHaveLength(1);
  });

  it('fails with NotFoundError for an employee who is no longer active', async () => {
    const error = await rejectionOf(client().sendDirectMessage({ to: { userId: mock.employees.inactive.id }, body: 'hello?' }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(mock.state.directChats).toHaveLength(0);
  });
});

describe('announcements', () => {
  it('come back with id, title, body, author, time, and like and comment counts', async () => {
    const announcement = await client().postAnnouncement({ title: 'Stocktake Friday', body: 'Doors close at 4 pm.' });
    expect(mock.state.announcements).toHaveLength(1);
    const stored = mock.state.announcements[0];
    expect(announcement).toMatchObject({
      id: stored.id,
      title: 'Stocktake Friday',
      body: 'Doors close at 4 pm.',
      createdAt: stored.createdAt,
      createdBy: mock.botName,
      likeCount: 0,
      commentCount: 0,
    });
    expect(Number.isNaN(Date.parse(announcement.createdAt))).toBe(false);
  });

  it('notify every active employee and nobody else', async () => {
    const { id } = await client().postAnnouncement({ title: 'Fire drill', body: 'At 11.' });
    const notified = mock.state.notifications.filter((n) => n.kind === 'announcement' && n.refId === id).map((n) => n.employeeId);
    expect(notified.sort()).toEqual([mock.employees.first.id, mock.employees.second.id].sort());
  });

  it('come back as sent by the response, status 201, through withResponse()', async () => {
    const { data, response } = await client().postAnnouncement({ title: 'Menu', body: 'Tacos' }).withResponse();
    expect(response.status).toBe(201);
    expect(data.id).toBe(mock.state.announcements[0].id);
  });
});

describe('channel messages', () => {
  it('post with the channel key to /api/automation/messages', async () => {
    const created = await client({ botKey: undefined }).postChannelMessage({ content: 'Nightly export done', username: 'Exporter' });
    expect(mock.state.channelMessages).toHaveLength(1);
    expect(mock.state.channelMessages[0]).toMatchObject({
      id: created.id,
      channelId: mock.channelId,
      content: 'Nightly export done',
      username: 'Exporter',
      via: 'bearer',
    });
    expect(mock.state.notifications.filter((n) => n.kind === 'channel_message').map((n) => n.employeeId)).toEqual([
      mock.employees.first.id,
    ]);
  });

  it('post to the webhook URL when the client has one', async () => {
    const hook = MessagingClient.fromWebhookUrl(mock.webhookUrl, { fetch: mockFetch });
    const created = await hook.postChannelMessage({ embeds: [{ title: 'Build green', color: 0x2ecc71 }] });
    expect(mock.state.channelMessages).toHaveLength(1);
    expect(mock.state.channelMessages[0]).toMatchObject({
      id: created.id,
      channelId: mock.channelId,
      embeds: [{ title: 'Build green', color: 0x2ecc71 }],
      via: 'webhook',
    });
  });

  it('give status 201 through withResponse()', async () => {
    const { data, response } = await client().postChannelMessage({ content: 'hi' }).withResponse();
    expect(response.status).toBe(201);
    expect(data.id).toBe(mock.state.channelMessages[0].id);
    const hook = MessagingClient.fromWebhookUrl(mock.webhookUrl, { fetch: mockFetch });
    expect((await hook.postChannelMessage({ content: 'again' }).withResponse()).response.status).toBe(201);
  });

  it('send a Date timestamp as ISO 8601 text', async () => {
    const when = new Date(Date.UTC(2026, 10, 22, 10, 30, 0));
    await client().postChannelMessage({ embeds: [{ title: 'Low stock', timestamp: when }] });
    expect(sent[0].body).toEqual({ embeds: [{ title: 'Low stock', timestamp: '2026-11-22T10:30:00.000Z' }] });
    expect(mock.state.channelMessages[0].embeds).toEqual([{ title: 'Low stock', timestamp: '2026-11-22T10:30:00.000Z' }]);
  });

  it('refuse a field whose inline is not true or false, naming what it got, and send one that is', async () => {
    const error = await rejectionOf(
      client().postChannelMessage({ embeds: [{ fields: [{ name: 'a', value: 'b', inline: 'yes' as never }] }] }),
    );
    expect((error as RequestValidationError).issues).toEqual([
      { path: ['embeds', 0, 'fields', 0, 'inline'], message: 'must be a boolean, not a string' },
    ]);
    expect(sent).toHaveLength(0);
    await client().postChannelMessage({ embeds: [{ fields: [{ name: 'a', value: 'b', inline: false }] }] });
    expect(sent).toHaveLength(1);
  });

  it("with embedLimits: 'chat-platform', refuse a 1025-character field value that the default sends", async () => {
    const message = { embeds: [{ title: 'Report', fields: [{ name: 'Log', value: 'x'.repeat(1025) }] }] };

    const strict = client({ embedLimits: 'chat-platform' });
    const error = await rejectionOf(strict.postChannelMessage(message));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues.map((i) => i.path)).toEqual([['embeds', 0, 'fields', 0, 'value']]);
    expect(sent).toHaveLength(0);

    await client().postChannelMessage(message);
    expect(sent).toHaveLength(1);
    expect(mock.state.channelMessages[0].embeds).toEqual(message.embeds);
  });
});

describe('which address and which key each method uses', () => {
  it('sends the bot key to the bot endpoints and the channel key to the channel endpoint', async () => {
    const messaging = client();
    await messaging.sendDirectMessage({ to: { userId: mock.employees.first.id }, body: 'hi' });
    await messaging.postAnnouncement({ title: 't', body: 'b' });
    await messaging.postChannelMessage({ content: 'c' });
    expect(sent.map((r) => [r.method, r.url, r.authorization])).toEqual([
      ['POST', `${mock.baseUrl}/api/bot/messages`, `Bearer ${mock.botKey}`],
      ['POST', `${mock.baseUrl}/api/bot/announcements`, `Bearer ${mock.botKey}`],
      ['POST', `${mock.baseUrl}/api/automation/messages`, `Bearer ${mock.channelKey}`],
    ]);
    for (const request of sent) expect(request.contentType).toMatch(/^application\/json/);
  });

  it('sends no Authorization header to a webhook URL, even when the client also holds keys', async () => {
    const messaging = client({ webhookUrl: mock.webhookUrl });
    await messaging.postChannelMessage({ content: 'via the hook' });
    await messaging.sendDirectMessage({ to: { userId: mock.employees.first.id }, body: 'still a bot message' });
    expect(sent.map((r) => [r.url, r.authorization])).toEqual([
      [`${mock.baseUrl}/api/automation/webhooks/${mock.channelId}/${mock.channelKey}`, null],
      [`${mock.baseUrl}/api/bot/messages`, `Bearer ${mock.botKey}`],
    ]);
    expect(mock.state.channelMessages.map((m) => m.via)).toEqual(['webhook']);
  });

  it('needs nothing but the webhook URL for MessagingClient.fromWebhookUrl', async () => {
    const hook = MessagingClient.fromWebhookUrl(mock.webhookUrl, { fetch: mockFetch });
    expect(hook.baseUrl).toBe(mock.baseUrl);
    expect(hook.webhookChannelId).toBe(mock.channelId);
    await hook.postChannelMessage({ content: 'ping' });
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe(mock.webhookUrl);
  });

  it('posts to the right path from a webhook URL with a path prefix, a trailing slash, a query and a fragment', async () => {
    const gateway = createMessagingMock({ baseUrl: 'https://gw.example.test/messaging' });
    const recorder = recordingFetch(gateway.fetch);
    const hook = MessagingClient.fromWebhookUrl(`${gateway.webhookUrl}/?wait=true#settings`, { fetch: recorder.fetch });
    expect(hook.baseUrl).toBe('https://gw.example.test/messaging');
    await hook.postChannelMessage({ content: 'through the gateway' });
    expect(recorder.sent.map((r) => r.url)).toEqual([
      `https://gw.example.test/messaging/api/automation/webhooks/${gateway.channelId}/${gateway.channelKey}`,
    ]);
    expect(gateway.state.channelMessages.map((m) => [m.content, m.via])).toEqual([['through the gateway', 'webhook']]);
  });

  it('keeps a base URL path prefix and ignores its trailing slash', async () => {
    const gateway = createMessagingMock({ baseUrl: 'https://gw.example.test/chat/v2' });
    const recorder = recordingFetch(gateway.fetch);
    const messaging = new MessagingClient({
      baseUrl: 'https://gw.example.test/chat/v2/',
      botKey: gateway.botKey,
      channelKey: gateway.channelKey,
      fetch: recorder.fetch,
    });
    expect(messaging.baseUrl).toBe('https://gw.example.test/chat/v2');
    await messaging.sendDirectMessage({ to: { email: gateway.employees.first.email }, body: 'hi' });
    await messaging.postChannelMessage({ content: 'hi' });
    expect(recorder.sent.map((r) => r.url)).toEqual([
      'https://gw.example.test/chat/v2/api/bot/messages',
      'https://gw.example.test/chat/v2/api/automation/messages',
    ]);
    expect(gateway.state.directMessages).toHaveLength(1);
    expect(gateway.state.channelMessages).toHaveLength(1);
  });
});

describe('a method whose credential the client lacks', () => {
  it('refuses a direct message without botKey, naming the option, and sends nothing', async () => {
    const messaging = client({ botKey: undefined });
    const error = await rejectionOf(messaging.sendDirectMessage({ to: { userId: mock.employees.first.id }, body: 'hi' }));
    expect(error).toBeInstanceOf(OpslinkError);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe('botKey');
    expect((error as ConfigurationError).message).toContain('botKey');
    expect(sent).toHaveLength(0);
  });

  it('refuses an announcement without botKey and sends nothing', async () => {
    const error = await rejectionOf(client({ botKey: undefined }).postAnnouncement({ title: 't', body: 'b' }));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe('botKey');
    expect(sent).toHaveLength(0);
    expect(mock.state.announcements).toHaveLength(0);
  });

  it('refuses a channel message without channelKey or webhookUrl, naming both, and sends nothing', async () => {
    const error = await rejectionOf(client({ channelKey: undefined }).postChannelMessage({ content: 'hi' }));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe('channelKey');
    expect((error as ConfigurationError).issues.map((i) => i.path)).toEqual([['channelKey']]);
    expect((error as ConfigurationError).message).toMatch(/channelKey.*webhookUrl/);
    expect(sent).toHaveLength(0);
  });

  it('refuses bot methods on a webhook-only client', async () => {
    const hook = MessagingClient.fromWebhookUrl(mock.webhookUrl, { fetch: mockFetch });
    const error = await rejectionOf(hook.postAnnouncement({ title: 't', body: 'b' }));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe('botKey');
    expect(sent).toHaveLength(0);
  });
});

describe('when the service says the key is wrong (401)', () => {
  it('a wrong bot key gives AuthenticationError', async () => {
    const error = await rejectionOf(client({ botKey: 'bot_test_not_a_real_key' }).postAnnouncement({ title: 't', body: 'b' }));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401 });
    expect(mock.state.announcements).toHaveLength(0);
    expect(sent).toHaveLength(1);
  });

  it('a bot key stops working once it is revoked', async () => {
    const messaging = client();
    await messaging.sendDirectMessage({ to: { userId: mock.employees.first.id }, body: 'before' });
    mock.revokeBot(mock.botKey);
    const error = await rejectionOf(messaging.sendDirectMessage({ to: { userId: mock.employees.first.id }, body: 'after' }));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(mock.state.directMessages.map((m) => m.body)).toEqual(['before']);
  });

  it('a channel key does not work on bot endpoints, nor a bot key on the channel endpoint', async () => {
    const swapped = client({ botKey: mock.channelKey, channelKey: mock.botKey });
    expect(await rejectionOf(swapped.sendDirectMessage({ to: { userId: mock.employees.first.id }, body: 'x' }))).toBeInstanceOf(
      AuthenticationError,
    );
    expect(await rejectionOf(swapped.postChannelMessage({ content: 'x' }))).toBeInstanceOf(AuthenticationError);
    expect(mock.state.directMessages).toHaveLength(0);
    expect(mock.state.channelMessages).toHaveLength(0);
  });

  it("a webhook URL mixing one channel's id with another channel's token gives AuthenticationError", async () => {
    const other = mock.addChannel('Other team');
    const webhook = (id: string, token: string) =>
      MessagingClient.fromWebhookUrl(`${mock.baseUrl}/api/automation/webhooks/${id}/${token}`, { fetch: mockFetch });

    expect(await rejectionOf(webhook(mock.channelId, other.key).postChannelMessage({ content: 'x' }))).toBeInstanceOf(AuthenticationError);
    expect(await rejectionOf(webhook(other.id, mock.channelKey).postChannelMessage({ content: 'x' }))).toBeInstanceOf(AuthenticationError);
    expect(mock.state.channelMessages).toHaveLength(0);

    await webhook(other.id, other.key).postChannelMessage({ content: 'matching pair' });
    expect(mock.state.channelMessages.map((m) => m.channelId)).toEqual([other.id]);
  });

  it('a revoked channel key fails by bearer and by webhook URL', async () => {
    mock.revokeChannel(mock.channelId);
    expect(await rejectionOf(client().postChannelMessage({ content: 'x' }))).toBeInstanceOf(AuthenticationError);
    const hook = MessagingClient.fromWebhookUrl(mock.webhookUrl, { fetch: mockFetch });
    expect(await rejectionOf(hook.postChannelMessage({ content: 'x' }))).toBeInstanceOf(AuthenticationError);
    expect(sent).toHaveLength(2);
  });
});

describe('when the service refuses the payload (400)', () => {
  it('gives BadRequestError carrying the service errors, sent once', async () => {
    mock.faults.add({
      route: 'POST /api/automation/messages',
      fault: { status: 400, body: { message: 'Invalid request', errors: ['embeds.0.title: too long', 'content: not allowed'] } },
    });
    const error = await rejectionOf(client().postChannelMessage({ content: 'hi' }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 400, errors: ['embeds.0.title: too long', 'content: not allowed'] });
    expect((error as BadRequestError).message).toBe('Invalid request');
    expect(sent).toHaveLength(1);
  });

  it("maps the mock's own validation answer to BadRequestError (body altered on the way)", async () => {
    // A proxy that strips `content` shows what the real service answers to an empty message.
    const stripping: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const { content: _dropped, ...rest } = (await request.json()) as Record<string, unknown>;
      return mockFetch(request.url, { method: request.method, headers: request.headers, body: JSON.stringify(rest) });
    };
    const error = await rejectionOf(client({ fetch: stripping }).postChannelMessage({ content: 'hi' }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).errors).toEqual(['needs content or at least one embed']);
    expect((error as BadRequestError).body).toMatchObject({ errors: ['needs content or at least one embed'] });
    expect(sent).toHaveLength(1);
    expect(mock.state.channelMessages).toHaveLength(0);
  });
});

describe('through msw (the global fetch, no fetch option)', () => {
  const mswMock = createMessagingMock({ baseUrl: 'https://msw.messaging.test' });
  const server = setupServer(...mswMock.handlers);
  const seen: { url: string; authorization: string | null }[] = [];
  server.events.on('request:start', ({ request }) => {
    seen.push({ url: request.url, authorization: request.headers.get('authorization') });
  });

  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  beforeEach(() => {
    mswMock.reset();
    seen.length = 0;
  });
  afterAll(() => server.close());

  const bot = () => new MessagingClient({ baseUrl: mswMock.baseUrl, botKey: mswMock.botKey, channelKey: mswMock.channelKey });

  it('sends a direct message and an announcement with the bot key', async () => {
    await bot().sendDirectMessage({ to: { email: mswMock.employees.second.email }, body: 'hi' });
    const announcement = await bot().postAnnouncement({ title: 'Payday', body: 'Friday' });
    expect(mswMock.state.directMessages.map((m) => m.employeeId)).toEqual([mswMock.employees.second.id]);
    expect(announcement).toMatchObject({ createdBy: mswMock.botName, likeCount: 0, commentCount: 0 });
    expect(seen).toEqual([
      { url: `${mswMock.baseUrl}/api/bot/messages`, authorization: `Bearer ${mswMock.botKey}` },
      { url: `${mswMock.baseUrl}/api/bot/announcements`, authorization: `Bearer ${mswMock.botKey}` },
    ]);
  });

  it('posts channel messages by bearer key and by webhook URL, the latter without Authorization', async () => {
    await bot().postChannelMessage({ content: 'by key' });
    const { response } = await MessagingClient.fromWebhookUrl(mswMock.webhookUrl).postChannelMessage({ content: 'by hook' }).withResponse();
    expect(response.status).toBe(201);
    expect(mswMock.state.channelMessages.map((m) => [m.content, m.via])).toEqual([
      ['by key', 'bearer'],
      ['by hook', 'webhook'],
    ]);
    expect(seen).toEqual([
      { url: `${mswMock.baseUrl}/api/automation/messages`, authorization: `Bearer ${mswMock.channelKey}` },
      { url: mswMock.webhookUrl, authorization: null },
    ]);
  });

  it('maps 401, 404 and 400 to their error classes', async () => {
    const wrongKey = new MessagingClient({ baseUrl: mswMock.baseUrl, botKey: 'bot_wrong' });
    expect(await rejectionOf(wrongKey.postAnnouncement({ title: 't', body: 'b' }))).toBeInstanceOf(AuthenticationError);
    expect(await rejectionOf(bot().sendDirectMessage({ to: { phoneNumber: '+10000000000' }, body: 'x' }))).toBeInstanceOf(NotFoundError);
    mswMock.faults.status('POST /api/automation/messages', 400, { body: { message: 'nope', errors: ['content: refused'] } });
    const error = await rejectionOf(bot().postChannelMessage({ content: 'x' }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).errors).toEqual(['content: refused']);
    expect(seen).toHaveLength(3);
  });

  it('sends nothing when the credential is missing', async () => {
    const hookOnly = MessagingClient.fromWebhookUrl(mswMock.webhookUrl);
    const error = await rejectionOf(hookOnly.sendDirectMessage({ to: { userId: mswMock.employees.first.id }, body: 'x' }));
    expect((error as ConfigurationError).option).toBe('botKey');
    expect(seen).toHaveLength(0);
  });
});
