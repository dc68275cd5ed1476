/**
 * The query of the list endpoints, read the way the SDK writes it (repeated keys for arrays,
 * plain integers) and checked with the SDK's own parameter schema, and the page it selects.
 */
import type * as z from 'zod/mini';
import { checkValue } from '../../core/validation.js';
import { WAREHOUSE_LIMITS } from '../../warehouse/limits.js';
import type { inboundListParamsSchema, shipmentListParamsSchema } from '../../warehouse/schemas.js';
import { readNumber } from '../../warehouse/wire-format.js';

type ParamsSchema = typeof inboundListParamsSchema | typeof shipmentListParamsSchema;

export interface ListQuery {
  offset: number;
  limit: number;
  sortKey: string;
  sortOrder: 'asc' | 'desc';
  /** Every other parameter, as the schema parsed it (filters, `lang`, `shipment_id`). */
  filters: Record<string, unknown>;
}

/** A query parameter read back into the value its schema checks: a list for an array member, a number for offset and limit. */
function decode(params: URLSearchParams, schema: ParamsSchema): Record<string, unknown> {
  const shape = schema.shape as Record<string, { _zod: { def: { type: string; innerType?: { _zod: { def: { type: string } } } } } }>;
  const query: [string, unknown][] = [];
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    const def = shape[name]?._zod.def;
    const inner = def?.type === 'optional' ? def.innerType?._zod.def.type : def?.type;
    if (inner === 'array') query.push([name, values]);
    else if (values.length > 1)
      query.push([name, values]); // given twice: refused as not a single value
    else if (name === 'offset' || name === 'limit') query.push([name, readNumber(values[0]!) ?? values[0]]);
    else query.push([name, values[0]]);
  }
  // fromEntries defines own members, so a parameter named `__proto__` is refused as unknown.
  return Object.fromEntries(query);
}

/** Reads and checks a list's query; every problem is reported, unknown parameters included. */
export function parseListQuery(params: URLSearchParams, schema: ParamsSchema): ListQuery | string[] {
  const result = checkValue(schema, decode(params, schema));
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
