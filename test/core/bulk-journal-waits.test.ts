/**
 * Every wait of a journaled bulk call is bounded as API.md "Bulk results" says: the bulk
 * call's `signal` and `deadline` end a wait on a journal's claim and on another sender's
 * claim with `APIUserAbortError` / `APIConnectionTimeoutError`, every item not yet sent is
 * rejected and nothing more starts; a claim not granted in time is not sent and not recorded
 * as begun, and one granted after the item gave up is handed back (the next call sends it).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  APIConnectionTimeoutError,
  APIUserAbortError,
  type BulkJournal,
  type BulkResult,
  type DirectMessageInput,
  type JournalClaim,
  MessagingClient,
  memoryJournal,
  OutcomeUnknownError,
} from '../../src/index.js';
import { createMessagingMock } from '../../src/testing/index.js';

const mock = createMessagingMock();
const client = new MessagingClient({ baseUrl: mock.baseUrl, botKey: mock.botKey, fetch: mock.fetch, maxRetries: 0 });
const items = (n: number, tag = 'm'): DirectMessageInput[] =>
  Array.from({ length: n }, (_, i) => ({ to: { email: mock.employees.first.email }, body: `${tag} ${i}` }));
const sent = () => mock.state.directMessages.map((m) => m.body);
const reasons = <T>(results: BulkResult<T>[]) => results.map((r) => (r.status === 'rejected' ? r.reason : r.status));

beforeEach(() => {
  mock.reset();
  mock.faults.reset();
});

/** A journal kept elsewhere whose claims never settle: what it was asked, and what it recorded. */
function stalledJournal() {
  const inner = memoryJournal();
  const log = { claims: 0, records: [] as string[] };
  const journal: BulkJournal = {
    ...inner,
    claim: () => {
      log.claims++;
      return new Promise<JournalClaim>(() => {});
    },
    record: async (key, token, outcome) => {
      log.records.push(outcome.status);
      await inner.record(key, token, outcome);
    },
  };
  return { journal, log };
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await run();
  return { value, ms: Date.now() - started };
}

describe('a claim that never settles', () => {
  it("the bulk call's signal ends it: every item rejected with APIUserAbortError, nothing sent or recorded", async () => {
    const { journal, log } = stalledJournal();
    const { value, ms } = await timed(() =>
      client.sendDirectMessages(items(5), { journal, concurrency: 2, signal: AbortSignal.timeout(200) }),
    );
    expect(ms).toBeLessThan(1_500);
    expect(reasons(value)).toEqual(Array(5).fill(expect.any(APIUserAbortError)));
    expect(value.every((r) => r.status === 'rejected' && (r.reason as APIUserAbortError).unsent === true)).toBe(true);
    expect(log.claims).toBe(2); // the two workers' first items; nothing more started
    expect(log.records).toEqual([]);
    expect(sent()).toEqual([]);
  });

  it("the bulk call's deadline ends it: every item rejected with APIConnectionTimeoutError, nothing sent or recorded", async () => {
    const { journal, log } = stalledJournal();
    const { value, ms } = await timed(() => client.sendDirectMessages(items(5), { journal, concurrency: 2, deadline: 300 }));
    expect(ms).toBeLessThan(1_500);
    expect(reasons(value)).toEqual(Array(5).fill(expect.any(APIConnectionTimeoutError)));
    expect(log.claims).toBe(2);
    expect(log.records).toEqual([]);
    expect(sent()).toEqual([]);
  });

  it('with neither, the request’s own timeout bounds it: rejected as not sent, naming the journal', async () => {
    const { journal, log } = stalledJournal();
    const [result] = await client.sendDirectMessages(items(1), { journal, timeout: 150 });
    const reason = result?.status === 'rejected' ? result.reason : undefined;
    expect(reason).toBeInstanceOf(APIConnectionTimeoutError);
    expect(reason?.message).toMatch(/the journal gave no claim within 150 ms/);
    expect((reason as APIConnectionTimeoutError).unsent).toBe(true);
    expect(log.records).toEqual([]);
  });
});

describe('a claim granted after the item gave up', () => {
  it('is handed back: recorded as a failure that sent nothing, so the next call sends the item, never unknown', async () => {
    const inner = memoryJournal();
    let slow = true;
    const journal: BulkJournal = {
      ...inner,
      claim: async (key, request) => {
        if (slow) await new Promise((r) => setTimeout(r, 300));
        return inner.claim(key, request);
      },
    };
    const [first] = await client.sendDirectMessages(items(1), { journal, timeout: 100 });
    expect(first?.status === 'rejected' && first.reason).toBeInstanceOf(APIConnectionTimeoutError);
    await new Promise((r) => setTimeout(r, 400)); // the grant arrives, with nobody waiting for it
    slow = false;
    const [second] = await client.sendDirectMessages(items(1), { journal });
    expect(second?.status).toBe('fulfilled');
    expect(sent()).toEqual(['m 0']);
  });
});

describe('waiting on another sender’s claim', () => {
  /** A journal where another live sender holds every item: a claim made, its lease long. */
  async function heldElsewhere(list: DirectMessageInput[]) {
    const journal = memoryJournal({ leaseMs: 60_000 });
    for (const item of list) await journal.claim(JSON.stringify({ body: item.body, to: item.to }), { retryUnknown: false });
    return journal;
  }

  it('deadline: 300 ends it within the deadline with APIConnectionTimeoutError, not after seconds of looking again', async () => {
    const list = items(2, 'held');
    const journal = await heldElsewhere(list);
    const { value, ms } = await timed(() => client.sendDirectMessages(list, { journal, deadline: 300 }));
    expect(ms).toBeLessThan(700);
    expect(reasons(value)).toEqual([expect.any(APIConnectionTimeoutError), expect.any(APIConnectionTimeoutError)]);
    expect(sent()).toEqual([]);
  });

  it('an abort ends it with APIUserAbortError, not a bare OpslinkError naming the signal’s reason', async () => {
    const list = items(2, 'held');
    const journal = await heldElsewhere(list);
    const { value, ms } = await timed(() => client.sendDirectMessages(list, { journal, signal: AbortSignal.timeout(200) }));
    expect(ms).toBeLessThan(700);
    expect(reasons(value)).toEqual([expect.any(APIUserAbortError), expect.any(APIUserAbortError)]);
    expect(value.map((r) => r.status === 'rejected' && r.reason.message)).not.toContainEqual(expect.stringMatching(/^TimeoutError/));
    expect(sent()).toEqual([]);
  });

  it('the other sender finishing before the deadline: its outcome is returned, nothing sent twice', async () => {
    const [item] = items(1, 'finished') as [DirectMessageInput];
    const journal = memoryJournal({ leaseMs: 60_000 });
    const key = JSON.stringify({ body: item.body, to: item.to });
    const held = await journal.claim(key, { retryUnknown: false });
    if (held.status !== 'claimed') throw new Error(held.status);
    setTimeout(() => void journal.record(key, held.token, { status: 'delivered', value: { id: 'elsewhere' } }), 100);
    const [result] = await client.sendDirectMessages([item], { journal, deadline: 2_000 });
    expect(result).toMatchObject({ status: 'fulfilled', value: { id: 'elsewhere' } });
    expect(sent()).toEqual([]);
  });

  it('a claim that lapsed while waited on is unknown, as before', async () => {
    const [item] = items(1, 'lapsed') as [DirectMessageInput];
    const journal = memoryJournal({ leaseMs: 80 });
    await journal.claim(JSON.stringify({ body: item.body, to: item.to }), { retryUnknown: false });
    const [result] = await client.sendDirectMessages([item], { journal, deadline: 2_000 });
    expect(result?.status === 'rejected' && result.reason).toBeInstanceOf(OutcomeUnknownError);
  });
});
