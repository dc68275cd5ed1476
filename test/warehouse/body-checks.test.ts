/**
 * The checks a response body gets (generated from its schema, `body-checks.generated.ts`):
 * they take exactly the bodies the schema takes, and name what breaks in a body as the
 * schema's issues do (the drift and mismatch tests cover what a read then does). Checked
 * against the mock's own list and detail bodies, then those bodies with one member replaced,
 * removed or added (test/core/fast-checks.property.test.ts holds them to the schemas over
 * generated bodies).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import type { Checked } from '../../src/core/validation.js';
import { checkValue } from '../../src/core/validation.js';
import { createWarehouseMock } from '../../src/testing/index.js';
import { checkInboundPage, checkShipmentDetailData, checkShipmentPage } from '../../src/warehouse/body-checks.generated.js';
import { inboundPageSchema, shipmentDetailDataSchema, shipmentPageSchema } from '../../src/warehouse/responses.js';

const warehouse = createWarehouseMock({ inboundOrders: 30, shipments: 10 });
async function data(path: string): Promise<unknown> {
  const headers = { authorization: `ApiKey ${warehouse.apiKey}`, 'x-warehouse-id': warehouse.warehouseId };
  const response = await warehouse.fetch(new Request(`${warehouse.baseUrl}${path}`, { headers }));
  return ((await response.json()) as { data: unknown }).data;
}
const shipmentId = warehouse.state.shipments[0]!.shipment_id;
const bodies: Record<string, { schema: z.ZodMiniType; check: (value: unknown) => Checked<unknown>; data: () => Promise<unknown> }> = {
  'inbound page': { schema: inboundPageSchema, check: checkInboundPage, data: () => data('/inbound?limit=30') },
  'shipment page': { schema: shipmentPageSchema, check: checkShipmentPage, data: () => data('/shipments?limit=10') },
  'shipment detail': { schema: shipmentDetailDataSchema, check: checkShipmentDetailData, data: () => data(`/shipments/${shipmentId}`) },
};

/** Every path to a member or an array element in `value`. */
function pathsOf(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return keys.flatMap((key) => [[...at, key], ...pathsOf((value as Record<string | number, unknown>)[key], [...at, key])]);
}

/** A copy of `value` with the member at `path` set to `replacement` (removed when it is `undefined`). */
function edited(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path.at(-1) as string | number;
  if (replacement === undefined && !Array.isArray(parent)) delete parent[last];
  else parent[last] = replacement;
  return copy;
}

describe('the check of a response body', () => {
  for (const [name, { schema, check, data: read }] of Object.entries(bodies)) {
    it(`takes the ${name} the mock sends, as the schema does`, async () => {
      const body = await read();
      expect(check(body)).toEqual({ ok: true, value: body });
      expect(schema.safeParse(body)).toEqual({ success: true, data: body });
    });

    it(`takes a ${name} with one member changed exactly when the schema does, and names what breaks as it does`, async () => {
      const body = await read();
      const paths = pathsOf(body);
      const replacement = fc.oneof(
        fc.constant(undefined),
        fc.jsonValue({ maxDepth: 2 }),
        fc.constantFrom(1.5, -1, 2 ** 53, '', 'x', null, [], {}),
      );
      fc.assert(
        fc.property(fc.integer({ min: 0, max: paths.length - 1 }), replacement, (i, value) => {
          const changed = edited(body, paths[i]!, value);
          const ours = check(changed);
          const zod = checkValue(schema, changed);
          expect(ours.ok).toBe(zod.ok);
          if (!zod.ok) expect(ours).toEqual(zod);
        }),
        { numRuns: 1000 },
      );
    });
  }
});
