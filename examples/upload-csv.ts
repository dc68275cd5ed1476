// Upload a CSV of orders from disk (examples/orders.csv, in the columns of BULK_CSV_COLUMNS).
// `fs.openAsBlob` streams the file: it is never read whole into memory, however large.
import { openAsBlob } from 'node:fs';
import { WarehouseClient } from 'opslink';
import { type Connection, runDirectly } from './_connect.ts';

const ORDERS_CSV = new URL('orders.csv', import.meta.url);

export async function run(_: Connection): Promise<string> {
  const client = WarehouseClient.fromEnv();
  const result = await client.inbound.createBulk(await openAsBlob(ORDERS_CSV, { type: 'text/csv' }));
  return `uploaded orders.csv: ${result.message}`;
}

await runDirectly(import.meta, run);
