/**
 * Exit codes and error lines. Every failure ends as one line naming the typed error and its
 * message, then one line per issue (with its path, or its row and column), never a stack
 * unless `--verbose`. Messages come from the SDK, which scrubs every secret out of them.
 */
import {
  APIConnectionError,
  APIError,
  APIUserAbortError,
  ConfigurationError,
  OpslinkError,
  RequestValidationError,
  ResponseValidationError,
} from '../index.js';
import { didYouMean } from './suggest.js';

/** The documented exit codes. */
export const EXIT = {
  ok: 0,
  /** The input broke a rule (a bad row, a broken update rule, a bad value). */
  invalid: 1,
  /** The command line is wrong, or a credential or address is missing. */
  usage: 2,
  /** The service refused (an error status) or answered with something unusable. */
  refused: 3,
  /** No answer: network or timeout. */
  network: 4,
  /** Ctrl-C. */
  interrupted: 130,
} as const;

/** A wrong command line: exit 2, with the command's usage. */
export class UsageError extends Error {
  override name = 'UsageError';
  /** The command whose line was wrong, when known: its help is pointed to. */
  command?: string;
}

/** Input the command found wrong before calling the SDK (a file it cannot read, an order not found): exit 1. */
export class InputError extends Error {
  override name = 'InputError';
  readonly details: string[];
  constructor(message: string, details: string[] = []) {
    super(message);
    this.details = details;
  }
}

/** Something the command needs could not be reached before it sent anything (the Redis of `--redis`): exit 4. */
export class UnreachableError extends Error {
  override name = 'UnreachableError';
}

/** An issue path as the command line names it: a client option or query member as its flag. */
export type FlagNames = Record<string, string>;

/** A credential or address a command needs, and where the user gives it. */
export interface Credential {
  /** The client options it is (`botKey`; `baseUrl` and `domain` for the warehouse's address). */
  options: string[];
  /** What to do, in the terminal's words: `pass --bot-key or set OPSLINK_BOT_KEY`. */
  say: string;
  /** Given by a flag or a variable (not empty). */
  given: boolean;
}

/** What the command knows that makes an error speak its language. */
export interface ErrorContext {
  /** SDK option and member names → the flags that give them. */
  flags: FlagNames;
  /** The credentials of the client the command built. */
  credentials?: Credential[];
  /** The request checked is made of flags only (a list's query, paging): a value it refuses is a usage error. */
  flagValues?: boolean;
  /** The members an object at `path` of the input may have: names for "did you mean". */
  members?: (path: readonly (string | number)[]) => readonly string[] | undefined;
}

function issuePath(path: readonly (string | number)[], flags: FlagNames): string {
  if (path.length === 0) return flags[''] ?? '(input)';
  const first = String(path[0]);
  const flag = flags[first];
  const rest = path.slice(1).join('.');
  return flag ? `${flag}${rest ? ` [${rest}]` : ''}` : path.join('.');
}

/** An issue's message, with the closest member when it names an unknown one (`"colour"` → `"color"`). */
function issueMessage(issue: { path: readonly (string | number)[]; message: string }, context: ErrorContext): string {
  const message = issue.message.replace(/; nothing was sent$/, '');
  const unknown = /^unknown members? (.*)$/.exec(message);
  const names = unknown && context.members?.(issue.path);
  if (!unknown || !names) return message;
  const hints = [...unknown[1]!.matchAll(/"([^"]*)"/g)].map((m) => didYouMean(m[1]!, names, (n) => `"${n}"`)).filter(Boolean);
  return `${message}${hints.join('')}`;
}

/** A refused client option: each missing credential said once, as a flag or a variable to set. */
function configurationLines(error: ConfigurationError, context: ErrorContext): string[] {
  const missing = new Set<Credential>();
  const other: string[] = [];
  for (const issue of error.issues) {
    const credential = context.credentials?.find((c) => !c.given && c.options.includes(String(issue.path[0])));
    if (credential) missing.add(credential);
    else other.push(`${issuePath(issue.path, context.flags)}: ${issueMessage(issue, context)}`);
  }
  const needs = [...missing].map((c) => c.say);
  if (needs.length === 1 && other.length === 0) return [`error: a credential is missing: ${needs[0]}; nothing was sent`];
  const head = needs.length
    ? `error: ${needs.length === 1 ? 'a credential is' : 'credentials are'} missing; nothing was sent:`
    : 'error: invalid options; nothing was sent:';
  return [head, ...needs.map((n) => `  ${n}`), ...other.map((o) => `  ${o}`)];
}

/** Our own errors and the SDK's typed ones: a mistake or a refusal, not a fault of the command (no stack trace for them). */
export const isExpected = (error: unknown) =>
  error instanceof UsageError || error instanceof InputError || error instanceof UnreachableError || error instanceof OpslinkError;

/** The exit code and the lines to print for an error. */
export function describeError(error: unknown, context: ErrorContext = { flags: {} }): { code: number; lines: string[] } {
  const flags = context.flags;
  if (error instanceof UsageError) return { code: EXIT.usage, lines: [`error: ${error.message}`] };
  if (error instanceof InputError) return { code: EXIT.invalid, lines: [`error: ${error.message}`, ...error.details.map((d) => `  ${d}`)] };
  if (error instanceof UnreachableError) return { code: EXIT.network, lines: [`error: ${error.message}`] };
  if (error instanceof ConfigurationError) return { code: EXIT.usage, lines: configurationLines(error, context) };
  if (error instanceof RequestValidationError) {
    const first = error.message.split('\n')[0] ?? error.message;
    const lines = [
      `error: ${error.name}: ${first}`,
      ...error.issues.map((i) => `  ${issuePath(i.path, flags)}: ${issueMessage(i, context)}`),
    ];
    return { code: context.flagValues ? EXIT.usage : EXIT.invalid, lines };
  }
  if (error instanceof APIError) {
    const where = `${error.status} ${error.method} ${error.path}`;
    const lines = [`error: ${error.name}: ${error.message || '(no message)'} (${where})`, ...(error.errors ?? []).map((e) => `  ${e}`)];
    if (error.requestId) lines.push(`  request id: ${error.requestId}`);
    return { code: EXIT.refused, lines };
  }
  if (error instanceof ResponseValidationError) return { code: EXIT.refused, lines: [`error: ${error.name}: ${error.message}`] };
  if (error instanceof APIConnectionError) return { code: EXIT.network, lines: [`error: ${error.name}: ${error.message}`] };
  if (error instanceof APIUserAbortError) return { code: EXIT.interrupted, lines: [] };
  if (error instanceof OpslinkError) return { code: EXIT.invalid, lines: [`error: ${error.name}: ${error.message}`] };
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { code: EXIT.invalid, lines: [`error: ${message}`] };
}
