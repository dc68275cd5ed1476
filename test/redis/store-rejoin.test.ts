/**
 * Requests in flight through a store fallback and rejoin, over both client libraries: a
 * client that falls back counts the slots it still holds in Redis, so it never has more than
 * `maxConcurrency` in flight; and when it rejoins, the slots it took on its own gate are
 * counted in Redis before any client takes more there, so the fleet never goes above it
 * either.
 */
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { type DirectMessageInput, MessagingClient } from '../../src/index.js';
import { ADOPT } from '../../src/redis/gate-scripts.js';
import { type RedisClientLike, redisStore } from '../../src/redis/index.js';
import { createMessagingMock } from '../../src/testing/index.js';
import { redisServerMissing } from '../support/redis.js';
import { type Library, leasesLeft, observedFetch, redisForSuite } from '../support/redis-clients.js';

const STORE_TIMEOUT = 300;

describe.skipIf(redisServerMissing !== undefined).each<Library>(['redis', 'ioredis'])('fallback and rejoin over %s', (library) => {
  const redis = redisForSuite(library);
  const mock = createMessagingMock();
  const watched = observedFetch(mock);
  let prefix = '';
  let n = 0;
  const lines: string[] = [];
  const logger = { debug() {}, info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m), error() {} };

  beforeEach(() => {
    mock.reset();
    mock.faults.reset();
    watched.log.most = 0;
    lines.length = 0;
    prefix = `rejoin-${library}-${++n}`;
  });

  const client = (link: RedisClientLike, maxConcurrency = 3) =>
    new MessagingClient({
      baseUrl: mock.baseUrl,
      botKey: mock.botKey,
      fetch: watched.fetch,
      maxConcurrency,
      logger,
      logLevel: 'info',
      rateLimitStore: redisStore(link, { prefix, timeout: STORE_TIMEOUT }),
    });
  const list = (tag: string, count: number): DirectMessageInput[] =>
    Array.from({ length: count }, (_, i) => ({ to: { email: mock.employees.first.email }, body: `${tag} ${i}` }));
  // What the test waits for must have happened before it goes on: on a busy machine the rejoin
  // (a probe every 2 s, each bounded by the store's timeout) can take longer than a fixed wait,
  // and going on before it measured the fallback (each client on a gate of its own), not the rejoin.
  const until = async (ok: () => boolean, what = 'the condition') => {
    for (let waited = 0; !ok(); waited += 20) {
      if (waited >= 15_000) throw new Error(`waited 15 s for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('one client through Redis stopped and resumed: never more than maxConcurrency in flight', async () => {
    // Requests outlast the store's timeout: three still hold slots in Redis when the client falls back.
    mock.faults.latency('POST /api/bot/messages', 1_500);
    const a = client(redis.client);
    const run = a.sendDirectMessages(list('through', 9), { concurrency: 8 });
    await new Promise((r) => setTimeout(r, 100)); // three slots held in Redis
    redis.server.pause();
    await until(() => lines.some((l) => l.includes('rateLimitStore unavailable')), 'the fallback');
    await new Promise((r) => setTimeout(r, 500)); // requests on the own gate
    redis.server.resume();
    await until(() => lines.some((l) => l.includes('shares its gate again')), 'the rejoin');
    const results = await run;
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(lines.some((l) => l.includes('shares its gate again'))).toBe(true);
    expect(watched.log.most).toBeLessThanOrEqual(3);
  }, 20_000);

  it('two clients: the slots one took on its own gate are counted in Redis when it rejoins, before the other takes more', async () => {
    // A's requests on its own gate outlast the probe that ends its fallback (every 2 s).
    mock.faults.latency('POST /api/bot/messages', 3_000);
    const silent = silentLink(redis.client);
    const [a, b] = [client(silent.link), client(redis.client)];
    await a.sendDirectMessage({ to: { email: mock.employees.first.email }, body: 'warm' }); // scripts loaded, clock known
    silent.silence();
    const onOwnGate = a.sendDirectMessages(list('a', 3), { concurrency: 3 }); // A falls back: three slots of its own
    await until(() => watched.log.inFlight === 3, 'three requests in flight');
    silent.restore();
    await until(() => lines.some((l) => l.includes('shares its gate again')), 'the rejoin');
    watched.log.most = watched.log.inFlight;
    const results = await Promise.all([onOwnGate, b.sendDirectMessages(list('b', 3), { concurrency: 3 })]);
    expect(results.flat().every((r) => r.status === 'fulfilled')).toBe(true);
    // B's requests waited for A's: three in flight at most, A's three and B's three in turn.
    expect(watched.log.most).toBeLessThanOrEqual(3);
  }, 20_000);

  it('a rejoin whose count Redis made but answered late: the slots are counted once, and free again when their requests end', async () => {
    const silent = silentLink(redis.client);
    const a = client(silent.link);
    await a.sendDirectMessage({ to: { email: mock.employees.first.email }, body: 'warm' });
    // A's requests on its own gate outlast two probes (every 2 s): the first rejoin's count is
    // answered after the store's timeout (Redis made it: a busy machine), the second in time.
    mock.faults.latency('POST /api/bot/messages', 6_000);
    silent.silence();
    const onOwnGate = a.sendDirectMessages(list('a', 3), { concurrency: 3 });
    await until(() => watched.log.inFlight === 3, 'three requests in flight');
    silent.answerLate(isAdopt, STORE_TIMEOUT + 500);
    silent.restore();
    await until(() => lines.some((l) => l.includes('shares its gate again')), 'the rejoin');
    expect((await onOwnGate).every((r) => r.status === 'fulfilled')).toBe(true);
    // Every slot back: none held by a count the client gave up on, for its lease (31 s).
    expect(await leasesLeft(redis.client, prefix, 5_000)).toEqual([]);
  }, 30_000);
});

const ADOPT_SHA = createHash('sha1').update(ADOPT).digest('hex');
/** The store's count of the slots a client took on its own gate, by hash or whole. */
const isAdopt = (args: unknown[]) => (args[0] === 'EVALSHA' && args[1] === ADOPT_SHA) || (args[0] === 'EVAL' && args[1] === ADOPT);

/**
 * The client, seen through a link that can fall silent: while silent, commands are held (as a
 * stopped Redis holds them) and go on when the link is restored; the listening connection is
 * the client's own. `answerLate`: the next command that `which` picks is carried out at once,
 * its answer handed over `ms` later (a Redis that did it, on a machine too busy to say so in time).
 */
function silentLink(client: unknown) {
  let held: (() => void)[] | undefined;
  let late: { which: (args: unknown[]) => boolean; ms: number } | undefined;
  const through = <T>(args: unknown[], send: () => Promise<T>): Promise<T> => {
    if (held) return new Promise<T>((resolve, reject) => held!.push(() => through(args, send).then(resolve, reject)));
    if (!late?.which(args)) return send();
    const { ms } = late;
    late = undefined;
    const answer = send();
    return new Promise<T>((resolve, reject) => setTimeout(() => answer.then(resolve, reject), ms));
  };
  const c = client as Record<string, (...args: unknown[]) => unknown>;
  const shared = { duplicate: () => c.duplicate!.call(client), on: (...args: unknown[]) => c.on!.call(client, ...args) };
  const link = c.call
    ? {
        ...shared,
        status: 'ready',
        isCluster: false,
        call: (...args: unknown[]) => through(args, () => c.call!.call(client, ...args) as Promise<unknown>),
      }
    : {
        ...shared,
        isOpen: true,
        sendCommand: (args: unknown[]) => through(args, () => c.sendCommand!.call(client, args) as Promise<unknown>),
      };
  return {
    link: link as RedisClientLike,
    silence: () => {
      held = [];
    },
    restore: () => {
      const waiting = held ?? [];
      held = undefined;
      for (const send of waiting) send();
    },
    answerLate: (which: (args: unknown[]) => boolean, ms: number) => {
      late = { which, ms };
    },
  };
}
