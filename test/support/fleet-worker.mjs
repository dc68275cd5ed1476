// One worker of the fleet tests, in its own process, through the built package, connected to
// Redis over both client libraries. Prints `ready` once connected and warmed up; then for
// each JSON line the test writes to its stdin, sends `count` direct messages through a
// MessagingClient made for that run and prints one JSON line: { fulfilled, rejected, errors }.
// A run: { store: true|false, library: 'redis'|'ioredis', url, botKey, email, count,
// requestsPerSecond, maxConcurrency, prefix, tag }. Ends when its stdin closes. Run as:
//   node fleet-worker.mjs '{"redis":"redis://…","url","botKey","email"}'
import { createInterface } from 'node:readline';
import { MessagingClient } from '../../dist/index.js';
import { redisStore } from '../../dist/redis/index.js';

const options = JSON.parse(process.argv[2]);

async function connect() {
  const { Redis } = await import('ioredis');
  const ioredis = new Redis(options.redis, { lazyConnect: true });
  await ioredis.connect();
  const { createClient } = await import('redis');
  const nodeRedis = await createClient({ url: options.redis }).connect();
  return { clients: { redis: nodeRedis, ioredis }, close: () => Promise.all([nodeRedis.quit(), ioredis.quit()]) };
}

const { clients, close } = await connect();
const logger = {
  debug() {},
  info() {},
  warn: (m) => process.stderr.write(`warn ${m}\n`),
  error: (m) => process.stderr.write(`error ${m}\n`),
};
const messaging = (run) =>
  new MessagingClient({
    baseUrl: run.url ?? options.url,
    botKey: options.botKey,
    maxConcurrency: run.maxConcurrency,
    requestsPerSecond: run.requestsPerSecond,
    maxRetries: 20,
    logger,
    logLevel: 'warn',
    // A timeout this loaded machine cannot reach: the tests are about the shared gate, not the fallback.
    ...(run.store && { rateLimitStore: redisStore(clients[run.library], { prefix: run.prefix, timeout: 5_000 }) }),
  });
// One request before the runs: the first one pays for loading and compiling (a cold worker on
// a busy machine is late by most of a second), which is not what the tests measure.
await messaging({ store: false }).sendDirectMessage({ to: { email: options.email }, body: 'warm-up' });
process.stdout.write('ready\n');
for await (const line of createInterface({ input: process.stdin })) {
  const run = JSON.parse(line);
  const items = Array.from({ length: run.count }, (_, i) => ({ to: { email: options.email }, body: `${run.tag} ${i}` }));
  const results = await messaging(run).sendDirectMessages(items, { concurrency: run.concurrency ?? run.maxConcurrency });
  const rejected = results.filter((r) => r.status === 'rejected');
  const errors = rejected.map((r) => `${r.reason.name}: ${r.reason.message}`);
  process.stdout.write(`${JSON.stringify({ fulfilled: results.length - rejected.length, rejected: rejected.length, errors })}\n`);
}
await close();
