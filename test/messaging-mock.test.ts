import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGING_LIMITS } from '../src/messaging/limits.js';
import { createMessagingMock, type MessagingMock, type MockErrorBody } from '../src/testing/messaging-mock.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const EMOJI = '😀';

let mock: MessagingMock;
beforeEach(() => {
  mock = createMessagingMock();
});

/** POSTs `body` as JSON to `path` below the mock's base URL; `key: null` sends no Authorization. */
function post(path: string, body: unknown, key: string | null, target: MessagingMock = mock): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key !== null) headers.authorization = `Bearer ${key}`;
  return target.fetch(`${target.baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
}

const dm = (body: unknown, key: string | null = mock.botKey) => post('/api/bot/messages', body, key);
const announce = (body: unknown, key: string | null = mock.botKey) => post('/api/bot/announcements', body, key);
const channelPost = (body: unknown, key: string | null = mock.channelKey) => post('/api/automation/messages', body, key);
const webhookPost = (body: unknown, url = mock.webhookUrl) =>
  mock.fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function errorsOf(response: Response): Promise<string[]> {
  expect(response.status).toBe(400);
  const body = (await response.json()) as MockErrorBody;
  expect(typeof body.message).toBe('string');
  return body.errors ?? [];
}

describe('seed data', () => {
  it('has one bot, one channel and three employees, one of them inactive', () => {
    expect(mock.state.bots).toHaveLength(1);
    expect(mock.state.channels).toHaveLength(1);
    expect(mock.state.employees.map((e) => e.active)).toEqual([true, true, false]);
    expect(new Set(mock.state.employees.map((e) => e.email)).size).toBe(3);
    expect(new Set(mock.state.employees.map((e) => e.phoneNumber)).size).toBe(3);
    expect(mock.botKey).toMatch(/^bot_test_/);
    expect(mock.channelKey).toMatch(/^chan_test_/);
    expect(mock.botKey).not.toBe(mock.channelKey);
    expect(`${mock.botKey}${mock.channelKey}`).not.toMatch(/[\r\n]/);
    expect(mock.employees.inactive.active).toBe(false);
  });

  it('gives the same ids and keys on every run, shaped as v4 UUIDs', () => {
    const other = createMessagingMock();
    expect(other.botKey).toBe(mock.botKey);
    expect(other.channelId).toBe(mock.channelId);
    expect(other.state.employees.map((e) => e.id)).toEqual(mock.state.employees.map((e) => e.id));
    for (const id of [mock.channelId, ...mock.state.employees.map((e) => e.id), ...mock.state.bots.map((b) => b.id)]) {
      expect(id).toMatch(UUID_V4);
    }
  });

  it('builds the webhook URL from the channel id and the channel key', () => {
    expect(mock.webhookUrl).toBe(`https://messaging.opslink.test/api/automation/webhooks/${mock.channelId}/${mock.channelKey}`);
  });
});

describe('direct messages', () => {
  it('sends a message to an employee by user id and records it', async () => {
    const employee = mock.employees.first;
    const response = await dm({ to: { userId: employee.id }, body: 'Shift starts at 9' });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toContain('application/json');
    const created = (await response.json()) as Record<string, unknown>;
    expect(created).toMatchObject({ body: 'Shift starts at 9', to: { userId: employee.id } });
    expect(created.id).toMatch(UUID_V4);
    expect(Number.isNaN(Date.parse(String(created.createdAt)))).toBe(false);
    expect(mock.state.directMessages).toEqual([
      expect.objectContaining({ id: created.id, chatId: created.chatId, employeeId: employee.id, body: 'Shift starts at 9' }),
    ]);
    expect(mock.state.directChats).toEqual([{ id: created.chatId, botId: mock.state.bots[0]?.id, employeeId: employee.id }]);
  });

  it('reuses the chat for a second message to the same employee', async () => {
    const to = { email: mock.employees.first.email };
    const first = (await (await dm({ to, body: 'one' })).json()) as { chatId: string };
    const second = (await (await dm({ to, body: 'two' })).json()) as { chatId: string };
    expect(second.chatId).toBe(first.chatId);
    expect(mock.state.directChats).toHaveLength(1);
    expect(mock.state.directMessages).toHaveLength(2);
  });

  it('opens a separate chat for another bot or another employee', async () => {
    const other = mock.addBot('Night Bot');
    await dm({ to: { userId: mock.employees.first.id }, body: 'a' });
    await dm({ to: { userId: mock.employees.first.id }, body: 'b' }, other.key);
    await dm({ to: { userId: mock.employees.second.id }, body: 'c' });
    expect(mock.state.directChats).toHaveLength(3);
  });

  it('matches an email whatever its case', async () => {
    const response = await dm({ to: { email: mock.employees.second.email.toUpperCase() }, body: 'hi' });
    expect(response.status).toBe(201);
    expect(mock.state.directMessages[0]?.employeeId).toBe(mock.employees.second.id);
  });

  it('matches a phone number only when it is written exactly as on file', async () => {
    const phone = mock.employees.second.phoneNumber;
    expect((await dm({ to: { phoneNumber: phone }, body: 'hi' })).status).toBe(201);
    const spaced = `${phone.slice(0, 2)} ${phone.slice(2)}`;
    expect((await dm({ to: { phoneNumber: spaced }, body: 'hi' })).status).toBe(404);
    expect((await dm({ to: { phoneNumber: ` ${phone}` }, body: 'hi' })).status).toBe(404);
  });

  it('answers 404 for an employee who does not exist', async () => {
    const response = await dm({ to: { userId: '00000000-0000-4000-8000-0000000fffff' }, body: 'hi' });
    expect(response.status).toBe(404);
    expect(((await response.json()) as MockErrorBody).message).toMatch(/employee/i);
    expect((await dm({ to: { email: 'nobody@example.test' }, body: 'hi' })).status).toBe(404);
    expect(mock.state.directMessages).toHaveLength(0);
    expect(mock.state.directChats).toHaveLength(0);
  });

  it('does not deliver to an inactive employee', async () => {
    expect((await dm({ to: { email: mock.employees.inactive.email }, body: 'hi' })).status).toBe(404);
    expect((await dm({ to: { userId: mock.employees.inactive.id }, body: 'hi' })).status).toBe(404);
  });

  it('reaches an employee added by the test', async () => {
    const added = mock.addEmployee({ email: 'new.hire@example.test', phoneNumber: '+15550109999' });
    expect((await dm({ to: { phoneNumber: '+15550109999' }, body: 'welcome' })).status).toBe(201);
    expect(mock.state.directMessages[0]?.employeeId).toBe(added.id);
  });

  it('accepts a body of 4000 emoji and refuses 4001', async () => {
    const { max } = MESSAGING_LIMITS.directMessageBody;
    const to = { userId: mock.employees.first.id };
    expect((await dm({ to, body: EMOJI.repeat(max) })).status).toBe(201);
    const errors = await errorsOf(await dm({ to, body: EMOJI.repeat(max + 1) }));
    expect(errors).toEqual([expect.stringMatching(/^body: .*got 4001/)]);
    expect(await errorsOf(await dm({ to, body: '' }))).toEqual([expect.stringMatching(/^body:/)]);
  });

  it('needs exactly one of userId, phoneNumber and email in to', async () => {
    const { first } = mock.employees;
    expect(await errorsOf(await dm({ to: {}, body: 'hi' }))).toEqual([expect.stringMatching(/^to: .*exactly one/)]);
    expect(await errorsOf(await dm({ to: { userId: first.id, email: first.email }, body: 'hi' }))).toEqual([
      expect.stringMatching(/^to: .*exactly one/),
    ]);
    expect(await errorsOf(await dm({ to: { userId: 'not-a-uuid' }, body: 'hi' }))).toEqual([expect.stringMatching(/^to\.userId:/)]);
    expect(await errorsOf(await dm({ to: { name: first.name }, body: 'hi' }))).toContain('to.name: is not a member the service accepts');
    expect(await errorsOf(await dm({ body: 'hi' }))).toEqual(['to: is required']);
  });

  it('lists every problem of a request in one answer', async () => {
    const errors = await errorsOf(await dm({ to: { email: 42 }, body: 7, extra: true }));
    expect(errors).toHaveLength(3);
    expect(errors.map((e) => e.split(':')[0])).toEqual(['extra', 'to.email', 'body']);
  });
});

describe('announcements', () => {
  it('posts an announcement in the bot name and notifies only active employees', async () => {
    const response = await announce({ title: 'Holiday', body: 'Office closed Friday' });
    expect(response.status).toBe(201);
    const created = (await response.json()) as Record<string, unknown>;
    expect(created).toEqual({
      id: expect.stringMatching(UUID_V4),
      title: 'Holiday',
      body: 'Office closed Friday',
      createdAt: expect.any(String),
      createdBy: mock.botName,
      likeCount: 0,
      commentCount: 0,
    });
    expect(mock.state.announcements).toHaveLength(1);
    const notified = mock.state.notifications.filter((n) => n.kind === 'announcement' && n.refId === created.id).map((n) => n.employeeId);
    expect(notified.sort()).toEqual([mock.employees.first.id, mock.employees.second.id].sort());
  });

  it('attributes the announcement to whichever bot posted it', async () => {
    const other = mock.addBot('Payroll Bot');
    const created = (await (await announce({ title: 't', body: 'b' }, other.key)).json()) as { createdBy: string };
    expect(created.createdBy).toBe('Payroll Bot');
  });

  it('refuses a title one character over the limit and an empty body', async () => {
    const title = 'x'.repeat(MESSAGING_LIMITS.announcementTitle.max + 1);
    const errors = await errorsOf(await announce({ title, body: '' }));
    expect(errors.map((e) => e.split(':')[0])).toEqual(['title', 'body']);
    expect((await announce({ title: 'x'.repeat(MESSAGING_LIMITS.announcementTitle.max), body: 'b' })).status).toBe(201);
    expect(mock.state.announcements).toHaveLength(1);
  });
});

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
    expect(await errorsOf(await dm(['not', 'an', 'object']))).toEqual(['must be a JSON object']);
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

describe('channel messages', () => {
  it('posts text with the channel key and notifies the channel viewers only', async () => {
    const response = await channelPost({ content: 'Deploy done', username: 'CI' });
    expect(response.status).toBe(201);
    const created = (await response.json()) as Record<string, unknown>;
    expect(created).toEqual({
      id: expect.stringMatching(UUID_V4),
      channelId: mock.channelId,
      content: 'Deploy done',
      username: 'CI',
      createdAt: expect.any(String),
    });
    expect(mock.state.channelMessages).toEqual([expect.objectContaining({ id: created.id, via: 'bearer', content: 'Deploy done' })]);
    expect(mock.state.notifications).toEqual([{ employeeId: mock.employees.first.id, kind: 'channel_message', refId: created.id }]);
  });

  it('posts embeds through the webhook URL without an Authorization header', async () => {
    const embed = {
      title: 'Build #42',
      description: 'green',
      url: 'https://ci.example.test/42',
      color: 0x00ff00,
      timestamp: '2024-05-01T12:00:00.000Z',
      author: { name: 'CI', url: 'https://ci.example.test', icon_url: 'https://ci.example.test/i.png' },
      footer: { text: 'main', icon_url: 'https://ci.example.test/f.png' },
      image: { url: 'https://ci.example.test/big.png' },
      thumbnail: { url: 'http://ci.example.test/small.png' },
      fields: [
        { name: 'Branch', value: 'main', inline: true },
        { name: 'Took', value: '3m' },
      ],
    };
    const response = await webhookPost({ embeds: [embed], avatar_url: 'https://ci.example.test/a.png' });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ channelId: mock.channelId, embeds: [embed] });
    expect(mock.state.channelMessages[0]?.via).toBe('webhook');
    expect(mock.state.notifications).toHaveLength(1);
  });

  it('notifies each viewer of a channel added by the test', async () => {
    const channel = mock.addChannel('Alerts', [mock.employees.first.id, mock.employees.second.id]);
    expect((await channelPost({ content: 'x' }, channel.key)).status).toBe(201);
    expect(mock.state.notifications.map((n) => n.employeeId)).toEqual([mock.employees.first.id, mock.employees.second.id]);
  });

  it('refuses a message with neither content nor embeds', async () => {
    for (const body of [{}, { embeds: [] }, { username: 'CI' }, { content: '' }]) {
      const errors = await errorsOf(await channelPost(body));
      expect(errors).toEqual(['at least one of content or embeds must be present']);
      expect((await webhookPost(body)).status).toBe(400);
    }
    expect(mock.state.channelMessages).toHaveLength(0);
    expect(mock.state.notifications).toHaveLength(0);
  });

  it('accepts an empty embed object', async () => {
    expect((await channelPost({ embeds: [{}] })).status).toBe(201);
  });

  it('refuses unknown top-level members', async () => {
    expect(await errorsOf(await channelPost({ content: 'x', tts: true }))).toEqual(['tts: is not a member the service accepts']);
  });

  it('refuses content and username one character over their limits', async () => {
    const content = EMOJI.repeat(MESSAGING_LIMITS.channelContent.max + 1);
    const username = 'u'.repeat(MESSAGING_LIMITS.channelUsername.max + 1);
    const errors = await errorsOf(await channelPost({ content, username }));
    expect(errors.map((e) => e.split(':')[0])).toEqual(['content', 'username']);
    const atLimit = {
      content: EMOJI.repeat(MESSAGING_LIMITS.channelContent.max),
      username: 'u'.repeat(MESSAGING_LIMITS.channelUsername.max),
    };
    expect((await channelPost(atLimit)).status).toBe(201);
  });

  it('refuses one embed too many', async () => {
    const { max } = MESSAGING_LIMITS.embedsPerMessage;
    const embeds = Array.from({ length: max + 1 }, (_, i) => ({ title: `e${i}` }));
    expect(await errorsOf(await channelPost({ embeds }))).toEqual([expect.stringMatching(/^embeds: .*got 11/)]);
    expect((await channelPost({ embeds: embeds.slice(0, max) })).status).toBe(201);
  });

  it('refuses each embed limit one over, naming where', async () => {
    const field = { name: 'n', value: 'v' };
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x'.repeat(MESSAGING_LIMITS.embedTitle.max + 1) }, 'embeds.1.title'],
      [{ description: EMOJI.repeat(MESSAGING_LIMITS.embedDescription.max + 1) }, 'embeds.1.description'],
      [{ fields: Array.from({ length: MESSAGING_LIMITS.fieldsPerEmbed.max + 1 }, () => field) }, 'embeds.1.fields'],
      [{ color: MESSAGING_LIMITS.embedColor.max + 1 }, 'embeds.1.color'],
      [{ color: MESSAGING_LIMITS.embedColor.min - 1 }, 'embeds.1.color'],
      [{ color: 1.5 }, 'embeds.1.color'],
      [{ color: '#ff0000' }, 'embeds.1.color'],
    ];
    for (const [embed, path] of cases) {
      const errors = await errorsOf(await channelPost({ embeds: [{}, embed] }));
      expect(errors, path).toHaveLength(1);
      expect(errors[0]?.startsWith(`${path}:`), errors[0]).toBe(true);
    }
    const atLimit = {
      title: 'x'.repeat(MESSAGING_LIMITS.embedTitle.max),
      description: EMOJI.repeat(MESSAGING_LIMITS.embedDescription.max),
      fields: Array.from({ length: MESSAGING_LIMITS.fieldsPerEmbed.max }, () => field),
      color: MESSAGING_LIMITS.embedColor.max,
    };
    expect((await channelPost({ embeds: [atLimit, { color: MESSAGING_LIMITS.embedColor.min }] })).status).toBe(201);
  });

  it('refuses URLs that are not http(s), bad timestamps and malformed fields', async () => {
    const errors = await errorsOf(
      await channelPost({
        avatar_url: 'javascript:alert(1)',
        embeds: [
          {
            url: 'ftp://example.test/x',
            timestamp: 'yesterday',
            image: { url: 'not a url' },
            thumbnail: { url: 'data:image/png;base64,AAAA' },
            author: { name: 5 },
            footer: { text: 'f', extra: 1 },
            fields: [{ name: 'n' }, { name: 'n', value: 'v', inline: 'yes' }],
          },
        ],
      }),
    );
    expect(errors.map((e) => e.split(':')[0]).sort()).toEqual(
      [
        'avatar_url',
        'embeds.0.url',
        'embeds.0.timestamp',
        'embeds.0.author.name',
        'embeds.0.footer.extra',
        'embeds.0.image.url',
        'embeds.0.thumbnail.url',
        'embeds.0.fields.0.value',
        'embeds.0.fields.1.inline',
      ].sort(),
    );
  });

  it('accepts ISO 8601 timestamps with an offset or as a date, and nothing else', async () => {
    for (const timestamp of ['2024-05-01T12:00:00+02:00', '2024-05-01', '2024-05-01T12:00Z']) {
      expect((await channelPost({ embeds: [{ timestamp }] })).status, timestamp).toBe(201);
    }
    // Date.parse reads these, but they are not ISO 8601.
    for (const timestamp of ['May 1, 2024 12:00', '1714564800000', '2024-13-01']) {
      expect((await channelPost({ embeds: [{ timestamp }] })).status, timestamp).toBe(400);
    }
  });
});

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

describe('reset', () => {
  it('goes back to the seed: state, keys, ids and faults', async () => {
    const fresh = createMessagingMock();
    await dm({ to: { userId: mock.employees.first.id }, body: 'hi' });
    await announce({ title: 't', body: 'b' });
    await channelPost({ content: 'x' });
    mock.addEmployee({ email: 'x@example.test', phoneNumber: '+1' });
    mock.addChannel();
    mock.revokeBot(mock.botKey);
    mock.revokeChannel(mock.channelId);
    mock.faults.status(undefined, 503, { times: 5 });
    const stateRef = mock.state;

    mock.reset();

    expect(mock.state).toBe(stateRef);
    expect(mock.state).toEqual(fresh.state);
    const created = (await (await dm({ to: { userId: mock.employees.first.id }, body: 'hi' })).json()) as { id: string };
    const freshCreated = (await (
      await post('/api/bot/messages', { to: { userId: fresh.employees.first.id }, body: 'hi' }, fresh.botKey, fresh)
    ).json()) as { id: string };
    expect(created.id).toBe(freshCreated.id);
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
