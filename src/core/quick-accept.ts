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

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The predicate for `schema`, or `undefined` when some part of it is not one the predicate can vouch for. */
export function quickAccept(schema: z.ZodMiniType): Accept | undefined {
  let accept = compiled.get(schema);
  if (accept === undefined) {
    accept = compile(schema) ?? null;
    compiled.set(schema, accept);
  }
  return accept ?? undefined;
}

function compile(schema: z.ZodMiniType): Accept | undefined {
  const def = schema._zod.def as unknown as Def;
  const base = baseOf(def);
  if (!base || !def.checks?.length) return base;
  // Only `z.refine` checks (a predicate as `fn`); a superRefine or a length check has none.
  const refines = def.checks.map((check) => (check._zod.def.check === 'custom' ? check._zod.def.fn : undefined));
  if (refines.some((fn) => fn === undefined)) return undefined;
  return (value) => base(value) && refines.every((fn) => (fn as (value: unknown) => unknown)(value) === true);
}

function baseOf(def: Def): Accept | undefined {
  switch (def.type) {
    case 'string':
      return (value) => typeof value === 'string';
    // zod's number refuses NaN and ±Infinity (JSON has neither, but the predicate holds to the schema).
    case 'number':
      return (value) => typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'custom': {
      const fn = def.fn;
      return fn && ((value) => fn(value) === true);
    }
    case 'nullable':
    case 'optional': {
      const inner = def.innerType && quickAccept(def.innerType);
      const empty = def.type === 'nullable' ? null : undefined;
      return inner && ((value) => value === empty || inner(value));
    }
    case 'array': {
      const element = def.element && quickAccept(def.element);
      return element && ((value) => Array.isArray(value) && value.every(element));
    }
    case 'object':
      return objectAccept(def);
    default:
      return undefined;
  }
}

/** A loose object only: a plain `z.object` drops unknown members, so its output is not its input. */
function objectAccept(def: Def): Accept | undefined {
  if (!def.shape || (def.catchall?._zod.def as unknown as Def | undefined)?.type !== 'unknown') return undefined;
  const members: [string, Accept][] = [];
  for (const [name, member] of Object.entries(def.shape)) {
    const accept = quickAccept(member);
    if (!accept) return undefined;
    members.push([name, accept]);
  }
  return (value) => {
    if (!isRecord(value)) return false;
    for (const [name, accept] of members) if (!accept(value[name])) return false;
    return true;
  };
}
