/**
 * Where a call was made, so an error that arrives seconds later still points at the caller's
 * line. Where the runtime's async stack traces carry the caller's frames to an error made
 * after the call's awaits (V8: Node, Deno, Chromium; probed once, on the first call), nothing
 * is captured: every step from the public method down is awaited, so the error's own stack
 * names the awaiting callers (`callSiteOf`). Elsewhere, and where a step is not awaited (a
 * list's pages, a bulk call's workers: `captureCallSite`), it is captured while the caller's
 * frames are on the stack, from the method the caller called down: the SDK's own frames above
 * it are left out, so every frame the limit allows is one the caller can use. Where the
 * runtime has it, `Error.captureStackTrace` on a plain object: it records the frames and
 * formats them only if an error reads them (bench/overhead-parts.mjs measures what it costs).
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

/** Whether an error made after a call's awaits carries the awaiting callers' frames by itself: `undefined` until probed. */
let carried: boolean | undefined;

/** An async call whose error, made after an await, names it only if the runtime keeps async frames (a method name: minifiers keep it). */
const probe = {
  async opslinkAsyncFrameProbe(): Promise<string> {
    return await probe.inner();
  },
  async inner(): Promise<string> {
    await undefined;
    return new Error().stack ?? '';
  },
};

/**
 * The call site of a call whose every step is awaited: none where the runtime's async stack
 * traces carry the caller's frames (nothing to pay), else captured as {@link captureCallSite}.
 * The first call captures while the probe runs.
 */
export function callSiteOf(above: Frame): CallSite | undefined {
  if (carried === undefined) {
    carried = false;
    probe.opslinkAsyncFrameProbe().then(
      (stack) => {
        carried = stack.includes('opslinkAsyncFrameProbe');
      },
      () => {},
    );
  }
  return carried ? undefined : captureCallSite(above);
}

/**
 * Gives an SDK error the stack of the call that started the request: its own first line, then
 * the call's frames; with none captured, its own frames (the runtime's async stack trace).
 */
export function withCallSite(error: unknown, callSite: CallSite | undefined): unknown {
  if (!(error instanceof OpslinkError)) return error;
  const head =
    error instanceof APIError
      ? `${error.name}: ${error.message} (${error.status} ${error.method} ${error.path})`
      : `${error.name}: ${error.message}`;
  const stack = callSite?.stack;
  if (stack !== undefined) {
    // A captured site's first line is "Error" (or the holder's name); the frames follow it.
    if (stack.includes('\n')) error.stack = `${head}\n${stack.slice(stack.indexOf('\n') + 1)}`;
    return error;
  }
  // Its own frames start at the first "    at " line (a message may run over several lines).
  const own = error.stack;
  const frames = own?.indexOf('\n    at ') ?? -1;
  if (own !== undefined && frames >= 0) error.stack = `${head}${own.slice(frames)}`;
  return error;
}
