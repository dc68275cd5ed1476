/**
 * Pages fetched ahead over real HTTP (`concurrency: 8`): requests in flight at once reach the
 * server in any order, so a page may be answered from a shorter list than the page before it.
 * Records added at the top of a list walked oldest first then slipped between two pages and
 * were never yielded (251 of 500 in an outside test of 0.4.0's first build). A page answered
 * with a smaller total than the page before it is asked again: every record there at the
 * start is yielded.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WarehouseClient } from '../../src/index.js';
import { listedOrder } from '../support/listed-orders.js';

const START = Date.UTC(2026, 0, 1);
let server: Server;
let origin = '';
let records: { order_id: string; created_at: string }[] = [];
let requests = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const offset = Number(url.searchParams.get('offset'));
    const limit = Number(url.searchParams.get('limit'));
    // From the second request to the twentieth, 49 orders older than any other (the top, oldest first).
    requests++;
    if (requests > 1 && requests <= 20) {
      for (let i = 0; i < 49; i++)
        records.push({ ...listedOrder(0), order_id: randomUUID(), created_at: new Date(START - (requests * 49 + i) * 1000).toISOString() });
    }
    const sorted = records.slice().sort((a, b) => (a.created_at < b.created_at ? -1 : 1));
    const body = {
      status: 'success',
      message: 'ok',
      data: { orders: sorted.slice(offset, offset + limit), results: { offset, limit, total: sorted.length } },
      errors: null,
    };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

it('oldest first, 49 records added at the top before each of 19 requests, concurrency 8: every one of the 500 there at the start yielded, once', async () => {
  records = Array.from({ length: 500 }, (_, i) => ({
    ...listedOrder(i),
    order_id: randomUUID(),
    created_at: new Date(START + i * 1000).toISOString(),
  }));
  const start = records.map((r) => r.order_id);
  requests = 0;
  const client = new WarehouseClient({ baseUrl: origin, apiKey: 'wh-key-0123456789', warehouseId: 'wh', maxRetries: 0 });
  const yielded: string[] = [];
  for await (const order of client.inbound.list({ limit: 50, sort_key: 'created_at', sort_order: 'asc' }, { concurrency: 8 }))
    yielded.push(order.order_id);
  const counts = new Map<string, number>();
  for (const id of yielded) counts.set(id, (counts.get(id) ?? 0) + 1);
  expect(start.filter((id) => counts.get(id) !== 1)).toEqual([]);
});
