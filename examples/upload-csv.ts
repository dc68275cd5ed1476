// Upload a CSV of orders from disk. `fs.openAsBlob` streams the file: it is never read
// whole into memory, however large.
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BULK_CSV_COLUMNS, WarehouseClient } from 'opslink';
import { type Connection, runDirectly } from './_connect.ts';

const CSV = [
  BULK_CSV_COLUMNS.join(','),
  '11/20/2026,Target,PO-2001,"Desk lamp, black",black,LAMP-BLK,12,B000000001,9.50,24.99,fba,,,"Fragile, keep upright",1Z999AA10123456784,individual,,',
  '11/21/2026,Walmart,PO-2002,"Mug ""Ops"" edition",white,MUG-OPS,24,,3.10,9.99,wfs,,,,,individual,,',
].join('\r\n');

export async function run(_: Connection): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'opslink-example-'));
  try {
    const path = join(dir, 'orders.csv');
    await writeFile(path, `${CSV}\r\n`);
    const client = WarehouseClient.fromEnv();
    const result = await client.inbound.createBulk(await openAsBlob(path, { type: 'text/csv' }));
    return `uploaded orders.csv: ${result.message}`;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await runDirectly(import.meta, run);
