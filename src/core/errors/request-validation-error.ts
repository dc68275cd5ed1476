import { nameErrorClasses, OpslinkError } from './opslink-error.js';

/**
 * One problem found in a request before it was sent.
 * @example
 * ```ts
 * const describe = (issue: ValidationIssue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`;
 * try {
 *   await messaging.postChannelMessage({ embeds: [] });
 * } catch (e) {
 *   if (e instanceof RequestValidationError) console.error(e.issues.map(describe).join('\n'));
 * }
 * ```
 */
export interface ValidationIssue {
  /** Where the problem is, e.g. `['embeds', 3, 'fields']`; a bulk item's index comes first. */
  path: (string | number)[];
  message: string;
}

/** Problems the message lists; `issues` keeps them all, however many. */
const LISTED_ISSUES = 20;

function formatIssues(subject: string, issues: ValidationIssue[]): string {
  const lines = issues
    .slice(0, LISTED_ISSUES)
    .map((issue) => `  - ${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`);
  if (issues.length > LISTED_ISSUES) lines.push(`  … and ${issues.length - LISTED_ISSUES} more (see .issues)`);
  const count = issues.length === 1 ? '1 problem' : `${issues.length} problems`;
  return `Invalid ${subject} (${count}, nothing was sent):\n${lines.join('\n')}`;
}

/**
 * The input broke a documented rule, found before any request was sent. `issues` lists
 * every problem at once, each with its path.
 * @example
 * ```ts
 * await messaging.postAnnouncement({ title: '', body: 'Hello team' }).catch((e: unknown) => {
 *   if (e instanceof RequestValidationError) for (const i of e.issues) console.log(i.path.join('.'), i.message);
 * });
 * ```
 */
export class RequestValidationError extends OpslinkError {
  readonly issues: ValidationIssue[];
  constructor(issues: ValidationIssue[], subject = 'request') {
    super(formatIssues(subject, issues));
    this.issues = issues;
  }
}

/**
 * A client option is missing, or has a value the client cannot use (a key with a line
 * break, a base URL that is not http(s), a negative timeout, a credential in a browser
 * page). Nothing was sent. `option` names the first option at fault; `issues` lists them all.
 * @example
 * ```ts
 * try {
 *   WarehouseClient.fromEnv();
 * } catch (e) {
 *   if (e instanceof ConfigurationError) console.error(`check the ${e.option} option`);
 * }
 * ```
 */
export class ConfigurationError extends RequestValidationError {
  /** The option at fault, e.g. `botKey`. */
  readonly option: string;
  constructor(issues: ValidationIssue[], subject = 'client options') {
    super(issues, subject);
    this.option = String(issues[0]?.path[0] ?? '');
  }
}

nameErrorClasses({ RequestValidationError, ConfigurationError });
