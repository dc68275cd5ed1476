/**
 * The Redis clients of the store's tests (node-redis and ioredis, reconnecting quickly, their
 * errors left to the test), a raw command over either, and a fetch that watches what is in
 * flight.
 */
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { createMessagingMock } from '../../src/testing/index.js';
import { type RedisServer, startRedis } from './redis.js';

export type Library = 'redis' | 'ioredis';

export async function connectRedis(library: Library, url: string) {
  if (library === 'redis') {
    const client = createClient({ url, socket: { reconnectStrategy: () => 100 } });
    client.on('error', () => {}); // reconnects are the test's business
    await client.connect();
    return { client, close: () => client.destroy() };
  }
  const client = new Redis(url, { retryStrategy: () => 100, maxRetriesPerRequest: null, lazyConnect: true });
  client.on('error', () => {});
  await client.connect();
  return { client, close: () => client.disconnect() };
}

/**
 * A redis-server of the describe block's own and a client of `library` on it, started before
 * its tests and stopped after them. A test that failed while it was paused leaves it
 * answering again for the next (SIGCONT to a running server changes nothing).
 */
export function redisForSuite(library: Library) {
  let server: RedisServer | undefined;
  let connected: Awaited<ReturnType<typeof connectRedis>> | undefined;
  beforeAll(async () => {
    server = await startRedis();
    connected = await connectRedis(library, server.url);
  });
  afterEach(() => {
    server?.resume();
  });
  afterAll(async () => {
    server?.resume();
    await connected?.close();
    await server?.stop();
  });
  return {
    get server(): RedisServer {
      return server!;
    },
    get client() {
      return connected!.client;
    },
  };
}

/** One command over either client, its reply as the client gives it. */
export function redisCommand(client: unknown, args: string[]): Promise<unknown> {
  const c = client as { call?: (...a: string[]) => Promise<unknown>; sendCommand?: (a: string[]) => Promise<unknown> };
  return c.call ? c.call(...args) : c.sendCommand!(args);
}

/** A fetch in front of the mock that records each request's start and the most in flight at once. */
export function observedFetch(mock: ReturnType<typeof createMessagingMock>) {
  /** When each request started and when each answer came back (ms since the epoch), in that order. */
  const log = { starts: [] as number[], answers: [] as number[], inFlight: 0, most: 0 };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    log.starts.push(Date.now());
    log.most = Math.max(log.most, ++log.inFlight);
    try {
      return await mock.fetch(input, init);
    } finally {
      log.inFlight--;
      log.answers.push(Date.now());
    }
  };
  return { log, fetch };
}

/**
 * The slots Redis counts as taken on the gates under `prefix` (their leases), once they have
 * gone back: polled for up to `ms`, as a slot kept for a client's next request goes back
 * 10 ms after its last one and a release lands a round trip later. What is still there then
 * is held for its whole lease (the request timeout + 1 s: 31 s by default).
 */
export async function leasesLeft(client: unknown, prefix: string, ms: number): Promise<string[]> {
  const started = Date.now();
  for (;;) {
    const keys = (await redisCommand(client, ['KEYS', `${prefix}:*:leases`])) as string[];
    const leases = (await Promise.all(keys.map((key) => redisCommand(client, ['ZRANGE', key, '0', '-1'])))).flat() as string[];
    if (leases.length === 0 || Date.now() - started >= ms) return leases;
    await new Promise((r) => setTimeout(r, 50));
  }
}
