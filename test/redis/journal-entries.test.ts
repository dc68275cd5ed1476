/**
 * `store.journal(name)` against a real redis-server when its entries were changed behind its
 * back (a hand edit, another tool): an entry it cannot read counts as unknown, never as free,
 * so a rerun does not message the recipient again. And what it writes of a delivery carries no
 * credential the server echoed back.
 */
import { createClient } from 'redis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DirectMessageInput, MessagingClient, OutcomeUnknownError } from '../../src/index.js';
import { redisStore } from '../../src/redis/index.js';
import { createMessagingMock } from '../../src/testing/index.js';
import { type RedisServer, redisServerMissing, startRedis } from '../support/redis.js';

const connect = (url: string) => createClient({ url }).connect();

describe.skipIf(redisServerMissing !== undefined)('store.journal(name) with entries it cannot read', () => {
  let server: RedisServer;
  let redis: Awaited<ReturnType<typeof connect>>;
  const mock = createMessagingMock();
  const client = new MessagingClient({ baseUrl: mock.baseUrl, botKey: mock.botKey, fetch: mock.fetch, maxRetries: 0 });
  const list: DirectMessageInput[] = ['a', 'b', 'c', 'd'].map((tag) => ({ to: { email: mock.employees.first.email }, body: tag }));
  let prefix = '';
  let n = 0;

  beforeAll(async () => {
    server = await startRedis();
    redis = await connect(server.url);
  });
  afterAll(async () => {
    redis?.destroy();
    await server?.stop();
  });
  beforeEach(() => {
    mock.reset();
    prefix = `corrupt${++n}`;
  });

  const send = (options: { retryUnknown?: boolean } = {}) =>
    client.sendDirectMessages(list, { journal: redisStore(redis, { prefix }).journal('j'), ...options });

  /** Each item's journal field, in the order of `list`. */
  async function fields(): Promise<string[]> {
    const hash = await redis.hGetAll(`${prefix}:{journal:j}`);
    return list.map((item) => Object.keys(hash).find((field) => field.includes(`"body":"${item.body}"`)) as string);
  }

  it('garbage, an unknown status word, or an outcome whose payload is not JSON: each is OutcomeUnknownError, nothing sent', async () => {
    await send();
    const [a, b, c, d] = await fields();
    const key = `${prefix}:{journal:j}`;
    const entry = (field: string | undefined) => redis.hGet(key, field as string) as Promise<string>;
    await redis.hSet(key, a as string, 'GARBAGE');
    await redis.hSet(key, b as string, (await entry(b)).replace('delivered', 'bogus'));
    await redis.hSet(key, c as string, (await entry(c)).replace(/\t[^\t]*$/, '\t{not json'));
    await redis.hSet(key, d as string, (await entry(d)).replace(/^delivered\t[^\t]*\t[^\t]*/, 'claimed\tx\tsoon'));
    const again = await send();
    expect(again.map((r) => r.status === 'rejected' && r.reason)).toEqual(list.map(() => expect.any(OutcomeUnknownError)));
    expect(mock.state.directMessages).toHaveLength(4);
  });

  it('retryUnknown: true sends an unreadable entry again', async () => {
    await send();
    const [a] = await fields();
    await redis.hSet(`${prefix}:{journal:j}`, a as string, 'GARBAGE');
    const again = await send({ retryUnknown: true });
    expect(again.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(mock.state.directMessages.map((m) => m.body)).toEqual(['a', 'b', 'c', 'd', 'a']);
  });

  it('stores a delivered value without the credential a server echoed back in it', async () => {
    const key = mock.botKey;
    const echoing: typeof fetch = async () => Response.json({ id: 'm1', key, note: `sent with ${key}` }, { status: 201 });
    const echoed = new MessagingClient({ baseUrl: mock.baseUrl, botKey: key, fetch: echoing });
    const [result] = await echoed.sendDirectMessages(list.slice(0, 1), { journal: redisStore(redis, { prefix }).journal('j') });
    expect(result?.status).toBe('fulfilled');
    const stored = JSON.stringify(await redis.hGetAll(`${prefix}:{journal:j}`));
    expect(stored).toContain('[redacted]');
    expect(stored).not.toContain(key);
  });

  it('a journal key that is not a hash fails every item and sends nothing', async () => {
    await redis.set(`${prefix}:{journal:j}`, 'a string, not a hash');
    const results = await send();
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(mock.state.directMessages).toHaveLength(0);
  });
});
