/**
 * A campaign of 2,000 messages over 8 worker processes sharing `store.journal(name)` on a
 * real redis-server, some workers killed with SIGKILL at random moments, then a second run on
 * the same journal: every recipient messaged exactly once, or reported OutcomeUnknownError,
 * and no more unknowns than the items the killed workers held (their bulk concurrency).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessagingMock, startMockServer } from '../../src/testing/index.js';
import { startCampaign } from '../support/campaign.js';
import { type RedisServer, redisServerMissing, startRedis } from '../support/redis.js';

const WORKERS = 8;
const CONCURRENCY = 4;
const COUNT = 2_000;

describe.skipIf(redisServerMissing !== undefined)('a fleet campaign on store.journal(name), workers killed with SIGKILL', () => {
  let redis: RedisServer;
  const mock = createMessagingMock();
  const started = startMockServer({ messaging: mock });
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await (await started).close();
    await redis?.stop();
  });

  async function worker() {
    const server = await started;
    const target = { url: server.messagingBaseUrl, botKey: mock.botKey, email: mock.employees.first.email };
    return startCampaign(target, { count: COUNT, concurrency: CONCURRENCY, journal: `redis:${redis.port}:campaign`, leaseMs: 1500 });
  }

  it('messages each recipient exactly once or reports OutcomeUnknownError, unknowns at most what the killed workers held', async () => {
    mock.faults.latency('POST /api/bot/messages', 5);
    const first = await Promise.all(Array.from({ length: WORKERS }, worker));
    const killed = [1, 4, 6];
    for (const i of killed) {
      const at = 100 + Math.floor(Math.random() * 400);
      while (mock.state.directMessages.length < at) await new Promise((r) => setTimeout(r, 5));
      first[i]!.child.kill('SIGKILL');
    }
    await Promise.all(first.map((w) => w.exited));
    const second = await worker();
    expect(await second.exited).toBe(0);

    const times = new Map<string, number>();
    for (const m of mock.state.directMessages) times.set(m.body, (times.get(m.body) ?? 0) + 1);
    expect([...times.values()].filter((t) => t > 1)).toEqual([]);
    expect(second.lines).toHaveLength(COUNT);
    const unknown = second.lines.filter((l) => l.status === 'rejected');
    expect(unknown.every((l) => l.error === 'OutcomeUnknownError')).toBe(true);
    for (const line of second.lines.filter((l) => l.status === 'fulfilled')) expect(times.get(`message ${line.index}`)).toBe(1);
    expect(unknown.length).toBeLessThanOrEqual(killed.length * CONCURRENCY);
    expect(times.size + unknown.filter((l) => !times.has(`message ${l.index}`)).length).toBe(COUNT);
  }, 120_000);
});
