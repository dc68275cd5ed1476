/**
 * What an APIError says: the server's message, and the first of its `errors` when that
 * message names no cause, so `String(error)` and a log line explain the failure.
 */
import { describe, expect, it } from 'vitest';
import { BadRequestError, VALIDATION_FAILURE_MESSAGE, WarehouseClient } from '../../../src/index.js';
import { jsonResponse, scriptedFetch } from '../../support/scripted-fetch.js';

const ORDER = '0b9d7c4e-2f3a-4b5c-8d9e-0f1a2b3c4d5e';

async function failedUpdate(body: unknown): Promise<BadRequestError> {
  const fetch = scriptedFetch(jsonResponse(400, body));
  const client = new WarehouseClient({ baseUrl: 'https://api.example.test', apiKey: 'wh-key-1', warehouseId: 'wh', fetch });
  const error = await client.inbound.update(ORDER, { quantity: 3 }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(BadRequestError);
  return error as BadRequestError;
}

describe('APIError.message', () => {
  it("follows the warehouse's generic validation message with the first rule broken", async () => {
    const rule = 'quantity of a bundle must be a multiple of units_per_pack';
    const error = await failedUpdate({ status: 'failed', message: VALIDATION_FAILURE_MESSAGE, data: null, errors: [rule] });
    expect(error.message).toBe(`${VALIDATION_FAILURE_MESSAGE} ${rule}`);
    expect(String(error)).toBe(`BadRequestError: ${VALIDATION_FAILURE_MESSAGE} ${rule}`);
    // Code that looks for the server's message still finds it; every rule is still in errors.
    expect(error.message.includes(VALIDATION_FAILURE_MESSAGE)).toBe(true);
    expect(error.errors).toEqual([rule]);
  });

  it('says how many more rules `errors` holds', async () => {
    const error = await failedUpdate({
      status: 'failed',
      message: VALIDATION_FAILURE_MESSAGE,
      data: null,
      errors: ['first', 'second', 'third'],
    });
    expect(error.message).toBe(`${VALIDATION_FAILURE_MESSAGE} first (and 2 more in errors)`);
  });

  it('names the cause when the body has errors and no message', async () => {
    const error = await failedUpdate({ status: 'failed', data: null, errors: ['quantity must be positive'] });
    expect(error.message).toBe('HTTP 400: quantity must be positive');
  });

  it("keeps a message that names its cause as the server's own", async () => {
    const error = await failedUpdate({ status: 'failed', message: 'Order is locked.', data: null, errors: ['locked by a shipment'] });
    expect(error.message).toBe('Order is locked.');
    const quiet = await failedUpdate({ status: 'failed', message: VALIDATION_FAILURE_MESSAGE, data: null, errors: [] });
    expect(quiet.message).toBe(VALIDATION_FAILURE_MESSAGE);
  });
});
