// A report of shipped shipments with their trackings, page by page.
import { WarehouseClient } from 'opslink';
import { type Connection, runDirectly } from './_connect.ts';

export async function run(_: Connection): Promise<string> {
  const client = WarehouseClient.fromEnv();
  const lines: string[] = [];
  let units = 0;
  for await (const page of client.shipments
    .list({ statuses: ['shipped'], sort_key: 'shipped_at', sort_order: 'desc', limit: 25 })
    .pages()) {
    for (const shipment of page.items) {
      units += shipment.total_quantity_shipped;
      const trackings = shipment.trackings.map((t) => `${t.carrier} ${t.tracking_number} (${t.tracking_status})`).join('; ');
      lines.push(
        `    ${shipment.name.padEnd(28)} ${String(shipment.total_quantity_shipped).padStart(5)} units  ${trackings || 'no tracking'}`,
      );
    }
  }
  const detail = lines.length
    ? await client.shipments.retrieve((await client.shipments.list({ statuses: ['shipped'], limit: 1 })).items[0]!.shipment_id)
    : undefined;
  const header = `${count(lines.length, 'shipped shipment', 'shipped shipments')}, ${count(units, 'unit', 'units')}${detail ? `; latest has ${count(detail.boxes.length, 'box', 'boxes')} and ${count(detail.services.length, 'service', 'services')}` : ''}`;
  return [header, ...lines.slice(0, 5), lines.length > 5 ? `    … and ${lines.length - 5} more` : ''].filter(Boolean).join('\n');
}

/** `1 box`, `2 boxes`. */
function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

await runDirectly(import.meta, run);
