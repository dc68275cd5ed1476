/**
 * Paging limits of the warehouse document: `limit` defaults to 200, and on the inbound list
 * a `limit` of -1 returns all records.
 * @example
 * ```ts
 * const everything = await warehouse.inbound.list({ limit: WAREHOUSE_LIMITS.allRecords });
 * console.log(everything.items.length === everything.total);
 * ```
 */
export const WAREHOUSE_LIMITS = {
  /** `limit` when none is sent. */
  defaultPageSize: 200,
  /** `limit=-1` on the inbound list returns every record in one page. */
  allRecords: -1,
} as const;
