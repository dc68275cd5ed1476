/**
 * The messaging mock's state and seed: the stored records, the id counter, and the ways to
 * add bots, employees and channels and to find who a request is from.
 */

import type { MessagingMockState, MockBot, MockChannel, MockEmployee, NewEmployee, SeedEmployees } from './records.js';
import { bearerOf } from './responses.js';
import type { DirectMessageTarget } from './validate.js';

/** What the routes and the mock share: the live state and what changes it. */
export interface MessagingStore {
  readonly state: MessagingMockState;
  readonly employees: SeedEmployees;
  /** The seed bot and channel, as of the last (re)seed. */
  readonly seeded: { bot: MockBot; channel: MockChannel };
  newId(): string;
  timestamp(): string;
  addBot(name: string): MockBot;
  addEmployee(input: NewEmployee): MockEmployee;
  addChannel(name?: string, viewerIds?: string[]): MockChannel;
  /** Empties the state and refills it with the seed; the id counter starts over. */
  seed(): void;
  /** The bot whose (unrevoked) key the request carries as bearer. */
  botFor(request: Request): MockBot | undefined;
  /** The channel whose (unrevoked) key the request carries as bearer. */
  channelFor(request: Request): MockChannel | undefined;
  /** The active employee a direct message's `to` names. */
  findEmployee(to: DirectMessageTarget): MockEmployee | undefined;
}

const uuidOf = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** The counter ids and keys come from; reseeding starts it over. */
interface Counter {
  value: number;
}

function addBot(state: MessagingMockState, counter: Counter, name: string): MockBot {
  const n = ++counter.value;
  const bot: MockBot = { id: uuidOf(n), name, key: `bot_test_${n.toString(16).padStart(24, '0')}`, revoked: false };
  state.bots.push(bot);
  return bot;
}

function addEmployee(state: MessagingMockState, counter: Counter, input: NewEmployee): MockEmployee {
  const employee: MockEmployee = {
    id: uuidOf(++counter.value),
    name: input.name ?? input.email.split('@')[0] ?? input.email,
    phoneNumber: input.phoneNumber,
    email: input.email,
    active: input.active ?? true,
  };
  state.employees.push(employee);
  return employee;
}

function addChannel(state: MessagingMockState, counter: Counter, name = 'Automation', viewerIds: string[] = []): MockChannel {
  const n = ++counter.value;
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

/** Empties `state` and refills it with the seed. */
function seedState(state: MessagingMockState, counter: Counter, names: { botName: string; channelName: string }) {
  for (const list of Object.values(state)) list.length = 0;
  counter.value = 0;
  const bot = addBot(state, counter, names.botName);
  const first = addEmployee(state, counter, { name: 'Ada Active', email: 'ada.active@example.test', phoneNumber: '+15550100001' });
  const second = addEmployee(state, counter, { name: 'Ben Active', email: 'ben.active@example.test', phoneNumber: '+15550100002' });
  const inactive = addEmployee(state, counter, {
    name: 'Ivy Inactive',
    email: 'ivy.inactive@example.test',
    phoneNumber: '+15550100003',
    active: false,
  });
  const channel = addChannel(state, counter, names.channelName, [first.id]);
  return { bot, channel, employeeIds: [first.id, second.id, inactive.id] };
}

/** Getters over the seed employees, so after a reseed they return the fresh records. */
function seedEmployees(state: MessagingMockState, ids: () => string[]): SeedEmployees {
  const seedEmployee = (index: 0 | 1 | 2): MockEmployee => {
    const found = state.employees.find((e) => e.id === ids()[index]);
    if (!found) throw new Error('The seed employee was removed from mock.state.employees');
    return found;
  };
  return {
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
}

/** Who a request is from, and whom a direct message is for. */
function finders(state: MessagingMockState): Pick<MessagingStore, 'botFor' | 'channelFor' | 'findEmployee'> {
  return {
    botFor(request) {
      const key = bearerOf(request);
      return key === undefined ? undefined : state.bots.find((b) => b.key === key && !b.revoked);
    },
    channelFor(request) {
      const key = bearerOf(request);
      return key === undefined ? undefined : state.channels.find((c) => c.key === key && !c.revoked);
    },
    findEmployee(to) {
      const active = state.employees.filter((e) => e.active);
      if ('userId' in to) return active.find((e) => e.id === to.userId);
      if ('phoneNumber' in to) return active.find((e) => e.phoneNumber === to.phoneNumber);
      const email = to.email.toLowerCase();
      return active.find((e) => e.email.toLowerCase() === email);
    },
  };
}

/**
 * Seed: one bot, one channel, three employees (two active, one inactive). Ids and keys come
 * from a counter, so every run (and every reseed) gives the same ones.
 */
export function createMessagingStore(options: { botName: string; channelName: string; now: () => Date }): MessagingStore {
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
  const counter: Counter = { value: 0 };
  let seeded = seedState(state, counter, options);
  return {
    state,
    employees: seedEmployees(state, () => seeded.employeeIds),
    get seeded() {
      return seeded;
    },
    newId: () => uuidOf(++counter.value),
    timestamp: () => options.now().toISOString(),
    addBot: (name) => addBot(state, counter, name),
    addEmployee: (input) => addEmployee(state, counter, input),
    addChannel: (name, viewerIds) => addChannel(state, counter, name, viewerIds),
    seed() {
      seeded = seedState(state, counter, options);
    },
    ...finders(state),
  };
}
