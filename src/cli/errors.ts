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

/** An issue path as the command line names it: a client option or query member as its flag. */
export type FlagNames = Record<string, string>;

function issuePath(path: (string | number)[], flags: FlagNames): string {
  if (path.length === 0) return flags[''] ?? '(input)';
  const first = String(path[0]);
  const flag = flags[first];
  const rest = path.slice(1).join('.');
  return flag ? `${flag}${rest ? ` [${rest}]` : ''}` : path.join('.');
}

/** The exit code and the lines to print for an error. */
export function describeError(error: unknown, flags: FlagNames = {}): { code: number; lines: string[] } {
  if (error instanceof UsageError) return { code: EXIT.usage, lines: [`error: ${error.message}`] };
  if (error instanceof InputError) return { code: EXIT.invalid, lines: [`error: ${error.message}`, ...error.details.map((d) => `  ${d}`)] };
  if (error instanceof RequestValidationError) {
    const first = error.message.split('\n')[0] ?? error.message;
    const lines = [`error: ${error.name}: ${first}`, ...error.issues.map((i) => `  ${issuePath(i.path, flags)}: ${i.message}`)];
    return { code: error instanceof ConfigurationError ? EXIT.usage : EXIT.invalid, lines };
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
