/**
 * Runs a request schema before anything is sent and turns its findings into a
 * `RequestValidationError` with one readable message per problem and its path.
 */
import type * as z from 'zod/mini';
import { RequestValidationError, type ValidationIssue } from './errors.js';

type Issue = z.core.$ZodIssue & { input?: unknown };

/**
 * One readable message per issue. The schemas give every check its own message; only a
 * wrong type and unknown members need words made here.
 */
function describe(issue: Issue): string {
  if (issue.code === 'invalid_type') {
    return issue.input === undefined
      ? 'is required'
      : `must be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}, not ${kindOf(issue.input)}`;
  }
  if (issue.code === 'unrecognized_keys')
    return `unknown member${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  return issue.message;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** The issues of a failed zod parse as opslink reports them. */
export function toValidationIssues(issues: readonly z.core.$ZodIssue[], prefix: (string | number)[] = []): ValidationIssue[] {
  return issues.map((issue) => {
    const path = [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
    // A list over its limit is reported at its first item too many (`embeds.3.fields.25`).
    if (issue.code === 'too_big' && issue.origin === 'array') path.push(Number(issue.maximum));
    return { path, message: describe(issue as Issue) };
  });
}

/**
 * Runs `schema` on `input`. An input too large or too deeply nested for the parser to walk
 * (it overflows the stack) is reported as an issue rather than a RangeError.
 */
export function safeParseRequest<S extends z.ZodMiniType>(
  schema: S,
  input: unknown,
): { success: true; data: z.output<S> } | { success: false; issues: readonly z.core.$ZodIssue[] } {
  let result: ReturnType<S['safeParse']>;
  try {
    result = schema.safeParse(input, { reportInput: true }) as ReturnType<S['safeParse']>;
  } catch {
    return { success: false, issues: [{ code: 'custom', path: [], message: 'is too large or too deeply nested to check', input }] };
  }
  return result.success ? { success: true, data: result.data as z.output<S> } : { success: false, issues: result.error.issues };
}

/**
 * Parses `input` with `schema`; on failure throws a `RequestValidationError` that lists
 * every problem, naming `subject` (e.g. "direct message").
 */
export function parseRequest<S extends z.ZodMiniType>(schema: S, input: unknown, subject: string): z.output<S> {
  const result = safeParseRequest(schema, input);
  if (result.success) return result.data;
  throw new RequestValidationError(toValidationIssues(result.issues), subject);
}
