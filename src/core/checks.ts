/**
 * The plain tests inside the schemas' refinements, as named functions that import no zod.
 * The schema kit runs them in zod's checks and notes which one each check runs
 * (`schema-kit.ts`, `plainTests`); the fast checks generated from the schemas
 * (each service's `fast-checks.generated.ts`) import and call the same functions, so the two cannot say
 * different things of a value. A test takes the value, then the arguments the schema fixed.
 */

/** A problem a rule between members finds: where (below the value checked) and what, in the words the issue carries. */
export interface Problem {
  path: (string | number)[];
  message: string;
  /** The value the issue names; the whole value checked when left out. */
  input?: unknown;
}

/** At least `min` (a number already). */
export function isAtLeast(value: number, min: number): boolean {
  return value >= min;
}

/** At most `max` (a number already). */
export function isAtMost(value: number, max: number): boolean {
  return value <= max;
}

/** One of `values`. */
export function isOneOf(value: unknown, values: readonly unknown[]): boolean {
  return values.includes(value);
}

/** Text `pattern` matches. */
export function matches(text: string, pattern: RegExp): boolean {
  return pattern.test(text);
}

export function isString(value: unknown): value is string {
  return typeof value === 'string';
}

export function isBoolean(value: unknown): value is boolean {
  return typeof value === 'boolean';
}

/** An object that is not an array (nor null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** What a value is, in words that read right after "not": `NaN`, `a BigInt`, `a Date`, `a Map`. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : Number.isFinite(value) ? 'a number' : String(value);
  if (typeof value === 'bigint') return 'a BigInt';
  if (typeof value === 'symbol') return 'a Symbol';
  if (typeof value !== 'object') return `a ${typeof value}`;
  if (Array.isArray(value)) return 'an array';
  const name = (Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null)?.constructor?.name;
  return !name || name === 'Object' ? 'an object' : `a ${name}`;
}

/**
 * The words for a value of the wrong type (zod's `invalid_type`), `expected` with its article
 * ("a string", "an object"): "is required" for a value that is not there.
 */
export function typeMessage(expected: string, value: unknown): string {
  if (value === undefined) return 'is required';
  return `must be ${expected === 'a number' && typeof value === 'number' ? 'a finite number' : expected}, not ${kindOf(value)}`;
}

/** The words for members a strict object does not know (zod's `unrecognized_keys`). */
export function unknownMessage(keys: readonly string[]): string {
  return `unknown member${keys.length > 1 ? 's' : ''} ${keys.map((k) => `"${k}"`).join(', ')}`;
}

/** The words for a member that must be `true` or `false` and is not. */
export function booleanMessage(value: unknown): string {
  return typeMessage('a boolean', value);
}

/** Exactly one of `keys` set (not `undefined`) in `value`. */
export function holdsExactlyOne(value: Record<string, unknown>, keys: readonly string[]): boolean {
  return keys.filter((key) => value[key] !== undefined).length === 1;
}
