/**
 * Members of a 2xx body that break their documented type, as one client reports them: under
 * `strictResponseValidation` a read rejects with them; otherwise each member is told once
 * per client (array positions not counted), at `warn` and to `hooks.onResponseMismatch`,
 * and the body resolves as received. A log line names members, never their values.
 */
import { callSafely } from '../../internal/callbacks.js';
import type { LogSink } from '../../seams/store.js';
import type { ValidationIssue } from '../errors/index.js';
import type { Hooks } from '../options.js';

/** `data.shipments[].shipped_at`: a member's path with its array positions left out; `(body)` for the body itself. */
export function memberPath(path: readonly (string | number)[]): string {
  return path.map((part, i) => (typeof part === 'number' ? '[]' : i ? `.${part}` : part)).join('') || '(body)';
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
  /** Members already reported. Their paths come from the documents' schemas, array positions left out: a few dozen at most. */
  readonly #reported = new Set<string>();

  constructor(settings: { strict: boolean; log: LogSink; hooks: Hooks }) {
    this.strict = settings.strict;
    this.#log = settings.log;
    this.#hooks = settings.hooks;
  }

  /** Tells the issues of members not reported before by this client, and remembers them. */
  report(source: MismatchSource, issues: readonly ValidationIssue[]): void {
    const reported = this.#reported;
    const fresh = issues.filter(({ path }) => !reported.has(memberPath(path)) && !!reported.add(memberPath(path)));
    if (!fresh.length) return;
    const { status, method, path } = source;
    const what = fresh.map((issue) => `${memberPath(issue.path)}: ${issue.message}`).join('; ');
    const log = this.#log;
    log.warn?.(
      `${status} ${method} ${path}${source.write ? ' took effect, but' : ':'} its body is not as documented (${what}); returned as received, each member reported once`,
    );
    const hook = this.#hooks.onResponseMismatch;
    if (typeof hook === 'function')
      callSafely(hook, this.#hooks, { method, url: source.url(), status, issues: fresh }, (error) =>
        log.warn?.(`onResponseMismatch threw ${(error as Error)?.name ?? 'an error'}; the call goes on`),
      );
  }
}
