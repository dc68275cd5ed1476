/**
 * A stateful in-memory fake of the messaging service, written from the service document
 * (`spec/messaging-api.md`), not from the SDK. Requests are checked by hand-written code on
 * purpose: importing the SDK's schemas would make a wrong schema agree with itself.
 *
 * Choices where the document is silent (they belong in the Assumptions table, docs/assumptions.md):
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
 *
 * The mock is split by concern: `records.ts` (what it stores), `state.ts` (state and seed),
 * `validate.ts` (request checks), `responses.ts` (bodies it answers), `routes.ts` (endpoints).
 */
import type { RequestLog } from '../kit/request-log.js';
import { createTransport, type MockTransport } from '../kit/transport.js';
import type { MessagingMockState, MockBot, MockChannel, MockEmployee, NewEmployee, SeedEmployees } from './records.js';
import { error } from './responses.js';
import { messagingRoutes } from './routes.js';
import { createMessagingStore } from './state.js';

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
  /** How many requests {@link MessagingMock.requests} keeps; 0 keeps none. @default 1000 */
  requestLogLimit?: number;
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
  /** Every request this mock handled (MSW, `fetch`, or `startMockServer`), secrets masked; `reset()` empties it. */
  readonly requests: RequestLog;
  /** The routes it answers, as faults name them (`METHOD /path`, the base URL's path included). */
  readonly routes: readonly string[];
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
  /** Back to the seed: state, id counter, scripted faults, and an empty request log. */
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
  const store = createMessagingStore({
    botName: options.botName ?? 'Ops Bot',
    channelName: options.channelName ?? 'Deploys',
    now: options.now ?? (() => new Date()),
  });
  const { state, seeded } = store;
  const transport = createTransport(options.baseUrl ?? DEFAULT_BASE_URL, messagingRoutes(store), () => error(404, 'Not found'), {
    service: 'messaging',
    secrets: () => [...state.bots.map((b) => b.key), ...state.channels.map((c) => c.key)],
    requestLogLimit: options.requestLogLimit,
    errorBody: (message) => ({ message }),
  });

  return {
    ...transport,
    state,
    botKey: seeded.bot.key,
    botName: seeded.bot.name,
    channelKey: seeded.channel.key,
    channelId: seeded.channel.id,
    webhookUrl: `${transport.baseUrl}/api/automation/webhooks/${seeded.channel.id}/${seeded.channel.key}`,
    employees: store.employees,
    addBot: store.addBot,
    revokeBot(key) {
      const bot = state.bots.find((b) => b.key === key);
      if (!bot) throw new Error('revokeBot: no bot has this key');
      bot.revoked = true;
    },
    addEmployee: store.addEmployee,
    addChannel: store.addChannel,
    revokeChannel(id) {
      const channel = state.channels.find((c) => c.id === id);
      if (!channel) throw new Error(`revokeChannel: no channel has the id ${id}`);
      channel.revoked = true;
    },
    reset() {
      store.seed();
      transport.faults.reset();
      transport.requests.clear();
    },
  };
}
