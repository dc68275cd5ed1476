// One worker process of bench/fleet.mjs: a MessagingClient on a redisStore (node-redis or
// ioredis) from the build in `dist` (the current one, or another build to compare side by
// side). Told its round over IPC ({ round, prefix, count }), it sends `count` direct messages
// through sendDirectMessages and answers { done }. Run by fork with one JSON argument:
//   { url, botKey, redis, library, dist, requestsPerSecond, maxConcurrency, concurrency }
const options = JSON.parse(process.argv[2]);
const dist = new URL(options.dist, import.meta.url);
const { MessagingClient } = await import(new URL('index.js', dist).href);
const { redisStore } = await import(new URL('redis/index.js', dist).href);

async function connect() {
  if (options.library === 'ioredis') {
    const { Redis } = await import('ioredis');
    const client = new Redis(options.redis);
    return { client, close: () => client.quit() };
  }
  const { createClient } = await import('redis');
  const client = await createClient({ url: options.redis }).connect();
  return { client, close: () => client.quit() };
}

const { client, close } = await connect();
const messaging = (prefix) =>
  new MessagingClient({
    baseUrl: options.url,
    botKey: options.botKey,
    maxRetries: 5,
    timeout: 10_000,
    requestsPerSecond: options.requestsPerSecond,
    maxConcurrency: options.maxConcurrency,
    rateLimitStore: redisStore(client, { prefix, timeout: 5_000 }),
  });
// The first request of a process pays for loading and compiling: not what is measured.
await messaging('warm-up').sendDirectMessage({ to: { email: 'ada.active@example.test' }, body: 'warm-up' });
process.send({ ready: true });
process.on('message', async (message) => {
  if (message.stop) {
    await close();
    process.exit(0);
  }
  const items = Array.from({ length: message.count }, (_, i) => ({
    to: { email: 'ada.active@example.test' },
    body: `${message.round} ${i}`,
  }));
  const results = await messaging(message.prefix).sendDirectMessages(items, { concurrency: options.concurrency });
  process.send({ done: true, failed: results.filter((r) => r.status === 'rejected').length });
});
