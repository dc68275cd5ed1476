import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGING_LIMITS } from '../../../src/messaging/limits.js';
import { createMessagingMock, type MessagingMock, type MockErrorBody } from '../../../src/testing/index.js';
import { EMOJI, errorsOf, messagingRequests, UUID_V4 } from '../../support/messaging-mock.js';

let mock: MessagingMock;
beforeEach(() => {
  mock = createMessagingMock();
});
const { dm, announce, channelPost, webhookPost } = messagingRequests(() => mock);

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
    expect(errors).toEqual([`body: must be at most ${max} characters (code points)`]);
    expect(await errorsOf(await dm({ to, body: '' }))).toEqual([expect.stringMatching(/^body:/)]);
  });

  it('needs exactly one of userId, phoneNumber and email in to', async () => {
    const { first } = mock.employees;
    expect(await errorsOf(await dm({ to: {}, body: 'hi' }))).toEqual([expect.stringMatching(/^to: .*exactly one/)]);
    expect(await errorsOf(await dm({ to: { userId: first.id, email: first.email }, body: 'hi' }))).toEqual([
      expect.stringMatching(/^to: .*exactly one/),
    ]);
    expect(await errorsOf(await dm({ to: { userId: 'not-a-uuid' }, body: 'hi' }))).toEqual([expect.stringMatching(/^to\.userId:/)]);
    expect(await errorsOf(await dm({ to: { name: first.name }, body: 'hi' }))).toContain('to: unknown member "name"');
    expect(await errorsOf(await dm({ body: 'hi' }))).toEqual(['to: is required']);
  });

  it('lists every problem of a request in one answer', async () => {
    const errors = await errorsOf(await dm({ to: { email: 42 }, body: 7, extra: true }));
    expect(errors).toEqual(['to.email: must be a string, not a number', 'body: must be a string, not a number', 'unknown member "extra"']);
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
      expect(errors).toEqual(['needs content or at least one embed']);
      expect((await webhookPost(body)).status).toBe(400);
    }
    expect(mock.state.channelMessages).toHaveLength(0);
    expect(mock.state.notifications).toHaveLength(0);
  });

  it('accepts an empty embed object', async () => {
    expect((await channelPost({ embeds: [{}] })).status).toBe(201);
  });

  it('refuses unknown top-level members', async () => {
    expect(await errorsOf(await channelPost({ content: 'x', tts: true }))).toEqual(['unknown member "tts"']);
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
    expect(await errorsOf(await channelPost({ embeds }))).toEqual([
      `embeds: must have at most ${MESSAGING_LIMITS.embedsPerMessage.max} items`,
    ]);
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
        'embeds.0.footer',
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
