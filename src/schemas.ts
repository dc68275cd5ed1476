/**
 * opslink/schemas: the zod schemas of both services' requests and responses, for forms,
 * imports and contract tests. Each gives the same verdict as the clients' pre-flight and the
 * same issues at the same paths (the pre-flight runs checks generated from these schemas, held
 * to them by properties; `opslink` words zod's type issues its own way: "must be a string, not
 * a number"). The clients' entries hold none of them, so a page that never imports this entry
 * never loads zod.
 *
 * Guide: [checks before sending](../docs/validation.md#opslinkschemas).
 * @module opslink/schemas
 */
export { channelMessageSchema, embedSchema, strictChannelMessageSchema, strictEmbedSchema } from './messaging/channel-schemas.js';
export { announcementSchema, directMessageSchema } from './messaging/schemas.js';
export { inboundOrderSchema, shipmentDetailSchema, shipmentSchema } from './warehouse/responses.js';
// The update's members alone, as `inboundOrderCreateObject` is the create's: the rules need the order's state to be whole.
export {
  inboundListParamsSchema,
  inboundOrderCreateObject,
  inboundOrderCreateSchema,
  inboundOrderRowSchema,
  inboundOrderUpdateSchema as inboundOrderUpdateObject,
  shipmentListParamsSchema,
} from './warehouse/schemas.js';
export { inboundOrderUpdateSchema } from './warehouse/update-schema.js';
