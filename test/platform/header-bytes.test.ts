/**
 * Header values leave as fetch and node:http send them: one byte per character, Latin-1
 * (`café` is 63 61 66 e9), on a POST with a body as on a GET, whichever transport sends. A
 * value with a character past U+00FF cannot be sent as a header at all: it is refused before
 * anything is sent, naming the header, as fetch refuses it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigurationError, MessagingClient, RequestValidationError, WarehouseClient } from '../../src/index.js';
import { API_KEY, BOT_KEY, ORDER_ID, SHIPMENT_DETAIL, WAREHOUSE_ID } from '../support/scripted-fetch.js';

let server: Server;
let baseUrl: string;
/** The bytes of each request's `x-note` header, as they arrived (Node's parser reads a head as Latin-1). */
const notes: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const at = req.rawHeaders.findIndex((name, i) => i % 2 === 0 && name.toLowerCase() === 'x-note');
    notes.push(at < 0 ? '' : Buffer.from(req.rawHeaders[at + 1] as string, 'latin1').toString('hex'));
    req.resume();
    const body =
      req.method === 'GET'
        ? JSON.stringify({ status: 'success', message: 'ok', data: { shipment: SHIPMENT_DETAIL }, errors: null })
        : JSON.stringify({ id: 'm1' });
    res.writeHead(req.method === 'GET' ? 200 : 201, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  notes.length = 0;
});

const CAFE_LATIN1 = '636166e9';
const dm = { to: { email: 'ana@example.com' }, body: 'Dock 3' };

describe('a Latin-1 header value', () => {
  it('leaves as Latin-1 bytes on a POST with a JSON body (client header) and on a GET (call header)', async () => {
    await new MessagingClient({ baseUrl, botKey: BOT_KEY, headers: { 'X-Note': 'café' } }).sendDirectMessage(dm);
    const warehouse = new WarehouseClient({ baseUrl, apiKey: API_KEY, warehouseId: WAREHOUSE_ID });
    await warehouse.shipments.retrieve(ORDER_ID, { headers: { 'x-note': 'café' } });
    expect(notes).toEqual([CAFE_LATIN1, CAFE_LATIN1]);
  });

  it('the same bytes as fetch itself sends', async () => {
    await fetch(`${baseUrl}/api/bot/messages`, { method: 'POST', headers: { 'x-note': 'café' }, body: '{}' }).then((r) => r.text());
    expect(notes).toEqual([CAFE_LATIN1]);
  });
});

describe('a header value past Latin-1 (€)', () => {
  it('as a client option: ConfigurationError naming the header', () => {
    const make = () => new MessagingClient({ baseUrl, botKey: BOT_KEY, headers: { 'x-note': '5 €' } });
    expect(make).toThrow(ConfigurationError);
    expect(make).toThrow(/headers\.x-note/);
  });

  it('as a call option: RequestValidationError naming the header, nothing sent', async () => {
    const client = new MessagingClient({ baseUrl, botKey: BOT_KEY });
    const error = await client.sendDirectMessage(dm, { headers: { 'x-note': '5 €' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toEqual([{ path: ['headers', 'x-note'], message: expect.stringMatching(/Latin-1/) }]);
    expect(notes).toEqual([]);
  });
});
