/** Longest delay one timer holds (2^31 - 1 ms, about 24.8 days); longer waits chain timers. */
export const MAX_TIMER_MS = 2_147_483_647;

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
 * Waits `ms`, ending at once (rejecting with the signal's reason) when `signal` aborts, and
 * leaving no timer behind either way. A wait longer than one timer can hold is still a wait:
 * timers are chained rather than let the runtime fire an overlong one after 1 ms.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    let timer: ReturnType<typeof setTimeout>;
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const end = Date.now() + ms;
    const arm = () => {
      const left = end - Date.now();
      if (left <= 0) {
        signal?.removeEventListener('abort', onAbort);
        return resolve();
      }
      timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
    };
    timer = setTimeout(arm, Math.min(Math.max(0, ms), MAX_TIMER_MS));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
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
