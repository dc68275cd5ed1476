/**
 * The gate a client of a Redis store waits at: every client of one service and credential,
 * in any process, asks the store for each request's start. The store decides rate, slot and
 * pause in one script on its own clock; the slot goes back after the response, off the
 * request's path. When the store is unreachable or silent for its `timeout`, the client falls
 * back to its own gate (said once at `warn`) and probes the store in the background until it
 * answers again, then rejoins.
 */
import type { Release } from '../core/http/gate.js';
import type { Gate, SharedGateOptions } from '../core/http/store-gate.js';
import type { LogSink } from '../core/log.js';
import { sleep } from '../internal/signals.js';
import { inTime } from './connection.js';

/** What the store's gate says to one request: start now (holding `lease`), or ask again in `waitMs`. */
export type StoreDecision = { start: true; lease: string; epoch: number } | { start: false; waitMs: number; pausedUntil: number };

/** One shared gate in Redis: the scripts of one service and credential. */
export interface StoreGateHandle {
  /** Rate, slot and pause decided at once; a granted slot is leased, so a dead holder frees it. */
  acquire(): Promise<StoreDecision>;
  /** Hands a slot back; `'ok'` widens the window after a pause, as the local gate does. */
  release(lease: string, epoch: number, outcome: 'ok' | 'limited' | 'failed'): Promise<void>;
  /** Holds every client of this gate for `ms` (the longest pause wins), then opens slowly. */
  pause(ms: number): Promise<void>;
  /** Answers when the store does: the probe that ends a fallback. */
  ping(): Promise<void>;
}

/** A store that has not answered for this long is probed again (the rejoin bound is 5 s). */
const PROBE_MS = 2_000;
const MAX_ASK_AGAIN_MS = 250;

/** A gate that asks the store, and the client's own gate when the store cannot answer. */
export class SharedGate implements Gate {
  readonly #local: Gate;
  readonly #timeout: number;
  readonly #handle: Promise<StoreGateHandle>;
  readonly #log: LogSink;
  #fallback = false;
  #warned = false;
  #pausedUntil = 0;

  /** `handle` builds the store's side of this gate once its name (a hash) is known. */
  constructor(options: SharedGateOptions, storeTimeout: number, handle: (id: string) => StoreGateHandle) {
    this.#local = options.local;
    this.#timeout = storeTimeout;
    this.#log = options.log;
    this.#handle = options.id.then(handle);
    this.#handle.catch(() => {});
  }

  get pausedUntil(): number {
    const shared = this.#pausedUntil > Date.now() ? this.#pausedUntil : 0;
    return Math.max(shared, this.#local.pausedUntil);
  }

  async acquire(signal?: AbortSignal): Promise<Release> {
    for (let wait = 5; !this.#fallback; wait = Math.min(wait * 2, MAX_ASK_AGAIN_MS)) {
      signal?.throwIfAborted();
      let decision: StoreDecision;
      const asked = this.#handle.then((gate) => gate.acquire());
      try {
        decision = await inTime(asked, this.#timeout);
      } catch (error) {
        // A silent Redis answers what it was sent once it wakes: a slot granted to a request
        // that no longer waits for it would hold the fleet's width until its lease ends.
        asked.then((late) => late.start && this.#releaser(late.lease, late.epoch)('failed')).catch(() => {});
        this.#fallBack(error);
        break;
      }
      if (decision.start) return this.#releaser(decision.lease, decision.epoch);
      this.#pausedUntil = decision.pausedUntil;
      await sleep(decision.waitMs > 0 ? decision.waitMs : wait, signal);
    }
    return this.#local.acquire(signal);
  }

  pause(ms: number): void {
    this.#local.pause(ms);
    this.#pausedUntil = Math.max(this.#pausedUntil, Date.now() + ms);
    if (!this.#fallback) this.#inTime((gate) => gate.pause(ms)).catch((error) => this.#fallBack(error));
  }

  #releaser(lease: string, epoch: number): Release {
    let released = false;
    return (outcome) => {
      if (released) return;
      released = true;
      // Off the request's path: a release that never arrives is freed by its lease.
      this.#inTime((gate) => gate.release(lease, epoch, outcome)).catch(() => {});
    };
  }

  /** A store call, or a rejection once the store's `timeout` has passed without an answer. */
  #inTime<T>(call: (gate: StoreGateHandle) => Promise<T>): Promise<T> {
    return inTime(this.#handle.then(call), this.#timeout);
  }

  #fallBack(error: unknown): void {
    if (this.#fallback) return;
    this.#fallback = true;
    if (!this.#warned) {
      this.#warned = true;
      const why = error instanceof Error ? error.message : String(error);
      this.#log.warn?.(`rateLimitStore unavailable (${why}): this client uses its own gate until the store answers again`);
    }
    this.#probe();
  }

  #probe(): void {
    const timer = setTimeout(() => {
      this.#inTime((gate) => gate.ping()).then(
        () => {
          this.#fallback = false;
          this.#log.info?.('rateLimitStore answers again: this client shares its gate again');
        },
        () => this.#probe(),
      );
    }, PROBE_MS);
    // A probe alone must not keep the process alive (Node, Deno, Bun timers have unref).
    (timer as { unref?: () => void }).unref?.();
  }
}
