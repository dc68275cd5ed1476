/**
 * What the messaging types allow is what the pre-flight allows: each rule the types can say
 * has a case that compiles and a `@ts-expect-error` case that must not (an unused directive
 * fails the type check, so loosening a type fails CI).
 */

import {
  type Announcement,
  type BulkResult,
  type ChannelMessageInput,
  type CreatedMessage,
  type DirectMessageInput,
  type Embed,
  MessagingClient,
  type MessagingClientOptions,
  memoryJournal,
  type Recipient,
} from 'opslink';
import { describe, expectTypeOf, it } from 'vitest';

declare const client: MessagingClient;

describe('a direct message has exactly one recipient', () => {
  it('takes email, userId or phoneNumber alone', () => {
    expectTypeOf<{ email: string }>().toExtend<Recipient>();
    expectTypeOf<{ userId: string }>().toExtend<Recipient>();
    expectTypeOf<{ phoneNumber: string }>().toExtend<Recipient>();
    client.sendDirectMessage({ to: { email: 'ana@example.com' }, body: 'hi' });
  });

  it('refuses two recipients, none, or an unknown member', () => {
    // @ts-expect-error two members of to
    client.sendDirectMessage({ to: { email: 'ana@example.com', userId: '0b9d7c4e-2f3a-4b5c-8d9e-0f1a2b3c4d5e' }, body: 'hi' });
    // @ts-expect-error all three
    client.sendDirectMessage({ to: { email: 'a@example.com', userId: 'u', phoneNumber: '+1' }, body: 'hi' });
    // @ts-expect-error an empty to
    client.sendDirectMessage({ to: {}, body: 'hi' });
    // @ts-expect-error a misspelt member
    client.sendDirectMessage({ to: { mail: 'ana@example.com' }, body: 'hi' });
    // @ts-expect-error no body
    client.sendDirectMessage({ to: { email: 'ana@example.com' } });
    expectTypeOf<{ email: string; userId: string }>().not.toExtend<Recipient>();
    expectTypeOf<DirectMessageInput['body']>().toEqualTypeOf<string>();
  });
});

describe('a channel message holds content or embeds', () => {
  it('takes content, embeds, or both', () => {
    client.postChannelMessage({ content: 'Deploy finished' });
    client.postChannelMessage({ embeds: [{ title: 'Deploy', color: 0x2ecc71 }] });
    client.postChannelMessage({ content: 'Deploy', embeds: [], username: 'ci' });
  });

  it('refuses a message with neither', () => {
    // @ts-expect-error neither content nor embeds
    client.postChannelMessage({});
    // @ts-expect-error a username alone is not a message
    client.postChannelMessage({ username: 'ci', avatar_url: 'https://example.com/a.png' });
    expectTypeOf<{ username: string }>().not.toExtend<ChannelMessageInput>();
    expectTypeOf<undefined>().not.toExtend<ChannelMessageInput>();
  });

  it('types embeds after the document: color a number, fields with name and value, timestamp text or a Date', () => {
    expectTypeOf<{ fields: [{ name: 'a'; value: 'b'; inline: true }] }>().toExtend<Embed>();
    expectTypeOf<{ timestamp: Date }>().toExtend<Embed>();
    // @ts-expect-error a field needs a value
    const missingValue: Embed = { fields: [{ name: 'a' }] };
    // @ts-expect-error color is a number, not a hex string
    const hexColor: Embed = { color: '#ffffff' };
    // @ts-expect-error unknown members are refused
    const typo: Embed = { colour: 1 };
    void [missingValue, hexColor, typo];
  });
});

describe('client options say where it sends', () => {
  it('takes a baseUrl, a webhookUrl, or both, and keys as strings or functions', () => {
    new MessagingClient({ baseUrl: 'https://chat.example.com', botKey: 'k' });
    new MessagingClient({ webhookUrl: 'https://chat.example.com/api/automation/webhooks/0b9d7c4e-2f3a-4b5c-8d9e-0f1a2b3c4d5e/t' });
    new MessagingClient({ baseUrl: 'https://chat.example.com', botKey: async () => 'rotated', channelKey: () => 'k' });
  });

  it('refuses options with neither baseUrl nor webhookUrl', () => {
    // @ts-expect-error no address at all
    new MessagingClient({});
    // @ts-expect-error a key is not an address
    new MessagingClient({ botKey: 'k' });
    // @ts-expect-error a key is a string or a function, not a number
    new MessagingClient({ baseUrl: 'https://chat.example.com', botKey: 42 });
    expectTypeOf<{ botKey: string }>().not.toExtend<MessagingClientOptions>();
  });
});

describe('results', () => {
  it('types an announcement after the document, and a created message as the server sent it', () => {
    expectTypeOf(client.postAnnouncement({ title: 't', body: 'b' })).resolves.toEqualTypeOf<Announcement>();
    expectTypeOf<Announcement['title']>().toEqualTypeOf<string>();
    expectTypeOf<Announcement['createdBy']>().toEqualTypeOf<string>();
    expectTypeOf<Announcement['likeCount']>().toEqualTypeOf<number | undefined>();
    expectTypeOf(client.sendDirectMessage({ to: { email: 'a@example.com' }, body: 'b' })).resolves.toEqualTypeOf<CreatedMessage>();
  });

  it('gives a bulk send one settled result per item, awaitable and iterable', async () => {
    const bulk = client.sendDirectMessages([{ to: { email: 'a@example.com' }, body: 'b' }]);
    expectTypeOf(bulk).resolves.toEqualTypeOf<BulkResult<CreatedMessage>[]>();
    for await (const result of bulk) {
      if (result.status === 'fulfilled') expectTypeOf(result.value).toEqualTypeOf<CreatedMessage>();
      else expectTypeOf(result.reason.message).toEqualTypeOf<string>();
      expectTypeOf(result.index).toEqualTypeOf<number>();
    }
    // @ts-expect-error every item is a direct message
    client.sendDirectMessages([{ to: { email: 'a@example.com', userId: 'u' }, body: 'b' }]);
  });

  it("names a journaled item by a key function that gets the item's type and returns a string", () => {
    const items: DirectMessageInput[] = [{ to: { email: 'a@example.com' }, body: 'b' }];
    const journal = memoryJournal();
    client.sendDirectMessages(items, {
      journal,
      key: (item, index) => `${index}:${item.body}`,
      retryUnknown: true,
    });
    // @ts-expect-error a key is a string
    client.sendDirectMessages(items, { journal, key: () => 42 });
    // @ts-expect-error a journal is a BulkJournal
    client.sendDirectMessages(items, { journal: 'journal.ndjson' });
  });

  it('takes a journal kept elsewhere as one of ours spread with its store members replaced, not store members alone', () => {
    const items: DirectMessageInput[] = [{ to: { email: 'a@example.com' }, body: 'b' }];
    const inner = memoryJournal();
    const store = { leaseMs: 1000, claim: inner.claim, renew: inner.renew, record: inner.record };
    client.sendDirectMessages(items, { journal: { ...memoryJournal(), ...store } });
    // @ts-expect-error without the bulk call's side (`queue`), store members are not a journal
    client.sendDirectMessages(items, { journal: store });
  });
});
