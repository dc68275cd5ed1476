/**
 * A fast yes for a response body that holds to its documented schema. A zod parse of a page
 * of 200 orders costs more CPU than reading it off the socket (bench/paging.mjs profiles it),
 * and nearly every body holds; so a body is first run through a plain predicate compiled
 * from the same schema, which says yes only where `safeParse` would succeed and give back the
 * value as it was (loose objects, strings, numbers, booleans, null, optional members, arrays,
 * `z.custom` and `z.refine` checks). On anything else, or a schema part it does not know, the
 * predicate says no and the caller runs the schema itself: every mismatch is then found and
 * reported by the same parse as before.
 */
import type * as z from 'zod/mini';
import { type CheckPlan, checkBody, type RawResponse } from './http/index.js';

/**
 * `value` checked as `checkBody` checks it, with the fast yes first: a body that holds is
 * returned as it came (the parse would give back an equal copy), any other goes through the
 * schema and is reported as before.
 */
export function checkBodyQuickly<S extends z.ZodMiniType>(raw: RawResponse, schema: S, value: unknown, plan: CheckPlan): z.output<S> {
  return quickAccept(schema)?.(value) ? (value as z.output<S>) : checkBody(raw, schema, value, plan);
}

export type Accept = (value: unknown) => boolean;

/** The parts of a zod/mini definition the predicate reads. */
interface Def {
  type: string;
  checks?: { _zod: { def: { check: string; fn?: (value: unknown) => unknown } } }[];
  fn?: (value: unknown) => unknown;
  innerType?: z.ZodMiniType;
  element?: z.ZodMiniType;
  shape?: Record<string, z.ZodMiniType>;
  catchall?: z.ZodMiniType;
}

const compiled = new WeakMap<object, Accept | null>();

/** The predicate for `schema`, or `undefined` when some part of it is not one the predicate can vouch for. */
export function quickAccept(schema: z.ZodMiniType): Accept | undefined {
  if (!compiled.has(schema)) compiled.set(schema, compile(schema._zod.def as unknown as Def) ?? null);
  return compiled.get(schema) ?? undefined;
}

function compile(def: Def): Accept | undefined {
  // Only `z.refine` checks (a predicate as `fn`); a superRefine or a length check has none.
  const refines = (def.checks ?? []).map((check) => (check._zod.def.check === 'custom' ? check._zod.def.fn : undefined));
  const base = baseOf(def);
  if (!base || refines.some((fn) => !fn)) return undefined;
  return refines.length ? (value) => base(value) && refines.every((fn) => fn?.(value) === true) : base;
}

function baseOf(def: Def): Accept | undefined {
  const inner = def.innerType ?? def.element;
  const accept = inner && quickAccept(inner);
  switch (def.type) {
    case 'string':
    case 'boolean':
      return (value) => typeof value === def.type;
    // zod's number refuses NaN and ±Infinity (JSON has neither, but the predicate holds to the schema).
    case 'number':
      return Number.isFinite as Accept;
    case 'custom':
      return def.fn && ((value) => def.fn?.(value) === true);
    case 'nullable':
      return accept && ((value) => value === null || accept(value));
    case 'optional':
      return accept && ((value) => value === undefined || accept(value));
    case 'array':
      return accept && ((value) => Array.isArray(value) && value.every(accept));
    case 'object':
      return objectAccept(def);
  }
  return undefined;
}

/** A loose object only: a plain `z.object` drops unknown members, so its output is not its input. */
function objectAccept(def: Def): Accept | undefined {
  if ((def.catchall?._zod.def as unknown as Def | undefined)?.type !== 'unknown') return undefined;
  const members = Object.entries(def.shape ?? {}).map(([name, member]) => [name, quickAccept(member)] as const);
  if (members.some(([, accept]) => !accept)) return undefined;
  return (value) =>
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    members.every(([name, accept]) => accept?.((value as Record<string, unknown>)[name]));
}
