/**
 * The parts the generated fast checks are built of (`scripts/fast-checks.ts` writes each
 * service's `fast-checks.generated.ts` from its zod schemas): zod's parse, mirrored without
 * zod for the values it can vouch for. A reader gives back what `safeParse` would give back
 * (a copy read member by member, or the value itself where it is taken as it is), or {@link NO}
 * where it cannot vouch; the caller then runs the schema itself, which decides and words every
 * issue. So a page that only sends valid input never loads zod, and nothing here needs to know
 * an error message. The properties in test/core/fast-checks.property.test.ts hold each
 * generated check to its schema.
 */
import { codePointLength } from './text.js';

/** What a reader gives back for a value it cannot vouch for: then zod decides. */
export const NO: unique symbol = Symbol('no');

/** A schema's parse for the values it can vouch for: zod's output, or {@link NO}. */
export type Reader = (value: unknown) => unknown;

/** One check of a schema: passes when it returns a truthy value. */
// biome-ignore lint/suspicious/noExplicitAny: a check takes what its schema's parse gave (a string, a number, an object …).
type Test = (value: any) => unknown;

// biome-ignore lint/suspicious/noExplicitAny: a plain test takes the value and the schema's own arguments, of any type.
type PlainFunction = (value: any, ...args: any[]) => unknown;

/** `fn(value, ...args)`: a refinement or custom check, passing when truthy (as zod reads it). */
export function test(fn: PlainFunction, ...args: unknown[]): Test {
  if (args.length === 0) return fn;
  const [first] = args;
  return args.length === 1 ? (value) => fn(value, first) : (value) => fn(value, ...args);
}

/** `fn(value, ...args)` finding no problem: a rule between members (`schema-kit.ts`, `rule`). */
export function none(fn: (value: never, ...args: never[]) => readonly unknown[], ...args: unknown[]): Test {
  return (value) => ((fn as PlainFunction)(value, ...args) as readonly unknown[]).length === 0;
}

/** zod's `maxLength`: a string counted in code points (only when its UTF-16 units exceed `max`), an array in items. */
export function lengthAtMost(value: string | readonly unknown[], max: number): boolean {
  const units = value.length;
  return (typeof value === 'string' && units > max ? codePointLength(value) : units) <= max;
}

/** zod's `minLength`: a string counted in code points (only where units alone cannot tell), an array in items. */
export function lengthAtLeast(value: string | readonly unknown[], min: number): boolean {
  const units = value.length;
  return (typeof value === 'string' && units >= min && units < min * 2 ? codePointLength(value) : units) >= min;
}

/** `read`, then every check on what it gave, in order, as zod runs a schema's checks. */
function checked(read: Reader, tests: Test[]): Reader {
  if (tests.length === 0) return read;
  return (value) => {
    const out = read(value);
    if (out === NO) return NO;
    for (const t of tests) if (!t(out)) return NO;
    return out;
  };
}

/** `z.string()`. */
export function string(...tests: Test[]): Reader {
  return checked((value) => (typeof value === 'string' ? value : NO), tests);
}

/** `z.number()`: finite numbers only (zod refuses NaN and ±Infinity). */
export function number(...tests: Test[]): Reader {
  return checked((value) => (Number.isFinite(value) ? value : NO), tests);
}

/** `z.boolean()`. */
export function boolean(...tests: Test[]): Reader {
  return checked((value) => (typeof value === 'boolean' ? value : NO), tests);
}

/** `z.custom(fn)`: its own test first, then any further checks; the value given back as it is. */
export function custom(own: Test, ...tests: Test[]): Reader {
  return checked((value) => (own(value) ? value : NO), tests);
}

/** `z.unknown()`. */
export const unknown: Reader = (value) => value;

const optionals = new WeakSet<Reader>();

/** `z.optional(inner)`: `undefined`, or what `inner` takes. In an object, a member that may be absent. */
export function optional(inner: Reader): Reader {
  const read: Reader = (value) => (value === undefined ? undefined : inner(value));
  optionals.add(read);
  return read;
}

/** `z.nullable(inner)`. */
export function nullable(inner: Reader): Reader {
  return (value) => (value === null ? null : inner(value));
}

/**
 * What a reader of an array or object gives back: `'copy'`, zod's own output (a new array or
 * object, read member by member: what a request sends, so what was checked is what is sent,
 * read once); or `'as-is'`, the value itself where zod's output would equal it (a response
 * body, resolved as received).
 */
export type Output = 'copy' | 'as-is';

/** `z.array(element)`: every item read in index order (a hole is an `undefined` item, as zod reads it). */
export function array(element: Reader, output: Output, ...tests: Test[]): Reader {
  const copy = output === 'copy';
  const read: Reader = (value) => {
    if (!Array.isArray(value)) return NO;
    const out: unknown[] = copy ? new Array(value.length) : value;
    for (let i = 0; i < value.length; i++) {
      const item = element(value[i]);
      if (item === NO) return NO;
      if (copy) out[i] = item;
    }
    return out;
  };
  return checked(read, tests);
}

/**
 * `z.strictObject(shape)` or `z.looseObject(shape)`, read as zod reads one: each member of
 * the shape once, in the shape's order (absent only where it is optional; present and
 * `undefined` kept as such), then, for a strict object, no other enumerable member, or, for a
 * loose one, the others copied after them (`__proto__` aside). As it is, a loose object with
 * an own `__proto__` member is one zod would give back without it: not vouched for.
 */
export function object(shape: Record<string, Reader>, mode: 'strict' | 'loose', output: Output, ...tests: Test[]): Reader {
  const keys = Object.keys(shape);
  const members = keys.map((key) => [key, shape[key] as Reader, optionals.has(shape[key] as Reader)] as const);
  const copy = output === 'copy';
  const read: Reader = (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return NO;
    const input = value as Record<string, unknown>;
    const out: Record<string, unknown> = copy ? {} : input;
    for (const [key, member, optional] of members) {
      const item = member(input[key]);
      if (!(key in input)) {
        if (optional) continue;
        return NO;
      }
      if (item === NO) return NO;
      if (copy) out[key] = item;
    }
    return mode === 'strict' ? onlyKnown(input, shape, out) : copy ? withOthers(input, shape, out) : keptAsIs(input);
  };
  return checked(read, tests);
}

function onlyKnown(input: object, shape: object, out: unknown): unknown {
  for (const key in input) if (!Object.hasOwn(shape, key)) return NO;
  return out;
}

function withOthers(input: Record<string, unknown>, shape: object, out: Record<string, unknown>): unknown {
  for (const key in input) if (key !== '__proto__' && !Object.hasOwn(shape, key)) out[key] = input[key];
  return out;
}

/** A plain object zod gives back equal: not one with members of a prototype of its own, nor an own `__proto__` it would leave out. */
function keptAsIs(input: object): unknown {
  return Object.getPrototypeOf(input) !== Object.prototype || Object.hasOwn(input, '__proto__') ? NO : input;
}

/**
 * A generated request check, built from `build` when first run: the value to send (zod's
 * output) for an input it can vouch for, else `undefined`, and the caller runs the schema. A
 * member whose reading throws (a getter) is left to the schema too, which names it.
 */
export function reader<T>(build: () => Reader): (value: unknown) => T | undefined {
  let node: Reader | undefined;
  return (value) => {
    try {
      node ??= build();
      const out = node(value);
      return out === NO ? undefined : (out as T);
    } catch {
      return undefined;
    }
  };
}

/** A generated response check, built from `build` when first run: `true` for a body the schema takes and gives back as it is; else the schema runs. */
export function predicate<T>(build: () => Reader): (value: unknown) => value is T {
  let node: Reader | undefined;
  return (value): value is T => {
    try {
      node ??= build();
      return node(value) !== NO;
    } catch {
      return false;
    }
  };
}
