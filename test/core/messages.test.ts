/**
 * Every message reads right for every bad value: `NaN`, `Infinity`, `-0`, a BigInt, a Symbol,
 * a `Date` or a class instance where the document wants something else; an error page from a
 * proxy gives a short readable message, the page itself stays in `body`.
 */
import { describe, expect, it } from 'vitest';
import { type InboundOrderCreate, InternalServerError, MessagingClient, RequestValidationError, WarehouseClient } from '../../src/index.js';
import { BOT_KEY, jsonResponse, scriptedFetch } from '../support/scripted-fetch.js';

const fetch = scriptedFetch(
  jsonResponse(201, { status: 'success', message: 'ok', data: { order_id: '0b9d7c4e-2f3a-4b5c-8d9e-0f1a2b3c4d5e' }, errors: null }),
);
const warehouse = new WarehouseClient({ baseUrl: 'https://api.example.test', apiKey: 'wh-key-1', warehouseId: 'wh', fetch });
const order = {
  date: '11/22/2026',
  retailer: 'Target',
  order_number: 'PO-1',
  item_name: 'Lamp',
  color: 'black',
  brand_sku: 'L-1',
  quantity: 12,
  unit_cost: 9.5,
  list_price: 24.99,
  fulfillment_type: 'wfs',
} satisfies InboundOrderCreate;

async function issueFor(patch: Record<string, unknown>): Promise<string> {
  const error = await warehouse.inbound.create({ ...order, ...patch } as never).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(RequestValidationError);
  const issues = (error as RequestValidationError).issues;
  expect(issues).toHaveLength(1);
  return `${issues[0]!.path.join('.')}: ${issues[0]!.message}`;
}

class Sku {
  toString() {
    return 'L-1';
  }
}

describe('each bad value is named as what it is', () => {
  it.each([
    [{ quantity: Number.NaN }, 'quantity: must be a finite number, not NaN'],
    [{ quantity: Number.POSITIVE_INFINITY }, 'quantity: must be a finite number, not Infinity'],
    [{ unit_cost: Number.NEGATIVE_INFINITY }, 'unit_cost: must be a finite number, not -Infinity'],
    [{ quantity: 10n }, 'quantity: must be a number, not a BigInt'],
    [{ quantity: 2.5 }, 'quantity: must be an integer'],
    [{ quantity: -1 }, 'quantity: must be at least 0'],
    [{ retailer: Symbol('r') }, 'retailer: must be a string, not a Symbol'],
    [{ retailer: new Date(2026, 0, 1) }, 'retailer: must be a string, not a Date'],
    [{ brand_sku: new Sku() }, 'brand_sku: must be a string, not a Sku'],
    [{ brand_sku: new Map() }, 'brand_sku: must be a string, not a Map'],
    [{ retailer: ['Target'] }, 'retailer: must be a string, not an array'],
    [{ retailer: null }, 'retailer: must be a string, not null'],
    [{ retailer: undefined }, 'retailer: is required'],
    [{ list_price: '24.99' }, 'list_price: must be a number, not a string'],
    [{ date: 'next Friday' }, 'date: must be a real calendar day as MM/DD/YYYY or YYYY-MM-DD text, or a valid Date'],
    [{ date: new Date(Number.NaN) }, 'date: must be a real calendar day as MM/DD/YYYY or YYYY-MM-DD text, or a valid Date'],
  ])('%o → %s', async (patch, expected) => {
    expect(await issueFor(patch)).toBe(expected);
  });

  it('sends -0 as 0, a count of no units', async () => {
    await warehouse.inbound.create({ ...order, quantity: -0 });
    const form = await fetch.calls.at(-1)!.formData();
    expect(form.get('quantity')).toBe('0');
  });
});

describe('an error page from a proxy', () => {
  const page = (title: string) =>
    `<!DOCTYPE html>\n<html><head><title>${title}</title><style>body{color:red}</style></head><body><h1>Bad gateway</h1><p>upstream reset</p></body></html>`;

  it('gives the status and the page title, and keeps the page in body', async () => {
    const html = page('502 Bad Gateway');
    const fetch = scriptedFetch(new Response(html, { status: 502, headers: { 'content-type': 'text/html' } }));
    const client = new MessagingClient({ baseUrl: 'https://chat.example.test', botKey: BOT_KEY, fetch });
    const error = await client.postAnnouncement({ title: 't', body: 'b' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).message).toBe('502 Bad Gateway');
    expect((error as InternalServerError).body).toBe(html);
  });

  it('adds the status when the title does not say it, and reads the text when there is no title', async () => {
    const noStatus = scriptedFetch(new Response(page('Service Unavailable'), { status: 503 }));
    const untitled = scriptedFetch(
      new Response('<html><body><h1>Oops</h1>\n<p>try   again &amp; later</p><script>x()</script></body></html>', { status: 500 }),
    );
    const call = (f: typeof fetch) =>
      new MessagingClient({ baseUrl: 'https://chat.example.test', botKey: BOT_KEY, fetch: f, maxRetries: 0 })
        .postAnnouncement({ title: 't', body: 'b' })
        .catch((e: Error) => e.message);
    expect(await call(noStatus)).toBe('HTTP 503: Service Unavailable');
    expect(await call(untitled)).toBe('HTTP 500: Oops try again & later');
  });
});
