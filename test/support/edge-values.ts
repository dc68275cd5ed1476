/**
 * Values near the edges of a zod schema, walked off the schema itself: text at its length
 * limits (in code points, with surrogate pairs and a lone surrogate), numbers at and past their
 * bounds and not whole, each custom check's own near misses, members missing, `undefined`,
 * `null`, of the wrong type or added, arrays at their item limits and with holes, objects whose
 * members are inherited or getters. `valid` keeps to the schema's members and types (the rules
 * between members may still refuse it); `any` mixes in everything else.
 */
import fc from 'fast-check';
import type * as z from 'zod/mini';
import { isAtLeast, isAtMost, isBoolean, isOneOf, isRecord, isString, matches } from '../../src/core/checks.js';
import { type PlainTest, plainTests } from '../../src/core/schema-kit.js';
import { isHttpUrl } from '../../src/core/url-text.js';
import { isUuid } from '../../src/internal/path.js';
import { isSentTimestamp } from '../../src/messaging/rules.js';
import { isInboundLimit, isLabelFiles, isOrderDate, isPackSize, isTimestamp } from '../../src/warehouse/checks.js';
import { isRenderedDate } from '../../src/warehouse/wire-format.js';
import { webUrl } from './arbitraries.js';

type Mode = 'valid' | 'any';
type Arb = fc.Arbitrary<unknown>;

interface Def {
  type: string;
  checks?: { _zod: { def: { check: string; maximum?: number; minimum?: number } } }[];
  innerType?: z.ZodMiniType;
  element?: z.ZodMiniType;
  shape?: Record<string, z.ZodMiniType>;
  catchall?: z.ZodMiniType;
}

const defOf = (schema: z.ZodMiniType) => schema._zod.def as unknown as Def;

/** Anything at all, of every JSON and non-JSON kind. */
export const anything: Arb = fc.oneof(
  fc.constantFrom(undefined, null, true, false, 0, -0, 1, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '', 'x', [], {}),
  fc.string(),
  fc.double(),
  fc.jsonValue({ maxDepth: 2 }),
  fc.constant(new Date(Number.NaN)),
  fc.constant(new Map()),
);

const uuid = fc.uuid();
/** Valid and near-miss samples of each custom check, by its plain function. */
const SAMPLES = new Map<unknown, { valid: Arb; invalid: Arb }>([
  [
    isUuid,
    {
      valid: fc.oneof(
        uuid,
        uuid.map((u) => u.toUpperCase()),
      ),
      invalid: fc.oneof(
        uuid.map((u) => u.replaceAll('-', '')),
        uuid.map((u) => `${u} `),
        fc.constantFrom('x', '../x', ''),
      ),
    },
  ],
  [
    isHttpUrl,
    {
      valid: fc.oneof(
        webUrl({ withQueryParameters: true, withFragments: true }),
        fc.constantFrom('https://example.com/a.png', 'http://localhost:8080/x?y=1#z', 'HTTPS://EXAMPLE.COM/', 'https://x.example'),
      ),
      invalid: fc.constantFrom(
        'javascript:alert(1)',
        'https://example.com:443/',
        'http:/x',
        ' https://x.y/',
        'https://a.b/c/../d',
        'ftp://x.y/',
        "https://x.y/?a='b'",
        'https://x.y/a b',
      ),
    },
  ],
  [
    isSentTimestamp,
    {
      valid: fc.oneof(
        fc.date({ min: new Date(0), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom('2026-11-22T10:00:00Z', '2026-11-22', '2026-11-22T10:00:00.123+02:00'),
      ),
      invalid: fc.constantFrom(
        new Date(Number.NaN),
        '2026-02-30T00:00:00Z',
        '2026-11-22T10:00:60Z',
        'yesterday',
        5,
        new Date('+010000-01-01T00:00:00Z'),
      ),
    },
  ],
  [
    isOrderDate,
    {
      valid: fc.oneof(
        fc.constantFrom('11/22/2026', '1/2/2026', '2026-11-22'),
        fc.date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
      ),
      invalid: fc.constantFrom('2026-02-30', '13/01/2026', '2026-1-2', new Date(Number.NaN), 20261122, ''),
    },
  ],
  [
    isPackSize,
    {
      valid: fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 99 }).map(String)),
      invalid: fc.constantFrom(0, -1, 1.5, '03', '0', 'x', 2 ** 53, '9007199254740993'),
    },
  ],
  [
    isLabelFiles,
    {
      valid: fc.constantFrom(new Blob(['label']), [new Blob(['a']), new File(['b'], 'b.pdf')]),
      invalid: fc.constantFrom([], 'file', [1], [new Blob(['a']), 'b']),
    },
  ],
  [isBoolean, { valid: fc.boolean(), invalid: fc.constantFrom('true', 0, 1, null) }],
  [
    isRecord,
    {
      valid: fc.dictionary(fc.string({ maxLength: 3 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
      invalid: fc.constantFrom([], null, 'x', 1),
    },
  ],
  [isString, { valid: fc.string({ maxLength: 8 }), invalid: fc.constantFrom(1, null, [], {}) }],
  [
    isTimestamp,
    {
      valid: fc.constantFrom('2026-11-22T10:00:00Z', '2026-11-22T10:00:00.5+02:00', '2026-11-22'),
      invalid: fc.constantFrom('x', '2026-13-01T00:00:00Z', new Date(0), 0),
    },
  ],
  [
    isRenderedDate,
    { valid: fc.constantFrom('11/22/2026', '1/2/2026'), invalid: fc.constantFrom('2026-11-22', '02/30/2026', '11-22-2026') },
  ],
]);

/** Numbers at the bounds a number schema's checks fix, and past them. */
function numbers(tests: PlainTest[], mode: Mode): Arb {
  const min = (tests.find((t) => t.fn === isAtLeast)?.args[0] as number | undefined) ?? -(2 ** 53 - 1);
  const max = (tests.find((t) => t.fn === isAtMost)?.args[0] as number | undefined) ?? 2 ** 53 - 1;
  const whole = tests.some((t) => t.fn === Number.isInteger);
  const inside = whole
    ? fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) })
    : fc.double({ noNaN: true, noDefaultInfinity: true });
  const edges = fc.constantFrom(min, max, -1, 0, 1);
  if (mode === 'valid')
    return fc.oneof(
      inside,
      edges.filter((n) => n >= min && n <= max),
      tests.some((t) => t.fn === isInboundLimit) ? fc.constant(-1) : inside,
    );
  return fc.oneof(inside, edges, fc.constantFrom(min - 1, max + 1, 0.5, -0, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY, '1'));
}

/** Text around a string schema's length limits, counted in code points: some of it in surrogate pairs, one with a lone surrogate. */
function texts(def: Def, tests: PlainTest[], mode: Mode): Arb {
  const min = def.checks?.find((c) => c._zod.def.check === 'min_length')?._zod.def.minimum ?? 0;
  const max = def.checks?.find((c) => c._zod.def.check === 'max_length')?._zod.def.maximum;
  const pattern = tests.find((t) => t.fn === matches)?.args[0] as RegExp | undefined;
  if (pattern) return mode === 'valid' ? fc.stringMatching(pattern) : fc.oneof(fc.stringMatching(pattern), fc.string({ maxLength: 12 }));
  const sample = tests.map((t) => SAMPLES.get(t.fn)).find(Boolean);
  if (sample) return mode === 'valid' ? sample.valid : fc.oneof(sample.valid, sample.invalid);
  const lengths = [min, min + 1, ...(max === undefined ? [8] : [max - 1, max])].filter((n) => n >= min);
  const of = (n: number, unit: string) => unit.repeat(n);
  const valid = fc
    .oneof(
      fc.string({ minLength: min, maxLength: Math.min(max ?? 12, min + 12) }),
      fc
        .constantFrom(...lengths)
        .chain((n) => fc.constantFrom(of(n, 'a'), of(n, '📦'), `${of(Math.max(0, n - 1), 'é')}😀`.slice(0, n * 2))),
    )
    .filter((s) => [...s].length >= min && (max === undefined || [...s].length <= max));
  if (mode === 'valid') return valid;
  const past = max === undefined ? [] : [of(max + 1, 'a'), of(max + 1, '📦'), `${of(max, 'a')}\ud83d`];
  return fc.oneof(valid, fc.constantFrom(...past, of(Math.max(0, min - 1), 'a'), '\ud800', '\udc00x'), anything);
}

/** A value of `schema`'s shape: `valid` keeps to it, `any` strays from it. */
export function edgeValues(schema: z.ZodMiniType, mode: Mode): Arb {
  const def = defOf(schema);
  const tests = (def.checks ?? []).map((c) => plainTests.get(c)).filter((t): t is PlainTest => t !== undefined);
  const stray = (arb: Arb) => (mode === 'valid' ? arb : fc.oneof({ arbitrary: arb, weight: 6 }, { arbitrary: anything, weight: 1 }));
  switch (def.type) {
    case 'string':
      return texts(def, tests, mode);
    case 'number':
      return numbers(tests, mode);
    case 'custom':
      return customValues(schema, mode);
    case 'optional':
      return fc.oneof(
        { arbitrary: edgeValues(def.innerType as z.ZodMiniType, mode), weight: 3 },
        { arbitrary: fc.constant(undefined), weight: 1 },
      );
    case 'nullable':
      return fc.oneof(
        { arbitrary: edgeValues(def.innerType as z.ZodMiniType, mode), weight: 3 },
        { arbitrary: fc.constant(null), weight: 1 },
      );
    case 'array':
      return stray(arrays(def, mode));
    case 'object':
      return stray(objects(def, mode));
  }
  return anything;
}

function customValues(schema: z.ZodMiniType, mode: Mode): Arb {
  const noted = plainTests.get(schema);
  if (noted?.fn === isOneOf) {
    const values = noted.args[0] as readonly string[];
    const valid = fc.constantFrom(...values);
    return mode === 'valid' ? valid : fc.oneof(valid, fc.constantFrom(`${values[0]} `, values[0]?.toUpperCase(), '', undefined, 1));
  }
  const sample = noted && SAMPLES.get(noted.fn);
  if (!sample) throw new Error(`no samples for the custom check ${noted?.fn.name}`);
  return mode === 'valid' ? sample.valid : fc.oneof(sample.valid, sample.invalid, anything);
}

function arrays(def: Def, mode: Mode): Arb {
  const max = def.checks?.find((c) => c._zod.def.check === 'max_length')?._zod.def.maximum;
  const item = edgeValues(def.element as z.ZodMiniType, mode);
  const some = fc.array(item, { maxLength: Math.min(3, max ?? 3) });
  if (max === undefined) return mode === 'valid' ? some : fc.oneof(some, some.map(withHole));
  const full = fc.array(item, { minLength: max, maxLength: max });
  if (mode === 'valid') return fc.oneof({ arbitrary: some, weight: 9 }, { arbitrary: full, weight: 1 });
  return fc.oneof(
    { arbitrary: some, weight: 6 },
    { arbitrary: full, weight: 1 },
    { arbitrary: full.chain((a) => item.map((x) => [...a, x])), weight: 1 },
    { arbitrary: some.map(withHole), weight: 1 },
  );
}

/** `items` with a hole where its first item was (a sparse array). */
function withHole(items: unknown[]): unknown[] {
  const copy = [...items, 'x'];
  delete copy[0];
  return copy;
}

const EXTRA_KEYS = ['extra', '__proto__', 'constructor', 'toString', ''];

function objects(def: Def, mode: Mode): Arb {
  const shape = def.shape ?? {};
  const members = Object.entries(shape).map(([key, member]) => {
    const optional = defOf(member).type === 'optional';
    const value = edgeValues(member, mode);
    // A member left out: only an optional one when valid; any member otherwise.
    const absent = optional || mode === 'any';
    return fc.tuple(fc.constant(key), absent ? fc.option(value, { nil: ABSENT, freq: 2 }) : value);
  });
  const extras = mode === 'valid' ? fc.constant([]) : fc.array(fc.tuple(fc.constantFrom(...EXTRA_KEYS), anything), { maxLength: 1 });
  const built = fc.tuple(fc.tuple(...members), extras).map(([entries, more]) => {
    const object: Record<string, unknown> = {};
    for (const [key, value] of [...entries, ...more])
      if (value !== ABSENT) Object.defineProperty(object, key as string, { value, enumerable: true, writable: true, configurable: true });
    return object;
  });
  return mode === 'valid' ? built : fc.oneof({ arbitrary: built, weight: 8 }, { arbitrary: built.map(disguised), weight: 1 });
}

const ABSENT = Symbol('absent');

/** `value` with its members held otherwise: one inherited, one a getter (a class instance, a form library's object). */
function disguised(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const [first, ...rest] = Object.keys(value);
  if (first === undefined) return value;
  const prototype = { [first]: value[first] };
  const held = Object.create(prototype) as Record<string, unknown>;
  for (const key of rest) Object.defineProperty(held, key, { get: () => value[key], enumerable: true, configurable: true });
  return held;
}
