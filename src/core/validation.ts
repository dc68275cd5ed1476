/**
 * Runs a request schema before anything is sent and turns its findings into issues with one
 * readable message each and the path zod gives (a list over its limit is reported at the
 * list, `embeds`, as zod and JSON Schema do), so the exported schema's `safeParse`, the
 * client's pre-flight and `checkInboundUpdate` name the same path for the same input.
 */
import type * as z from 'zod/mini';
import { typeMessage, unknownMessage } from './checks.js';
import { RequestValidationError, type ValidationIssue } from './errors/index.js';

export { kindOf } from './checks.js';

type Issue = z.core.$ZodIssue & { input?: unknown };

/** One readable message per issue. The schemas give every check its own message; only a wrong type and unknown members need words made here. */
function describe(issue: Issue): string {
  if (issue.code === 'invalid_type') return typeMessage(`${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`, issue.input);
  if (issue.code === 'unrecognized_keys') return unknownMessage(issue.keys);
  return issue.message;
}

/** The issues of a failed zod parse as opslink reports them, under `prefix` (a bulk item's index). */
export function toValidationIssues(issues: readonly z.core.$ZodIssue[], prefix: (string | number)[] = []): ValidationIssue[] {
  return issues.map((issue) => ({
    path: [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
    message: describe(issue as Issue),
  }));
}

/** A checked input: the value to send (what the check read, and nothing else), or every problem found. */
export type Checked<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };

/** `value` as checked when `issues` is empty, else the issues. */
export function checkedOr<T>(value: T, issues: ValidationIssue[]): Checked<T> {
  return issues.length ? { ok: false, issues } : { ok: true, value };
}

/**
 * Runs `schema` on `input` and returns the parsed value or the issues. The parsed value is
 * what gets sent: the schema reads each member once, whether own, inherited or a getter,
 * so a member the check saw is never dropped by `JSON.stringify` or read again with another
 * value. A getter that throws is an issue naming its member; an input too large or too
 * deeply nested for the parser to walk (it overflows the stack) is an issue, not a RangeError.
 */
export function checkValue<S extends z.ZodMiniType>(schema: S, input: unknown, prefix: (string | number)[] = []): Checked<z.output<S>> {
  try {
    const result = schema.safeParse(input, { reportInput: true });
    return result.success
      ? { ok: true, value: result.data as z.output<S> }
      : { ok: false, issues: toValidationIssues(result.error.issues, prefix) };
  } catch {
    // A getter that threw, named by its member; else the parser's own stack ran out.
    const thrown = locateThrowingGetter(schema, input);
    const message = thrown ? `could not be read: reading it threw ${String(thrown.error)}` : 'is too large or too deeply nested to check';
    return { ok: false, issues: [{ path: [...prefix, ...(thrown?.path ?? [])], message }] };
  }
}

/**
 * Which member's getter threw during a parse: the parse is run again over proxies that note
 * the path of every read, and the first read that threw is the one reported. Only run after
 * a parse threw, so the usual path pays nothing. Dates and Blobs are left bare: their
 * methods need the real object as `this`.
 */
function locateThrowingGetter(schema: z.ZodMiniType, input: unknown): { path: (string | number)[]; error: unknown } | undefined {
  let found: { path: (string | number)[]; error: unknown } | undefined;
  const trace = (value: unknown, path: (string | number)[]): unknown =>
    value === null || typeof value !== 'object' || value instanceof Date || (globalThis.Blob && value instanceof Blob)
      ? value
      : new Proxy(value, {
          get(target, key) {
            const at = [...path, Array.isArray(target) && /^\d+$/.test(key as string) ? Number(key) : String(key)];
            try {
              return trace(Reflect.get(target, key, target), at);
            } catch (error) {
              found ??= { path: at, error };
              throw error;
            }
          },
        });
  try {
    schema.safeParse(trace(input, []));
  } catch {
    // the first throwing read is noted in `found`
  }
  return found;
}

/** Parses `input` with `schema`; on failure throws a `RequestValidationError` listing every problem, naming `subject` (e.g. "direct message"). */
export function parseRequest<S extends z.ZodMiniType>(schema: S, input: unknown, subject: string): z.output<S> {
  const result = checkValue(schema, input);
  if (result.ok) return result.value;
  throw new RequestValidationError(result.issues, subject);
}
