/**
 * `strictResponseValidation` and `hooks.onResponseMismatch` are client options like the
 * others: checked when the client is made, carried by `withOptions` and `fromEnv(overrides)`,
 * and a hook that throws never breaks the read it reports on.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigurationError, ResponseValidationError, WarehouseClient } from '../../src/index.js';
import { jsonResponse, ORDER_ID, SHIPMENT_DETAIL, scriptedFetch } from '../support/scripted-fetch.js';

const detail = () =>
  jsonResponse(200, {
    status: 'success',
    message: 'ok',
    data: { shipment: { ...SHIPMENT_DETAIL, shipped_at: null, orders: [], boxes: [], services: [], trackings: [] } },
    errors: null,
  });
const options = { baseUrl: 'https://api.example.test', apiKey: 'wh-key-1', warehouseId: 'wh' };

afterEach(() => vi.unstubAllEnvs());

describe('strictResponseValidation and onResponseMismatch as client options', () => {
  it('withOptions turns strict on and off; the original keeps its own', async () => {
    const tolerant = new WarehouseClient({ ...options, fetch: scriptedFetch(detail()) });
    const strict = tolerant.withOptions({ strictResponseValidation: true });
    await expect(strict.shipments.retrieve(ORDER_ID)).rejects.toBeInstanceOf(ResponseValidationError);
    await expect(tolerant.shipments.retrieve(ORDER_ID)).resolves.toMatchObject({ shipped_at: null });
    await expect(strict.withOptions({ strictResponseValidation: false }).shipments.retrieve(ORDER_ID)).resolves.toMatchObject({
      shipped_at: null,
    });
    await expect(strict.withOptions({ strictResponseValidation: undefined }).shipments.retrieve(ORDER_ID)).rejects.toBeInstanceOf(
      ResponseValidationError,
    );
  });

  it('fromEnv takes it among its overrides', async () => {
    vi.stubEnv('OPSLINK_WAREHOUSE_API_KEY', 'wh-key-1');
    vi.stubEnv('OPSLINK_WAREHOUSE_ID', 'wh');
    vi.stubEnv('OPSLINK_WAREHOUSE_URL', 'https://api.example.test');
    const client = WarehouseClient.fromEnv({ strictResponseValidation: true, fetch: scriptedFetch(detail()) });
    await expect(client.shipments.retrieve(ORDER_ID)).rejects.toBeInstanceOf(ResponseValidationError);
  });

  it('refuses a strictResponseValidation that is not a boolean, and an onResponseMismatch that is not a function', () => {
    const bad = () => new WarehouseClient({ ...options, strictResponseValidation: 'yes' as unknown as boolean });
    expect(bad).toThrow(ConfigurationError);
    expect(bad).toThrow(/strictResponseValidation: must be true or false/);
    const hook = () => new WarehouseClient({ ...options, hooks: { onResponseMismatch: 5 as unknown as () => void } });
    expect(hook).toThrow(/hooks: must be an object of onRequest, onResponse, onRetry and onResponseMismatch functions/);
  });

  it('a hook that throws, or rejects, is logged and the read resolves', async () => {
    const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    for (const onResponseMismatch of [
      () => {
        throw new TypeError('boom');
      },
      async () => Promise.reject(new RangeError('later')),
    ]) {
      const client = new WarehouseClient({
        ...options,
        fetch: scriptedFetch(detail()),
        logger,
        logLevel: 'warn',
        hooks: { onResponseMismatch },
      });
      await expect(client.shipments.retrieve(ORDER_ID)).resolves.toMatchObject({ shipped_at: null });
    }
    await vi.waitFor(() =>
      expect(logger.warn.mock.calls.map(([l]) => String(l)).filter((l) => /onResponseMismatch threw/.test(l))).toHaveLength(2),
    );
  });
});
