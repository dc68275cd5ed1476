/**
 * `inboundOrderUpdateSchema` from `opslink/schemas` gives `inbound.update`'s verdict, at the same
 * paths, for any patch (API.md "Also exported"): the members' checks, then the rules the patch
 * alone decides (an fbm list price of 0, an fbm Amazon SKU without PFL, a pack size that is
 * not a positive integer or does not divide the quantity). Before, the schema passed every
 * patch whose members passed, and the client then refused it (an outside test's finding).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RequestValidationError, WarehouseClient } from '../../src/index.js';
import { inboundOrderUpdateSchema } from '../../src/schemas.js';
import { scriptedFetch } from '../support/scripted-fetch.js';

const ORDER_ID = '0b9d7c4e-2f3a-4b5c-8d9e-0f1a2b3c4d5e';
const sent = scriptedFetch(() => Response.json({ status: 'success', message: 'ok', data: null, errors: null }));
const warehouse = new WarehouseClient({
  baseUrl: 'https://api.example.test',
  apiKey: 'wh-key-1',
  warehouseId: 'wh',
  fetch: sent,
  maxRetries: 0,
});

/** Patches near every rule's edge, now and then with a member of the wrong type or one the endpoint does not know. */
const patch = fc.record(
  {
    fulfilledBy: fc.constantFrom('fbm', 'fba', 'wfs', 'two-step', 'FBM'),
    sold_as: fc.constantFrom('individual', 'bundle', 'multi-pack', 'case'),
    units_per_pack: fc.oneof(fc.integer({ min: -2, max: 12 }), fc.constantFrom(1.5, Number.NaN, '4')),
    quantity: fc.oneof(fc.integer({ min: -1, max: 48 }), fc.constantFrom(2.5, '12')),
    listPrice: fc.oneof(fc.constantFrom(0, -0, 9.99, 120), fc.double({ noNaN: true, min: -5, max: 50 }), fc.constant('ten')),
    amazonSKU: fc.constantFrom('PFL-1', 'ABC-1', '', 'pfl-1', 7),
    orderNumber: fc.constantFrom('PO-1002', ''),
    order_number: fc.constant('PO-1002'),
  },
  { requiredKeys: [] },
);

/** The pre-flight's verdict: the paths and messages of its refusal, or `undefined` when it let the patch go. */
async function preflight(input: Record<string, unknown>) {
  const error = await warehouse.inbound.update(ORDER_ID, input as never).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (error === undefined) return undefined;
  expect(error).toBeInstanceOf(RequestValidationError);
  return (error as RequestValidationError).issues.map((issue) => ({
    path: issue.path,
    rule: /\[[a-z_]+\]$/.test(issue.message) ? issue.message : '',
  }));
}

describe('opslink/schemas inboundOrderUpdateSchema', () => {
  it('refuses exactly the patches inbound.update refuses (without the current order), at the same paths, with the same rule messages', async () => {
    await fc.assert(
      fc.asyncProperty(patch, async (input) => {
        const result = inboundOrderUpdateSchema.safeParse(input);
        const schema = result.success
          ? undefined
          : result.error.issues.map((issue) => ({
              path: issue.path,
              rule: /\[[a-z_]+\]$/.test(issue.message) ? issue.message : '',
            }));
        expect(schema).toEqual(await preflight(input));
      }),
      { numRuns: 400 },
    );
  });

  it("refuses the outside test's cases, each at the rule's member", () => {
    for (const [input, path] of [
      [{ sold_as: 'bundle', units_per_pack: -1 }, 'units_per_pack'],
      [{ sold_as: 'multi-pack', units_per_pack: 2, quantity: 5 }, 'quantity'],
      [{ fulfilledBy: 'fbm', listPrice: 0 }, 'listPrice'],
      [{ fulfilledBy: 'fbm', amazonSKU: 'ABC' }, 'amazonSKU'],
    ] as const) {
      const result = inboundOrderUpdateSchema.safeParse(input);
      expect(result.success, JSON.stringify(input)).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path)).toEqual([[path]]);
    }
  });
});
