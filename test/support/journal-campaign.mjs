// A bulk campaign in a child process, for the crash tests: sends `count` direct messages
// ("message 0" …) through the built package with a journal, and prints one JSON line per
// result ({ index, status, error }) as it lands. Run as:
//   node journal-campaign.mjs <messagingUrl> <botKey> <email> <count> <concurrency> file:<path>|redis:<port>:<name>
import { MessagingClient, OpslinkError } from '../../dist/index.js';

const [url, botKey, email, count, concurrency, journalSpec] = process.argv.slice(2);
const leaseMs = Number(process.env.JOURNAL_LEASE_MS ?? 20_000);

async function openJournal(spec) {
  if (spec.startsWith('file:')) {
    const { fileJournal } = await import('../../dist/node/index.js');
    return { journal: fileJournal(spec.slice(5), { leaseMs }), close: async () => {} };
  }
  const [, port, name] = spec.split(':');
  const { createClient } = await import('redis');
  const { redisStore } = await import('../../dist/redis/index.js');
  const client = await createClient({ url: `redis://127.0.0.1:${port}` }).connect();
  return { journal: redisStore(client).journal(name, { leaseMs }), close: () => client.quit() };
}

const { journal, close } = await openJournal(journalSpec);
const messaging = new MessagingClient({ baseUrl: url, botKey, maxRetries: 0 });
const items = Array.from({ length: Number(count) }, (_, i) => ({ to: { email }, body: `message ${i}` }));
for await (const result of messaging.sendDirectMessages(items, { journal, concurrency: Number(concurrency) })) {
  // An error of a class the user cannot import (a copy in another entry's build) is named as such.
  const { reason } = result;
  const error = result.status === 'rejected' ? (reason instanceof OpslinkError ? reason.name : `not opslink's ${reason?.name}`) : undefined;
  process.stdout.write(`${JSON.stringify({ index: result.index, status: result.status, error })}\n`);
}
await close();
