// One worker of the fleet rate test, in its own process, through the built package: two
// MessagingClients, one on a redisStore (over node-redis or ioredis), one on its own gate.
// Prints `ready` once connected and warmed up; then for each line the test writes to its
// stdin (`store` or `local`), sends `count` direct messages through that client and prints one
// JSON line: { fulfilled, rejected, errors }. Ends when its stdin closes. Run as:
//   node fleet-worker.mjs '{"url","botKey","email","count","requestsPerSecond","maxConcurrency","redis","library","prefix","tag"}'
import { createInterface } from 'node:readline';
import { MessagingClient } from '../../dist/index.js';

const options = JSON.parse(process.argv[2]);

async function openStore() {
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
const logger = {
  debug() {},
  info() {},
  warn: (m) => process.stderr.write(`warn ${m}\n`),
  error: (m) => process.stderr.write(`error ${m}\n`),
};
const clientOptions = {
  baseUrl: options.url,
  botKey: options.botKey,
  maxConcurrency: options.maxConcurrency,
  requestsPerSecond: options.requestsPerSecond,
  maxRetries: 20,
  logger,
  logLevel: 'warn',
};
const clients = { store: new MessagingClient({ ...clientOptions, rateLimitStore: store }), local: new MessagingClient(clientOptions) };
// One request each before the runs: the first one pays for loading and compiling (a cold
// worker on a busy machine is late by most of a second), which is not what the test measures.
for (const [name, client] of Object.entries(clients)) {
  await client.sendDirectMessage({ to: { email: options.email }, body: `${options.tag} warm-up ${name}` });
}
process.stdout.write('ready\n');
for await (const line of createInterface({ input: process.stdin })) {
  const items = Array.from({ length: options.count }, (_, i) => ({ to: { email: options.email }, body: `${options.tag} ${line} ${i}` }));
  const results = await clients[line].sendDirectMessages(items, { concurrency: options.maxConcurrency });
  const rejected = results.filter((r) => r.status === 'rejected');
  const errors = rejected.map((r) => `${r.reason.name}: ${r.reason.message}`);
  process.stdout.write(`${JSON.stringify({ fulfilled: results.length - rejected.length, rejected: rejected.length, errors })}\n`);
}
await close();
