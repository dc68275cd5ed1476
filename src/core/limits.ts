/**
 * One row of a service's limits table: what is limited, where in which request, and the
 * bounds. Each service writes its table once (`MESSAGING_LIMITS`, `WAREHOUSE_LIMITS`); its
 * schemas, their messages, the mocks, the OpenAPI documents and the tests read it. Read the
 * rows to show the same limits in a form (a character counter, a disabled button).
 * @example
 * ```ts
 * function counter(row: LimitRow, value: string): string {
 *   return `${codePointLength(value)} / ${row.max} ${row.unit}`;
 * }
 * counter(MESSAGING_LIMITS.announcementTitle, 'Stocktake Friday 🧾'); // '18 / 150 characters'
 * ```
 */
export interface LimitRow {
  /** The document's own wording. */
  readonly label: string;
  /** Which request it applies to. */
  readonly request: string;
  /** Where it applies inside that request. */
  readonly path: readonly string[];
  /** `characters` for text (Unicode code points), `items` for arrays, `value` for numbers. */
  readonly unit: 'characters' | 'items' | 'value';
  readonly min?: number;
  readonly max: number;
}
