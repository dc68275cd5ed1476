/**
 * The few zod/mini building blocks both services' schemas are made of. Refinements stand in
 * for zod's enums, integer, uuid and url schemas: each of those adds half a kilobyte to a
 * browser bundle, and these say the same with a clearer message. What a refinement means in
 * JSON Schema (an enum, an integer range, a format) is noted beside it in
 * {@link jsonSchemaHints}, which the OpenAPI documents are generated with; which plain
 * function it runs, and the words of its issue, are noted in {@link plainTests}, which the
 * checks the clients run (no zod) are generated with.
 */
import * as z from 'zod/mini';
import { isUuid } from '../internal/path.js';
import { booleanMessage, isAtLeast, isAtMost, isBoolean, isOneOf, matches, type Problem } from './checks.js';
import type { LimitRow } from './limits.js';
import { DOCUMENTED_URL_PATTERN, httpUrlProblem, isHttpUrl } from './url-text.js';

/** @internal The JSON Schema a refined schema stands for, read when the OpenAPI documents are built. */
export const jsonSchemaHints: WeakMap<object, Record<string, unknown>> = new WeakMap();

function hinted<S extends object>(schema: S, hint: Record<string, unknown>): S {
  jsonSchemaHints.set(schema, hint);
  return schema;
}

// biome-ignore lint/suspicious/noExplicitAny: a test takes the value and the schema's own arguments, of any type.
type PlainFunction = (value: any, ...args: any[]) => unknown;

/**
 * @internal The plain function a custom schema or a check runs, with the arguments the schema
 * fixed: a `test` passes when it returns a truthy value, a `problems` rule when it finds none;
 * and the words of its issue (`message`: fixed text, or a plain function of the value).
 * `scripts/fast-checks.ts` reads it to call the same functions (imported from a module without
 * zod) in the generated checks; a check not noted here is one they cannot mirror.
 */
export interface PlainTest {
  kind: 'test' | 'problems';
  fn: PlainFunction;
  args: readonly unknown[];
  message?: string | PlainFunction | undefined;
}

/** @internal See {@link PlainTest}. */
export const plainTests: WeakMap<object, PlainTest> = new WeakMap();

function noted<S extends object>(
  schemaOrCheck: S,
  fn: PlainFunction,
  args: readonly unknown[] = [],
  message?: PlainTest['message'],
  kind: PlainTest['kind'] = 'test',
): S {
  plainTests.set(schemaOrCheck, { kind, fn, args, message });
  return schemaOrCheck;
}

/** A refinement that passes when `test(value, ...args)` does; the generated fast checks call the same `test`. */
export function refineWith<T, A extends unknown[]>(
  test: (value: T, ...args: A) => boolean,
  args: A,
  params: string | { message: string; path?: (string | number)[]; when?: (payload: { value: unknown }) => boolean },
) {
  // Read before zod takes `params` (it moves the message to `error`).
  const message = typeof params === 'string' ? params : params.message;
  return noted(
    z.refine<T>((value) => test(value, ...args), params),
    test,
    args,
    message,
  );
}

/**
 * A rule between members: every problem `problems(value, ...args)` finds is an issue, and the
 * rule runs whenever the value is an object, even when a member has already failed its own
 * check, so every problem is reported at once (zod skips such rules by default). The
 * generated fast checks pass a value only where `problems` finds none.
 */
export function rule<T, A extends unknown[]>(problems: (value: T, ...args: A) => Problem[], ...args: A) {
  const check = z.superRefine((value: T, ctx) => {
    for (const { path, message, ...rest } of problems(value, ...args)) {
      ctx.addIssue({ code: 'custom', path, message, input: 'input' in rest ? rest.input : value });
    }
  }, onAnyObject);
  return noted(check, problems, args, undefined, 'problems');
}

/**
 * For a rule between members: run it whenever the value is an object, even when a member has
 * already failed its own check, so every problem is reported at once (zod skips such rules by
 * default).
 */
export const onAnyObject = {
  when: (payload: { value: unknown }) => payload.value !== null && typeof payload.value === 'object' && !Array.isArray(payload.value),
};

/** A string of at most (and at least) the row's characters, counted in code points. */
export function text(row: Pick<LimitRow, 'min' | 'max'>) {
  const max = z.maxLength(row.max, `must be at most ${row.max} characters (code points)`);
  if (!row.min) return z.string().check(max);
  return z.string().check(z.minLength(row.min, row.min === 1 ? 'must not be empty' : `must be at least ${row.min} characters`), max);
}

/** A string that is not empty. */
export const nonEmpty = z.string().check(z.minLength(1, 'must not be empty'));

/** A finite number (zod's number already refuses NaN and ±Infinity). */
export const finite = z.number();

/** How far a whole number can go and keep every digit, on the wire and in JSON. */
const SAFE = Number.MAX_SAFE_INTEGER;

/** An integer, optionally within `[min, max]`; never past ±2^53 − 1, where a number loses digits. */
export function integer(min = -SAFE, max = SAFE) {
  return hinted(
    z
      .number()
      .check(
        noted(z.refine<number>(Number.isInteger, 'must be an integer'), Number.isInteger, [], 'must be an integer'),
        refineWith(isAtLeast, [min], `must be at least ${min}`),
        refineWith(isAtMost, [max], `must be at most ${max}${max === SAFE ? ' (past it a whole number loses digits)' : ''}`),
      ),
    { type: 'integer', minimum: min, maximum: max },
  );
}

/**
 * A custom check, `test(value, ...args)`, whose message says "is required" when the member is
 * missing. `test` is a plain function exported from a module without zod, so the generated
 * generated checks can call it too.
 */
export function custom<T, A extends unknown[] = []>(
  test: (value: unknown, ...args: A) => boolean,
  message: string,
  hint: Record<string, unknown> = {},
  ...args: A
) {
  // Not aborting: the rules between members still run, so every problem is reported at once.
  const check = args.length ? (value: unknown) => test(value, ...args) : (test as unknown as (value: unknown) => boolean);
  const schema = z.custom<T>(check, { error: (issue) => (issue.input === undefined ? 'is required' : message), abort: false });
  return noted(hinted(schema, hint), test, args, message);
}

/** One of `values`. */
export function oneOf<const T extends readonly string[]>(values: T) {
  const message = `must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;
  return custom<T[number], [T]>(isOneOf, message, { type: 'string', enum: [...values] }, values);
}

/**
 * A string `pattern` matches. A refinement, not `z.regex`, which adds zod's format check to a
 * browser bundle for one member (≈0.17 KB); the pattern is the JSON Schema's, as `z.regex` gives it.
 */
export function matching(pattern: RegExp, message: string) {
  return hinted(z.string().check(refineWith(matches, [pattern], message)), { pattern: pattern.source });
}

/**
 * `true` or `false`, with `z.boolean()`'s message: a custom check, not `z.boolean()`, which
 * adds zod's boolean type to a browser bundle (≈0.1 KB).
 */
export const boolean = noted(
  hinted(
    z.custom<boolean>(isBoolean, {
      error: (issue) => (issue.input === undefined ? 'is required' : booleanMessage(issue.input)),
    }),
    { type: 'boolean' },
  ),
  isBoolean,
  [],
  booleanMessage,
);

/** A UUID in its 8-4-4-4-12 hexadecimal form, as the documents' `(uuid)` ids are. */
export const uuid = hinted(z.string().check(refineWith(isUuid, [], 'must be a UUID (8-4-4-4-12 hexadecimal)')), { format: 'uuid' });

/**
 * An absolute http(s) URL: written as RFC 3986 writes one, with a host a WHATWG URL parser
 * (and the service) reads, and written as that parser reads it (`url-text.ts`). Not
 * `z.httpUrl()`: its host check refuses `localhost`, single-label hosts and IP addresses,
 * which are valid URLs for images on an internal dashboard. (`z.url()` takes `javascript:`.)
 */
export const httpUrl = hinted(
  z.string().check(
    noted(
      z.superRefine((s: string, ctx) => {
        const message = httpUrlProblem(s);
        if (message) ctx.addIssue({ code: 'custom', message, input: s });
      }),
      isHttpUrl,
      [],
      httpUrlProblem,
    ),
  ),
  { format: 'uri', pattern: DOCUMENTED_URL_PATTERN },
);

/** JSON Schema of ISO 8601 date or date-time text, as `isIsoDateTime` reads it (the calendar checks aside). */
export const ISO_DATE_TIME_HINT = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}([.,]\\d+)?)?(Z|[+-]\\d{2}(:?\\d{2})?)?)?$',
};
