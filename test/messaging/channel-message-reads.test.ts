/**
 * A channel message (its operation and embed checks are in the page with the client: no call
 * waits for code, and none fails because code could not be fetched) is checked and read at the
 * call: what the caller changes afterwards is not what is sent, and a refusal names the caller.
 */
import { describe, expect, it } from 'vitest';
import { MessagingClient, RequestValidationError } from '../../src/index.js';
import { createMessagingMock } from '../../src/testing/index.js';

describe('a channel message', () => {
  it("channel messages are checked and sent as before: the pre-flight's refusal, then a post", async () => {
    const mock = createMessagingMock();
    const client = new MessagingClient({ baseUrl: mock.baseUrl, channelKey: mock.channelKey, fetch: mock.fetch });
    await expect(client.postChannelMessage({ content: '' })).rejects.toMatchObject({ name: 'RequestValidationError' });
    await expect(client.postChannelMessage({ embeds: [{ title: 'Build green', timestamp: new Date() }] })).resolves.toBeDefined();
    expect(mock.state.channelMessages).toHaveLength(1);
  });

  it("the message is read at the call, and a refusal's stack names the caller's line", async () => {
    const mock = createMessagingMock();
    const client = new MessagingClient({ baseUrl: mock.baseUrl, channelKey: mock.channelKey, fetch: mock.fetch });
    const message = { content: 'as at the call', embeds: [{ title: 'Build green' }] };
    const sent = client.postChannelMessage(message);
    message.content = 'changed after the call';
    message.embeds[0]!.title = 'changed too';
    await sent;
    expect(mock.state.channelMessages.at(-1)).toMatchObject({ content: 'as at the call', embeds: [{ title: 'Build green' }] });
    async function postFromHere() {
      return client.postChannelMessage({ content: '' });
    }
    const error = (await postFromHere().catch((e: unknown) => e)) as Error;
    expect(error.name).toBe('RequestValidationError');
    expect(error.stack).toContain('postFromHere');
  });

  it('a call checks its input at once: what the caller changes after the call is not what is checked', async () => {
    const mock = createMessagingMock();
    const client = new MessagingClient({ baseUrl: mock.baseUrl, channelKey: mock.channelKey, fetch: mock.fetch });
    // A refusal is worded by the generated check, at the call.
    const refused = { content: '', embeds: [] as unknown[] };
    const call = client.postChannelMessage(refused as never);
    refused.content = 'changed after the call';
    await expect(call).rejects.toBeInstanceOf(RequestValidationError);
    const sent = { content: 'sent as it was at the call' };
    const posted = client.postChannelMessage(sent);
    sent.content = '';
    await posted;
    expect(mock.state.channelMessages.at(-1)).toMatchObject({ content: 'sent as it was at the call' });
  });

  it('an embed’s Date timestamp is read at the call, by the first call and by a later one: set after the call, it changes nothing', async () => {
    const mock = createMessagingMock();
    const client = new MessagingClient({ baseUrl: mock.baseUrl, channelKey: mock.channelKey, fetch: mock.fetch });
    for (const call of ['first', 'later']) {
      const timestamp = new Date(Date.UTC(2026, 10, 22, 10));
      const sent = client.postChannelMessage({ content: call, embeds: [{ title: 't', timestamp }] });
      timestamp.setUTCFullYear(1999);
      await sent;
      expect(mock.state.channelMessages.at(-1)?.embeds?.[0]).toMatchObject({ timestamp: '2026-11-22T10:00:00.000Z' });
    }
  });

  it('an invalid Date at the call is refused, by the first call and by a later one, though the caller mends it right after', async () => {
    const mock = createMessagingMock();
    const client = new MessagingClient({ baseUrl: mock.baseUrl, channelKey: mock.channelKey, fetch: mock.fetch });
    for (const _ of ['first', 'later']) {
      const timestamp = new Date(Number.NaN);
      const sent = client.postChannelMessage({ embeds: [{ title: 't', timestamp }] });
      timestamp.setTime(Date.UTC(2026, 0, 1));
      await expect(sent).rejects.toBeInstanceOf(RequestValidationError);
    }
    expect(mock.state.channelMessages).toEqual([]);
  });
});
