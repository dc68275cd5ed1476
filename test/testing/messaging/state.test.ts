import { beforeEach, describe, expect, it } from 'vitest';
import { createMessagingMock, type MessagingMock } from '../../../src/testing/index.js';
import { messagingRequests, UUID_V4 } from '../../support/messaging-mock.js';

let mock: MessagingMock;
beforeEach(() => {
  mock = createMessagingMock();
});
const { post, dm, announce, channelPost } = messagingRequests(() => mock);

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
