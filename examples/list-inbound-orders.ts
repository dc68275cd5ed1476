// List every inbound order with `for await`, fetching four pages ahead, with a progress line.
import { WarehouseClient } from 'opslink';
import { type Connection, runDirectly } from './_connect.ts';

export async function run(_: Connection): Promise<string> {
  const client = WarehouseClient.fromEnv();
  const first = await client.inbound.list({ limit: 100 });
  const total = first.total ?? 0;
  const byType = new Map<string, number>();
  let seen = 0;
  for await (const order of client.inbound.list({ limit: 100, sort_key: 'created_at', sort_order: 'asc' }, { concurrency: 4 })) {
    byType.set(order.fulfillment_type, (byType.get(order.fulfillment_type) ?? 0) + 1);
    // A progress line on a terminal; nothing when the output goes to a file or a test.
    if (++seen % 100 === 0 && process.stderr.isTTY) process.stderr.write(`\r  listed ${seen} of ${total} orders`);
  }
  if (process.stderr.isTTY) process.stderr.write('\n');
  const summary = [...byType].map(([type, count]) => `${type} ${count}`).join(', ');
  return `listed ${seen} inbound orders in pages of 100 (${summary})`;
}

await runDirectly(import.meta, run);
