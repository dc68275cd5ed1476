/**
 * One gate per client that every request passes before it is sent: at most
 * `maxConcurrency` in flight, starts spaced by `requestsPerSecond`, and after a 429 a pause
 * for every queued request until the server's `Retry-After` has passed. Then the gate opens
 * slowly, as TCP's slow start does: one request, and one more in flight for each that comes
 * back without a 429 (1, 2, 4, … per round trip), so a queue of 64 does not meet the limit
 * again as one herd.
 */

import type { Release } from '../../seams/store.js';

interface Waiter {
  resolve: (release: Release) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

export class RateLimitGate {
  readonly #max: number;
  readonly #interval: number;
  readonly #queue: Waiter[] = [];
  #inFlight = 0;
  #window: number;
  #pausedUntil = 0;
  #nextStart = 0;
  /** Counts pauses: a request sent before the latest one says nothing about the limit now. */
  #epoch = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timerAt = 0;

  constructor(options: { maxConcurrency: number; requestsPerSecond?: number | undefined }) {
    this.#max = options.maxConcurrency;
    this.#window = options.maxConcurrency;
    this.#interval = options.requestsPerSecond ? 1000 / options.requestsPerSecond : 0;
  }

  /** Until when (ms since the epoch) requests are held after a 429; 0 when not paused. */
  get pausedUntil(): number {
    return this.#pausedUntil > Date.now() ? this.#pausedUntil : 0;
  }

  /** Waits for a slot; rejects with the signal's reason at once when it aborts, queued or not. */
  acquire(signal?: AbortSignal): Promise<Release> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const waiter: Waiter = { resolve, reject, signal, onAbort: () => this.#drop(waiter) };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.#queue.push(waiter);
      this.#pump();
    });
  }

  /** Holds every request not yet sent for `ms` (the longest pause asked for wins), then opens slowly. */
  pause(ms: number): void {
    this.#pausedUntil = Math.max(this.#pausedUntil, Date.now() + ms);
    this.#window = 1;
    this.#epoch++;
    this.#pump();
  }

  #drop(waiter: Waiter): void {
    const index = this.#queue.indexOf(waiter);
    if (index >= 0) this.#queue.splice(index, 1);
    // Nobody left to wake: a pending timer would only keep the process alive.
    if (this.#queue.length === 0) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    waiter.reject(waiter.signal?.reason);
  }

  #release(outcome: 'ok' | 'limited' | 'failed', epoch: number): void {
    this.#inFlight--;
    // Only a request sent since the latest pause shows the limit has room again.
    if (outcome === 'ok' && epoch === this.#epoch && this.#window < this.#max) this.#window++;
    this.#pump();
  }

  #pump(): void {
    while (this.#queue.length > 0) {
      const now = Date.now();
      const wake = Math.max(this.#pausedUntil, this.#nextStart);
      if (now < wake) {
        this.#wakeAt(wake);
        return;
      }
      if (this.#inFlight >= this.#window) return;
      const waiter = this.#queue.shift() as Waiter;
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      this.#inFlight++;
      this.#nextStart = now + this.#interval;
      let released = false;
      const epoch = this.#epoch;
      waiter.resolve((outcome) => {
        if (!released) this.#release(outcome, epoch);
        released = true;
      });
    }
  }

  #wakeAt(at: number): void {
    if (this.#timer !== undefined && this.#timerAt <= at) return;
    clearTimeout(this.#timer);
    this.#timerAt = at;
    // A pause longer than one timer holds wakes early and re-arms.
    this.#timer = setTimeout(
      () => {
        this.#timer = undefined;
        this.#pump();
      },
      Math.min(at - Date.now(), 2_147_483_647),
    );
  }
}
