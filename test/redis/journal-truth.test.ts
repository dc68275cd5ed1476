/**
 * `store.journal(name)` on a real redis-server, over both client libraries, says "unknown"
 * only where a request may have reached the service (API.md "Bulk results"): a refused
 * connection or a name that does not resolve is a failure the next run sends; a claim that
 * timed out while Redis was stopped is not carried out when Redis comes back, whether the
 * process that made it still runs (it hands a late grant back) or is gone (the script refuses
 * a claim that reaches Redis after its sender stopped waiting, on Redis's clock).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { type DirectMessageInput, MessagingClient } from '../../src/index.js';
import { type RedisClientLike, redisStore } from '../../src/redis/index.js';
import { createMessagingMock } from '../../src/testing/index.js';
import { redisServerMissing } from '../support/redis.js';
import { connectRedis as connect, type Library, redisCommand, redisForSuite } from '../support/redis-clients.js';
import { neverReachedCases } from '../support/unsent-journal.js';

const TIMEOUT_MS = 500;

describe.skipIf(redisServerMissing !== undefined).each<Library>(['redis', 'ioredis'])('store.journal(name) over %s', (library) => {
  const redis = redisForSuite(library);
  const mock = createMessagingMock();
  const client = new MessagingClient({ baseUrl: mock.baseUrl, botKey: mock.botKey, fetch: mock.fetch, maxRetries: 0 });
  const item: DirectMessageInput = { to: { email: mock.employees.first.email }, body: 'Stocktake at 6' };
  let name = '';
  let n = 0;

  beforeEach(() => {
    mock.reset();
    name = `truth-${library}-${++n}`;
  });

  describe('a send that never reached the service', () => {
    neverReachedCases(() => redisStore(redis.client, { prefix: 'truth' }).journal(name));
  });

  const entry = () => redisCommand(redis.client, ['HGET', `truth:{journal:${name}}`, JSON.stringify({ body: item.body, to: item.to })]);

  it('Redis stopped mid-claim, the process still running: the item rejected, the claim not carried out when Redis resumes, the next run sends it', async () => {
    const journal = redisStore(redis.client, { prefix: 'truth', timeout: TIMEOUT_MS }).journal(name);
    await journal.claim('warm-up', { retryUnknown: false }); // the scripts loaded, Redis's clock known
    redis.server.pause();
    let first: Awaited<ReturnType<typeof client.sendDirectMessages>>;
    try {
      first = await client.sendDirectMessages([item], { journal });
    } finally {
      redis.server.resume();
    }
    expect(first[0]?.status === 'rejected' && first[0].reason.message).toMatch(/Redis did not answer/);
    await new Promise((r) => setTimeout(r, 300));
    expect(String(await entry())).not.toMatch(/^claimed/);
    const [second] = await client.sendDirectMessages([item], { journal });
    expect(second?.status).toBe('fulfilled');
    expect(mock.state.directMessages).toHaveLength(1);
  });

  it('a claim Redis carried out whose answer came after the item gave up: handed back when it comes, the next run sends the item', async () => {
    // The link delays every script's answer by 700 ms: Redis runs the claim at once.
    const slow = delayedAnswers(redis.client, 700);
    const journal = redisStore(slow, { prefix: 'truth', timeout: TIMEOUT_MS }).journal(name);
    const [first] = await client.sendDirectMessages([item], { journal });
    expect(first?.status === 'rejected' && first.reason.message).toMatch(/Redis did not answer/);
    expect(String(await entry())).toMatch(/^claimed/);
    await new Promise((r) => setTimeout(r, 1_500)); // the answer, then the hand-back (itself 700 ms late)
    expect(String(await entry())).toMatch(/^failed/);
    const [second] = await client.sendDirectMessages([item], { journal: redisStore(redis.client, { prefix: 'truth' }).journal(name) });
    expect(second?.status).toBe('fulfilled');
    expect(mock.state.directMessages).toHaveLength(1);
  });

  it('Redis stopped mid-claim, the process gone before Redis comes back: Redis refuses the late claim, the next run sends the item', async () => {
    const gone = await connect(library, redis.server.url);
    const journal = redisStore(gone.client, { prefix: 'truth', timeout: TIMEOUT_MS }).journal(name);
    await journal.claim('warm-up', { retryUnknown: false });
    redis.server.pause();
    try {
      const [first] = await client.sendDirectMessages([item], { journal });
      expect(first?.status).toBe('rejected');
      await gone.close(); // the claim's bytes wait in Redis's socket; nobody will read its answer
    } finally {
      redis.server.resume();
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(await entry()).toBeNull();
    const [second] = await client.sendDirectMessages([item], { journal: redisStore(redis.client, { prefix: 'truth' }).journal(name) });
    expect(second?.status).toBe('fulfilled');
    expect(mock.state.directMessages).toHaveLength(1);
  });
});

/** The client, seen through a link whose script answers (EVALSHA, EVAL) arrive `ms` late: the commands themselves run at once. */
function delayedAnswers(client: unknown, ms: number): RedisClientLike {
  const later = <T>(answer: Promise<T>, args: string[]) =>
    /^EVAL/i.test(args[0] ?? '') ? answer.then((value) => new Promise<T>((r) => setTimeout(() => r(value), ms))) : answer;
  const c = client as { call?: (...args: string[]) => Promise<unknown>; sendCommand?: (args: string[]) => Promise<unknown> };
  if (c.call) return { status: 'ready', call: (...args: string[]) => later(c.call!(...args), args) };
  return { isOpen: true, sendCommand: (args: string[]) => later(c.sendCommand!(args), args) };
}
