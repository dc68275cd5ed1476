/**
 * Observability without wrapping fetch: the service's request id on errors, events and log
 * lines; a User-Agent where the runtime allows it; read-only hooks with secrets masked, and a
 * hook that throws is logged and never breaks the call.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import {
  InternalServerError,
  MessagingClient,
  type RequestEvent,
  type ResponseEvent,
  type RetryEvent,
  VERSION,
  WarehouseClient,
} from '../../src/index.js';
import { API_KEY, BOT_KEY, jsonResponse, ORDER_ID, scriptedFetch, WEBHOOK_TOKEN, WEBHOOK_URL } from '../support/scripted-fetch.js';

describe('request ids', () => {
  it.each(['x-request-id', 'request-id'])('reads %s into APIError.requestId, the response event and the log line', async (header) => {
    const fetch = scriptedFetch(jsonResponse(500, { message: 'boom' }, { [header]: 'req-42' }));
    const responses: ResponseEvent[] = [];
    const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const client = new MessagingClient({
      baseUrl: 'https://chat.example.test',
      botKey: BOT_KEY,
      fetch,
      logger,
      logLevel: 'info',
      hooks: { onResponse: (e) => responses.push(e) },
    });
    const error = await client.postAnnouncement({ title: 't', body: 'b' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).requestId).toBe('req-42');
    expect(responses[0]).toMatchObject({ status: 500, requestId: 'req-42' });
    expect(logger.info.mock.calls[0]![0]).toMatch(/← 500 POST \/api\/bot\/announcements in \d+ ms \[request req-42\]/);
  });
});

describe('User-Agent', () => {
  it('names opslink, its version and the runtime', async () => {
    const fetch = scriptedFetch(jsonResponse(201, {}));
    await new MessagingClient({ baseUrl: 'https://chat.example.test', botKey: BOT_KEY, fetch }).sendDirectMessage({
      to: { email: 'a@example.test' },
      body: 'b',
    });
    expect(fetch.calls[0]!.headers.get('user-agent')).toBe(`opslink/${VERSION} node/${process.versions.node}`);
  });

  it('carries the version of package.json', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(VERSION).toBe(pkg.version);
  });

  it('is left to the caller when the headers option sets one', async () => {
    const fetch = scriptedFetch(jsonResponse(201, {}));
    await new MessagingClient({
      baseUrl: 'https://chat.example.test',
      botKey: BOT_KEY,
      fetch,
      headers: { 'User-Agent': 'my-app/1' },
    }).sendDirectMessage({
      to: { email: 'a@example.test' },
      body: 'b',
    });
    expect(fetch.calls[0]!.headers.get('user-agent')).toBe('my-app/1');
  });
});

describe('hooks', () => {
  it('time every request and count retries, secrets masked in every event', async () => {
    const fetch = scriptedFetch(
      jsonResponse(503, {}),
      jsonResponse(200, {
        status: 'success',
        message: 'ok',
        data: { orders: [], results: { total: 0, offset: 0, limit: 200 } },
        errors: null,
      }),
    );
    const requests: RequestEvent[] = [];
    const responses: ResponseEvent[] = [];
    const retries: RetryEvent[] = [];
    const client = new WarehouseClient({
      baseUrl: 'https://api.example.test',
      apiKey: API_KEY,
      warehouseId: 'wh',
      fetch,
      hooks: { onRequest: (e) => requests.push(e), onResponse: (e) => responses.push(e), onRetry: (e) => retries.push(e) },
    });
    await client.inbound.list();
    expect(requests.map((e) => [e.method, e.attempt])).toEqual([
      ['GET', 1],
      ['GET', 2],
    ]);
    expect(requests[0]!.url).toBe('https://api.example.test/api/v1/inbound?offset=0&limit=200');
    expect(requests[0]!.headers.get('authorization')).toBe('ApiKey [redacted]');
    expect(requests[0]!.headers.get('x-warehouse-id')).toBe('wh');
    expect(responses.map((e) => e.status)).toEqual([503, 200]);
    expect(responses.every((e) => typeof e.durationMs === 'number' && e.durationMs >= 0)).toBe(true);
    expect(retries).toEqual([{ method: 'GET', url: requests[0]!.url, attempt: 1, delayMs: expect.any(Number), reason: '503' }]);
    expect(JSON.stringify([requests.map((r) => [...r.headers]), responses, retries])).not.toContain(API_KEY);
  });

  it('mask the webhook token in the URL of every event', async () => {
    const fetch = scriptedFetch(jsonResponse(201, {}));
    const urls: string[] = [];
    const hook = MessagingClient.fromWebhookUrl(WEBHOOK_URL, {
      fetch,
      hooks: { onRequest: (e) => urls.push(e.url), onResponse: (e) => urls.push(e.url) },
    });
    await hook.postChannelMessage({ content: 'hi' });
    expect(urls).toHaveLength(2);
    for (const url of urls) {
      expect(url).not.toContain(WEBHOOK_TOKEN);
      expect(url).toMatch(/\/webhooks\/[0-9a-f-]+\/\[redacted\]$/);
    }
  });

  it('a hook that throws is logged at warn and never breaks the call', async () => {
    const fetch = scriptedFetch(jsonResponse(201, { id: 'm1' }));
    const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const client = new MessagingClient({
      baseUrl: 'https://chat.example.test',
      botKey: BOT_KEY,
      fetch,
      logger,
      logLevel: 'warn',
      hooks: {
        onRequest() {
          throw new TypeError('metrics backend down');
        },
        onResponse() {
          throw new Error('again');
        },
      },
    });
    await expect(client.sendDirectMessage({ to: { email: 'a@example.test' }, body: 'b' })).resolves.toEqual({ id: 'm1' });
    expect(logger.warn.mock.calls.map((c) => c[0])).toEqual([
      '[opslink] onRequest threw TypeError; the call goes on',
      '[opslink] onResponse threw Error; the call goes on',
    ]);
  });

  it('a hook object’s methods keep their this', async () => {
    const fetch = scriptedFetch(jsonResponse(201, {}));
    const metrics = {
      count: 0,
      onResponse(this: { count: number }) {
        this.count++;
      },
    };
    await new MessagingClient({ baseUrl: 'https://chat.example.test', botKey: BOT_KEY, fetch, hooks: metrics }).sendDirectMessage({
      to: { email: 'a@example.test' },
      body: 'b',
    });
    expect(metrics.count).toBe(1);
  });
});

void ORDER_ID;
