/**
 * Request checks of `PUT /inbound/{order_id}` with the SDK's own schema: each member's name
 * and type, as `inbound.update` checks it before sending. The update rules (`rules.ts`) come
 * after these, on the merged state.
 */
import type * as z from 'zod/mini';
import { checkValue } from '../../core/validation.js';
import { inboundOrderUpdateSchema } from '../../warehouse/schemas.js';
import { LIST_TO_UPDATE_NAMES } from '../../warehouse/update-patch.js';
import type { Checked } from '../kit/common.js';
import type { InboundOrderRecord } from './records.js';

/**
 * Body of `PUT /inbound/{order_id}`, with the update's own member names, as the mock stores it.
 * @example
 * ```ts
 * const patch: MockInboundPatch = { fulfilledBy: 'fbm', amazonSKU: 'X-1042', listPrice: 19.99 };
 * const order = mock.state.inboundOrders[0]!;
 * expect(mockUpdateViolations(order, patch, mock.settings)).toContain('fbm_amazon_sku_prefix');
 * ```
 */
export type MockInboundPatch = Omit<z.output<typeof inboundOrderUpdateSchema>, 'date'> & { date?: string };

/** Update member name → the record field it writes: the SDK's list-to-update map, turned round. */
const FIELD_OF = Object.fromEntries(Object.entries(LIST_TO_UPDATE_NAMES).map(([list, update]) => [update, list])) as Record<
  keyof MockInboundPatch,
  keyof InboundOrderRecord
>;

/** The stored field an update member writes. */
export function patchField(name: keyof MockInboundPatch): keyof InboundOrderRecord {
  return FIELD_OF[name];
}

/** Checks an update body: a JSON object whose members are known and of the right type. */
export function checkPatch(body: unknown): Checked<MockInboundPatch> {
  const result = checkValue(inboundOrderUpdateSchema, body);
  if (result.ok) return { ok: true, value: result.value as MockInboundPatch };
  return { ok: false, errors: result.issues.map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`) };
}
