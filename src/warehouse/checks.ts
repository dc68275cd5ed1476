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

/** The problems the walk below throws where a value is not plain JSON data: told from a getter's own error by being one of these. */
const refusals = new WeakSet<object>();

function refuse(path: Path, message: string): never {
  const problem = { path, message };
  refusals.add(problem);
  throw problem;
}

/**
 * `value` read once, as a copy, refused (thrown) where it stops being plain JSON data: what
 * `JSON.stringify` would change or drop (a `toJSON` method, a `Date`, a `Map`, `NaN`, a
 * function) is refused, so what is checked is what is sent. `undefined` members of an object
 * are absent, as in JSON.
 */
function readJson(value: unknown, path: Path, depth: number): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : refuse(path, `must be a finite number, not ${value}`);
  if (typeof value !== 'object')
    return refuse(path, `must be JSON data, not ${typeof value === 'undefined' ? 'undefined' : `a ${typeof value}`}`);
  if (depth >= JSON_DEPTH) return refuse(path, `must not nest deeper than ${JSON_DEPTH} levels (or refer to itself)`);
  if (Array.isArray(value)) {
    // By index, as JSON reads an array (not by its iterator, which may say something else).
    const copy: unknown[] = new Array(value.length);
    for (let i = 0; i < copy.length; i++) copy[i] = readJson(value[i], [...path, i], depth + 1);
    return copy;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    return refuse(path, 'must be a plain object or array (not a Date, Map, Set or class instance: JSON would change it)');
  }
  return readMembers(value as Record<string, unknown>, {}, path, depth);
}

/** Each member of `source` read once into `target` (defined: an own `__proto__` stays a member); a `toJSON` method refused first. */
function readMembers(source: Record<string, unknown>, target: object, path: Path, depth: number): object {
  if (typeof source.toJSON === 'function') {
    refuse(path, 'must not have a toJSON method (JSON would send what it returns, not what was checked)');
  }
  for (const [key, member] of Object.entries(source)) {
    const value = member === undefined ? member : readJson(member, [...path, key], depth + 1);
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return target;
}

/**
 * A bundle item as JSON will send it: the first place it is not plain JSON data, if any. Its
 * members are read once and each is put back as the copy read, in the item the check was
 * given (the parse's own output, never the caller's object): writing the body then reads the
 * copy, so a getter or Proxy deeper in cannot send what was not checked.
 */
export function jsonDataProblems(item: Record<string, unknown>): Problem[] {
  try {
    readMembers({ ...item }, item, [], 0);
    return [];
  } catch (error) {
    return [
      refusals.has(error as object) ? (error as Problem) : { path: [], message: 'must be plain JSON data (a member could not be read)' },
    ];
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
  // A loop and a first-character test, not a closure per cell: a bulk CSV runs this for every row.
  for (const column of Object.keys(row)) {
    const value = row[column];
    const list = column === 'tracking_numbers' && Array.isArray(value);
    const cells: unknown[] = list ? value : [value];
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i];
      if (typeof cell !== 'string') continue;
      const path = list ? [column, i] : [column];
      if (list && cell.includes(CSV_LIST_SEPARATOR)) {
        const message = `must not contain "${CSV_LIST_SEPARATOR}", which separates tracking numbers in a CSV cell`;
        problems.push({ path, message, input: cell });
      }
      if (column !== 'date' && column !== 'units_per_pack' && FORMULA_START.has(cell.charAt(0))) {
        const message = 'must not start with =, +, -, @, a tab or a carriage return (a spreadsheet would run it as a formula)';
        problems.push({ path, message, input: cell });
      }
    }
  }
  return problems;
}

/** The first characters of text a spreadsheet runs as a formula. */
const FORMULA_START: ReadonlySet<string> = new Set(FORMULA_PREFIXES);
