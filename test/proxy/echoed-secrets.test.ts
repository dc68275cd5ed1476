/**
 * A service behind the proxy that echoes what it was sent: its key, a webhook token, the URL.
 * Whatever it echoes, and however (as sent, URL-encoded, glued to its own text), no secret of
 * either server client reaches the page, on Node's server and as a plain fetch handler.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MessagingClient, WarehouseClient } from '../../src/index.js';
import { type Harness, MODES, startProxy } from './support.js';

const DM = JSON.stringify({ to: { email: 'ada.active@example.test' }, body: 'Transfer the stock' });
const JSON_HEADERS = { 'content-type': 'application/json' };
const CHANNEL_ID = '3f6c2a9e-8b1d-4c57-9e2a-6d4b1f0c8a71';
const BOT_KEY = 'bot_SECRET_echoed_0000000000001';
const TOKEN = 'chan_SECRET_token_000000000002';
const API_KEY = 'wh_SECRET_from_vault_000000003';
const WEBHOOK_URL = `https://chat.example.test/api/automation/webhooks/${CHANNEL_ID}/${TOKEN}`;

/** A service that puts the request's credential and URL in its body and headers (and sets headers a page must not get). */
const echo = (status: number) =>
  (async (url: string, init: RequestInit) => {
    const authorization = (init.headers as Record<string, string>).authorization ?? '';
    const body = {
      id: 'm1',
      status: status < 300 ? 'success' : 'failed',
      message: `you sent ${authorization} to ${url}`,
      data: { seen: authorization },
    };
    return new Response(JSON.stringify(body), {
      status,
      headers: {
        'content-type': 'application/json',
        'x-request-id': `req ${authorization} ${new URL(url).pathname}`,
        'set-cookie': `session=${TOKEN}`,
        server: 'svc/1.0',
        'x-internal-route': url,
      },
    });
  }) as typeof fetch;

/** A service that echoes what it was sent URL-encoded, or glued to letters and digits of its own: no space or slash beside the secret. */
const glued = (status: number) =>
  (async (url: string, init: RequestInit) => {
    const authorization = (init.headers as Record<string, string>).authorization ?? '';
    const secret = authorization.split(' ')[1] ?? url.split('/').at(-1)!;
    const body = {
      id: 'm1',
      status: status < 300 ? 'success' : 'failed',
      message: `key${secret}7 rejected`,
      data: null,
      self: encodeURIComponent(url),
      errors: [`rejected authorization=${encodeURIComponent(authorization)}`, `x${secret}`, `7${secret}`, `${secret}x`],
    };
    return Response.json(body, { status, headers: { 'x-request-id': `req7${secret}x` } });
  }) as typeof fetch;

/** What a page reads of an answer: its status, its body and every header, as one text. */
async function seen(answer: Response): Promise<{ status: number; text: string }> {
  return { status: answer.status, text: `${await answer.text()} ${JSON.stringify(Object.fromEntries(answer.headers))}` };
}

describe.each(MODES)('a service that echoes secrets, behind the proxy (%s)', (mode) => {
  let h: Harness;
  afterEach(() => h?.close());

  const servers = (service: typeof echo, warehouseStatus: number, messagingStatus = 201) =>
    startProxy(mode, {
      clients: () => ({
        messaging: new MessagingClient({
          baseUrl: 'https://chat.example.test',
          botKey: BOT_KEY,
          webhookUrl: WEBHOOK_URL,
          fetch: service(messagingStatus),
          maxRetries: 0,
        }),
        warehouse: new WarehouseClient({
          baseUrl: 'https://api.example.test',
          apiKey: async () => API_KEY,
          warehouseId: 'wh-1',
          fetch: service(warehouseStatus),
          maxRetries: 0,
        }),
      }),
    });

  const calls = () => [
    h.send('/opslink/messaging/api/bot/messages', { method: 'POST', headers: JSON_HEADERS, body: DM }),
    h.send('/opslink/messaging/api/automation/messages', { method: 'POST', headers: JSON_HEADERS, body: '{"content":"hi"}' }),
    h.send('/opslink/warehouse/api/v1/shipments'),
  ];

  it('masks the key, the token and the webhook URL in every answer, and passes no other header', async () => {
    h = await servers(echo, 401);
    const answers = [];
    for (const call of calls()) answers.push(await call);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 401]);
    for (const answer of answers) {
      const text = await answer.text();
      const headers = Object.fromEntries(answer.headers);
      expect(`${text} ${JSON.stringify(headers)}`).not.toMatch(/SECRET/);
      expect(text).toMatch(/\[redacted\]/);
      expect(headers['x-request-id']).toMatch(/^req .*\[redacted\]/);
      expect(
        Object.keys(headers).filter(
          (name) =>
            !['content-type', 'x-request-id', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name),
        ),
      ).toEqual([]);
    }
  });

  it('masks a key or token echoed URL-encoded or glued to a letter or digit, in the body, its errors and x-request-id', async () => {
    h = await servers(glued, 401);
    for (const call of calls()) {
      const { status, text } = await seen(await call);
      expect({ status, leaked: /SECRET/.test(text) }).toEqual({ status: expect.any(Number), leaked: false });
      expect(text).toMatch(/\[redacted\]/);
    }
  });

  it("masks the other server client's secrets too: a warehouse answer that echoes the bot key or the webhook token", async () => {
    const tell = (async () =>
      Response.json({
        status: 'success',
        message: `ok; shared log: Bearer ${BOT_KEY}, hook ${encodeURIComponent(WEBHOOK_URL)}, key7${API_KEY}`,
        data: { shipments: [], results: { total_results: 0 } },
        errors: null,
      })) as unknown as typeof fetch;
    h = await startProxy(mode, {
      clients: () => ({
        messaging: new MessagingClient({ baseUrl: 'https://chat.example.test', botKey: BOT_KEY, webhookUrl: WEBHOOK_URL, fetch: tell }),
        warehouse: new WarehouseClient({ baseUrl: 'https://api.example.test', apiKey: API_KEY, warehouseId: 'wh-1', fetch: tell }),
      }),
    });
    // The warehouse answers first: the messaging client has made no call, its secrets are known all the same.
    const list = await seen(await h.send('/opslink/warehouse/api/v1/shipments'));
    const dm = await seen(await h.send('/opslink/messaging/api/bot/messages', { method: 'POST', headers: JSON_HEADERS, body: DM }));
    for (const answer of [list, dm]) {
      expect(answer.status).toBe(200);
      expect(answer.text).not.toMatch(/SECRET/);
      expect(answer.text.match(/\[redacted\]/g)).toHaveLength(3);
    }
  });

  it("masks a key given as a function in the other service's answers once the proxy has sent with it", async () => {
    const tell = (async () => Response.json({ id: 'm1', note: `warehouse key ${API_KEY}` }, { status: 201 })) as unknown as typeof fetch;
    h = await startProxy(mode, {
      clients: () => ({
        warehouse: new WarehouseClient({
          baseUrl: 'https://api.example.test',
          apiKey: async () => API_KEY,
          warehouseId: 'wh-1',
          fetch: echo(200),
        }),
        messaging: new MessagingClient({ baseUrl: 'https://chat.example.test', botKey: BOT_KEY, fetch: tell }),
      }),
      allow: ['shipments.list', 'sendDirectMessage'],
    });
    expect((await h.send('/opslink/warehouse/api/v1/shipments')).status).toBe(200);
    const dm = await seen(await h.send('/opslink/messaging/api/bot/messages', { method: 'POST', headers: JSON_HEADERS, body: DM }));
    expect(dm.status).toBe(201);
    expect(dm.text).not.toMatch(/SECRET/);
    expect(dm.text).toMatch(/warehouse key \[redacted\]/);
  });
});
