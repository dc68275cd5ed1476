// A process that keeps a slot of a redisStore's gate until the test kills it: requests one
// after another (no rate), through the built package, over the named client library. Prints
// `sent` after each request. Run as:
//   node kept-slot-worker.mjs '{"redis","library","url","botKey","email","prefix","timeout"}'
import { MessagingClient } from '../../dist/index.js';
import { redisStore } from '../../dist/redis/index.js';

const options = JSON.parse(process.argv[2]);
let client;
if (options.library === 'ioredis') {
  const { Redis } = await import('ioredis');
  client = new Redis(options.redis);
} else {
  const { createClient } = await import('redis');
  client = await createClient({ url: options.redis }).connect();
}
const messaging = new MessagingClient({
  baseUrl: options.url,
  botKey: options.botKey,
  maxConcurrency: 2,
  // Its slots' leases in Redis end this long + 1 s after their grant.
  timeout: options.timeout,
  rateLimitStore: redisStore(client, { prefix: options.prefix, timeout: 5_000 }),
});
for (let i = 0; ; i++) {
  await messaging.sendDirectMessage({ to: { email: options.email }, body: `keeper ${i}` });
  process.stdout.write('sent\n');
}
