/**
 * The query of the list endpoints, read the way the SDK writes it (`readListQuery`: repeated
 * keys for arrays, plain integers) and checked with the SDK's own parameter schema, and the page it selects.
 */
import type * as z from 'zod/mini';
import { checkValue } from '../../core/validation.js';
import { WAREHOUSE_LIMITS } from '../../warehouse/limits.js';
import type { inboundListParamsSchema, shipmentListParamsSchema } from '../../warehouse/schemas.js';
import { readListQuery } from '../../warehouse/wire-format.js';

type ParamsSchema = typeof inboundListParamsSchema | typeof shipmentListParamsSchema;

export interface ListQuery {
  offset: number;
  limit: number;
  sortKey: string;
  sortOrder: 'asc' | 'desc';
  /** Every other parameter, as the schema parsed it (filters, `lang`, `shipment_id`). */
  filters: Record<string, unknown>;
}

/** Reads and checks a list's query; every problem is reported, unknown parameters included. */
export function parseListQuery(params: URLSearchParams, schema: ParamsSchema): ListQuery | string[] {
  const result = checkValue(schema, readListQuery(params, schema.shape));
  if (!result.ok) return result.issues.map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`);
  const {
    offset = 0,
    limit = WAREHOUSE_LIMITS.defaultPageSize,
    sort_key = 'created_at',
    sort_order = 'desc',
    ...filters
  } = result.value as z.output<ParamsSchema>;
  return { offset, limit, sortKey: sort_key, sortOrder: sort_order, filters };
}

export function page<T>(records: T[], query: ListQuery): T[] {
  return query.limit === WAREHOUSE_LIMITS.allRecords
    ? records.slice(query.offset)
    : records.slice(query.offset, query.offset + query.limit);
}
