/**
 * Where a call was made, so an error that arrives seconds later still points at the caller's
 * line. Captured while the caller's frames are on the stack (nothing after an `await` has
 * them), from the method the caller called down: the SDK's own frames above it are left out,
 * so every frame the limit allows is one the caller can use. Where the runtime has it (V8:
 * Node, Chromium, Deno, and Bun), `Error.captureStackTrace` on a plain object: it records the
 * frames and formats them only if an error reads them, at about half the cost of the
 * `new Error()` it replaces (bench/overhead-parts.mjs measures it).
 */
import { APIError, OpslinkError } from '../errors/index.js';

/** The frames of the call, formatted when read (V8), or at once (other engines). */
export interface CallSite {
  readonly stack?: string | undefined;
}

type Frame = Function;

const capture = (Error as { captureStackTrace?: (target: object, above?: Frame) => void }).captureStackTrace;

/** The stack from `above`'s caller down (`above` is the SDK function the public method called), as `Error.stackTraceLimit` allows. */
export function captureCallSite(above: Frame): CallSite {
  if (!capture) return new Error();
  const site: { stack?: string } = {};
  capture(site, above);
  return site;
}

/** Gives an SDK error the stack of the call that started the request: its own first line, then the call's frames (none taken: as it is). */
export function withCallSite(error: unknown, callSite: CallSite | undefined): unknown {
  if (!(error instanceof OpslinkError)) return error;
  const stack = callSite?.stack;
  // A captured site's first line is "Error" (or the holder's name); the frames follow it.
  const frames = stack?.slice(stack.indexOf('\n') + 1);
  const head =
    error instanceof APIError
      ? `${error.name}: ${error.message} (${error.status} ${error.method} ${error.path})`
      : `${error.name}: ${error.message}`;
  if (frames && stack?.includes('\n')) error.stack = `${head}\n${frames}`;
  return error;
}
