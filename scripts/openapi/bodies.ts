/**
 * Bodies the SDK reads in code rather than with a zod schema (the messaging error body and
 * created announcement, the warehouse envelope), written here as zod schemas over the
 * kit's own building blocks, each member as the service document or the Assumptions
 * table (docs/assumptions.md) states it. Moving them into `src/` beside the code that reads them would make them
 * one source there too; until then, this is where the OpenAPI documents take them from.
 */
import * as z from 'zod/mini';
import { uuid } from '../../src/core/schema-kit.ts';

/**
 * The messaging error body (the document: "Shape of the error response body: not shown").
 * opslink's choice, the messaging mock's body: `message`, and `errors` with one string per
 * problem. The SDK also reads `error` and `error.message`, and keeps any other body whole.
 */
export const messagingErrorBody = z.looseObject({ message: z.string(), errors: z.optional(z.array(z.string())) });

/**
 * A created announcement: "id, title, body, createdAt, createdBy and a like count and a
 * comment count"; the counts' member names are not shown, so they are not typed here.
 */
export const createdAnnouncement = z.looseObject({
  id: z.union([z.string(), z.number()]),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
});

/** A created direct or channel message: "not shown", so any JSON object. */
export const createdMessage = z.looseObject({});

/** The warehouse envelope of a success: `data` as given, `errors` null. */
export function successEnvelope<D extends z.ZodMiniType>(data: D) {
  return z.looseObject({ status: z.literal('success'), message: z.string(), data, errors: z.null() });
}

/** The warehouse envelope of a failure: `data` null, one string per problem in `errors`. */
export const failureEnvelope = z.looseObject({
  status: z.literal('failed'),
  message: z.string(),
  data: z.null(),
  errors: z.array(z.string()),
});

/** `data` of a single-order create: "data.order_id (string, uuid)". */
export const createdOrderData = z.looseObject({ order_id: uuid });
