// Update an inbound order. The update rules run before the request: a broken rule is
// reported with every problem at once, and nothing is sent.
import { checkInboundUpdate, RequestValidationError, toInboundUpdate, WarehouseClient } from 'opslink';
import { type Connection, runDirectly } from './_connect.ts';

export async function run(_: Connection): Promise<string> {
  const client = WarehouseClient.fromEnv();
  let target = undefined as Awaited<ReturnType<typeof client.inbound.list>>['items'][number] | undefined;
  for await (const order of client.inbound.list({ limit: 200 })) {
    if (order.fulfillment_type === 'fbm' && order.status === 'inbound' && order.sold_as === 'individual') {
      target = order;
      break; // stops paging: no further page is requested
    }
  }
  if (!target) throw new Error('no inbound fbm order to update');

  // The list names members differently from the update (client_notes → notes): convert.
  const patch = toInboundUpdate({ ...target, client_notes: 'Relabel before storing', quantity: target.quantity + 2 }, target);
  const { message } = await client.inbound.update(target.order_id, patch, { current: target });

  // An fbm amazonSKU must start with PFL: checkInboundUpdate says so before any request...
  const problems = checkInboundUpdate({ amazonSKU: 'SKU-123', listPrice: 0 }, target);
  // ...and update() refuses it with a RequestValidationError naming each rule.
  const refused = await client.inbound
    .update(target.order_id, { amazonSKU: 'SKU-123', listPrice: 0 }, { current: target })
    .catch((e: unknown) => e);
  const fields = refused instanceof RequestValidationError ? refused.issues.map((i) => i.path.join('.')).join(' and ') : 'nothing';
  return `updated ${target.order_number} (${JSON.stringify(patch)}): "${message}"; pre-flight caught ${problems.length} broken rules at ${fields}`;
}

await runDirectly(import.meta, run);
