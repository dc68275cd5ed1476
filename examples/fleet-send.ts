// A fleet: four worker processes run the same campaign on one Redis, through `opslink/redis`.
// They share one rate limit (`requestsPerSecond` holds for all four together) and one journal,
// so the list is shared out and each message is sent once between them. Needs `redis-server`
// on PATH: this starts one on a free port (nothing saved to disk) and stops it after; without
// it, the example says so and skips.
import { type ChildProcess, fork, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { MessagingClient } from 'opslink';
import { redisStore } from 'opslink/redis';
import { createClient } from 'redis';
import { type Connection, runDirectly } from './_connect.ts';

const WORKERS = 4;
const MESSAGES = 24;
const REQUESTS_PER_SECOND = 20;

/** Why this example cannot run here, or undefined when it can. */
export function skipReason(): string | undefined {
  const found = spawnSync('redis-server', ['--version']).status === 0;
  return found ? undefined : 'redis-server is not on PATH (apt-get install redis-server, brew install redis)';
}

export async function run({ employeeEmail }: Connection): Promise<string> {
  const redis = await startRedis();
  try {
    const campaign = `stocktake-${Date.now()}`;
    const args = (i: number) => ['--worker', redis.url, campaign, employeeEmail, String(i)];
    const started = performance.now();
    const reports = await Promise.all(Array.from({ length: WORKERS }, (_, i) => runWorker(args(i))));
    const seconds = (performance.now() - started) / 1000;
    const ids = new Set(reports.flatMap((r) => r.ids));
    const sent = reports.map((r) => r.sent);
    const total = sent.reduce((a, b) => a + b, 0);
    const failed = [...ids].filter((id) => id.startsWith('failed'));
    if (ids.size !== MESSAGES || total !== MESSAGES || failed.length) {
      throw new Error(
        `expected ${MESSAGES} messages sent once, got ${total} sends and ${ids.size} ids${failed.length ? `; ${failed.join('; ')}` : ''}`,
      );
    }
    return `${WORKERS} workers on one redisStore sent ${MESSAGES} messages, each once (${sent.join(' + ')} by worker), at most ${REQUESTS_PER_SECOND}/s for the fleet (${seconds.toFixed(1)} s with start-up); every worker's results list all ${MESSAGES}`;
  } finally {
    redis.stop();
  }
}

/** One worker: its own Redis connection and client, the shared store and journal. */
async function worker([url, campaign, email, index]: string[]): Promise<void> {
  const redis = await createClient({ url }).connect();
  // `timeout`: how long a Redis call may take before this worker goes on alone (default 1 s).
  // Four workers starting at once on a busy machine (CI) can starve Redis for longer than 1 s,
  // and a journal claim that times out fails its item (it is never sent twice).
  const store = redisStore(redis, { prefix: 'opslink-example', timeout: 5_000 });
  let sent = 0;
  const messaging = MessagingClient.fromEnv({
    rateLimitStore: store,
    requestsPerSecond: REQUESTS_PER_SECOND,
    hooks: { onRequest: () => void sent++ },
  });
  const items = Array.from({ length: MESSAGES }, (_, i) => ({
    to: { email: email! },
    body: `Stocktake at 6 (reminder ${i + 1} of ${MESSAGES})`,
  }));
  const results = await messaging.sendDirectMessages(items, { journal: store.journal(campaign!), concurrency: 4 });
  const ids = results.map((r) => (r.status === 'fulfilled' ? String(r.value.id) : `failed: ${r.reason.message}`));
  process.send?.({ index, sent, ids });
  await redis.quit();
}

function runWorker(args: string[]): Promise<{ sent: number; ids: string[] }> {
  const child = fork(new URL(import.meta.url), args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let report: { sent: number; ids: string[] } | undefined;
  child.once('message', (message) => (report = message as typeof report));
  // Done once it has exited (its Redis connection closed), not when it reports: Redis stops after.
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => (report && code === 0 ? resolve(report) : reject(new Error(`a worker exited with ${code}`))));
  });
}

async function startRedis(): Promise<{ url: string; stop(): void }> {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  // In the temporary directory: a Redis started here writes nothing into the project.
  const child: ChildProcess = spawn('redis-server', args, { cwd: tmpdir(), stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
  return { url: `redis://127.0.0.1:${port}`, stop: () => void child.kill() };
}

if (process.argv[2] === '--worker') await worker(process.argv.slice(3));
else if (import.meta.main && skipReason()) console.log(`skipped: ${skipReason()}`);
else await runDirectly(import.meta, run);
