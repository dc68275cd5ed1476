/**
 * A fleet of worker processes (`fleet-worker.mjs`, the built package), each connected to one
 * Redis over both client libraries, for the fleet tests (`redis/fleet-rate.suite.ts`,
 * `redis/fleet-limit.test.ts`). The same processes run every fleet of a file: one start-up
 * (seconds on a busy machine) for all.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Arrival, type LimitedService, type LimitedServiceOptions, startLimitedService } from './limited-service.js';
import { type RedisServer, startRedis } from './redis.js';

interface Worker {
  child: ChildProcessWithoutNullStreams;
  lines: string[];
  stderr: string;
  /** The next line the worker prints. */
  next(): Promise<string>;
}

/** What a fleet's run did, as the service counted it and the workers told it. */
export interface FleetRun {
  wallMs: number;
  arrivals: Arrival[];
  mostInFlight: number;
  limited: number;
  fulfilled: number;
  warnings: string[];
}

export interface Fleet {
  /** Runs the fleet, `run` (its options, as the worker reads them) for each worker `i`, against `target`. */
  run(target: LimitedService, run: (i: number) => object): Promise<FleetRun>;
  stop(): Promise<void>;
}

/** Starts a worker and resolves once it is ready. */
async function startWorker(options: object): Promise<Worker> {
  const child = spawn(process.execPath, ['test/support/fleet-worker.mjs', JSON.stringify(options)], {
    cwd: new URL('../..', import.meta.url),
  });
  const worker: Worker = { child, lines: [], stderr: '', next: () => Promise.reject(new Error('not started')) };
  let waiting: ((line: string) => void) | undefined;
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      worker.lines.push(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
    }
    if (waiting && worker.lines.length) waiting(worker.lines.shift()!);
  });
  child.stderr.on('data', (chunk) => (worker.stderr += chunk));
  worker.next = () =>
    new Promise((resolve, reject) => {
      if (worker.lines.length) return resolve(worker.lines.shift()!);
      waiting = (line) => {
        waiting = undefined;
        resolve(line);
      };
      child.once('exit', (code) => reject(new Error(`worker exited with ${code}: ${worker.stderr}`)));
    });
  expect(await worker.next()).toBe('ready');
  return worker;
}

/** `size` workers on the Redis at `redis`, warmed up against `warmUp` (a service of the test's). */
export async function startFleet(size: number, redis: string, warmUp: LimitedService): Promise<Fleet> {
  const options = { url: warmUp.url, botKey: warmUp.botKey, email: warmUp.email, redis };
  const started = await Promise.allSettled(Array.from({ length: size }, () => startWorker(options)));
  const workers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    // One that could not start: the others are not left running.
    await stopWorkers(workers);
    throw failed.reason;
  }
  let runs = 0;
  return {
    async run(target, run) {
      target.reset(); // the workers' warm-up requests, or the other runs, are not part of this one
      for (const worker of workers) worker.stderr = '';
      const started = Date.now();
      const prefix = `fleet${++runs}`;
      workers.forEach(({ child }, i) => {
        child.stdin.write(`${JSON.stringify({ url: target.url, prefix, tag: `r${runs} w${i}`, ...run(i) })}\n`);
      });
      const summaries = (await Promise.all(workers.map((w) => w.next()))).map(
        (line) => JSON.parse(line) as { fulfilled: number; errors: string[] },
      );
      const wallMs = Date.now() - started;
      const warnings = workers.flatMap(({ stderr }) => stderr.split('\n').filter((l) => l && !/ 429 POST .*: retry \d+ of/.test(l)));
      const arrivals = target.arrivals;
      return {
        wallMs,
        arrivals,
        mostInFlight: target.mostInFlight,
        limited: arrivals.filter((a) => a.status === 429).length,
        fulfilled: summaries.reduce((n, s) => n + s.fulfilled, 0),
        warnings: [...warnings, ...summaries.flatMap((s) => s.errors)],
      };
    },
    stop: () => stopWorkers(workers),
  };
}

/** Ends each worker's input, which ends it; one still running 10 s later is killed. One already gone is not waited for. */
async function stopWorkers(workers: Worker[]): Promise<void> {
  await Promise.all(
    workers.map(({ child }) => {
      if (child.exitCode !== null || child.signalCode !== null) return undefined;
      return new Promise((resolve) => {
        const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve(undefined);
        });
        child.stdin.end();
      });
    }),
  );
}

/**
 * A Redis, a service of `service`'s options and a fleet of `size` workers on them, started
 * before a suite's tests and stopped after them; `run` runs the fleet against that service.
 */
export function fleetForSuite(size: number, service: LimitedServiceOptions): { run: (run: (i: number) => object) => Promise<FleetRun> } {
  let redis: RedisServer | undefined;
  let target: LimitedService | undefined;
  let fleet: Fleet | undefined;
  beforeAll(async () => {
    const [started, listening] = await Promise.allSettled([startRedis(), startLimitedService(service)]);
    // Whichever started is stopped after the suite, the other's failure reported.
    if (started.status === 'fulfilled') redis = started.value;
    if (listening.status === 'fulfilled') target = listening.value;
    if (started.status === 'rejected') throw started.reason;
    if (listening.status === 'rejected') throw listening.reason;
    fleet = await startFleet(size, started.value.url, listening.value);
  }, 60_000);
  // A hang guard: eight processes closing their clients on a busy machine.
  afterAll(async () => {
    try {
      await fleet?.stop();
    } finally {
      await Promise.allSettled([target?.close(), redis?.stop()]);
    }
  }, 30_000);
  return { run: (run) => fleet!.run(target!, run) };
}
