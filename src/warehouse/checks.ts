/**
 * The warehouse schemas' own tests and rules between members, as plain functions without
 * zod: the request and response schemas run them in their checks (`schemas.ts`,
 * `responses.ts`), and the fast checks generated from those schemas
 * (`fast-checks.generated.ts`) call the same functions.
 */
import type { Problem } from '../core/checks.js';
import { isIsoDateTime, isValidDate } from '../internal/dates.js';
import { ASIN_REQUIRED_FOR } from './fields.js';
import { CSV_LIST_SEPARATOR, FORMULA_PREFIXES, readOrderDate } from './wire-format.js';

/** An order date: `MM/DD/YYYY` or `YYYY-MM-DD` text naming a real day, or a valid `Date` (sent as MM/DD/YYYY). */
export function isOrderDate(value: unknown): boolean {
  return typeof value === 'string' ? readOrderDate(value) !== undefined : isValidDate(value);
}

/** `units_per_pack` is a string on the create form; a positive integer, or a string of its digits, is taken. */
export function isPackSize(value: unknown): boolean {
  return typeof value === 'number'
    ? Number.isSafeInteger(value) && value >= 1
    : typeof value === 'string' && /^[1-9]\d*$/.test(value) && Number.isSafeInteger(Number(value));
}

const isBlob = (value: unknown) => typeof Blob !== 'undefined' && value instanceof Blob;

/** A Blob or File, or a non-empty array of them. */
export function isLabelFiles(value: unknown): boolean {
  // Array.from, not every(): a hole in a sparse array is a missing file, not nothing.
  return isBlob(value) || (Array.isArray(value) && value.length > 0 && Array.from(value).every(isBlob));
}

/** `limit` of the inbound list: a positive integer, or -1 for every record. */
export function isInboundLimit(value: number): boolean {
  return value === -1 || value >= 1;
}

/** "ISO 8601 timestamp" in a response: ISO 8601 text of a real date and time (`isIsoDateTime`). */
export function isTimestamp(value: unknown): boolean {
  return typeof value === 'string' && isIsoDateTime(value);
}

/** `data.results` of a list holds its total, as `total` or `total_results`. */
export function holdsTotal(results: { total?: unknown; total_results?: unknown }): boolean {
  return results.total !== undefined || results.total_results !== undefined;
}

/** How deep a bundle item may nest: deeper is a cycle, or no item a warehouse form needs. */
const JSON_DEPTH = 64;
type Path = (string | number)[];

/**
 * Where `value` stops being plain JSON data, and why: what `JSON.stringify` would change or
 * drop (a `toJSON` method, a `Date`, a `Map`, `NaN`, a function) is refused, so what is
 * checked is what is sent. `undefined` members of an object are absent, as in JSON.
 */
function jsonProblem(value: unknown, path: Path, depth = 0): Problem | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : { path, message: `must be a finite number, not ${value}` };
  if (typeof value !== 'object')
    return { path, message: `must be JSON data, not ${typeof value === 'undefined' ? 'undefined' : `a ${typeof value}`}` };
  if (depth >= JSON_DEPTH) return { path, message: `must not nest deeper than ${JSON_DEPTH} levels (or refer to itself)` };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = jsonProblem(value[i], [...path, i], depth + 1);
      if (problem) return problem;
    }
    return undefined;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    return { path, message: 'must be a plain object or array (not a Date, Map, Set or class instance: JSON would change it)' };
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return { path, message: 'must not have a toJSON method (JSON would send what it returns, not what was checked)' };
  }
  for (const [key, member] of Object.entries(value)) {
    const problem = member === undefined ? undefined : jsonProblem(member, [...path, key], depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

/** A bundle item as JSON will send it: the first place it is not plain JSON data, if any. */
export function jsonDataProblems(item: unknown): Problem[] {
  try {
    const problem = jsonProblem(item, []);
    return problem ? [problem] : [];
  } catch {
    return [{ path: [], message: 'must be plain JSON data (a member could not be read)' }];
  }
}

type RuleSubject = { fulfillment_type: string; asin?: string | undefined; sold_as?: string | undefined; units_per_pack?: unknown };

/** The create endpoint's "required when" rules. */
export function createRuleProblems(order: RuleSubject): Problem[] {
  const problems: Problem[] = [];
  if ((ASIN_REQUIRED_FOR as readonly string[]).includes(order.fulfillment_type) && !order.asin) {
    problems.push({ path: ['asin'], message: `is required for ${order.fulfillment_type} orders`, input: order.asin });
  }
  if (order.sold_as === 'bundle' && order.units_per_pack === undefined) {
    problems.push({ path: ['units_per_pack'], message: 'is required when sold_as is bundle', input: undefined });
  }
  return problems;
}

/**
 * What a bulk-upload cell may not hold: a tracking number with the list separator `;` (it
 * would arrive as two), or text that starts like a spreadsheet formula (`=`, `+`, `-`, `@`).
 */
export function csvCellProblems(row: Record<string, unknown>): Problem[] {
  const problems: Problem[] = [];
  for (const [column, value] of Object.entries(row)) {
    const cells = column === 'tracking_numbers' && Array.isArray(value) ? value : [value];
    cells.forEach((cell, i) => {
      if (typeof cell !== 'string') return;
      const path = column === 'tracking_numbers' ? [column, i] : [column];
      if (column === 'tracking_numbers' && cell.includes(CSV_LIST_SEPARATOR)) {
        const message = `must not contain "${CSV_LIST_SEPARATOR}", which separates tracking numbers in a CSV cell`;
        problems.push({ path, message, input: cell });
      }
      if (column !== 'date' && column !== 'units_per_pack' && FORMULA_PREFIXES.some((p) => cell.startsWith(p))) {
        const message = 'must not start with =, +, -, @, a tab or a carriage return (a spreadsheet would run it as a formula)';
        problems.push({ path, message, input: cell });
      }
    });
  }
  return problems;
}
