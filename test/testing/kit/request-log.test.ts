import fc from 'fast-check';
import { setupServer } from 'msw/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { MessagingClient, WarehouseClient } from '../../../src/index.js';
import {
  createMessagingMock,
  createWarehouseMock,
  type LoggedRequest,
  type MessagingMock,
  type RequestLogEvent,
  type WarehouseMock,
} from '../../../src/testing/index.js';
import { RequestLog } from '../../../src/testing/kit/request-log.js';
import { BULK_CSV_COLUMNS } from '../../../src/warehouse/fast-checks.generated.js';
import { TWO_STEP_ORDER } from '../../support/warehouse-mock.js';

const bot = (mock: MessagingMock, options: { timeout?: number } = {}) =>
  new MessagingClient({ baseUrl: mock.baseUrl, botKey: mock.botKey, channelKey: mock.channelKey, fetch: mock.fetch, ...options });
const warehouse = (mock: WarehouseMock, options: { timeout?: number } = {}) =>
  new WarehouseClient({ baseUrl: mock.baseUrl, apiKey: mock.apiKey, warehouseId: mock.warehouseId, fetch: mock.fetch, ...options });

/** Every secret a mock holds must be absent from everything its log shows. */
function expectNoSecrets(entries: LoggedRequest[], secrets: string[]): void {
  const text = JSON.stringify(entries);
  for (const secret of secrets) expect(text).not.toContain(secret);
}

describe('the request log of the messaging mock', () => {
  it('records a direct message: route, status, duration, masked headers, parsed body and answer', async () => {
    const mock = createMessagingMock();
    await bot(mock).sendDirectMessage({ to: { email: mock.employees.first.email }, body: 'Shift starts at 9' });
    const [entry] = mock.requests.all();
    expect(entry).toMatchObject({
      service: 'messaging',
      method: 'POST',
      path: '/api/bot/messages',
      route: 'POST /api/bot/messages',
      outcome: 'answered',
      status: 201,
      fault: undefined,
      retry: false,
      request: { body: { kind: 'json', value: { to: { email: mock.employees.first.email }, body: 'Shift starts at 9' } } },
      response: { body: { kind: 'json', value: expect.objectContaining({ body: 'Shift starts at 9' }) } },
    });
    expect(entry!.request.headers.authorization).toBe('Bearer ••••');
    expect(entry!.request.headers['content-type']).toContain('application/json');
    expect(entry!.durationMs).toBeGreaterThanOrEqual(0);
    expect(Number.isNaN(Date.parse(entry!.time))).toBe(false);
    expectNoSecrets(mock.requests.all(), [mock.botKey, mock.channelKey]);
  });

  it('masks the webhook token in the path, and any known key a body or header carries', async () => {
    const mock = createMessagingMock();
    await MessagingClient.fromWebhookUrl(mock.webhookUrl, { fetch: mock.fetch }).postChannelMessage({
      content: `leaked ${mock.botKey} and ${mock.channelKey}`,
      embeds: [{ title: 'Deploy', footer: { text: mock.channelKey } }],
    });
    await mock.fetch(`${mock.baseUrl}/api/bot/announcements?token=abc123secret&sort_key=created_at`, {
      method: 'POST',
      headers: { 'x-api-key': 'k-123456', 'x-auth-token': 't-123456', 'x-client-secret': 's-123456', 'x-trace': mock.botKey },
    });
    const [hook, odd] = mock.requests.all();
    expect(hook!.path).toBe(`/api/automation/webhooks/${mock.channelId}/••••`);
    expect(hook!.route).toBe('POST /api/automation/webhooks/:channelId/:token');
    expect(hook!.request.body).toMatchObject({ kind: 'json', value: { content: 'leaked •••• and ••••' } });
    expect(odd!.path).toBe('/api/bot/announcements?token=%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A2&sort_key=created_at');
    expect(odd!.request.headers).toMatchObject({
      'x-api-key': '••••',
      'x-auth-token': '••••',
      'x-client-secret': '••••',
      'x-trace': '••••',
    });
    expect(odd!.status).toBe(401);
    expectNoSecrets(mock.requests.all(), [mock.botKey, mock.channelKey, 'k-123456', 't-123456', 's-123456', 'abc123secret']);
  });

  it('masks every header and query parameter named like a credential, and keeps ordinary names readable', async () => {
    const mock = createMessagingMock();
    const query =
      'auth=q-auth1&sig=q-sig12&access_token=q-tok12&X-Api-Key=q-key12&signature=q-sign1&keyword=deploy&sort_key=name&author=ada';
    await mock.fetch(`${mock.baseUrl}/api/bot/announcements?${query}`, {
      method: 'POST',
      headers: {
        'x-auth': 'h-auth12',
        'x-sig': 'h-sig123',
        'proxy-authorization': 'Basic h-basic1',
        'x-session-id': 'h-sess12',
        'x-user-password': 'h-pass12',
        passwd: 'h-pwd123',
        keyword: 'deploy',
        'x-author': 'ada',
      },
    });
    const [entry] = mock.requests.all();
    const masked = new URLSearchParams(entry!.path.split('?')[1]);
    for (const name of ['auth', 'sig', 'access_token', 'X-Api-Key', 'signature']) expect(masked.get(name), name).toBe('••••');
    expect(Object.fromEntries(['keyword', 'sort_key', 'author'].map((name) => [name, masked.get(name)]))).toEqual({
      keyword: 'deploy',
      sort_key: 'name',
      author: 'ada',
    });
    expect(entry!.request.headers).toMatchObject({
      'x-auth': '••••',
      'x-sig': '••••',
      'proxy-authorization': 'Basic ••••',
      'x-session-id': '••••',
      'x-user-password': '••••',
      passwd: '••••',
      keyword: 'deploy',
      'x-author': 'ada',
    });
    expectNoSecrets(mock.requests.all(), [
      'q-auth1',
      'q-sig12',
      'q-tok12',
      'q-key12',
      'q-sign1',
      'h-auth12',
      'h-sig123',
      'h-basic1',
      'h-sess12',
      'h-pass12',
      'h-pwd123',
    ]);
  });

  it('marks a 429 and the SDK call that repeats it as a retry of it', async () => {
    const mock = createMessagingMock();
    mock.faults.status('POST /api/bot/messages', 429, { retryAfter: 0 });
    await bot(mock).sendDirectMessage({ to: { email: mock.employees.first.email }, body: 'hi' });
    const [limited, retried] = mock.requests.all();
    expect(limited).toMatchObject({ status: 429, fault: { kind: 'status', status: 429 }, retry: false });
    expect(limited!.response?.headers['retry-after']).toBe('0');
    expect(retried).toMatchObject({ status: 201, fault: undefined, retry: true, retryOf: limited!.id });
  });

  it('does not take the same request after a success for a retry', async () => {
    const mock = createMessagingMock();
    const client = bot(mock);
    await client.postAnnouncement({ title: 'Twice', body: 'same' });
    await client.postAnnouncement({ title: 'Twice', body: 'same' });
    expect(mock.requests.all().map((r) => r.retry)).toEqual([false, false]);
    await client.postAnnouncement({ title: 'Other', body: 'body' });
    mock.faults.status('POST /api/bot/announcements', 503);
    await client.postAnnouncement({ title: 'After 503', body: 'x' }).catch(() => undefined);
    // A POST is not retried after a 503; the user sends it again by hand: it looks like a retry.
    await client.postAnnouncement({ title: 'After 503', body: 'x' });
    expect(mock.requests.all().map((r) => [r.status, r.retry])).toEqual([
      [201, false],
      [201, false],
      [201, false],
      [503, false],
      [201, true],
    ]);
  });

  it('is emptied by reset(), bounded by requestLogLimit, and off at 0', async () => {
    const mock = createMessagingMock({ requestLogLimit: 2 });
    const client = bot(mock);
    for (const title of ['one', 'two', 'three']) await client.postAnnouncement({ title, body: 'b' });
    expect(mock.requests.size).toBe(2);
    expect(
      mock.requests.all().map((r) => (r.request.body.kind === 'json' ? (r.request.body.value as { title: string }).title : '')),
    ).toEqual(['two', 'three']);
    expect(mock.requests.get(mock.requests.last()!.id)).toBe(mock.requests.last());
    expect([...mock.requests]).toHaveLength(2);
    mock.reset();
    expect(mock.requests.size).toBe(0);
    const off = createMessagingMock({ requestLogLimit: 0 });
    await bot(off).postAnnouncement({ title: 't', body: 'b' });
    expect(off.requests.size).toBe(0);
  });

  it('tells subscribers when a request starts, when it is answered, and when the log is cleared', async () => {
    const mock = createMessagingMock();
    const events: string[] = [];
    const stop = mock.requests.subscribe((event: RequestLogEvent) => {
      events.push(event.type === 'cleared' ? 'cleared' : `${event.type} ${event.entry.outcome}`);
    });
    await bot(mock).postAnnouncement({ title: 't', body: 'b' });
    mock.reset();
    stop();
    await bot(mock).postAnnouncement({ title: 't', body: 'b' });
    expect(events).toEqual(['started pending', 'finished answered', 'updated answered', 'cleared']);
  });

  it('records requests that arrive through MSW handlers', async () => {
    const mock = createMessagingMock({ baseUrl: 'https://log-msw.messaging.test' });
    const server = setupServer(...mock.handlers);
    server.listen({ onUnhandledFrame: 'error' });
    try {
      const client = new MessagingClient({ baseUrl: mock.baseUrl, botKey: mock.botKey });
      await client.postAnnouncement({ title: 'via msw', body: 'b' });
      expect(mock.requests.last()).toMatchObject({ status: 201, request: { body: { kind: 'json', value: { title: 'via msw' } } } });
    } finally {
      server.close();
    }
  });
});

describe('the request log of the warehouse mock', () => {
  let mock: WarehouseMock;
  beforeAll(() => {
    mock = createWarehouseMock({ inboundOrders: 30, shipments: 5 });
  });

  it('keeps the query, the X-Warehouse-Id, and the start of a long answer', async () => {
    mock.reset();
    await warehouse(mock).inbound.list({ limit: 25, sort_key: 'quantity', sort_order: 'asc' });
    const entry = mock.requests.last()!;
    expect(entry.path).toMatch(/^\/api\/v1\/inbound\?(?=.*limit=25)(?=.*sort_key=quantity)(?=.*sort_order=asc)/);
    expect(entry.request.headers).toMatchObject({ authorization: 'ApiKey ••••', 'x-warehouse-id': mock.warehouseId });
    expect(entry.response?.body).toMatchObject({ kind: 'text', truncated: true });
    if (entry.response?.body.kind === 'text') {
      expect(entry.response.body.text.length).toBeLessThanOrEqual(4096);
      expect(entry.response.body.bytes).toBeGreaterThan(4096);
    }
    expectNoSecrets(mock.requests.all(), [mock.apiKey]);
  });

  it('marks a GET retried after a dropped connection and after a hang past the timeout', async () => {
    mock.reset();
    mock.faults.add({ route: 'GET /api/v1/shipments', fault: { drop: true } });
    await warehouse(mock).shipments.list({ limit: 2 });
    mock.faults.add({ route: 'GET /api/v1/inbound', fault: { hang: 5_000 } });
    await warehouse(mock, { timeout: 100 }).inbound.list({ limit: 2 });
    const [dropped, afterDrop, hung, afterHang] = mock.requests.all();
    expect(dropped).toMatchObject({ outcome: 'dropped', status: null, fault: { kind: 'drop' }, response: undefined });
    expect(afterDrop).toMatchObject({ outcome: 'answered', status: 200, retry: true, retryOf: dropped!.id });
    expect(hung).toMatchObject({ outcome: 'aborted', status: null, fault: { kind: 'hang' } });
    expect(afterHang).toMatchObject({ status: 200, retry: true, retryOf: hung!.id });
  });

  it('records a form as its fields, with each file by name, type and size', async () => {
    mock.reset();
    await warehouse(mock).inbound.create({
      ...TWO_STEP_ORDER,
      retailer: 'Target <b>',
      tracking_numbers: ['1ZA', '1ZB'],
      shipping_label_files: new File(['%PDF-1.7 label'], 'label.pdf', { type: 'application/pdf' }),
    });
    const body = mock.requests.last()!.request.body;
    expect(body.kind).toBe('multipart');
    if (body.kind !== 'multipart') return;
    expect(body.complete).toBe(true);
    expect(body.parts).toContainEqual({ name: 'retailer', value: 'Target <b>' });
    expect(body.parts.filter((p) => p.name === 'tracking_numbers').map((p) => p.value)).toEqual(['1ZA', '1ZB']);
    expect(body.parts).toContainEqual({ name: 'shipping_label_files', file: { name: 'label.pdf', type: 'application/pdf', size: 14 } });
  });

  it('counts a 5 MB CSV upload and keeps only its first lines', async () => {
    mock.reset();
    // 2,000 rows with 2,500 characters of notes each: 5 MB that the log must not keep.
    const notes = 'n'.repeat(2_500);
    const row = ['01/15/2025', 'Costco', 'A-1', 'Mug', 'Blue', 'BR-1', '4', 'B0X', '2', '5', 'fba', '', '', notes, '', '', '', ''].join(
      ',',
    );
    const lines = [BULK_CSV_COLUMNS.join(','), ...Array.from({ length: 2_000 }, () => row)];
    const csv = `${lines.join('\r\n')}\r\n`;
    await warehouse(mock).inbound.createBulk(csv);
    expect(mock.state.inboundOrders).toHaveLength(2_030);
    const body = mock.requests.last()!.request.body;
    if (body.kind !== 'multipart') throw new Error(`expected multipart, got ${body.kind}`);
    const file = body.parts.find((p) => p.file)?.file;
    expect(file?.size).toBe(new TextEncoder().encode(csv).byteLength);
    expect(file?.firstLines).toEqual(lines.slice(0, 2).map((line) => line.slice(0, 300)));
    expect(body.bytes).toBeGreaterThan(5_000_000);
    expect(JSON.stringify(mock.requests.last()).length).toBeLessThan(10_000);
  });
});

describe('which request a request repeats (property)', () => {
  it('the newest earlier one still in the log with the same method, path, credential and body, when it failed', async () => {
    const request = fc.record({ fingerprint: fc.constantFrom('a', 'b', 'c'), status: fc.constantFrom(200, 201, 429, 500, 503) });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 6 }), fc.array(request, { maxLength: 40 }), async (limit, requests) => {
        const log = new RequestLog('messaging', { limit });
        const entries: LoggedRequest[] = [];
        const expected: (number | undefined)[] = [];
        for (const { fingerprint, status } of requests) {
          const pending = log.start({ method: 'POST', path: '/p', route: undefined, headers: {} })!;
          // The model: among the entries the log still keeps (its last `limit`), the newest earlier one like it.
          const earlier = entries.slice(Math.max(0, entries.length + 1 - limit)).findLast((e) => fingerprintOf.get(e) === fingerprint);
          expected.push(earlier && (earlier.status ?? 0) >= 429 ? earlier.id : undefined);
          pending.answer({ outcome: 'answered', status, fault: undefined, response: undefined });
          await pending.settle({ kind: 'none' }, fingerprint);
          fingerprintOf.set(pending.entry, fingerprint);
          entries.push(pending.entry);
        }
        expect(entries.map((e) => e.retryOf)).toEqual(expected);
        expect(entries.map((e) => e.retry)).toEqual(expected.map((id) => id !== undefined));
      }),
      { numRuns: 300 },
    );
  });
});

const fingerprintOf = new WeakMap<LoggedRequest, string>();
