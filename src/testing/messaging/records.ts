/**
 * The records the messaging mock stores, as tests read them from `mock.state`.
 */
import type { ChannelMessageResponse } from './responses.js';

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
export interface MockChannelMessage extends ChannelMessageResponse {
  /** Which endpoint posted it: the channel key as bearer, or the webhook URL. */
  via: 'bearer' | 'webhook';
}

/**
 * Everything the messaging mock holds, as plain arrays: assert on them after the code under
 * test ran, or change them (e.g. set an employee inactive) before it runs.
 * @example
 * ```ts
 * await client.postAnnouncement({ title: 'Stocktake', body: 'Friday from 6 am.' }); // or the code under test
 * expect(mock.state.announcements[0]?.createdBy).toBe(mock.botName);
 * expect(mock.state.notifications.filter((n) => n.kind === 'announcement')).toHaveLength(2); // a fresh mock's two active employees
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
