/**
 * The query of the list endpoints (offset, limit, sort, array filters), read and checked,
 * and the page it selects.
 */
import { WAREHOUSE_LIMITS } from '../../core/limits.js';

const POSITIVE_INTEGER = /^[1-9]\d*$/;

export interface ListQuery {
  offset: number;
  limit: number;
  sortKey: string;
  sortOrder: 'asc' | 'desc';
  arrays: Map<string, string[]>;
  scalars: Map<string, string>;
}

export interface ListSpec {
  sortFields: readonly string[];
  /** Whether `limit=-1` (every record) is documented for this list. */
  allowAll: boolean;
  arrays: Record<string, readonly string[]>;
  extraScalars: readonly string[];
}

/** Reads and checks a list's query; every problem is reported, unknown parameters included. */
export function parseListQuery(params: URLSearchParams, spec: ListSpec): ListQuery | string[] {
  const errors: string[] = [];
  const scalarNames = ['offset', 'limit', 'sort_key', 'sort_order', ...spec.extraScalars];
  for (const name of new Set(params.keys())) {
    if (!scalarNames.includes(name) && !Object.hasOwn(spec.arrays, name)) errors.push(`unknown query parameter '${name}'`);
  }
  const scalars = new Map<string, string>();
  for (const name of scalarNames) {
    const values = params.getAll(name);
    if (values.length > 1) errors.push(`${name} must be given once`);
    if (values[0] !== undefined) scalars.set(name, values[0]);
  }

  let offset = 0;
  const offsetText = scalars.get('offset');
  if (offsetText !== undefined) {
    if (/^\d+$/.test(offsetText)) offset = Number(offsetText);
    else errors.push('offset must be a non-negative integer');
  }
  let limit: number = WAREHOUSE_LIMITS.defaultPageSize;
  const limitText = scalars.get('limit');
  if (limitText !== undefined) {
    if (spec.allowAll && limitText === String(WAREHOUSE_LIMITS.allRecords)) limit = WAREHOUSE_LIMITS.allRecords;
    else if (POSITIVE_INTEGER.test(limitText)) limit = Number(limitText);
    else
      errors.push(
        spec.allowAll ? `limit must be a positive integer or ${WAREHOUSE_LIMITS.allRecords}` : 'limit must be a positive integer',
      );
  }
  const sortKey = scalars.get('sort_key') ?? 'created_at';
  if (!spec.sortFields.includes(sortKey)) errors.push(`sort_key must be one of ${spec.sortFields.join(', ')}`);
  const sortOrder = scalars.get('sort_order') ?? 'desc';
  if (sortOrder !== 'asc' && sortOrder !== 'desc') errors.push('sort_order must be asc or desc');

  const arrays = new Map<string, string[]>();
  for (const [name, allowed] of Object.entries(spec.arrays)) {
    const raw = params.getAll(name);
    if (raw.length === 0) continue;
    // Repeated keys are the SDK's encoding; one comma-separated value is accepted as well.
    const values = raw.flatMap((v) => v.split(',')).map((v) => v.trim());
    for (const value of values) if (!allowed.includes(value)) errors.push(`${name}: '${value}' is not one of ${allowed.join(', ')}`);
    arrays.set(name, values);
  }
  if (errors.length > 0) return errors;
  return { offset, limit, sortKey, sortOrder: sortOrder as 'asc' | 'desc', arrays, scalars };
}

export function page<T>(records: T[], query: ListQuery): T[] {
  return query.limit === WAREHOUSE_LIMITS.allRecords
    ? records.slice(query.offset)
    : records.slice(query.offset, query.offset + query.limit);
}
