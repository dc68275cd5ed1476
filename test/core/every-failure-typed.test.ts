/**
 * Every failure of a call is an `OpslinkError` that says what happened (API.md "Package",
 * reading answers): a body too deep to write out, a `fetch` option that answers with
 * something that is not a `Response`, bytes that are not text under an error status, and the
 * issue that made a read fail named before the tolerated ones. Whole-process properties over
 * hostile servers are in test/platform/hostile-services.property.test.ts.
 */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BadRequestError, InternalServerError, OpslinkError, ResponseValidationError, WarehouseClient } from '../../src/index.js';
import { API_KEY, jsonResponse, SHIPMENT_DETAIL, WAREHOUSE_ID } from '../support/scripted-fetch.js';

const warehouse = (fetch: typeof globalThis.fetch) =>
  new WarehouseClient({ baseUrl: 'https://api.example.test', apiKey: API_KEY, warehouseId: WAREHOUSE_ID, maxRetries: 0, fetch });

describe('a hostile body is an error of the call, of its own class', () => {
  it('a 400 whose errors nest 30,000 deep, through a client with no key to scrub: BadRequestError, the member said too deep', async () => {
    // Under 64 KiB, so it is parsed (a longer body nested past 1,000 levels is not: bounded-reading.test.ts).
    const depth = 30_000;
    const body = `{"status":"failed","message":"m","errors":[${'['.repeat(depth)}${']'.repeat(depth)}]}`;
    const client = WarehouseClient.viaProxy('https://app.example.test/opslink', {
      maxRetries: 0,
      fetch: async () => new Response(body, { status: 400, headers: { 'content-type': 'application/json' } }),
    });
    const error = await client.shipments.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).errors).toEqual(['(a value too deep to show)']);
  });

  it('a fetch option that resolves with something that is not a Response: an OpslinkError naming the call, not a TypeError', async () => {
    for (const answer of [{}, { status: 200 }, 'text']) {
      const error = await warehouse(async () => answer as unknown as Response)
        .shipments.list()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OpslinkError);
      expect((error as Error).message).toMatch(/^GET \/api\/v1\/shipments failed: TypeError: /);
      expect((error as Error).message).not.toContain(API_KEY);
    }
  });

  it('a 500 whose body is brotli with no Content-Encoding: InternalServerError saying its body is not text, the bytes kept in body', async () => {
    const bytes = zlib.brotliCompressSync(JSON.stringify({ status: 'failed', message: 'x'.repeat(500) }));
    const error = await warehouse(async () => new Response(bytes, { status: 500 }))
      .shipments.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).message).toBe(
      'HTTP 500 (its body is not text: binary, or compressed with no Content-Encoding saying so)',
    );
    expect(typeof (error as InternalServerError).body).toBe('string');
  });

  it('a read that fails names the issue that made it fail first, the tolerated ones after', async () => {
    const shipment = { ...SHIPMENT_DETAIL, shipped_at: 5, status: 7, stage: 8, notes: 9, name: 10 };
    const body = { status: 'success', message: 'ok', data: { shipments: [shipment], results: { offset: 0, limit: 200 } }, errors: null };
    const error = await warehouse(async () => jsonResponse(200, body))
      .shipments.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    const { issues, message } = error as ResponseValidationError;
    expect(issues[0]?.path).toEqual(['data', 'results', 'total']);
    expect(issues.length).toBeGreaterThan(5);
    expect(message).toMatch(/unexpected response body \(data\.results\.total: /);
  });
});
