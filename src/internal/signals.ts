/** One signal that aborts when any of `signals` does: `AbortSignal.any` where the platform has it. */
export function anySignal(signals: (AbortSignal | undefined)[]): AbortSignal {
  const present = signals.filter((s): s is AbortSignal => s !== undefined);
  // AbortSignal.any takes only this realm's signals; one from a polyfill or an iframe is linked by hand.
  if (typeof AbortSignal.any === 'function' && present.every((s) => s instanceof AbortSignal)) return AbortSignal.any(present);
  const controller = new AbortController();
  for (const s of present) {
    if (s.aborted) controller.abort(s.reason);
    else s.addEventListener('abort', () => controller.abort(s.reason), { once: true });
  }
  return controller.signal;
}

/**
 * `promise`, or a rejection with the signal's reason as soon as `signal` aborts: for a custom
 * fetch that ignores its signal, so a timeout or an abort still ends the attempt. A value that
 * arrives after the abort goes to `discard` (to cancel an unread response body). `signal` is
 * one attempt's own, so its listener goes with it.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal, discard: (late: T) => void): Promise<T> {
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  const settled = promise.then((value) => {
    if (signal.aborted) discard(value);
    return value;
  });
  return Promise.race([settled, aborted]);
}
