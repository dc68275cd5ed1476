/**
 * The `deadline` of one call: an instant after which nothing more is sent or waited for.
 * Its signal aborts at that instant, ending an attempt in flight, a queued request or a wait
 * between retries alike.
 */
import { MAX_TIMER_MS } from '../../internal/signals.js';

export class CallDeadline {
  /** Milliseconds since the epoch, or `undefined` for no deadline. */
  readonly at: number | undefined;
  // Made only for a call with a deadline: most calls have none, and pay nothing for it.
  readonly #controller: AbortController | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(at: number | undefined) {
    this.at = at;
    if (at === undefined) return;
    this.#controller = new AbortController();
    this.#arm();
  }

  /** Aborts when the deadline passes; `undefined` when there is none. */
  get signal(): AbortSignal | undefined {
    return this.#controller?.signal;
  }

  /** Milliseconds left (Infinity without a deadline, 0 once passed). */
  remaining(): number {
    return this.at === undefined ? Number.POSITIVE_INFINITY : Math.max(0, this.at - Date.now());
  }

  get passed(): boolean {
    return this.at !== undefined && (this.#controller?.signal.aborted === true || Date.now() >= this.at);
  }

  /** Clears the timer once the call has settled. */
  dispose(): void {
    clearTimeout(this.#timer);
  }

  #arm(): void {
    const left = this.remaining();
    if (left <= 0) {
      this.#controller?.abort();
      return;
    }
    this.#timer = setTimeout(() => this.#arm(), Math.min(left, MAX_TIMER_MS));
  }
}
