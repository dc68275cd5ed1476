/**
 * The limits of the messaging document, generated from the one limits table: every row is
 * sent at its limit and refused one past it, before any request.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { LimitRow } from '../../src/core/limits.js';
import {
  type AnnouncementInput,
  type ChannelMessageInput,
  type DirectMessageInput,
  MessagingClient,
  RequestValidationError,
} from '../../src/index.js';
import { CHAT_PLATFORM_EMBED_LIMITS, MESSAGING_LIMITS } from '../../src/messaging/limits.js';
import { channelMessageSchema, strictChannelMessageSchema } from '../../src/schemas.js';
import { createMessagingMock, type MessagingMock } from '../../src/testing/index.js';

/** One code point written as two UTF-16 units: a limit counted in units would trip on it. */
const EMOJI = '😀';
/** Embed rows are checked in the 4th embed, so the reported index is checked too. */
const EMBED_INDEX = 3;

type Path = (string | number)[];
type Json = Record<string, unknown>;
type Sendable = 'directMessage' | 'announcement' | 'channelMessage';

let mock: MessagingMock;
let requests: Request[];
let messaging: MessagingClient;

beforeEach(() => {
  mock = createMessagingMock();
  requests = [];
  const counting: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    requests.push(request);
    return mock.fetch(request);
  };
  messaging = new MessagingClient({ baseUrl: mock.baseUrl, botKey: mock.botKey, channelKey: mock.channelKey, fetch: counting });
});

function setAt(target: Json, path: readonly string[], value: unknown): Json {
  let node = target;
  path.forEach((key, i) => {
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    if (node[key] === undefined) node[key] = {};
    node = node[key] as Json;
  });
  return target;
}

function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value);
}

/** A value of `n` units for `row`: n code points of text, n items, or the number n. */
function sampleFor(row: LimitRow, n: number): unknown {
  if (row.unit === 'characters') return EMOJI.repeat(n);
  if (row.unit === 'value') return n;
  const list = row.path[row.path.length - 1];
  if (list === 'embeds') return Array.from({ length: n }, (_, i) => ({ title: `Embed ${i + 1}` }));
  if (list === 'fields') return Array.from({ length: n }, (_, i) => ({ name: `Field ${i + 1}`, value: 'ok', inline: i % 2 === 0 }));
  throw new Error(`no item builder for the list at ${row.path.join('.')}: add one`);
}

/** A minimal valid request of the row's kind with `value` at the row's path, and where that is. */
function requestWith(row: LimitRow, value: unknown): { kind: Sendable; input: Json; where: Path } {
  switch (row.request) {
    case 'directMessage':
      return {
        kind: 'directMessage',
        input: setAt({ to: { email: mock.employees.first.email }, body: 'Shift starts at 9' }, row.path, value),
        where: [...row.path],
      };
    case 'announcement':
      return {
        kind: 'announcement',
        input: setAt({ title: 'Stocktake', body: 'Friday from 6 am' }, row.path, value),
        where: [...row.path],
      };
    case 'channelMessage':
      return { kind: 'channelMessage', input: setAt({ content: 'Nightly export done' }, row.path, value), where: [...row.path] };
    case 'embed': {
      const embeds: Json[] = Array.from({ length: EMBED_INDEX }, (_, i) => ({ title: `Before ${i + 1}` }));
      embeds.push(setAt({ title: 'Low stock', description: 'SKU 1042' }, row.path, value));
      return { kind: 'channelMessage', input: { embeds }, where: ['embeds', EMBED_INDEX, ...row.path] };
    }
  }
  throw new Error(`no request builder for ${row.request}: add one`);
}

function send(kind: Sendable, input: Json) {
  if (kind === 'directMessage') return messaging.sendDirectMessage(input as unknown as DirectMessageInput);
  if (kind === 'announcement') return messaging.postAnnouncement(input as unknown as AnnouncementInput);
  return messaging.postChannelMessage(input as unknown as ChannelMessageInput);
}

/** What the mock stored for the last request of `kind`. */
function received(kind: Sendable): unknown {
  const list = {
    directMessage: mock.state.directMessages,
    announcement: mock.state.announcements,
    channelMessage: mock.state.channelMessages,
  }[kind];
  expect(list).toHaveLength(1);
  return list[0];
}

async function validationErrorOf(promise: Promise<unknown>): Promise<RequestValidationError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the request to be refused');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RequestValidationError);
  return error as RequestValidationError;
}

async function expectSent(row: LimitRow, n: number) {
  const value = sampleFor(row, n);
  const { kind, input, where } = requestWith(row, value);
  const { response } = await send(kind, input).withResponse();
  expect(response.status).toBe(201);
  expect(requests).toHaveLength(1);
  expect(getAt(received(kind), where)).toEqual(value);
}

async function expectRefused(row: LimitRow, n: number, message: RegExp) {
  const { kind, input, where } = requestWith(row, sampleFor(row, n));
  const error = await validationErrorOf(send(kind, input));
  // A list over its limit is named at the list itself (`embeds.3.fields`), as zod and JSON Schema do.
  const path = where;
  expect(error.issues).toEqual([{ path, message: expect.stringMatching(message) }]);
  expect(requests).toHaveLength(0);
}

describe.each(Object.entries(MESSAGING_LIMITS) as [string, LimitRow][])('limit %s', (_name, row) => {
  const unit = row.unit === 'value' ? '' : ` ${row.unit}`;

  it(`sends ${row.label} at exactly ${row.max}${unit}`, async () => {
    await expectSent(row, row.max);
  });

  it(`refuses ${row.label} at ${row.max + 1}${unit} before sending, at the exact path`, async () => {
    await expectRefused(row, row.max + 1, new RegExp(`at most ${row.max}\\b`));
  });

  if (row.min !== undefined) {
    const min = row.min;
    it(`sends ${row.label} at its minimum of ${min}${unit}`, async () => {
      await expectSent(row, min);
    });

    it(`refuses ${row.label} at ${min - 1}${unit} before sending, at the exact path`, async () => {
      await expectRefused(row, min - 1, min === 1 && row.unit === 'characters' ? /must not be empty/ : new RegExp(`at least ${min}\\b`));
    });
  }
});

describe('characters are code points', () => {
  it('sends a direct message of 4000 emoji intact', async () => {
    const body = EMOJI.repeat(4000);
    expect(body.length).toBe(8000);
    await messaging.sendDirectMessage({ to: { userId: mock.employees.first.id }, body });
    expect(mock.state.directMessages[0].body).toBe(body);
  });

  it('refuses a direct message of 4001 emoji without sending it', async () => {
    const error = await validationErrorOf(
      messaging.sendDirectMessage({ to: { userId: mock.employees.first.id }, body: EMOJI.repeat(4001) }),
    );
    expect(error.issues.map((i) => i.path)).toEqual([['body']]);
    expect(requests).toHaveLength(0);
  });
});

describe('other rules of a request', () => {
  it('reports every problem of a message at once', async () => {
    const error = await validationErrorOf(
      messaging.postChannelMessage({ username: 'x'.repeat(81), avatar_url: 'ftp://x', embeds: [{ title: 'ok' }, { color: -1 }] }),
    );
    expect(error.issues.map((i) => i.path)).toEqual([['username'], ['avatar_url'], ['embeds', 1, 'color']]);
    expect(error.message).toMatch(/3 problems/);
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['a fraction', 1.5],
    ['a negative number', -1],
    ['a number above 0xFFFFFF', 0x1000000],
    ['a numeric string', '255'],
  ])('refuses an embed color that is %s', async (_label, color) => {
    const error = await validationErrorOf(messaging.postChannelMessage({ embeds: [{ color }] } as unknown as ChannelMessageInput));
    expect(error.issues.map((i) => i.path)).toEqual([['embeds', 0, 'color']]);
    expect(requests).toHaveLength(0);
  });

  const urlPlaces: [string, (url: string) => Json, Path][] = [
    ['embed url', (url) => ({ embeds: [{ title: 'Report', url }] }), ['embeds', 0, 'url']],
    ['image url', (url) => ({ embeds: [{ image: { url } }] }), ['embeds', 0, 'image', 'url']],
    ['thumbnail url', (url) => ({ embeds: [{ thumbnail: { url } }] }), ['embeds', 0, 'thumbnail', 'url']],
    ['avatar_url', (url) => ({ content: 'hi', avatar_url: url }), ['avatar_url']],
  ];

  describe.each(urlPlaces)('the %s', (_label, build, where) => {
    it.each(['javascript:alert(1)', 'ftp://x', 'not a url', '/relative/path.png'])('refuses %s', async (url) => {
      const error = await validationErrorOf(messaging.postChannelMessage(build(url) as ChannelMessageInput));
      expect(error.issues).toEqual([{ path: where, message: 'must be an http(s) URL' }]);
      expect(requests).toHaveLength(0);
    });

    it.each(['https://cdn.example.com/a.png', 'http://localhost:8080/chart.png', 'http://10.0.0.7/graph.png'])('sends %s', async (url) => {
      await messaging.postChannelMessage(build(url) as ChannelMessageInput);
      expect(getAt(received('channelMessage'), where)).toBe(url);
    });
  });

  // The document types author and footer members as plain strings; only url, image.url and
  // thumbnail.url are "(string, url)". Any string goes, as the document says.
  const plainStringPlaces: [string, (value: string) => Json, Path][] = [
    ['author url', (value) => ({ embeds: [{ author: { name: 'CI', url: value } }] }), ['embeds', 0, 'author', 'url']],
    ['author icon_url', (value) => ({ embeds: [{ author: { name: 'CI', icon_url: value } }] }), ['embeds', 0, 'author', 'icon_url']],
    ['footer icon_url', (value) => ({ embeds: [{ footer: { text: 'CI', icon_url: value } }] }), ['embeds', 0, 'footer', 'icon_url']],
  ];
  describe.each(plainStringPlaces)('the %s, a plain string in the document', (_label, build, where) => {
    it.each(['attachment://logo.png', 'cdn/x.png', 'https://cdn.example.com/a.png'])('sends %s as given', async (value) => {
      await messaging.postChannelMessage(build(value) as ChannelMessageInput);
      expect(getAt(received('channelMessage'), where)).toBe(value);
    });

    it('refuses a value that is not a string', async () => {
      const error = await validationErrorOf(messaging.postChannelMessage(build(42 as unknown as string) as ChannelMessageInput));
      expect(error.issues.map((i) => i.path)).toEqual([where]);
      expect(requests).toHaveLength(0);
    });
  });

  it.each([
    'yesterday',
    '22/11/2026',
    '2026-11-22 10:00:00Z',
    '2026-13-01',
    // Read in a response, but refused by standard date parsers: not sent.
    '2016-12-31T23:59:60Z',
    '2026-11-22T10:00:00,5Z',
    '2026-11-22T10:00:00+02',
    // A time whose instant depends on the reader's zone, and an offset of the basic form after an extended-form time.
    '2026-11-22T10:00:00',
    '2026-11-22T10:00',
    '2026-11-22T10:00:00+0545',
  ])('refuses the embed timestamp %j', async (timestamp) => {
    const error = await validationErrorOf(messaging.postChannelMessage({ embeds: [{ title: 'Shipped', timestamp }] }));
    expect(error.issues.map((i) => i.path)).toEqual([['embeds', 0, 'timestamp']]);
    expect(requests).toHaveLength(0);
  });

  it.each(['2026-11-22', '2026-11-22T10:00:00Z', '2026-11-22T10:00Z', '2026-11-22T10:00:00.250+05:30', '2026-11-22T10:00:00-03:30'])(
    'sends the embed timestamp %j',
    async (timestamp) => {
      await messaging.postChannelMessage({ embeds: [{ title: 'Shipped', timestamp }] });
      expect(getAt(received('channelMessage'), ['embeds', 0, 'timestamp'])).toBe(timestamp);
    },
  );

  it.each([
    ['two ways to find the employee', { email: 'ada.active@example.test', phoneNumber: '+15550100001' }],
    ['no way to find the employee', {}],
  ])('refuses a direct message whose "to" holds %s', async (_label, to) => {
    const error = await validationErrorOf(messaging.sendDirectMessage({ to, body: 'hi' } as unknown as DirectMessageInput));
    expect(error.issues).toEqual([{ path: ['to'], message: 'must hold exactly one of userId, phoneNumber or email' }]);
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['email', { email: '' }],
    ['phoneNumber', { phoneNumber: '' }],
  ])('refuses an empty %s in "to", with every other problem of the message', async (key, to) => {
    const error = await validationErrorOf(messaging.sendDirectMessage({ to, body: 'x'.repeat(4001) } as DirectMessageInput));
    expect(error.issues).toEqual([
      { path: ['to', key], message: 'must not be empty' },
      { path: ['body'], message: 'must be at most 4000 characters (code points)' },
    ]);
    expect(requests).toHaveLength(0);
  });

  it('refuses a member the service does not know (avatarUrl instead of avatar_url)', async () => {
    const error = await validationErrorOf(
      messaging.postChannelMessage({ content: 'hi', avatarUrl: 'https://a.example.com/x.png' } as ChannelMessageInput),
    );
    expect(error.issues).toEqual([{ path: [], message: 'unknown member "avatarUrl"' }]);
    expect(requests).toHaveLength(0);
  });

  it('refuses an empty content without embeds', async () => {
    const error = await validationErrorOf(messaging.postChannelMessage({ content: '' }));
    expect(error.issues).toEqual([{ path: [], message: 'needs content or at least one embed' }]);
    const empty = await validationErrorOf(messaging.postChannelMessage({ content: '', embeds: [] }));
    expect(empty.issues.map((i) => i.path)).toEqual([[]]);
    expect(requests).toHaveLength(0);
  });

  it('sends an empty content when an embed carries the message', async () => {
    await messaging.postChannelMessage({ content: '', embeds: [{ title: 'Only an embed' }] });
    expect(requests).toHaveLength(1);
    expect(mock.state.channelMessages).toHaveLength(1);
  });
});

/** A channel message with `n` units for a chat-platform row, and where the row's value sits. */
function chatPlatformCase(row: LimitRow, n: number): { input: Json; where: Path } {
  if (row.request === 'channelMessage') {
    // Text of all embeds together: spread over descriptions that each stay within their own limit.
    const embeds: Json[] = [];
    for (let left = n; left > 0; left -= MESSAGING_LIMITS.embedDescription.max) {
      embeds.push({ description: EMOJI.repeat(Math.min(left, MESSAGING_LIMITS.embedDescription.max)) });
    }
    return { input: { embeds }, where: [...row.path] };
  }
  const text = EMOJI.repeat(n);
  const [head, ...rest] = row.path;
  if (head === 'fields') {
    return { input: { embeds: [{ fields: [setAt({ name: 'n', value: 'v' }, rest, text)] }] }, where: ['embeds', 0, 'fields', 0, ...rest] };
  }
  return { input: { embeds: [setAt({}, row.path, text)] }, where: ['embeds', 0, ...row.path] };
}

describe.each(Object.entries(CHAT_PLATFORM_EMBED_LIMITS) as [string, LimitRow][])('chat-platform limit %s', (_name, row) => {
  it(`is enforced by strictChannelMessageSchema only: ${row.label} over ${row.max}`, () => {
    const over = chatPlatformCase(row, row.max + 1);
    expect(channelMessageSchema.safeParse(over.input).success).toBe(true);
    const strict = strictChannelMessageSchema.safeParse(over.input);
    expect(strict.success).toBe(false);
    expect(strict.error?.issues.map((i) => i.path)).toEqual([over.where]);
  });

  it(`lets ${row.label} at exactly ${row.max} through strictChannelMessageSchema`, () => {
    const atLimit = chatPlatformCase(row, row.max);
    expect(strictChannelMessageSchema.safeParse(atLimit.input).success).toBe(true);
  });

  it(`is not enforced by a default client: ${row.label} over ${row.max} is sent`, async () => {
    const over = chatPlatformCase(row, row.max + 1);
    await messaging.postChannelMessage(over.input as ChannelMessageInput);
    expect(requests).toHaveLength(1);
    expect(getAt(received('channelMessage'), over.where)).toEqual(getAt(over.input, over.where));
  });
});

describe("an embed's Date timestamp is sent as the time it holds, whatever methods the object has of its own", () => {
  it('a Date whose own toISOString says otherwise: the time it holds, on the first call and the ones after', async () => {
    for (let call = 0; call < 3; call++) {
      const timestamp = new Date(Date.UTC(2026, 10, 27, 12, 0, 0));
      Object.assign(timestamp, { toISOString: () => 'not a timestamp', getTime: () => 0 });
      await messaging.postChannelMessage({ embeds: [{ title: 'at noon', timestamp }] });
      const sent = mock.state.channelMessages.at(-1) as unknown as { embeds: { timestamp: string }[] };
      expect(sent.embeds[0]!.timestamp).toBe('2026-11-27T12:00:00.000Z');
    }
  });
});
