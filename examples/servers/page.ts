// The page the server examples serve (bundled by esbuild for Express, by Next.js for its app):
// its clients hold no key and no warehouse id, and send to the app's own /opslink. It lists
// shipments with `for await`, sends a direct message, creates an order with a label file, and
// tries an announcement pages may not post; each outcome is written beside its control.
import { APIError, MessagingClient, RequestValidationError, WarehouseClient } from 'opslink';

const HTML = `
  <h1>Ops</h1>
  <section>
    <button id="list" type="button">List shipped shipments</button>
    <p id="list-status" role="status"></p>
    <ol id="shipments"></ol>
  </section>
  <form id="dm" novalidate>
    <label>Email <input name="email" type="email" autocomplete="off"></label>
    <label>Message <textarea name="body"></textarea></label>
    <button type="submit">Send</button>
    <p id="dm-status" role="status"></p>
  </form>
  <form id="order">
    <label>Order number <input name="order_number"></label>
    <label>Shipping label <input name="label" type="file" accept="application/pdf"></label>
    <button type="submit">Create order</button>
    <p id="order-status" role="status"></p>
  </form>
  <section>
    <button id="announce" type="button">Post an announcement</button>
    <p id="announce-status" role="status"></p>
  </section>`;

/** What a call's failure says to the person: each pre-flight problem by its field (nothing was sent), or the status. */
function why(error: unknown): string {
  if (error instanceof RequestValidationError)
    return `Not sent: ${error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`;
  if (error instanceof APIError) return `Refused (${error.status}): ${error.message}`;
  return `Failed: ${(error as Error).message}`;
}

/** Runs `task` on `event`, and writes what came of it into `status`. */
function wire(target: HTMLElement, event: string, status: HTMLElement, task: () => Promise<string>): void {
  target.addEventListener(event, (e) => {
    e.preventDefault();
    status.textContent = '…';
    task().then(
      (done) => {
        status.textContent = done;
      },
      (error: unknown) => {
        status.textContent = why(error);
      },
    );
  });
}

/** Fills `root` with the page and wires its controls. */
export function startPage(root: HTMLElement, base = '/opslink'): void {
  const warehouse = WarehouseClient.viaProxy(base); // a path: resolved against the page
  const messaging = MessagingClient.viaProxy(base);
  root.innerHTML = HTML;
  const $ = <T extends HTMLElement>(selector: string) => root.querySelector<T>(selector)!;
  wire($('#list'), 'click', $('#list-status'), async () => {
    const list = $('#shipments');
    list.replaceChildren();
    // Every page of the list, asked as the loop reaches it: one request to the proxy a page.
    for await (const shipment of warehouse.shipments.list({ statuses: ['shipped'], limit: 10 })) {
      list.append(Object.assign(document.createElement('li'), { textContent: shipment.name }));
    }
    return `${list.children.length} shipped shipments`;
  });
  const dm = $<HTMLFormElement>('#dm');
  wire(dm, 'submit', $('#dm-status'), async () => {
    const form = new FormData(dm);
    await messaging.sendDirectMessage({ to: { email: String(form.get('email')) }, body: String(form.get('body')) });
    return 'Sent.';
  });
  const order = $<HTMLFormElement>('#order');
  wire(order, 'submit', $('#order-status'), async () => {
    const form = new FormData(order);
    const label = form.get('label');
    const { order_id } = await warehouse.inbound.create({
      date: new Date().toISOString().slice(0, 10),
      retailer: 'Target',
      order_number: String(form.get('order_number')),
      item_name: 'Desk lamp',
      color: 'black',
      brand_sku: 'LAMP-BLK',
      quantity: 12,
      unit_cost: 9.5,
      list_price: 24.99,
      fulfillment_type: 'two-step',
      shipping_label_files: label instanceof File && label.size > 0 ? label : [],
    });
    return `Created ${order_id}`;
  });
  wire($('#announce'), 'click', $('#announce-status'), async () => {
    await messaging.postAnnouncement({ title: 'Dock 3', body: 'Closed for cleaning' });
    return 'Posted.';
  });
}
