/** What a call tells the user's hooks: events built from scrubbed copies, and hooks that cannot break the call. */
import { callSafely } from '../../internal/callbacks.js';
import type { Redactor } from '../../internal/redact.js';

/** A copy of the headers with every known secret replaced, for hooks. */
export function scrubbed(headers: Record<string, string>, redactor: Redactor): Headers {
  const copy = new Headers();
  for (const [name, value] of Object.entries(headers)) copy.set(name, redactor.text(value));
  return copy;
}

/** Calls a user hook as a method of its object; one that throws is logged and never breaks the call. */
export function emit<O, K extends keyof O>(
  owner: O,
  name: K,
  event: Parameters<Extract<O[K], (e: never) => void>>[0],
  log: { warn?: (m: string) => void },
): void {
  const hook = owner[name] as ((e: never) => unknown) | undefined;
  if (typeof hook !== 'function') return;
  callSafely(hook, owner, event, (error) => log.warn?.(`${String(name)} threw ${(error as Error)?.name ?? 'an error'}; the call goes on`));
}
