/**
 * A stateful in-memory fake of the messaging service, written from the service document
 * (`spec/messaging-api.md`), not from the SDK. Requests are checked by hand-written code on
 * purpose: importing the SDK's schemas would make a wrong schema agree with itself.
 *
 * Choices where the document is silent (they belong in the README's Assumptions table):
 * - Only ACTIVE employees match a direct message's `to`; an inactive one answers 404, as if
 *   unknown. The document only says "404 when no employee matches".
 * - Error bodies are `{ message, errors? }`, `errors` holding one `path: problem` string per
 *   violation, all of them in one 400.
 * - 400 for every request body that is not JSON, lacks `Content-Type: application/json`, or
 *   breaks a rule, on all four endpoints (the document lists 400 only for channel messages,
 *   but its limits apply to every request).
 * - Members the document does not list are refused, at the top level and inside `to`,
 *   embeds and their sub-objects: the document enumerates every member, and a fake that
 *   ignores extras would let an SDK that sends them pass.
 * - "At least one of content or embeds" means a non-empty `content` or a non-empty `embeds`.
 * - Members of `author`, `footer`, `image` and `thumbnail` are optional; a field's `name` and
 *   `value` are required (only `inline` is called optional).
 * - A channel message notifies every employee in the channel's `viewerIds` (the owner and
 *   admin users the document mentions are not modelled).
 * - Created direct and channel messages: the document does not show their fields; the mock
 *   answers a plausible object (see `DirectMessageResponse`, `ChannelMessageResponse`).
 * - A known path with another method answers 404, like an unknown path.
 */
import type { LimitRow } from '../core/limits.js';
import { codePointLength } from '../core/text.js';
import { MESSAGING_LIMITS } from '../messaging/limits.js';
import { createTransport, json, type MockRoute, type MockTransport } from './mock-kit.js';

/**
 * A bot account as the mock stores it. A bot's key authenticates direct messages and
 * announcements; a revoked key answers 401.
 * @example
 * ```ts
 * const nightBot: MockBot = mock.addBot('Night shift bot');
 * const client = new MessagingClient({ baseUrl: mock.baseUrl, botKey: nightBot.key, fetch: mock.fetch });
 * mock.revokeBot(nightBot.key); // its requests answer 401 from now on
 * ```
 */
export interface MockBot {
  id: string;
  name: string;
  key: string;
  revoked: boolean;
}

/**
 * An employee as the mock stores it. A direct message's `to` matches `id` (userId),
 * `phoneNumber` (exactly) or `email` (case-insensitively); only active employees match and
 * are notified.
 * @example
 * ```ts
 * const ada: MockEmployee = mock.employees.first;
 * await client.sendDirectMessage({ to: { phoneNumber: ada.phoneNumber }, body: 'Shift swap approved' });
 * expect(mock.state.directMessages[0]?.employeeId).toBe(ada.id);
 * ```
 */
export interface MockEmployee {
  id: string;
  name: string;
  phoneNumber: string;
  email: string;
  active: boolean;
}

/**
 * An automation channel as the mock stores it, with its key (also its webhook token).
 * @example
 * ```ts
 * const alerts: MockChannel = mock.addChannel('Alerts', [mock.employees.first.id]);
 * const client = new MessagingClient({ baseUrl: mock.baseUrl, channelKey: alerts.key, fetch: mock.fetch });
 * await client.postChannelMessage({ content: 'Disk 91% full on db-2' });
 * ```
 */
export interface MockChannel {
  id: string;
  name: string;
  key: string;
  revoked: boolean;
  /** Employees given view access in the dashboard: they are notified of its messages. */
  viewerIds: string[];
}

/**
 * The direct chat between a bot and an employee: created by the bot's first message to that
 * employee and reused by every later one.
 * @example
 * ```ts
 * const to = { email: mock.employees.first.email };
 * await client.sendDirectMessage({ to, body: 'Your order shipped' });
 * await client.sendDirectMessage({ to, body: 'It arrives Friday' });
 * const chats: MockDirectChat[] = mock.state.directChats;
 * expect(chats).toHaveLength(1); // the second message reused the chat
 * ```
 */
export interface MockDirectChat {
  id: string;
  botId: string;
  employeeId: string;
}

/**
 * A direct message as stored, in the chat of its bot and employee.
 * @example
 * ```ts
 * await client.sendDirectMessage({ to: { email: mock.employees.first.email }, body: 'Your order shipped' });
 * const sent: MockDirectMessage | undefined = mock.state.directMessages[0];
 * expect(sent?.employeeId).toBe(mock.employees.first.id);
 * expect(sent?.body).toBe('Your order shipped');
 * ```
 */
export interface MockDirectMessage {
  id: string;
  chatId: string;
  botId: string;
  employeeId: string;
  body: string;
  createdAt: string;
}

/**
 * An announcement as stored: attributed to the bot's name, with like and comment counts.
 * @example
 * ```ts
 * await client.postAnnouncement({ title: 'Stocktake Friday', body: 'Doors close at 4 pm.' });
 * const latest: MockAnnouncement | undefined = mock.state.announcements.at(-1);
 * expect(latest?.title).toBe('Stocktake Friday');
 * expect(latest?.createdBy).toBe(mock.botName);
 * ```
 */
export interface MockAnnouncement {
  id: string;
  title: string;
  body: string;
  createdAt: string;
  /** The bot's name at the time of posting. */
  createdBy: string;
  botId: string;
  likeCount: number;
  commentCount: number;
}

/**
 * A notification the service would show an employee: one per active employee for an
 * announcement, one per viewer of the channel for a channel message.
 * @example
 * ```ts
 * await client.postChannelMessage({ content: 'Deploy finished' });
 * const fromChannel = (n: MockNotification) => n.kind === 'channel_message';
 * expect(mock.state.notifications.filter(fromChannel).map((n) => n.employeeId)).toEqual([mock.employees.first.id]);
 * ```
 */
export interface MockNotification {
  employeeId: string;
  kind: 'announcement' | 'channel_message';
  /** The announcement's or the channel message's id. */
  refId: string;
}

/**
 * A channel message as stored; the payload members are kept as received.
 * @example
 * ```ts
 * const hook = MessagingClient.fromWebhookUrl(mock.webhookUrl, { fetch: mock.fetch });
 * await hook.postChannelMessage({ embeds: [{ title: 'Build green' }] });
 * const stored: MockChannelMessage | undefined = mock.state.channelMessages[0];
 * expect(stored?.via).toBe('webhook');
 * expect(stored?.embeds).toHaveLength(1);
 * ```
 */
export interface MockChannelMessage {
  id: string;
  channelId: string;
  content?: string;
  username?: string;
  avatar_url?: string;
  embeds?: unknown[];
  createdAt: string;
  /** Which endpoint posted it: the channel key as bearer, or the webhook URL. */
  via: 'bearer' | 'webhook';
}

/**
 * Everything the messaging mock holds, as plain arrays: assert on them after the code under
 * test ran, or change them (e.g. set an employee inactive) before it runs.
 * @example
 * ```ts
 * await notifyTeam(client);
 * expect(mock.state.announcements[0]?.createdBy).toBe(mock.botName);
 * expect(mock.state.notifications.filter((n) => n.kind === 'announcement')).toHaveLength(2);
 * ```
 */
export interface MessagingMockState {
  bots: MockBot[];
  employees: MockEmployee[];
  channels: MockChannel[];
  directChats: MockDirectChat[];
  directMessages: MockDirectMessage[];
  announcements: MockAnnouncement[];
  notifications: MockNotification[];
  channelMessages: MockChannelMessage[];
}

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

/**
 * An employee to add with {@link MessagingMock.addEmployee}.
 * @example
 * ```ts
 * const hire: NewEmployee = { name: 'Carla Diaz', email: 'carla@example.test', phoneNumber: '+15550100009' };
 * const carla = mock.addEmployee(hire);
 * await client.sendDirectMessage({ to: { userId: carla.id }, body: 'Welcome aboard' });
 * ```
 */
export interface NewEmployee {
  /** @default derived from the email */
  name?: string;
  email: string;
  phoneNumber: string;
  /** @default true */
  active?: boolean;
}

/**
 * Options of {@link createMessagingMock}. All are optional.
 * @example
 * ```ts
 * const options: MessagingMockOptions = {
 *   baseUrl: 'https://gw.test/messaging',
 *   botName: 'Shift Bot',
 *   now: () => new Date('2026-01-05T09:00:00Z'),
 * };
 * const mock = createMessagingMock(options);
 * ```
 */
export interface MessagingMockOptions {
  /**
   * Where the mock answers; may carry a path prefix (`https://gw.test/messaging`).
   * @default 'https://messaging.opslink.test'
   */
  baseUrl?: string;
  /** Name of the seed bot, which announcements are attributed to. @default 'Ops Bot' */
  botName?: string;
  /** Name of the seed channel. @default 'Deploys' */
  channelName?: string;
  /** Clock for `createdAt`; pass a fixed one for byte-identical responses. @default () => new Date() */
  now?: () => Date;
}

/**
 * The three seed employees. Getters: after `reset()` they return the fresh records.
 * @example
 * ```ts
 * const { first, inactive }: SeedEmployees = mock.employees;
 * await client.sendDirectMessage({ to: { email: first.email }, body: 'hello' });
 * await expect(client.sendDirectMessage({ to: { email: inactive.email }, body: 'hello' })).rejects.toBeInstanceOf(NotFoundError);
 * ```
 */
export interface SeedEmployees {
  /** Active, and the only viewer of the seed channel. */
  readonly first: MockEmployee;
  /** Active, not a viewer of the seed channel. */
  readonly second: MockEmployee;
  /** Inactive: never matched by a direct message, never notified of an announcement. */
  readonly inactive: MockEmployee;
}

/**
 * The messaging mock: its transport (`fetch`, MSW `handlers`, `faults`), its live state, the
 * seed bot's and channel's credentials, and methods to add or revoke bots, employees and
 * channels. Made by {@link createMessagingMock}.
 * @example
 * ```ts
 * function clientFor(mock: MessagingMock): MessagingClient {
 *   return new MessagingClient({ baseUrl: mock.baseUrl, botKey: mock.botKey, channelKey: mock.channelKey, fetch: mock.fetch });
 * }
 * const mock: MessagingMock = createMessagingMock();
 * await clientFor(mock).postAnnouncement({ title: 'Stocktake Friday', body: 'Doors close at 4 pm.' });
 * ```
 */
export interface MessagingMock extends MockTransport {
  /** Live state; `reset()` empties and refills these same arrays. */
  readonly state: MessagingMockState;
  /** The seed bot's key (`bot_test_…`). */
  readonly botKey: string;
  readonly botName: string;
  /** The seed channel's key (`chan_test_…`), which is also its webhook token. */
  readonly channelKey: string;
  readonly channelId: string;
  /** `${baseUrl}/api/automation/webhooks/${channelId}/${channelKey}`, as the dashboard shows it. */
  readonly webhookUrl: string;
  readonly employees: SeedEmployees;
  /** Adds a bot with a fresh key (not revoked). */
  addBot(name: string): MockBot;
  /** Revokes the bot holding `key`; its requests answer 401 from now on. Throws for an unknown key. */
  revokeBot(key: string): void;
  /**
   * Adds an employee (active unless `active: false`) with a fresh id, for a direct message
   * to find by id, email or phone number.
   * @example
   * ```ts
   * const carla = mock.addEmployee({ email: 'carla@example.test', phoneNumber: '+15550100009' });
   * await client.sendDirectMessage({ to: { userId: carla.id }, body: 'Welcome aboard' });
   * ```
   */
  addEmployee(employee: NewEmployee): MockEmployee;
  /**
   * Adds a channel with a fresh id and key.
   * @param viewerIds employees given view access; none by default, as a new channel has none.
   */
  addChannel(name?: string, viewerIds?: string[]): MockChannel;
  /** Revokes a channel's key (by channel id); bearer and webhook requests answer 401. Throws for an unknown id. */
  revokeChannel(id: string): void;
  /** Back to the seed: state, id counter and scripted faults. */
  reset(): void;
}

const DEFAULT_BASE_URL = 'https://messaging.opslink.test';

/**
 * Creates the messaging fake. Seed: one bot, one channel, three employees (two active, one
 * inactive). Ids and keys come from a counter, so every run (and every `reset()`) gives the
 * same ones.
 * @example
 * ```ts
 * const mock = createMessagingMock();
 * const client = new MessagingClient({ baseUrl: mock.baseUrl, botKey: mock.botKey, fetch: mock.fetch });
 * await client.sendDirectMessage({ to: { email: mock.employees.first.email }, body: 'hi' });
 * expect(mock.state.directMessages).toHaveLength(1);
 * ```
 */
export function createMessagingMock(options: MessagingMockOptions = {}): MessagingMock {
  const botName = options.botName ?? 'Ops Bot';
  const channelName = options.channelName ?? 'Deploys';
  const now = options.now ?? (() => new Date());

  const state: MessagingMockState = {
    bots: [],
    employees: [],
    channels: [],
    directChats: [],
    directMessages: [],
    announcements: [],
    notifications: [],
    channelMessages: [],
  };

  let counter = 0;
  function nextNumber(): number {
    counter += 1;
    return counter;
  }
  const uuidOf = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
  const newId = () => uuidOf(nextNumber());
  const timestamp = () => now().toISOString();

  function addBot(name: string): MockBot {
    const n = nextNumber();
    const bot: MockBot = { id: uuidOf(n), name, key: `bot_test_${n.toString(16).padStart(24, '0')}`, revoked: false };
    state.bots.push(bot);
    return bot;
  }

  function addEmployee(input: NewEmployee): MockEmployee {
    const employee: MockEmployee = {
      id: newId(),
      name: input.name ?? input.email.split('@')[0] ?? input.email,
      phoneNumber: input.phoneNumber,
      email: input.email,
      active: input.active ?? true,
    };
    state.employees.push(employee);
    return employee;
  }

  function addChannel(name = 'Automation', viewerIds: string[] = []): MockChannel {
    const n = nextNumber();
    const channel: MockChannel = {
      id: uuidOf(n),
      name,
      key: `chan_test_${n.toString(16).padStart(24, '0')}`,
      revoked: false,
      viewerIds: [...viewerIds],
    };
    state.channels.push(channel);
    return channel;
  }

  function seed(): { bot: MockBot; channel: MockChannel; employeeIds: [string, string, string] } {
    for (const list of Object.values(state)) list.length = 0;
    counter = 0;
    const bot = addBot(botName);
    const first = addEmployee({ name: 'Ada Active', email: 'ada.active@example.test', phoneNumber: '+15550100001' });
    const second = addEmployee({ name: 'Ben Active', email: 'ben.active@example.test', phoneNumber: '+15550100002' });
    const inactive = addEmployee({ name: 'Ivy Inactive', email: 'ivy.inactive@example.test', phoneNumber: '+15550100003', active: false });
    const channel = addChannel(channelName, [first.id]);
    return { bot, channel, employeeIds: [first.id, second.id, inactive.id] };
  }

  const seeded = seed();
  const seedEmployeeIds = seeded.employeeIds;

  function seedEmployee(index: 0 | 1 | 2): MockEmployee {
    const found = state.employees.find((e) => e.id === seedEmployeeIds[index]);
    if (!found) throw new Error('The seed employee was removed from mock.state.employees');
    return found;
  }
  const employees: SeedEmployees = {
    get first() {
      return seedEmployee(0);
    },
    get second() {
      return seedEmployee(1);
    },
    get inactive() {
      return seedEmployee(2);
    },
  };

  function botFor(request: Request): MockBot | undefined {
    const key = bearerOf(request);
    return key === undefined ? undefined : state.bots.find((b) => b.key === key && !b.revoked);
  }

  function channelFor(request: Request): MockChannel | undefined {
    const key = bearerOf(request);
    return key === undefined ? undefined : state.channels.find((c) => c.key === key && !c.revoked);
  }

  function findEmployee(to: DirectMessageTarget): MockEmployee | undefined {
    const active = state.employees.filter((e) => e.active);
    if ('userId' in to) return active.find((e) => e.id === to.userId);
    if ('phoneNumber' in to) return active.find((e) => e.phoneNumber === to.phoneNumber);
    const email = to.email.toLowerCase();
    return active.find((e) => e.email.toLowerCase() === email);
  }

  async function postChannelMessage(request: Request, channel: MockChannel, via: 'bearer' | 'webhook'): Promise<Response> {
    const parsed = await readJson(request);
    if (!parsed.ok) return parsed.response;
    const errors = validateChannelMessage(parsed.value);
    if (errors.length > 0 || !isRecord(parsed.value)) return invalid(errors);
    const payload = parsed.value as ChannelMessagePayload;
    const message: MockChannelMessage = { id: newId(), channelId: channel.id, ...pickPayload(payload), createdAt: timestamp(), via };
    state.channelMessages.push(message);
    for (const employeeId of channel.viewerIds) state.notifications.push({ employeeId, kind: 'channel_message', refId: message.id });
    const { via: _via, ...body } = message;
    return json(201, body satisfies ChannelMessageResponse);
  }

  const routes: MockRoute[] = [
    {
      method: 'POST',
      path: '/api/bot/messages',
      handler: async ({ request }) => {
        const bot = botFor(request);
        if (!bot) return unauthorized();
        const parsed = await readJson(request);
        if (!parsed.ok) return parsed.response;
        const checked = validateDirectMessage(parsed.value);
        if (!checked.ok) return invalid(checked.errors);
        const employee = findEmployee(checked.value.to);
        if (!employee) return error(404, 'No employee matches the to member');
        let chat = state.directChats.find((c) => c.botId === bot.id && c.employeeId === employee.id);
        if (!chat) {
          chat = { id: newId(), botId: bot.id, employeeId: employee.id };
          state.directChats.push(chat);
        }
        const message: MockDirectMessage = {
          id: newId(),
          chatId: chat.id,
          botId: bot.id,
          employeeId: employee.id,
          body: checked.value.body,
          createdAt: timestamp(),
        };
        state.directMessages.push(message);
        const body: DirectMessageResponse = {
          id: message.id,
          chatId: message.chatId,
          body: message.body,
          to: { userId: employee.id },
          createdAt: message.createdAt,
        };
        return json(201, body);
      },
    },
    {
      method: 'POST',
      path: '/api/bot/announcements',
      handler: async ({ request }) => {
        const bot = botFor(request);
        if (!bot) return unauthorized();
        const parsed = await readJson(request);
        if (!parsed.ok) return parsed.response;
        const checked = validateAnnouncement(parsed.value);
        if (!checked.ok) return invalid(checked.errors);
        const announcement: MockAnnouncement = {
          id: newId(),
          title: checked.value.title,
          body: checked.value.body,
          createdAt: timestamp(),
          createdBy: bot.name,
          botId: bot.id,
          likeCount: 0,
          commentCount: 0,
        };
        state.announcements.push(announcement);
        for (const employee of state.employees) {
          if (employee.active) state.notifications.push({ employeeId: employee.id, kind: 'announcement', refId: announcement.id });
        }
        const { botId: _botId, ...body } = announcement;
        return json(201, body satisfies AnnouncementResponse);
      },
    },
    {
      method: 'POST',
      path: '/api/automation/messages',
      handler: async ({ request }) => {
        const channel = channelFor(request);
        if (!channel) return unauthorized();
        return postChannelMessage(request, channel, 'bearer');
      },
    },
    {
      method: 'POST',
      path: '/api/automation/webhooks/:channelId/:token',
      handler: async ({ request, params }) => {
        const [channelId, token] = params;
        // The key must be this very channel's: another channel's valid key is still a 401.
        const channel = state.channels.find((c) => c.id === channelId && c.key === token && !c.revoked);
        if (!channel) return error(401, 'Wrong or revoked webhook token, or it does not belong to this channel');
        return postChannelMessage(request, channel, 'webhook');
      },
    },
  ];

  const transport = createTransport(options.baseUrl ?? DEFAULT_BASE_URL, routes, () => error(404, 'Not found'));

  return {
    ...transport,
    state,
    botKey: seeded.bot.key,
    botName: seeded.bot.name,
    channelKey: seeded.channel.key,
    channelId: seeded.channel.id,
    webhookUrl: `${transport.baseUrl}/api/automation/webhooks/${seeded.channel.id}/${seeded.channel.key}`,
    employees,
    addBot,
    revokeBot(key) {
      const bot = state.bots.find((b) => b.key === key);
      if (!bot) throw new Error('revokeBot: no bot has this key');
      bot.revoked = true;
    },
    addEmployee,
    addChannel,
    revokeChannel(id) {
      const channel = state.channels.find((c) => c.id === id);
      if (!channel) throw new Error(`revokeChannel: no channel has the id ${id}`);
      channel.revoked = true;
    },
    reset() {
      seed();
      transport.faults.reset();
    },
  };
}

// ---------------------------------------------------------------------------------------
// Responses

function error(status: number, message: string, errors?: string[]): Response {
  const body: MockErrorBody = errors ? { message, errors } : { message };
  return json(status, body);
}

// Never echoes the key: a test log must not print a credential.
const unauthorized = () => error(401, 'Missing, wrong or revoked API key');

const invalid = (errors: string[]) => error(400, `Invalid request: ${errors.join('; ')}`, errors);

// ---------------------------------------------------------------------------------------
// Request reading

function bearerOf(request: Request): string | undefined {
  const header = request.headers.get('authorization');
  // The scheme is case-insensitive (RFC 9110); the key itself is compared exactly.
  const match = header ? /^bearer +(\S+) *$/i.exec(header) : null;
  return match?.[1];
}

type Read = { ok: true; value: unknown } | { ok: false; response: Response };

async function readJson(request: Request): Promise<Read> {
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

// ---------------------------------------------------------------------------------------
// Validation: one `path: problem` string per violation, every violation collected.

type Checked<T> = { ok: true; value: T } | { ok: false; errors: string[] };

type DirectMessageTarget = { userId: string } | { phoneNumber: string } | { email: string };

interface ChannelMessagePayload {
  content?: string;
  username?: string;
  avatar_url?: string;
  embeds?: unknown[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Date, or date and time with optional seconds, fraction and offset.
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function at(path: string, problem: string): string {
  return path ? `${path}: ${problem}` : problem;
}

function join(path: string, key: string | number): string {
  return path ? `${path}.${key}` : String(key);
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function checkObject(errors: string[], path: string, value: unknown, allowed: readonly string[]): value is Record<string, unknown> {
  if (!isRecord(value)) {
    errors.push(at(path, 'must be a JSON object'));
    return false;
  }
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) errors.push(at(join(path, key), 'is not a member the service accepts'));
  }
  return true;
}

/** A string member; `limit` bounds its length in code points. Absent is fine unless `required`. */
function checkString(
  errors: string[],
  path: string,
  value: unknown,
  options: { limit?: LimitRow; required?: boolean; url?: boolean } = {},
): void {
  if (value === undefined) {
    if (options.required) errors.push(at(path, 'is required'));
    return;
  }
  if (typeof value !== 'string') {
    errors.push(at(path, 'must be a string'));
    return;
  }
  const limit = options.limit;
  if (limit) {
    const length = codePointLength(value);
    const min = limit.min ?? 0;
    if (length < min || length > limit.max) {
      const range = limit.min === undefined ? `up to ${limit.max}` : `${limit.min} to ${limit.max}`;
      errors.push(at(path, `${limit.label} must be ${range} characters (got ${length})`));
    }
  }
  if (options.url && !isHttpUrl(value)) errors.push(at(path, 'must be an http(s) URL'));
}

function checkArray(errors: string[], path: string, value: unknown, limit: LimitRow): value is unknown[] {
  if (!Array.isArray(value)) {
    errors.push(at(path, 'must be an array'));
    return false;
  }
  if (value.length > limit.max) errors.push(at(path, `${limit.label}: at most ${limit.max} items (got ${value.length})`));
  return true;
}

function validateDirectMessage(value: unknown): Checked<{ to: DirectMessageTarget; body: string }> {
  const errors: string[] = [];
  if (checkObject(errors, '', value, ['to', 'body'])) {
    const to = value.to;
    if (to === undefined) errors.push(at('to', 'is required'));
    else if (checkObject(errors, 'to', to, ['userId', 'phoneNumber', 'email'])) {
      const given = (['userId', 'phoneNumber', 'email'] as const).filter((key) => key in to);
      if (given.length !== 1) errors.push(at('to', `must hold exactly one of userId, phoneNumber, email (got ${given.length})`));
      checkString(errors, 'to.userId', to.userId);
      checkString(errors, 'to.phoneNumber', to.phoneNumber);
      checkString(errors, 'to.email', to.email);
      if (typeof to.userId === 'string' && !UUID.test(to.userId)) errors.push(at('to.userId', 'must be a UUID'));
    }
    checkString(errors, 'body', value.body, { limit: MESSAGING_LIMITS.directMessageBody, required: true });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: value as { to: DirectMessageTarget; body: string } };
}

function validateAnnouncement(value: unknown): Checked<{ title: string; body: string }> {
  const errors: string[] = [];
  if (checkObject(errors, '', value, ['title', 'body'])) {
    checkString(errors, 'title', value.title, { limit: MESSAGING_LIMITS.announcementTitle, required: true });
    checkString(errors, 'body', value.body, { limit: MESSAGING_LIMITS.announcementBody, required: true });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: value as { title: string; body: string } };
}

/** Shared by the bearer and the webhook endpoint, which take the same body. */
function validateChannelMessage(value: unknown): string[] {
  const errors: string[] = [];
  if (!checkObject(errors, '', value, ['content', 'username', 'avatar_url', 'embeds'])) return errors;
  checkString(errors, 'content', value.content, { limit: MESSAGING_LIMITS.channelContent });
  checkString(errors, 'username', value.username, { limit: MESSAGING_LIMITS.channelUsername });
  checkString(errors, 'avatar_url', value.avatar_url, { url: true });
  const hasContent = typeof value.content === 'string' && value.content.length > 0;
  let hasEmbeds = false;
  if (value.embeds !== undefined && checkArray(errors, 'embeds', value.embeds, MESSAGING_LIMITS.embedsPerMessage)) {
    hasEmbeds = value.embeds.length > 0;
    value.embeds.forEach((embed, index) => {
      validateEmbed(errors, join('embeds', index), embed);
    });
  }
  if (!hasContent && !hasEmbeds) errors.push('at least one of content or embeds must be present');
  return errors;
}

const EMBED_MEMBERS = ['title', 'description', 'url', 'color', 'timestamp', 'author', 'footer', 'image', 'thumbnail', 'fields'] as const;

function validateEmbed(errors: string[], path: string, embed: unknown): void {
  if (!checkObject(errors, path, embed, EMBED_MEMBERS)) return;
  checkString(errors, join(path, 'title'), embed.title, { limit: MESSAGING_LIMITS.embedTitle });
  checkString(errors, join(path, 'description'), embed.description, { limit: MESSAGING_LIMITS.embedDescription });
  checkString(errors, join(path, 'url'), embed.url, { url: true });
  if (embed.color !== undefined) {
    const { min, max, label } = MESSAGING_LIMITS.embedColor;
    if (typeof embed.color !== 'number' || !Number.isInteger(embed.color) || embed.color < min || embed.color > max) {
      errors.push(at(join(path, 'color'), `${label} must be an integer from ${min} to ${max}`));
    }
  }
  if (embed.timestamp !== undefined) {
    const ts = embed.timestamp;
    if (typeof ts !== 'string' || !ISO_8601.test(ts) || Number.isNaN(Date.parse(ts))) {
      errors.push(at(join(path, 'timestamp'), 'must be an ISO 8601 date-time string'));
    }
  }
  const author = embed.author;
  if (author !== undefined && checkObject(errors, join(path, 'author'), author, ['name', 'url', 'icon_url'])) {
    for (const key of ['name', 'url', 'icon_url']) checkString(errors, join(path, `author.${key}`), author[key]);
  }
  const footer = embed.footer;
  if (footer !== undefined && checkObject(errors, join(path, 'footer'), footer, ['text', 'icon_url'])) {
    for (const key of ['text', 'icon_url']) checkString(errors, join(path, `footer.${key}`), footer[key]);
  }
  for (const key of ['image', 'thumbnail']) {
    const media = embed[key];
    if (media !== undefined && checkObject(errors, join(path, key), media, ['url'])) {
      checkString(errors, join(path, `${key}.url`), media.url, { url: true });
    }
  }
  if (embed.fields !== undefined && checkArray(errors, join(path, 'fields'), embed.fields, MESSAGING_LIMITS.fieldsPerEmbed)) {
    embed.fields.forEach((field, index) => {
      const fieldPath = join(join(path, 'fields'), index);
      if (!checkObject(errors, fieldPath, field, ['name', 'value', 'inline'])) return;
      checkString(errors, join(fieldPath, 'name'), field.name, { required: true });
      checkString(errors, join(fieldPath, 'value'), field.value, { required: true });
      if (field.inline !== undefined && typeof field.inline !== 'boolean') errors.push(at(join(fieldPath, 'inline'), 'must be a boolean'));
    });
  }
}

function pickPayload(payload: ChannelMessagePayload): ChannelMessagePayload {
  const picked: ChannelMessagePayload = {};
  if (payload.content !== undefined) picked.content = payload.content;
  if (payload.username !== undefined) picked.username = payload.username;
  if (payload.avatar_url !== undefined) picked.avatar_url = payload.avatar_url;
  if (payload.embeds !== undefined) picked.embeds = payload.embeds;
  return picked;
}
