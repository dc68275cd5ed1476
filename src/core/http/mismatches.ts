/**
 * Members of a 2xx body that break their documented type, as one client reports them: under
 * `strictResponseValidation` a read rejects with them; otherwise each member is told once
 * per client (array positions not counted), at `warn` and to `hooks.onResponseMismatch`,
 * and the body resolves as received. A log line names members, never their values.
 */
import { callSafely } from '../../internal/callbacks.js';
import type { ValidationIssue } from '../errors/index.js';
import type { LogSink } from '../log.js';
import type { Hooks } from '../options.js';

/**
 * Members remembered as already reported. Paths come from the documents' schemas, so a
 * client meets a few dozen at most; the bound only keeps a hostile server from growing it.
 */
const REMEMBERED_MEMBERS = 1_000;

/** `data.shipments[].shipped_at`: a member's path with its array positions left out; `(body)` for the body itself. */
export function memberPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? '[]' : out ? `.${part}` : part;
  return out || '(body)';
}

/** Where a body was read, for the log line and the event. */
export interface MismatchSource {
  status: number;
  method: string;
  /** The path with secrets scrubbed. */
  path: string;
  /** The URL with secrets scrubbed, built only when a report is made. */
  url(): string;
  write: boolean;
}

export class ResponseMismatches {
  readonly strict: boolean;
  readonly #log: LogSink;
  readonly #hooks: Hooks;
  readonly #reported = new Set<string>();

  constructor(settings: { strict: boolean; log: LogSink; hooks: Hooks }) {
    this.strict = settings.strict;
    this.#log = settings.log;
    this.#hooks = settings.hooks;
  }

  /** Tells the issues of members not reported before by this client, and remembers them. */
  report(source: MismatchSource, issues: readonly ValidationIssue[]): void {
    const fresh: ValidationIssue[] = [];
    const members: string[] = [];
    for (const issue of issues) {
      const member = memberPath(issue.path);
      if (this.#reported.has(member) || members.includes(member)) continue;
      if (this.#reported.size < REMEMBERED_MEMBERS) this.#reported.add(member);
      fresh.push(issue);
      members.push(member);
    }
    if (fresh.length === 0) return;
    const { status, method, path } = source;
    const what = fresh.map((issue, i) => `${members[i]}: ${issue.message}`).join('; ');
    this.#log.warn?.(
      source.write
        ? `${status} ${method} ${path} took effect, but its body is not as documented (${what}); returned as received`
        : `${status} ${method} ${path}: a body member is not as documented (${what}); returned as received, each member reported once per client`,
    );
    const hook = this.#hooks.onResponseMismatch;
    if (typeof hook !== 'function') return;
    const event = { method, url: source.url(), status, issues: fresh.map(({ path, message }) => ({ path: [...path], message })) };
    callSafely(hook, this.#hooks, event, (error) =>
      this.#log.warn?.(`onResponseMismatch threw ${(error as Error)?.name ?? 'an error'}; the call goes on`),
    );
  }
}
