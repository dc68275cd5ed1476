/**
 * Runs a request schema before anything is sent and turns its findings into a
 * `RequestValidationError` with one readable message per problem and its path.
 */
import type * as z from 'zod/mini';
import { RequestValidationError, type ValidationIssue } from './errors.js';

type Issue = z.core.$ZodIssue & { input?: unknown };

function describe(issue: Issue): string {
  // A missing member fails its type, enum or union check: say what the user did wrong.
  if (issue.input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_union' || issue.code === 'invalid_value')) {
    return 'is required';
  }
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${issue.expected === 'int' ? 'an integer' : `a${/^[aeiou]/.test(issue.expected) ? 'n' : ''} ${issue.expected}`}, not ${kindOf(issue.input)}`;
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `must be at most ${max} characters (code points)`;
      if (issue.origin === 'array') return `must have at most ${max} items`;
      return `must be at most ${max}`;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min === 1 ? 'must not be empty' : `must be at least ${min} characters`;
      if (issue.origin === 'array') return `must have at least ${min} item${min === 1 ? '' : 's'}`;
      return `must be at least ${min}`;
    }
    case 'unrecognized_keys':
      return `unknown member${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_union': {
      // A union of types (a timestamp: string or Date): name what is accepted.
      const branches = issue.errors.map((branch) => branch[0]).filter((first) => first !== undefined);
      if (branches.length > 0 && branches.every((first) => first.code === 'invalid_type')) {
        const expected = branches.map((first) => (first as { expected: string }).expected);
        return `must be ${expected.map((e) => `a ${e === 'date' ? 'Date' : e}`).join(' or ')}, not ${kindOf(issue.input)}`;
      }
      const specific = branches.find((first) => first.code !== 'invalid_type');
      return specific ? describe(specific as Issue) : 'is not valid';
    }
    case 'invalid_format':
      return issue.message && issue.message !== 'Invalid input' ? issue.message : `must be a valid ${issue.format}`;
    default:
      return issue.message;
  }
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
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
 * Parses `input` with `schema`; on failure throws a `RequestValidationError` that lists
 * every problem, naming `subject` (e.g. "direct message").
 */
export function parseRequest<S extends z.ZodMiniType>(schema: S, input: unknown, subject: string): z.output<S> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  throw new RequestValidationError(toValidationIssues(result.error.issues), subject);
}
