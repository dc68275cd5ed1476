import { nameErrorClasses, OpslinkError } from './opslink-error.js';
import type { ValidationIssue } from './request-validation-error.js';

/**
 * A successful response to a read whose body breaks a documented member (`null` where the
 * document says string, `2.5` where it says integer, a body that is not JSON). Reads only:
 * a write that got a 2xx took effect and resolves (the mismatch is logged at `warn`), so a
 * caller never retries it into a duplicate.
 * @example
 * ```ts
 * await warehouse.shipments.list().catch((e: unknown) => {
 *   if (e instanceof ResponseValidationError) console.error(e.issues, e.body);
 * });
 * ```
 */
export class ResponseValidationError extends OpslinkError {
  declare readonly status: number;
  declare readonly issues: ValidationIssue[];
  /** The body as received: parsed JSON, or text when it was not JSON (secrets scrubbed). */
  declare readonly body: unknown;
  constructor(init: { status: number; method: string; path: string; issues: ValidationIssue[]; body: unknown }) {
    super(`${init.status} ${init.method} ${init.path}: unexpected response body (${describeIssues(init.issues)})`);
    const { status, issues, body } = init;
    Object.assign(this, { status, issues, body });
  }
}

/** `path: message; …` of at most five issues, for one line of a message or a log. */
export function describeIssues(issues: ValidationIssue[]): string {
  const listed = issues.slice(0, 5).map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`);
  if (issues.length > 5) listed.push(`and ${issues.length - 5} more`);
  return listed.join('; ');
}

nameErrorClasses({ ResponseValidationError });
