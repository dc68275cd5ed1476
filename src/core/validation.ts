/**
 * Runs a request schema before anything is sent and turns its findings into issues with one
 * readable message each and the path zod gives (a list over its limit is reported at the
 * list, `embeds`, as zod and JSON Schema do), so the exported schema's `safeParse`, the
 * client's pre-flight and `checkInboundUpdate` name the same path for the same input.
 */
import type * as z from 'zod/mini';
import { RequestValidationError, type ValidationIssue } from './errors/index.js';

type Issue = z.core.$ZodIssue & { input?: unknown };

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

/** One readable message per issue. The schemas give every check its own message; only a wrong type and unknown members need words made here. */
function describe(issue: Issue): string {
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return 'is required';
    const expected = issue.expected === 'number' && typeof issue.input === 'number' ? 'finite number' : issue.expected;
    return `must be ${/^[aeiou]/.test(expected) ? 'an' : 'a'} ${expected}, not ${kindOf(issue.input)}`;
  }
  if (issue.code === 'unrecognized_keys')
    return `unknown member${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  return issue.message;
}

/** The issues of a failed zod parse as opslink reports them, under `prefix` (a bulk item's index). */
export function toValidationIssues(issues: readonly z.core.$ZodIssue[], prefix: (string | number)[] = []): ValidationIssue[] {
  return issues.map((issue) => ({
    path: [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
    message: describe(issue as Issue),
  }));
}

/**
 * Runs `schema` on `input` and returns the parsed value or the issues. An input too large or
 * too deeply nested for the parser to walk (it overflows the stack) is an issue, not a RangeError.
 */
export function checkValue<S extends z.ZodMiniType>(
  schema: S,
  input: unknown,
  prefix: (string | number)[] = [],
): { ok: true; value: z.output<S> } | { ok: false; issues: ValidationIssue[] } {
  try {
    const result = schema.safeParse(input, { reportInput: true });
    return result.success
      ? { ok: true, value: result.data as z.output<S> }
      : { ok: false, issues: toValidationIssues(result.error.issues, prefix) };
  } catch {
    return { ok: false, issues: [{ path: prefix, message: 'is too large or too deeply nested to check' }] };
  }
}

/** Parses `input` with `schema`; on failure throws a `RequestValidationError` listing every problem, naming `subject` (e.g. "direct message"). */
export function parseRequest<S extends z.ZodMiniType>(schema: S, input: unknown, subject: string): z.output<S> {
  const result = checkValue(schema, input);
  if (result.ok) return result.value;
  throw new RequestValidationError(result.issues, subject);
}
