// A process that makes requests wait at a redisStore's gate, then closes its Redis client
// the way its library says and does nothing more: it must exit by itself. Through the built
// package, over one client of either library, on one Redis or a cluster. Prints one JSON line
// { fulfilled, rejected } after its requests, then `closed` once its client is closed; if it
// is still running 2 s after that, it prints what keeps it alive on stderr. Run as:
//   node closing-worker.mjs '{"library":"redis"|"ioredis","cluster":[{host,port}]|undefined,"redis","url","botKey","email","prefix"}'
import { MessagingClient } from '../../dist/index.js';
import { redisStore } from '../../dist/redis/index.js';

const options = JSON.parse(process.argv[2]);

async function connect() {
  const nodes = options.cluster;
  if (options.library === 'ioredis') {
    const { Cluster, Redis } = await import('ioredis');
    const client = nodes ? new Cluster(nodes) : new Redis(options.redis, { lazyConnect: true });
    if (nodes) await new Promise((resolve) => client.once('ready', resolve));
    else await client.connect();
    return { client, close: () => client.quit() };
  }
  const { createClient, createCluster } = await import('redis');
  const client = nodes
    ? createCluster({ rootNodes: nodes.map((n) => ({ url: `redis://${n.host}:${n.port}` })) })
    : createClient({ url: options.redis });
  await client.connect();
  return { client, close: () => client.close() };
}

const { client, close } = await connect();
const messaging = new MessagingClient({
  baseUrl: options.url,
  botKey: options.botKey,
  // One slot for six requests at once: five wait at the gate, and are woken through the store.
  maxConcurrency: 1,
  rateLimitStore: redisStore(client, { prefix: options.prefix, timeout: 5_000 }),
});
const items = Array.from({ length: 6 }, (_, i) => ({ to: { email: options.email }, body: `closing ${i}` }));
const results = await messaging.sendDirectMessages(items, { concurrency: 6 });
const rejected = results.filter((r) => r.status === 'rejected').map((r) => `${r.reason.name}: ${r.reason.message}`);
process.stdout.write(`${JSON.stringify({ fulfilled: results.length - rejected.length, rejected })}\n`);
await close();
process.stdout.write('closed\n');
setTimeout(() => process.stderr.write(`still running, held by: ${process.getActiveResourcesInfo().join(', ')}\n`), 2_000).unref();
