/**
 * Bulk calls through a journal: each item claimed just before its request, sent by one
 * caller, and recorded; delivered items are returned as recorded, failed ones sent again by a
 * later call, and items whose send began without a recorded outcome reported as unknown.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  APIConnectionTimeoutError,
  type BulkJournal,
  type DirectMessageInput,
  InternalServerError,
  MessagingClient,
  memoryJournal,
  OpslinkError,
  OutcomeUnknownError,
  RequestValidationError,
} from '../../src/index.js';
import { createMessagingMock } from '../../src/testing/index.js';

const mock = createMessagingMock();
const client = new MessagingClient({ baseUrl: mock.baseUrl, botKey: mock.botKey, fetch: mock.fetch, maxRetries: 0 });
const items = (n: number): DirectMessageInput[] =>
  Array.from({ length: n }, (_, i) => ({ to: { email: mock.employees.first.email }, body: `reminder ${i}` }));
const sentBodies = () => mock.state.directMessages.map((m) => m.body);

beforeEach(() => {
  mock.reset();
  mock.faults.reset();
});

describe('two calls sharing one memory journal', () => {
  it('send each item once between them, and both return every item fulfilled with the same value', async () => {
    mock.faults.latency('POST /api/bot/messages', 5);
    const journal = memoryJournal();
    const list = items(40);
    const [a, b] = await Promise.all([
      client.sendDirectMessages(list, { journal, concurrency: 4 }),
      client.sendDirectMessages(list, { journal, concurrency: 4 }),
    ]);
    expect(sentBodies().sort()).toEqual(list.map((i) => i.body).sort());
    expect(a.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(b).toEqual(a);
  });

  it('share the list out: an item the other holds is put back, not waited on in step', async () => {
    mock.faults.latency('POST /api/bot/messages', 5);
    const journal = memoryJournal();
    const counted = () => {
      const sent = { count: 0 };
      const fetch: typeof globalThis.fetch = (input, init) => {
        sent.count++;
        return mock.fetch(input, init);
      };
      return { sent, client: new MessagingClient({ baseUrl: mock.baseUrl, botKey: mock.botKey, fetch }) };
    };
    const [a, b] = [counted(), counted()];
    const list = items(60);
    await Promise.all([
      a.client.sendDirectMessages(list, { journal, concurrency: 4 }),
      b.client.sendDirectMessages(list, { journal, concurrency: 4 }),
    ]);
    expect(a.sent.count + b.sent.count).toBe(60);
    expect(Math.min(a.sent.count, b.sent.count)).toBeGreaterThanOrEqual(15);
  });

  it('a later call sends nothing for delivered items and returns the recorded value', async () => {
    const journal = memoryJournal();
    const first = await client.sendDirectMessages(items(5), { journal });
    const again = await client.sendDirectMessages(items(5), { journal });
    expect(sentBodies()).toHaveLength(5);
    expect(again).toEqual(first);
  });

  it('a later call sends the failed items again, and only those', async () => {
    const journal = memoryJournal();
    mock.faults.status('POST /api/bot/messages', 500, { times: 2 });
    const first = await client.sendDirectMessages(items(6), { journal, concurrency: 1 });
    expect(first.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect((first[0] as { reason: unknown }).reason).toBeInstanceOf(InternalServerError);
    const again = await client.sendDirectMessages(items(6), { journal });
    expect(again.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(sentBodies().sort()).toEqual(
      items(6)
        .map((i) => i.body)
        .sort(),
    );
  });

  it('a caller that waited on another call returns its failure rather than sending again', async () => {
    const journal = memoryJournal();
    mock.faults.latency('POST /api/bot/messages', 30);
    mock.faults.status('POST /api/bot/messages', 500, { times: 1 });
    const [a, b] = await Promise.all([client.sendDirectMessages(items(1), { journal }), client.sendDirectMessages(items(1), { journal })]);
    const reasons = [a[0], b[0]].map((r) => (r as { reason?: unknown }).reason);
    expect(reasons.filter((r) => r instanceof InternalServerError)).toHaveLength(1);
    expect(reasons.find((r) => !(r instanceof InternalServerError))).toBeInstanceOf(OpslinkError);
    expect(sentBodies()).toEqual([]);
  });

  it('the same item twice in one list is sent once', async () => {
    const journal = memoryJournal();
    const [item] = items(1) as [DirectMessageInput];
    const results = await client.sendDirectMessages([item, { body: item.body, to: { ...item.to } }], { journal });
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(sentBodies()).toHaveLength(1);
  });
});

describe('an item whose send began without a recorded outcome', () => {
  it("a dead claimer's item is rejected with OutcomeUnknownError once its lease lapses, and not sent", async () => {
    const journal = memoryJournal({ leaseMs: 30 });
    const [item] = items(1) as [DirectMessageInput];
    // A claimer that dies: it claims with the bulk call's default key and never records or renews.
    await journal.claim(JSON.stringify({ body: item.body, to: item.to }), { retryUnknown: false });
    const results = await client.sendDirectMessages([item], { journal });
    expect((results[0] as { reason: unknown }).reason).toBeInstanceOf(OutcomeUnknownError);
    expect(sentBodies()).toEqual([]);
  });

  it('with retryUnknown: true it is sent', async () => {
    const journal = memoryJournal({ leaseMs: 1 });
    const [item] = items(1) as [DirectMessageInput];
    await journal.claim('reminder', { retryUnknown: false });
    await new Promise((r) => setTimeout(r, 5));
    const results = await client.sendDirectMessages([item], { journal, key: () => 'reminder', retryUnknown: true });
    expect(results[0]?.status).toBe('fulfilled');
    expect(sentBodies()).toEqual([item.body]);
  });

  it('a request that timed out is recorded as unknown: the next call does not send it', async () => {
    const journal = memoryJournal();
    mock.faults.add({ route: 'POST /api/bot/messages', fault: { hang: 200 } });
    const first = await client.sendDirectMessages(items(1), { journal, timeout: 20 });
    expect((first[0] as { reason: unknown }).reason).toBeInstanceOf(APIConnectionTimeoutError);
    const again = await client.sendDirectMessages(items(1), { journal });
    expect((again[0] as { reason: unknown }).reason).toBeInstanceOf(OutcomeUnknownError);
  });
});

describe('claims', () => {
  it('are taken after the gate: with one request in flight at a time, a call at concurrency 8 never holds 8 claims', async () => {
    const limited = new MessagingClient({ baseUrl: mock.baseUrl, botKey: mock.botKey, fetch: mock.fetch, maxConcurrency: 1 });
    mock.faults.latency('POST /api/bot/messages', 3);
    const inner = memoryJournal();
    let open = 0;
    let most = 0;
    // A journal kept elsewhere: one of ours spread, its store members replaced.
    const journal: BulkJournal = {
      ...inner,
      claim: async (key, request) => {
        const claim = await inner.claim(key, request);
        if (claim.status === 'claimed') most = Math.max(most, ++open);
        return claim;
      },
      record: async (key, token, outcome) => {
        open--;
        await inner.record(key, token, outcome);
      },
    };
    const results = await limited.sendDirectMessages(items(12), { journal, concurrency: 8 });
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    // One in flight, and at most one more whose response is back and being recorded (the
    // slot is handed on first); claimed before the gate, all eight would be held.
    expect(most).toBeLessThanOrEqual(2);
  });

  it('a journal that cannot claim fails the item and sends nothing', async () => {
    const journal: BulkJournal = {
      ...memoryJournal({ leaseMs: 1000 }),
      claim: () => Promise.reject(new Error('journal unreachable')),
      renew: async () => {},
      record: async () => {},
    };
    const results = await client.sendDirectMessages(items(3), { journal });
    expect(results.every((r) => r.status === 'rejected' && r.reason.message.includes('journal unreachable'))).toBe(true);
    expect(sentBodies()).toEqual([]);
  });
});

describe('journal options', () => {
  it('a key that is not a non-empty string, or a journal that is not one, is refused by field before anything is sent', async () => {
    const badKey = await client
      .sendDirectMessages(items(2), { journal: memoryJournal(), key: (_, i) => (i === 1 ? '' : 'a') })
      .catch((e) => e);
    expect(badKey).toBeInstanceOf(RequestValidationError);
    expect((badKey as RequestValidationError).issues.map((i) => i.path)).toEqual([[1]]);
    const badJournal = await client
      .sendDirectMessages(items(1), { journal: {} as BulkJournal, retryUnknown: 'yes' as never })
      .catch((e) => e);
    expect((badJournal as RequestValidationError).issues.map((i) => i.path)).toEqual([['journal'], ['retryUnknown']]);
    expect(sentBodies()).toEqual([]);
  });

  it('the default key is canonical JSON: the same item built in another member order is the same item', async () => {
    const journal = memoryJournal();
    const email = mock.employees.first.email;
    await client.sendDirectMessages([{ to: { email }, body: 'once' }], { journal });
    await client.sendDirectMessages([{ body: 'once', to: { email } } as DirectMessageInput], { journal });
    expect(sentBodies()).toEqual(['once']);
  });
});

describe('inbound.updateMany with a journal', () => {
  it('sends each change once across two calls', async () => {
    const { createWarehouseMock } = await import('../../src/testing/index.js');
    const { WarehouseClient } = await import('../../src/index.js');
    const warehouse = createWarehouseMock({ inboundOrders: 3 });
    const wh = new WarehouseClient({
      baseUrl: warehouse.baseUrl,
      apiKey: warehouse.apiKey,
      warehouseId: warehouse.warehouseId,
      fetch: warehouse.fetch,
    });
    const orders = warehouse.state.inboundOrders.slice(0, 3);
    const changes = orders.map((o) => ({ order_id: o.order_id, patch: { notes: 'recounted' } }));
    const journal = memoryJournal();
    await Promise.all([wh.inbound.updateMany(changes, { journal }), wh.inbound.updateMany(changes, { journal })]);
    const patches = warehouse.requests.all().filter((r) => r.method === 'PUT');
    expect(patches).toHaveLength(3);
  });
});

describe('the key option', () => {
  const distinct = (): DirectMessageInput[] => mock.state.employees.slice(0, 3).map((e) => ({ to: { email: e.email }, body: 'same text' }));

  it('giving two different items one key is refused before anything is sent, naming the items and the key option', async () => {
    const error = await client
      .sendDirectMessages(distinct(), { journal: memoryJournal(), key: (item) => item.body })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues.map((i) => i.path)).toEqual([[1], [2]]);
    expect((error as RequestValidationError).message).toMatch(/1: key gives a different item the key of item 0/);
    expect(sentBodies()).toEqual([]);
  });

  it('giving the same item twice one key sends it once, as the default key does', async () => {
    const [item] = distinct() as [DirectMessageInput];
    const results = await client.sendDirectMessages([item, { ...item }], { journal: memoryJournal(), key: (i) => i.to.email ?? '' });
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(sentBodies()).toHaveLength(1);
  });

  it('that throws is a RequestValidationError naming the item and the key option, nothing sent', async () => {
    const key = (item: DirectMessageInput, index: number) => {
      if (index === 1) throw new TypeError('no email');
      return item.to.email ?? '';
    };
    const error = await client.sendDirectMessages(distinct(), { journal: memoryJournal(), key }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toEqual([{ path: [1], message: 'key threw TypeError: no email' }]);
    expect(sentBodies()).toEqual([]);
  });
});
