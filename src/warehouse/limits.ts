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
  /**
   * The largest `offset` or `limit` sent (not the document's: a choice, see
   * docs/assumptions.md). Beyond it a number loses digits, and its text turns to `1e+21`.
   */
  largestQueryNumber: Number.MAX_SAFE_INTEGER,
} as const;
