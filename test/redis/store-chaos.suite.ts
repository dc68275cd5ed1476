/**
 * The timing bounds API.md gives a Redis store, under chaos: Redis silent (SIGSTOP, its
 * connections open) means the fallback after the store's `timeout` (1 s), the client rejoins
 * within 5 s of Redis answering again, no slot stays taken in Redis by what it answered after
 * the clients gave up (acquires, or the count of the slots taken on their own gates: the
 * fleet's full width is free), asked of Redis rather than read off how many requests happened
 * to overlap (CI once saw 1 of 2, which a slot left held would give, and so could a scheduler), and a claim
 * whose sender gave up is not carried out when Redis wakes. (Redis killed and restarted
 * mid-run is in store.test.ts.) One file per client library runs it (store-chaos.redis.test.ts,
 * store-chaos.ioredis.test.ts), so that the two run side by side, each with its own Redis.
 */
import { describe, expect, it } from 'vitest';
import { type DirectMessageInput, MessagingClient } from '../../src/index.js';
import { redisStore } from '../../src/redis/index.js';
import { createMessagingMock } from '../../src/testing/index.js';
import { redisServerMissing } from '../support/redis.js';
import { redisCommand as command, type Library, leasesLeft, observedFetch, redisForSuite } from '../support/redis-clients.js';

const TIMEOUT_MS = 1_000;
/**
 * What a busy machine may add to a bound on top of how late a plain timer of this process
 * fires in the same stretch (a reference timer set as Redis stops): the store's own timers are
 * late by as much, and that lateness is the machine's, not the store's.
 */
const SLACK_MS = 600;
/**
 * The store's timeout in the claim test: after SIGCONT, Redis and this process must answer the
 * test's own commands within it, which a machine busy with the rest of the suite did not always
 * do within 1 s. What the test proves does not depend on its length.
 */
const CLAIM_TIMEOUT_MS = 3_000;

const until = async (ok: () => boolean, ms: number) => {
  const started = Date.now();
  while (!ok() && Date.now() - started < ms) await new Promise((r) => setTimeout(r, 20));
  return Date.now() - started;
};

/** The suite over `library`'s clients. */
export const describeStoreChaos = (library: Library) =>
  describe.skipIf(redisServerMissing !== undefined)(`redisStore over ${library}, Redis silent`, () => {
    const redis = redisForSuite(library);
    const mock = createMessagingMock();

    it('falls back within its timeout, says so once, rejoins within 5 s of SIGCONT; no slot is left to the acquires Redis answered late, and the clients share the gate again', async () => {
      mock.faults.latency('POST /api/bot/messages', 20);
      const lines: { at: number; line: string }[] = [];
      const logger = {
        debug() {},
        info: (m: string) => lines.push({ at: Date.now(), line: `info ${m}` }),
        warn: (m: string) => lines.push({ at: Date.now(), line: `warn ${m}` }),
        error() {},
      };
      const { log, fetch } = observedFetch(mock);
      const prefix = `silent-${library}`;
      const store = redisStore(redis.client, { prefix, timeout: TIMEOUT_MS });
      const options = { baseUrl: mock.baseUrl, botKey: mock.botKey, fetch, rateLimitStore: store, logger, logLevel: 'info' as const };
      const [a, b] = [0, 1].map(() => new MessagingClient({ ...options, maxConcurrency: 2 }));
      const list = (tag: string, n: number): DirectMessageInput[] =>
        Array.from({ length: n }, (_, i) => ({ to: { email: mock.employees.first.email }, body: `${tag} ${i}` }));

      let stop = false;
      let sent = 0;
      const keepSending = async (client: MessagingClient, tag: string) => {
        for (let round = 0; !stop; round++) {
          const results = await client.sendDirectMessages(list(`${tag}${round}`, 4), { concurrency: 2 });
          expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
          sent += results.length;
        }
      };
      const running = Promise.all([keepSending(a!, 'a'), keepSending(b!, 'b')]);
      let resumedAt = 0;
      try {
        await until(() => sent >= 8, 5_000);

        redis.server.pause();
        const pausedAt = Date.now();
        const reference = new Promise<number>((resolve) => setTimeout(() => resolve(Date.now()), TIMEOUT_MS));
        const toFallback = await until(() => lines.some((l) => l.line.includes('rateLimitStore unavailable')), 10_000);
        const late = Math.max(0, (await reference) - pausedAt - TIMEOUT_MS);
        console.log(
          `${library}: the first client fell back ${toFallback} ms after SIGSTOP (a plain timer of this process: ${late} ms late)`,
        );
        expect(toFallback).toBeLessThan(TIMEOUT_MS + late + SLACK_MS);
        await new Promise((r) => setTimeout(r, 1_500));
        // Every client went on at its own gate meanwhile: no stretch without a request longer than the timeout.
        const during = log.starts.filter((t) => t >= pausedAt);
        const gaps = during.map((t, i) => t - (during[i - 1] ?? pausedAt));
        expect(Math.max(...gaps)).toBeLessThan(TIMEOUT_MS + late + SLACK_MS);

        redis.server.resume();
        resumedAt = Date.now();
        const rejoined = () => lines.filter((l) => l.line.includes('rateLimitStore answers again')).length === 2;
        expect(await until(rejoined, 8_000)).toBeLessThan(5_000 + late + SLACK_MS);
      } finally {
        // Failed or not, the senders stop before the next test (Redis answers again: redisForSuite).
        stop = true;
        redis.server.resume();
        await running.catch(() => {});
      }
      await running;
      const warnings = lines.filter((l) => l.line.startsWith('warn'));
      expect(warnings.map((l) => l.line.slice(0, 35))).toEqual(Array(2).fill('warn [opslink] rateLimitStore unava'));
      expect(lines.filter((l) => l.at > resumedAt && l.line.startsWith('warn'))).toEqual([]);

      // What Redis answered after the clients gave up on it holds no slot (an acquire, a rejoin's
      // count of the own-gate slots: store-rejoin.test.ts): each would hold a slot of the fleet's
      // width for its lease (31 s). Asked of Redis itself, not read off how many requests a
      // scheduler happened to overlap.
      expect(await leasesLeft(redis.client, prefix, 5_000)).toEqual([]);

      // Shared again: both clients' requests go through the one gate, never more than its 2 in flight.
      mock.faults.latency('POST /api/bot/messages', 100);
      log.most = 0;
      const after = await Promise.all([a!.sendDirectMessages(list('after-a', 4)), b!.sendDirectMessages(list('after-b', 4))]);
      expect(after.flat().every((r) => r.status === 'fulfilled')).toBe(true);
      expect(log.most).toBeLessThanOrEqual(2);
      expect(await leasesLeft(redis.client, prefix, 5_000)).toEqual([]);
      const bodies = mock.state.directMessages.map((m) => m.body);
      expect(new Set(bodies).size).toBe(bodies.length);
    }, 30_000);

    it('a claim whose sender gave up while Redis was silent is not carried out when Redis answers again; a live claim lives 30 s at most, on Redis’s clock', async () => {
      const store = redisStore(redis.client, { prefix: `claim-${library}`, timeout: CLAIM_TIMEOUT_MS });
      const journal = store.journal('silent');
      await journal.claim('warm-up', { retryUnknown: false }); // Redis's clock known, the script loaded
      redis.server.pause();
      const claim = journal.claim('item', { retryUnknown: false });
      await expect(claim).rejects.toThrow(`Redis did not answer within ${CLAIM_TIMEOUT_MS} ms`);
      redis.server.resume();
      // Redis runs the claim once it wakes, past the instant its sender gave up: it changes nothing.
      await new Promise((r) => setTimeout(r, 300));
      expect(await command(redis.client, ['HGET', `claim-${library}:{journal:silent}`, 'item'])).toBeNull();
      const [seconds, micros] = (await command(redis.client, ['TIME'])) as string[];
      const now = Number(seconds) * 1000 + Number(micros) / 1000;
      // A renewal keeps a live sender's claim within the same bound.
      const held = await journal.claim('other', { retryUnknown: false });
      if (held.status !== 'claimed') throw new Error(`expected a claim, got ${held.status}`);
      await journal.renew('other', held.token);
      const renewed = String(await command(redis.client, ['HGET', `claim-${library}:{journal:silent}`, 'other'])).split('\t')[2];
      expect(Number(renewed) - now).toBeLessThanOrEqual(30_000 + 1_000);
      expect(journal.leaseMs).toBeLessThanOrEqual(30_000);
    });
  });
