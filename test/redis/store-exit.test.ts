/**
 * A process whose requests waited at a redisStore's gate ends by itself once it closes its
 * Redis client, whichever client it is: node-redis `createClient` and `createCluster`, ioredis
 * `Redis` and `Cluster` (a real Redis and a real Redis Cluster of three masters, started
 * here). Waiting requests are woken over a second connection the store opens (the client's
 * own `duplicate()`); it goes when the user's client goes. A node-redis cluster says it is
 * closed as no other client does, and its process ran on until it was killed.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type LimitedService, startLimitedService } from '../support/limited-service.js';
import { type RedisServer, redisServerMissing, startRedis } from '../support/redis.js';
import { type RedisCluster, redisClusterMissing, startRedisCluster } from '../support/redis-cluster.js';

/** After `closed`, the time a process may take to exit: seconds, on a busy machine; a process held open never does. */
const EXIT_WITHIN_MS = 5_000;

interface Closing {
  child: ChildProcessWithoutNullStreams;
  stdout: string;
  stderr: string;
}

function startClosing(options: object): Closing {
  const child = spawn(process.execPath, ['test/support/closing-worker.mjs', JSON.stringify(options)], {
    cwd: new URL('../..', import.meta.url),
  });
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const closing: Closing = { child, stdout: '', stderr: '' };
  child.stdout.on('data', (chunk) => (closing.stdout += chunk));
  child.stderr.on('data', (chunk) => (closing.stderr += chunk));
  return closing;
}

/** Resolves with the exit code, or with `still running` once `EXIT_WITHIN_MS` have passed since it printed `closed`. */
function exitAfterClosed(closing: Closing): Promise<number | null | 'still running'> {
  const { child } = closing;
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      if (timer === undefined && closing.stdout.includes('closed\n')) timer = setTimeout(() => resolve('still running'), EXIT_WITHIN_MS);
    };
    child.stdout.on('data', watch);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

describe.skipIf(redisServerMissing !== undefined || redisClusterMissing !== undefined)(
  'a process whose requests waited at the gate ends once it closes its Redis client',
  () => {
    let redis: RedisServer | undefined;
    let cluster: RedisCluster | undefined;
    let service: LimitedService | undefined;
    let n = 0;

    beforeAll(async () => {
      [redis, cluster, service] = await Promise.all([
        startRedis(),
        startRedisCluster(),
        startLimitedService({ rate: 1_000, burst: 1_000, latencyMs: 20 }),
      ]);
    }, 30_000);
    afterAll(async () => {
      await Promise.allSettled([redis?.stop(), cluster?.stop(), service?.close()]);
    });

    it.each([
      ['node-redis createCluster', 'redis', true],
      ['ioredis Cluster', 'ioredis', true],
      ['node-redis createClient', 'redis', false],
      ['ioredis Redis', 'ioredis', false],
    ] as const)(
      '%s',
      async (_, library, onCluster) => {
        service!.reset();
        const closing = startClosing({
          library,
          ...(onCluster ? { cluster: cluster!.nodes } : { redis: redis!.url }),
          url: service!.url,
          botKey: service!.botKey,
          email: service!.email,
          prefix: `closing${++n}`,
        });
        const exit = await exitAfterClosed(closing);
        const [summary] = closing.stdout.split('\n');
        expect(JSON.parse(summary!), closing.stderr).toEqual({ fulfilled: 6, rejected: [] });
        // They waited: one slot for six requests, never two in flight.
        expect(service!.mostInFlight).toBeLessThanOrEqual(1);
        expect(exit, closing.stderr).toBe(0);
      },
      30_000,
    );
  },
);
