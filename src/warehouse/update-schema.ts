/**
 * The update schema `opslink/schemas` exports: the members' checks, then the rules between
 * them that the patch alone decides (`checkInboundUpdate` without the current order), as
 * `inbound.update`'s pre-flight runs them, so the two give the same verdict, issues and
 * paths. The clients, the mock and the command line read the members' schema
 * (`warehouse/schemas.ts`) and run the rules themselves, with the current order when they have it.
 */
import * as z from 'zod/mini';
import { checkInboundUpdate, violationIssue } from './check-update.js';
import { inboundOrderUpdateSchema as members } from './schemas.js';

/**
 * A change to an inbound order (`inbound.update`), member names as the update endpoint
 * spells them (`orderNumber`, `brandSKU`, `cogs`, not the list's `order_number`,
 * `brand_sku`, `unit_cost`). Once the members pass, the rules the patch alone decides
 * (`checkInboundUpdate` without the current order), each at its field: `inbound.update` given
 * the current order also checks the rules of the merged state, which no schema can see.
 * @example
 * ```ts
 * inboundOrderUpdateSchema.safeParse({ order_number: 'PO-1002' }).success; // false: the update member is orderNumber
 * inboundOrderUpdateSchema.safeParse({ orderNumber: 'PO-1002', cogs: 9.5 }).success; // true
 * inboundOrderUpdateSchema.safeParse({ fulfilledBy: 'fbm', listPrice: 0 }).success; // false: fbm orders need a list price
 * ```
 */
export const inboundOrderUpdateSchema = members.check(
  z.superRefine(
    (patch, ctx) => {
      for (const violation of checkInboundUpdate(patch))
        ctx.addIssue({ code: 'custom', ...violationIssue(violation), input: patch[violation.field] });
    },
    // As the pre-flight: the rules are read once every member passed its own check.
    { when: (payload) => payload.issues.length === 0 },
  ),
);
