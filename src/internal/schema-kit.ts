/**
 * The few zod/mini building blocks both services' schemas are made of. Refinements stand
 * in for zod's unions, enums, integer and date schemas: each of those adds half a
 * kilobyte to a browser bundle, and these say the same with a clearer message.
 */
import * as z from 'zod/mini';
import type { LimitRow } from '../core/limits.js';
import { isUuid } from './path.js';

/** A string of at most (and at least) the row's characters, counted in code points. */
export function text(row: Pick<LimitRow, 'min' | 'max'>) {
  const max = z.maxLength(row.max, `must be at most ${row.max} characters (code points)`);
  if (!row.min) return z.string().check(max);
  return z.string().check(z.minLength(row.min, row.min === 1 ? 'must not be empty' : `must be at least ${row.min} characters`), max);
}

/** A string that is not empty. */
export const nonEmpty = z.string().check(z.minLength(1, 'must not be empty'));

/** An integer, optionally within `[min, max]`. */
export function integer(min?: number, max?: number) {
  const checks = [z.refine<number>(Number.isInteger, 'must be an integer')];
  if (min !== undefined) checks.push(z.refine<number>((n) => n >= min, `must be at least ${min}`));
  if (max !== undefined) checks.push(z.refine<number>((n) => n <= max, `must be at most ${max}`));
  return z.number('must be a number').check(...checks);
}

/** A custom check whose message says "is required" when the member is missing. */
export function custom<T>(check: (value: unknown) => boolean, message: string) {
  return z.custom<T>(check, { error: (issue) => (issue.input === undefined ? 'is required' : message) });
}

/** One of `values`. */
export function oneOf<const T extends readonly string[]>(values: T) {
  return custom<T[number]>((v) => values.includes(v as string), `must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}`);
}

/** A UUID in its 8-4-4-4-12 hexadecimal form, as the documents' `(uuid)` ids are. */
export const uuid = z.string().check(z.refine(isUuid, 'must be a UUID'));

/**
 * An absolute http(s) URL, read as a WHATWG URL parser (and the service) reads it. Not
 * `z.httpUrl()`: its host check refuses `localhost`, single-label hosts and IP addresses,
 * which are valid URLs for images on an internal dashboard. (`z.url()` takes `javascript:`.)
 */
export const httpUrl = z.string().check(
  z.refine((s) => {
    try {
      const { protocol } = new URL(s);
      return protocol === 'http:' || protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL'),
);

/** A `Date` that is a real date within the years 0–9999 (ISO 8601 text has four digits). */
export function isValidDate(value: unknown): value is Date {
  if (!(value instanceof Date)) return false;
  const year = value.getUTCFullYear();
  return year >= 0 && year <= 9999;
}
