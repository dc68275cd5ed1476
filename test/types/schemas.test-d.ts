/**
 * The zod schemas are `opslink/schemas`'s, and only its: a page that imports the clients'
 * entries cannot name one (`@ts-expect-error` below fails the type check if an entry exports
 * one again). Each schema parses to the type the clients take or return.
 */

import type { DirectMessageInput, InboundOrder, InboundOrderCreate, InboundOrderRow, Shipment, ShipmentDetail } from 'opslink';
// @ts-expect-error the clients' entries export no zod schema (0.4.0)
import { directMessageSchema as fromRoot } from 'opslink';
// @ts-expect-error not from opslink/messaging either
import { embedSchema as fromMessaging } from 'opslink/messaging';
import {
  announcementSchema,
  channelMessageSchema,
  type directMessageSchema,
  embedSchema,
  inboundListParamsSchema,
  type inboundOrderCreateSchema,
  type inboundOrderRowSchema,
  type inboundOrderSchema,
  inboundOrderUpdateSchema,
  type shipmentDetailSchema,
  shipmentListParamsSchema,
  type shipmentSchema,
} from 'opslink/schemas';
// @ts-expect-error nor from opslink/warehouse
import { inboundOrderSchema as fromWarehouse } from 'opslink/warehouse';
import { describe, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';

describe('opslink/schemas', () => {
  it('holds every schema, each typed as the clients take or return', () => {
    expectTypeOf<z.input<typeof directMessageSchema>>().toEqualTypeOf<DirectMessageInput>();
    expectTypeOf<InboundOrderRow>().toExtend<z.input<typeof inboundOrderRowSchema>>();
    expectTypeOf<InboundOrderCreate>().toExtend<z.input<typeof inboundOrderCreateSchema>>();
    expectTypeOf<z.output<typeof inboundOrderSchema>>().toExtend<Partial<InboundOrder>>();
    expectTypeOf<z.output<typeof shipmentSchema>>().toExtend<Partial<Shipment>>();
    expectTypeOf<z.output<typeof shipmentDetailSchema>>().toExtend<Partial<ShipmentDetail>>();
    for (const schema of [
      announcementSchema,
      channelMessageSchema,
      embedSchema,
      inboundListParamsSchema,
      inboundOrderUpdateSchema,
      shipmentListParamsSchema,
    ])
      expectTypeOf(schema.safeParse).toBeFunction();
  });

  it('leaves the clients’ entries without one', () => {
    expectTypeOf([fromRoot, fromMessaging, fromWarehouse]).toBeArray();
  });
});
