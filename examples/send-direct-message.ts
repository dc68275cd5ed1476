// Send a direct message to an employee found by email (matched case-insensitively).
import { MessagingClient, NotFoundError } from 'opslink';
import { type Connection, runDirectly } from './_connect.ts';

export async function run({ employeeEmail }: Connection): Promise<string> {
  const client = MessagingClient.fromEnv();
  const message = await client.sendDirectMessage({
    to: { email: employeeEmail.toUpperCase() },
    body: 'Your pallet for PO-1042 arrived at dock 3 📦',
  });
  // No employee with that address: the service answers 404, opslink throws NotFoundError.
  const missing = await client.sendDirectMessage({ to: { email: 'nobody@example.test' }, body: 'Hello?' }).catch((e: unknown) => e);
  const notFound = missing instanceof NotFoundError ? 'NotFoundError for an unknown address' : `unexpected: ${String(missing)}`;
  return `sent direct message ${String(message.id)} to ${employeeEmail}; ${notFound}`;
}

await runDirectly(import.meta, run);
