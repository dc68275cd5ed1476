// The page: no key, no warehouse id. Its clients send to the app's own /opslink, where the
// server's proxy checks each request and sends it on with the server's clients.
import { MessagingClient, RequestValidationError, WarehouseClient } from 'opslink';

const warehouse = WarehouseClient.viaProxy('/opslink'); // a path: resolved against the page
const messaging = MessagingClient.viaProxy('/opslink');

const $ = <T extends Element>(selector: string) => document.querySelector<T>(selector)!;

async function listShipments(): Promise<void> {
  const rows = $<HTMLTableSectionElement>('#shipments tbody');
  let count = 0;
  // Every page of the list, fetched as the loop reaches it: one request to the proxy per page.
  for await (const shipment of warehouse.shipments.list({ statuses: ['shipped'], limit: 10 })) {
    const row = rows.insertRow();
    const tracking = shipment.trackings[0];
    for (const text of [
      shipment.name,
      String(shipment.total_quantity_shipped),
      tracking?.carrier ?? '—',
      tracking?.tracking_number ?? '—',
    ]) {
      row.insertCell().textContent = text;
    }
    count++;
  }
  $('#list-status').textContent = `${count} shipped shipments`;
}

/** Sends the form's message; a rule the input breaks is shown beside its field, and nothing is sent. */
async function sendMessage(form: HTMLFormElement): Promise<void> {
  for (const output of form.querySelectorAll('output')) output.textContent = '';
  const data = new FormData(form);
  const status = $('#dm-status');
  status.textContent = 'Sending…';
  try {
    await messaging.sendDirectMessage({ to: { email: String(data.get('email')) }, body: String(data.get('body')) });
    status.textContent = 'Sent.';
    form.reset();
  } catch (error) {
    if (!(error instanceof RequestValidationError)) {
      status.textContent = `Not sent: ${(error as Error).message}`;
      return;
    }
    status.textContent = 'Not sent: check the fields above.';
    for (const issue of error.issues) {
      const field = issue.path.includes('body') ? 'body' : 'email';
      $(`#${field}-error`).textContent = issue.message;
    }
  }
}

$<HTMLFormElement>('#dm').addEventListener('submit', (event) => {
  event.preventDefault();
  void sendMessage(event.currentTarget as HTMLFormElement);
});
listShipments().catch((error: Error) => {
  $('#list-status').textContent = `Could not list shipments: ${error.message}`;
});
