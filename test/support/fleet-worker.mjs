// One worker of the fleet rate test, in its own process, through the built package: a
// MessagingClient (on a redisStore over node-redis or ioredis, or on its own gate) that sends
// `count` direct messages once the test writes a line to its stdin. Prints `ready` once
// connected and warmed up, then one JSON line: { fulfilled, rejected, errors }. Run as:
//   node fleet-worker.mjs '{"url","botKey","email","count","requestsPerSecond","maxConcurrency","redis"?,"library"?,"prefix"?,"tag"}'
import { MessagingClient } from '../../dist/index.js';

const options = JSON.parse(process.argv[2]);

async function openStore() {
  if (!options.redis) return { store: undefined, close: async () => {} };
  const { redisStore } = await import('../../dist/redis/index.js');
  // A timeout this loaded machine cannot reach: the test is about the shared gate, not the fallback.
  const storeOptions = { prefix: options.prefix, timeout: 5_000 };
  if (options.library === 'ioredis') {
    const { Redis } = await import('ioredis');
    const client = new Redis(options.redis, { lazyConnect: true });
    await client.connect();
    return { store: redisStore(client, storeOptions), close: () => client.quit() };
  }
  const { createClient } = await import('redis');
  const client = await createClient({ url: options.redis }).connect();
  return { store: redisStore(client, storeOptions), close: () => client.quit() };
}

const { store, close } = await openStore();
const messaging = new MessagingClient({
  baseUrl: options.url,
  botKey: options.botKey,
  maxConcurrency: options.maxConcurrency,
  requestsPerSecond: options.requestsPerSecond,
  maxRetries: 20,
  rateLimitStore: store,
  logger: { debug() {}, info() {}, warn: (m) => process.stderr.write(`warn ${m}\n`), error: (m) => process.stderr.write(`error ${m}\n`) },
  logLevel: 'warn',
});
const items = Array.from({ length: options.count }, (_, i) => ({ to: { email: options.email }, body: `${options.tag} ${i}` }));
// One request before the run: the first one pays for loading and compiling (a cold worker on a
// busy machine is late by most of a second), which is not what the test measures.
await messaging.sendDirectMessage({ to: { email: options.email }, body: `${options.tag} warm-up` });
process.stdout.write('ready\n');
await new Promise((resolve) => process.stdin.once('data', resolve));
process.stdin.destroy(); // read once: an open stdin would keep the worker alive
const results = await messaging.sendDirectMessages(items, { concurrency: options.maxConcurrency });
const rejected = results.filter((r) => r.status === 'rejected');
const errors = rejected.map((r) => `${r.reason.name}: ${r.reason.message}`);
process.stdout.write(`${JSON.stringify({ fulfilled: results.length - rejected.length, rejected: rejected.length, errors })}\n`);
await close();
