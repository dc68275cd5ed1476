/**
 * The parts the generated checks are built of (`scripts/fast-checks.ts` writes each service's
 * `…checks.generated.ts` from its zod schemas): zod's parse, written again without zod, issues
 * and all. A check gives back what `safeParse` would (a copy read member by member, or the
 * value itself where it is taken as it is), or every problem zod would find, in its order, at
 * its path, in the words the pre-flight has always used (`validation.ts` words zod's issues
 * so). So a page never loads zod: not for valid input, not to word a refusal. The properties
 * in test/core/fast-checks.property.test.ts hold each generated check to its schema: the same
 * verdict, output, messages and paths.
 *
 * What is mirrored of zod's parse (zod/v4/core, `schemas.ts` and `checks.ts`): a schema's
 * checks run after its type, in order; a problem that is not a check's own (a wrong type, a
 * missing member) stops the checks after it, but checks with a `when` (zod's length checks,
 * the rules between members) still run unless a problem stopped them outright (zod's
 * `continue: false`: an aborting custom check, an array over its cap); an array longer than its
 * leading caps is refused at the cap before any item is read; a strict object names its
 * unknown members in one issue that stops nothing.
 */
import { isRecord, typeMessage, unknownMessage } from './checks.js';
import type { ValidationIssue } from './errors/index.js';
import { codePointLength } from './text.js';
import type { Checked } from './validation.js';

type Path = (string | number)[];

/** An issue while a check runs: zod's `continue` as `go` (`true`: later checks run; `undefined`: only those with a `when`; `false`: none). */
interface Issue extends ValidationIssue {
  go?: boolean | undefined;
}

/** A schema's parse: `value` read as it reads it, every problem pushed onto `issues` with its path below the node. */
export type Node = (value: unknown, issues: Issue[]) => unknown;

/** One check of a schema. `when`: it runs whenever this holds, unless a problem stopped the checks outright. */
export type Check = ((value: unknown, issues: Issue[]) => void) & { when?: (value: unknown) => boolean; max?: number };

/** An issue's words: fixed, or made of the value (an URL's own problem, the kind of a value). */
// biome-ignore lint/suspicious/noExplicitAny: a message function takes the value its check was given.
type Message = string | ((value: any) => string | undefined);

// biome-ignore lint/suspicious/noExplicitAny: a plain test takes the value and the schema's own arguments, of any type.
type PlainFunction = (value: any, ...args: any[]) => unknown;

/** A test of a value: passes when it returns a truthy value (a plain function of the value, of the type its schema gave). */
// biome-ignore lint/suspicious/noExplicitAny: a test takes what its schema's type gave (a string, a number, an object …).
type Passes = (value: any) => unknown;

/** `fn(value, ...args)`: a refinement or custom check, passing when truthy (as zod reads it). */
export function test(fn: PlainFunction, ...args: unknown[]): Passes {
  if (args.length === 0) return fn;
  const [first] = args;
  return args.length === 1 ? (value) => fn(value, first) : (value) => fn(value, ...args);
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

const words = (message: Message, value: unknown) => (typeof message === 'string' ? message : (message(value) as string));

/** Flags of a check: {@link ABORT} (zod's `abort`), {@link WHEN_OBJECT} (runs on any object, as `onAnyObject` says). */
export const ABORT = 1;
export const WHEN_OBJECT = 2;

/** A refinement: `passes(value)` truthy, else an issue at `path` in `message`'s words. */
export function refine(passes: Passes, message: Message, flags = 0, path: Path = []): Check {
  const check: Check = (value, issues) => {
    if (!passes(value)) issues.push({ path: [...path], message: words(message, value), go: !(flags & ABORT) });
  };
  if (flags & WHEN_OBJECT) check.when = isRecord;
  return check;
}

/** A rule between members: every problem `fn(value, ...args)` finds is an issue (`schema-kit.ts`, `rule`). */
export function rule(fn: (value: never, ...args: never[]) => readonly ValidationIssue[], ...args: unknown[]): Check {
  const check: Check = (value, issues) => {
    for (const { path, message } of (fn as PlainFunction)(value, ...args) as ValidationIssue[])
      issues.push({ path: [...path], message, go: true });
  };
  check.when = isRecord;
  return check;
}

/** zod's length checks run on anything with a length, of the right type or not. */
const hasLength = (value: unknown) => value != null && (value as { length?: unknown }).length !== undefined;

/** `z.maxLength(max, message)`. */
export function atMost(max: number, message: string): Check {
  const check = refine((value) => lengthAtMost(value as string, max), message);
  check.when = hasLength;
  check.max = max;
  return check;
}

/** `z.minLength(min, message)`. */
export function atLeast(min: number, message: string): Check {
  const check = refine((value) => lengthAtLeast(value as string, min), message);
  check.when = hasLength;
  check.max = -1;
  return check;
}

/** Whether an issue from `from` on stops the checks that have no `when` (zod's `aborted`), or every check (`explicitlyAborted`). */
function stopped(issues: Issue[], from: number, outright: boolean): boolean {
  for (let i = from; i < issues.length; i++) if (outright ? issues[i]?.go === false : issues[i]?.go !== true) return true;
  return false;
}

/** A schema's checks on what its type gave, in order, as zod's `runChecks` runs them. */
function runChecks(value: unknown, issues: Issue[], start: number, checks: readonly Check[]): void {
  let aborted = stopped(issues, start, false);
  for (const check of checks) {
    if (check.when) {
      if (stopped(issues, start, true) || !check.when(value)) continue;
    } else if (aborted) continue;
    const before = issues.length;
    check(value, issues);
    if (!aborted && issues.length > before) aborted = stopped(issues, before, false);
  }
}

/** A type: values `is` takes, then the checks; any other value is an issue naming what was `expected`. */
function typed(is: (value: unknown) => boolean, expected: string) {
  return (...checks: Check[]): Node =>
    (value, issues) => {
      const start = issues.length;
      if (!is(value)) issues.push({ path: [], message: typeMessage(expected, value) });
      runChecks(value, issues, start, checks);
      return value;
    };
}

/** `z.string()`. */
export const string = /* @__PURE__ */ typed((value) => typeof value === 'string', 'a string');
/** `z.number()`: finite numbers only (zod refuses NaN and ±Infinity). */
export const number = /* @__PURE__ */ typed(Number.isFinite, 'a number');
/** `z.boolean()`. */
export const boolean = /* @__PURE__ */ typed((value) => typeof value === 'boolean', 'a boolean');

/** `z.custom(passes)` as the schema kit makes one: its own check first ("is required" for a missing value), then any further checks. */
export function custom(passes: Passes, message: Message, flags = 0, ...checks: Check[]): Node {
  const own = refine(passes, (value) => (value === undefined ? 'is required' : words(message, value)), flags);
  return (value, issues) => {
    runChecks(value, issues, issues.length, [own, ...checks]);
    return value;
  };
}

/** `z.unknown()`. */
export const unknown: Node = (value) => value;

const optionals = new WeakSet<Node>();

/** `z.optional(inner)`: `undefined`, or what `inner` takes. In an object, a member that may be absent. */
export function optional(inner: Node): Node {
  const node: Node = (value, issues) => (value === undefined ? undefined : inner(value, issues));
  optionals.add(node);
  return node;
}

/** `z.nullable(inner)`. */
export function nullable(inner: Node): Node {
  return (value, issues) => (value === null ? null : inner(value, issues));
}

/**
 * What a check of an array or object gives back: `'copy'`, zod's own output (a new array or
 * object, read member by member: what a request sends, so what was checked is what is sent,
 * read once); or `'as-is'`, the value itself (a response body, resolved as received).
 */
export type Output = 'copy' | 'as-is';

/** A member whose reading threw (a getter): the error, and the path to it, filled in on the way out. */
class Unreadable {
  readonly error: unknown;
  readonly path: Path = [];
  constructor(error: unknown) {
    this.error = error;
  }
}

/** `node` run on `value[key]`, its issues and a throw from reading it put under `key`. */
function member(node: Node, value: Record<string | number, unknown>, key: string | number, issues: Issue[]): unknown {
  const from = issues.length;
  let out: unknown;
  try {
    out = node(value[key], issues);
  } catch (error) {
    const unreadable = error instanceof Unreadable ? error : new Unreadable(error);
    unreadable.path.unshift(key);
    throw unreadable;
  }
  for (let i = from; i < issues.length; i++) issues[i]?.path.unshift(key);
  return out;
}

/**
 * `z.array(element)`: every item read in index order (a hole is an `undefined` item, as zod
 * reads it), after zod's cap: an array longer than its leading `maxLength` checks is refused
 * there, at once, and none of its items is read.
 */
export function array(element: Node, output: Output, ...checks: Check[]): Node {
  const caps: Check[] = [];
  for (const check of checks) {
    if (check.max === undefined) break;
    if (check.max >= 0) caps.push(check);
  }
  const copy = output === 'copy';
  return (value, issues) => {
    const start = issues.length;
    let out = value;
    if (!Array.isArray(value)) issues.push({ path: [], message: typeMessage('an array', value) });
    else {
      const cap = caps.find((check) => value.length > (check.max as number));
      if (cap) {
        cap(value, issues);
        (issues[start] as Issue).go = false;
        return value;
      }
      const items: unknown[] = copy ? new Array(value.length) : value;
      for (let i = 0; i < value.length; i++) {
        const item = member(element, value as unknown as Record<number, unknown>, i, issues);
        if (copy) items[i] = item;
      }
      out = items;
    }
    runChecks(out, issues, start, checks);
    return out;
  };
}

/**
 * `z.strictObject(shape)` or `z.looseObject(shape)`, read as zod reads one: each member of
 * the shape once, in the shape's order (absent only where it is optional; present and
 * `undefined` kept as such), then, for a strict object, the members it does not know named in
 * one issue, or, for a loose one, copied after the others (`__proto__` aside); then its checks,
 * on what it gave.
 */
export function object(shape: Record<string, Node>, mode: 'strict' | 'loose', output: Output, ...checks: Check[]): Node {
  const members = Object.keys(shape).map((key) => [key, shape[key] as Node, optionals.has(shape[key] as Node)] as const);
  const copy = output === 'copy';
  const known = (key: string) => Object.hasOwn(shape, key);
  return (value, issues) => {
    const start = issues.length;
    if (!isRecord(value)) {
      issues.push({ path: [], message: typeMessage('an object', value) });
      runChecks(value, issues, start, checks);
      return value;
    }
    const out: Record<string, unknown> = copy ? {} : value;
    for (const [key, node, optional] of members) {
      const present = key in value;
      if (optional && !present) continue;
      const from = issues.length;
      const item = member(node, value, key, issues);
      if (!present) {
        if (issues.length === from) issues.push({ path: [key], message: 'is required' });
      } else if (copy) out[key] = item;
    }
    if (mode === 'strict') {
      const others: string[] = [];
      for (const key in value) if (!known(key)) others.push(key);
      if (others.length) issues.push({ path: [], message: unknownMessage(others), go: true });
    } else if (copy) for (const key in value) if (key !== '__proto__' && !known(key)) out[key] = member(unknown, value, key, issues);
    runChecks(out, issues, start, checks);
    return out;
  };
}

/**
 * A generated check, built from `build` when first run: what the schema's parse gives back for
 * `value` (what is sent, or the body as received), or every problem, under `at` (a bulk item's
 * index, `data` of a body). A member whose reading throws (a getter) is one problem, named by
 * its path, as `checkValue` names it.
 */
export function checker<T>(build: () => Node): (value: unknown, at?: Path) => Checked<T> {
  let node: Node | undefined;
  return (value, at = []) => {
    const issues: Issue[] = [];
    let out: unknown;
    try {
      node ??= build();
      out = node(value, issues);
    } catch (error) {
      const message =
        error instanceof Unreadable
          ? `could not be read: reading it threw ${String(error.error)}`
          : 'is too large or too deeply nested to check';
      return { ok: false, issues: [{ path: [...at, ...(error instanceof Unreadable ? error.path : [])], message }] };
    }
    if (!issues.length) return { ok: true, value: out as T };
    return { ok: false, issues: issues.map(({ path, message }) => ({ path: [...at, ...path], message })) };
  };
}
