/** Longest delay one timer holds (2^31 - 1 ms, about 24.8 days); longer waits chain timers. */
export const MAX_TIMER_MS = 2_147_483_647;

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
 * A signal that aborts when any of `signals` does, and `dispose`, which unhooks it from every
 * one of them. Unlike `AbortSignal.any`, nothing is left attached to a long-lived signal (a
 * process's shutdown signal passed to every call) once the call that linked it is over:
 * a listener left there would keep each call's request and response alive until shutdown.
 */
export function linkedSignal(signals: (AbortSignal | undefined)[]): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const links: [AbortSignal, () => void][] = [];
  for (const source of signals) {
    if (source === undefined) continue;
    if (source.aborted) {
      controller.abort(source.reason);
      break;
    }
    const onAbort = () => controller.abort(source.reason);
    source.addEventListener('abort', onAbort, { once: true });
    links.push([source, onAbort]);
  }
  const dispose = () => {
    for (const [source, onAbort] of links) source.removeEventListener('abort', onAbort);
    links.length = 0;
  };
  return { signal: controller.signal, dispose };
}

/**
 * `promise`, or a rejection with the signal's reason as soon as `signal` aborts: for a custom
 * fetch that ignores its signal, so a timeout or an abort still ends the attempt. A value that
 * arrives after the abort goes to `discard` (to cancel an unread response body). The listener
 * is removed as soon as either settles.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal, discard: (late: T) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) discard(value);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** What `firstEvent` listens on: the parts of a Node stream it uses (or of a type of those parts). */
export interface Listenable {
  once(event: string, listener: () => void): unknown;
  off(event: string, listener: () => void): unknown;
}

/**
 * Resolves at the first of `events` on `emitter` (a stream's `drain` or `close`) or at
 * `signal`'s abort. Every listener it added goes then: one left behind per wait piles up on a
 * slow reader, and Node warns past ten.
 */
export function firstEvent(emitter: Listenable, events: readonly string[], signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const event of events) emitter.off(event, done);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    for (const event of events) emitter.once(event, done);
    signal?.addEventListener('abort', done);
  });
}

/** What ends a piece of work at its next slice: an `AbortSignal`'s two members, set by whoever ends it. */
export interface Stop {
  aborted: boolean;
  reason?: unknown;
}

/**
 * How long a piece of work runs before it lets the event loop turn: about a frame. Work that
 * reads a large input (a bulk CSV) yields every slice, so a caller's abort, a deadline, other
 * calls and a server in the same process keep running beside it.
 */
export const WORK_SLICE_MS = 16;

/** A turn of the event loop: `setImmediate` where there is one (no timer's 1 ms, or a browser's 4 ms, floor), else a timer. */
const nextTurn = (run: () => void): unknown => {
  const immediate = (globalThis as { setImmediate?: (run: () => void) => unknown }).setImmediate;
  return typeof immediate === 'function' ? immediate(run) : setTimeout(run, 0);
};

/**
 * A point in a long piece of work where the event loop may turn (a timer, I/O: a macrotask,
 * which awaiting a promise is not), taken at most once per {@link WORK_SLICE_MS}; rejects with
 * `stop`'s reason once it aborts, so the work ends there.
 */
export function workSlices(stop?: Stop): () => Promise<void> | undefined {
  let since = Date.now();
  return () => {
    if (stop?.aborted) return Promise.reject(stop.reason);
    if (Date.now() - since < WORK_SLICE_MS) return undefined;
    return new Promise<void>((resolve, reject) =>
      nextTurn(() => {
        since = Date.now();
        if (stop?.aborted) reject(stop.reason);
        else resolve();
      }),
    );
  };
}
