/**
 * A write answered 2xx took effect even when its body never fully arrives (the connection
 * drops or stalls after the status line): it resolves, sent once, with a warn line, so no
 * caller retries it into a duplicate. A read with a cut-off body is a network failure, retried
 * as one. The caller's own signal still ends a write at once.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { APIConnectionError, APIUserAbortError, MessagingClient, WarehouseClient } from '../../src/index.js';
import { ORDER } from '../support/reliability.js';

const BOT_KEY = 'bot-key-cut-off-0001';
const SHIPMENT_ID = '0b9d7c4e-2f3a-4b5c-8d9e-0f1a2b3c4d5e';
let server: Server;
let baseUrl: string;
const hits: string[] = [];

/** Sends the status and part of the body, then drops the connection or lets it hang. */
function cutOff(res: ServerResponse, status: number, how: 'drop' | 'stall'): void {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': '40' });
  res.write('{"id":"m1",');
  if (how === 'drop') setTimeout(() => res.socket?.destroy(), 20);
}

/** The status each path answers with before its body is cut off, and how. */
const CUT_OFF: Record<string, [number, 'drop' | 'stall']> = {
  '/api/bot/messages': [201, 'drop'],
  '/api/bot/announcements': [201, 'stall'],
  [`/api/v1/shipments/${SHIPMENT_ID}`]: [200, 'drop'],
  '/api/v1/inbound': [201, 'drop'],
};

function route(req: IncomingMessage, res: ServerResponse): void {
  hits.push(`${req.method} ${req.url}`);
  req.resume();
  const cut = CUT_OFF[req.url ?? ''];
  if (req.url === '/echo/api/bot/announcements') {
    const body = JSON.stringify({ id: 'a1', title: 't', body: 'b', createdAt: '2026-11-22T10:00:00Z', createdBy: 'Ops Bot', likeCount: 0 });
    res.writeHead(201, { 'content-type': 'application/json', 'x-request-id': `req-${BOT_KEY}` }).end(body);
  } else if (cut) cutOff(res, ...cut);
  else res.writeHead(404).end();
}

beforeAll(async () => {
  server = createServer(route);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  hits.length = 0;
});

const logger = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() });
const lines = (log: ReturnType<typeof logger>) => Object.values(log).flatMap((fn) => fn.mock.calls.map((c) => String(c[0])));

describe('a write whose 2xx body never fully arrives', () => {
  it('resolves when the connection drops after the status, sent once, with a warn line', async () => {
    const log = logger();
    const messaging = new MessagingClient({ baseUrl, botKey: BOT_KEY, logger: log, logLevel: 'warn', maxRetries: 2 });
    await expect(messaging.sendDirectMessage({ to: { email: 'ana@example.com' }, body: 'hi' })).resolves.toBeDefined();
    expect(hits).toEqual(['POST /api/bot/messages']);
    expect(log.warn.mock.calls.map((c) => String(c[0])).join('\n')).toContain(
      'took effect, but the connection closed before its body arrived',
    );
  });

  it('resolves when the body stalls past the timeout, sent once', async () => {
    const log = logger();
    const messaging = new MessagingClient({ baseUrl, botKey: BOT_KEY, logger: log, logLevel: 'warn', timeout: 300, maxRetries: 2 });
    await expect(messaging.postAnnouncement({ title: 't', body: 'b' })).resolves.toBeDefined();
    expect(hits).toEqual(['POST /api/bot/announcements']);
    expect(log.warn.mock.calls.map((c) => String(c[0])).join('\n')).toContain('took effect, but the time ran out before its body arrived');
  });

  it('resolves an inbound create the same way', async () => {
    const warehouse = new WarehouseClient({ baseUrl: `${baseUrl}/api/v1`, apiKey: 'wh-key-cut-off', warehouseId: 'wh-1', maxRetries: 2 });
    await expect(warehouse.inbound.create(ORDER)).resolves.toBeDefined();
    expect(hits).toEqual(['POST /api/v1/inbound']);
  });

  it("still ends at once with APIUserAbortError when the caller's signal fires", async () => {
    const messaging = new MessagingClient({ baseUrl, botKey: BOT_KEY, timeout: 5_000 });
    const controller = new AbortController();
    const call = messaging.postAnnouncement({ title: 't', body: 'b' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(call).rejects.toBeInstanceOf(APIUserAbortError);
    expect(hits).toHaveLength(1);
  });
});

describe('a read whose 2xx body never fully arrives', () => {
  it('is a network failure, retried as one', async () => {
    const warehouse = new WarehouseClient({ baseUrl: `${baseUrl}/api/v1`, apiKey: 'wh-key-cut-off', warehouseId: 'wh-1', maxRetries: 1 });
    await expect(warehouse.shipments.retrieve(SHIPMENT_ID)).rejects.toBeInstanceOf(APIConnectionError);
    expect(hits).toEqual([`GET /api/v1/shipments/${SHIPMENT_ID}`, `GET /api/v1/shipments/${SHIPMENT_ID}`]);
  });
});

describe('a request id that echoes a secret', () => {
  it('is masked in the onResponse event and the log line', async () => {
    const log = logger();
    const events: unknown[] = [];
    const messaging = new MessagingClient({
      baseUrl: `${baseUrl}/echo`,
      botKey: BOT_KEY,
      logger: log,
      logLevel: 'debug',
      hooks: { onResponse: (event) => events.push(event) },
    });
    await messaging.postAnnouncement({ title: 't', body: 'b' });
    expect(events).toEqual([expect.objectContaining({ status: 201, requestId: expect.stringMatching(/^req-/) })]);
    expect(JSON.stringify(events)).not.toContain(BOT_KEY);
    expect(lines(log).join('\n')).toContain('[request req-');
    expect(lines(log).join('\n')).not.toContain(BOT_KEY);
  });
});
