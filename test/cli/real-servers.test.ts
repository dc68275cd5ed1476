/**
 * The command, run in this process, against a server the SDK did not write, drifting the way
 * real services do (`test/support/document-server.ts`): `shipments list`, `shipments get` and `orders list`
 * print what they got in every format (a `null` as an empty cell, text where a number was
 * documented, a status the document does not list), exit 0, and say once on stderr which
 * members broke the document, naming members, never values or keys.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/warehouse/csv-check.js';
import { type DocumentServer, startDocumentServer } from '../support/document-server.js';
import { lines, runInProcess } from './helpers.js';

let server: DocumentServer;
let env: Record<string, string>;
beforeAll(async () => {
  server = await startDocumentServer({ drift: true });
  env = { OPSLINK_WAREHOUSE_URL: server.url, OPSLINK_WAREHOUSE_API_KEY: server.apiKey, OPSLINK_WAREHOUSE_ID: server.warehouseId };
});
afterAll(() => server.close());

const FORMATS = ['json', 'ndjson', 'csv', 'table'] as const;

describe.each(FORMATS)('against a drifting service, --format %s', (format) => {
  const ok = (result: { code: number | null; stderr: string }) => {
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain(server.apiKey);
    expect(result.stderr).not.toMatch(/cancelled|tiktok/);
  };

  it('shipments list: every shipment, nulls and unknown values as received', async () => {
    const result = await runInProcess(['shipments', 'list', '--format', format], { env: { ...env, COLUMNS: '200' } });
    ok(result);
    expect(result.stderr).toContain('data.shipments[].shipped_at');
    if (format === 'json') {
      const shipments = JSON.parse(result.stdout) as Record<string, unknown>[];
      expect(shipments).toHaveLength(12);
      expect(shipments.map((s) => s.status)).toContain('cancelled');
      expect(shipments.filter((s) => s.shipped_at === null).length).toBeGreaterThan(0);
      expect(shipments[0]!.total_quantity_shipped).toBeTypeOf('string');
    } else if (format === 'ndjson') {
      expect(lines(result.stdout)).toHaveLength(12);
    } else if (format === 'csv') {
      const csv = parseCsv(result.stdout);
      if ('error' in csv) throw new Error(csv.error);
      const [header, ...rows] = csv.records.map((r) => r.fields);
      expect(rows).toHaveLength(12);
      const shippedAt = header!.indexOf('shipped_at');
      expect(rows.filter((r) => r[shippedAt] === '').length).toBeGreaterThan(0);
      expect(rows.map((r) => r[header!.indexOf('status')])).toContain('cancelled');
    } else {
      expect(lines(result.stdout)).toHaveLength(13);
      expect(result.stdout).toContain('cancelled');
      expect(result.stdout).not.toContain('null');
    }
  });

  it('shipments get: a shipment never shipped, its rate_id null', async () => {
    const id = server.shipments[2]!.shipment_id as string;
    const result = await runInProcess(['shipments', 'get', id, '--format', format], { env: { ...env, COLUMNS: '200' } });
    ok(result);
    expect(result.stderr).toContain('data.shipment.shipped_at');
    if (format === 'json' || format === 'ndjson')
      expect(JSON.parse(result.stdout)).toMatchObject({ shipment_id: id, shipped_at: null, status: 'cancelled' });
    else expect(result.stdout).toContain(id);
    const shipped = server.shipments[4]!.shipment_id as string;
    const detail = await runInProcess(['shipments', 'get', shipped, '--format', format], { env: { ...env, COLUMNS: '200' } });
    ok(detail);
    if (format === 'json') expect(JSON.parse(detail.stdout).trackings[0].rate_id).toBeNull();
  });

  it('orders list: quantities sent as text, lists sent as null, an unknown fulfillment type', async () => {
    const result = await runInProcess(['orders', 'list', '--format', format, '--sort-order', 'asc'], { env: { ...env, COLUMNS: '200' } });
    ok(result);
    expect(result.stderr).toContain('data.orders[].quantity');
    if (format === 'json') {
      const orders = JSON.parse(result.stdout) as Record<string, unknown>[];
      expect(orders).toHaveLength(server.orders.length);
      expect(orders[1]).toMatchObject({ fulfillment_type: 'tiktok', quantity: '13' });
      expect(orders[0]!.tracking_numbers).toBeNull();
    } else if (format === 'csv') {
      const csv = parseCsv(result.stdout);
      if ('error' in csv) throw new Error(csv.error);
      const [header, ...rows] = csv.records.map((r) => r.fields);
      expect(rows).toHaveLength(server.orders.length);
      expect(rows[0]![header!.indexOf('tracking_numbers')]).toBe('');
      expect(rows[1]![header!.indexOf('quantity')]).toBe('13');
    } else {
      expect(lines(result.stdout).length).toBeGreaterThanOrEqual(server.orders.length);
    }
  });
});
