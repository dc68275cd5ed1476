/**
 * The gate a client of a Redis store waits at: every client of one service and credential,
 * in any process, asks the store for each request's start. The store decides rate, slot and
 * pause in one script on its own clock; the slot goes back after the response, off the
 * request's path. When the store is unreachable or silent for its `timeout`, the client falls
 * back to its own gate (said once at `warn`) and probes the store in the background until it
 * answers again, then rejoins.
 */

import { linkedSignal, sleep, untilAborted } from '../internal/signals.js';
import type { Gate, GateRequest, LogSink, Release, SharedGateOptions } from '../seams/store.js';
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
/**
 * A request that found every slot taken asks again after at most this long (a slot freed in
 * another process is seen no later); one freed in this process wakes it at once.
 */
const MAX_ASK_AGAIN_MS = 40;

/** How far apart two answers may put the end of one pause (a round trip, the two clocks). */
const SAME_PAUSE_MS = 100;

/** A gate that asks the store, and the client's own gate when the store cannot answer. */
export class SharedGate implements Gate {
  readonly #local: Gate;
  readonly #timeout: number;
  readonly #id: Promise<string>;
  readonly #handleOf: (id: string) => StoreGateHandle;
  /** The store's side of each gate this client has used: one per credential sent. */
  readonly #handles = new Map<string, StoreGateHandle>();
  readonly #log: LogSink;
  /** The requests napping before they ask again, in the order they lay down: this process freeing a slot wakes the first. */
  #slotFreed = new Set<() => void>();
  #fallback = false;
  #warned = false;
  #pausedUntil = 0;

  /** `handle` builds the store's side of a gate once its name (a hash) is known. */
  constructor(options: SharedGateOptions, storeTimeout: number, handle: (id: string) => StoreGateHandle) {
    this.#local = options.local;
    this.#timeout = storeTimeout;
    this.#log = options.log;
    this.#id = options.id;
    this.#id.catch(() => {});
    this.#handleOf = handle;
  }

  get pausedUntil(): number {
    const shared = this.#pausedUntil > Date.now() ? this.#pausedUntil : 0;
    return Math.max(shared, this.#local.pausedUntil);
  }

  async acquire(signal?: AbortSignal, request?: GateRequest): Promise<Release> {
    // Named by the credential this request sends; a key function's failure is the call's.
    const gate = this.#handle((await request?.scope?.()) ?? (await this.#id));
    for (;;) {
      if (this.#fallback) {
        const release = await this.#local.acquire(signal);
        if (this.#fallback) return release;
        // The store answered again while this request waited at the local gate: one pace, the fleet's.
        release('failed');
        continue;
      }
      const granted = await this.#ask(gate, signal, request);
      if (granted) return granted;
    }
  }

  /** Asks the store until it grants a start; `undefined` once the client has fallen back. */
  async #ask(gate: StoreGateHandle, signal: AbortSignal | undefined, request: GateRequest | undefined): Promise<Release | undefined> {
    // The pause the caller already met before it came to the gate; the store's clock puts the
    // same pause a few ms later at each answer, so only one that ends later still is news.
    let heard = this.pausedUntil;
    for (let wait = 5; !this.#fallback; wait = Math.min(wait * 2, MAX_ASK_AGAIN_MS)) {
      signal?.throwIfAborted();
      const answer = gate.acquire();
      const asked = inTime(answer, this.#timeout);
      let decision: StoreDecision;
      try {
        decision = signal ? await untilAborted(asked, signal, () => {}) : await asked;
      } catch (error) {
        // A late grant (a silent Redis answers once it wakes, or the caller gave up first) must
        // not hold the fleet's width until its lease ends.
        answer.then((late) => late.start && this.#releaser(gate, late.lease, late.epoch)('failed')).catch(() => {});
        if (signal?.aborted) throw signal.reason;
        this.#fallBack(error);
        return undefined;
      }
      if (decision.start) return this.#releaser(gate, decision.lease, decision.epoch);
      if (decision.pausedUntil > heard + SAME_PAUSE_MS) {
        heard = this.#pausedUntil = Math.max(this.#pausedUntil, decision.pausedUntil);
        const refused = request?.onPause?.(decision.pausedUntil);
        if (refused) throw refused;
      }
      await this.#nap(decision.waitMs > 0 ? decision.waitMs : wait, signal);
    }
    return undefined;
  }

  /** Sleeps `ms`, or less when this process frees a slot. */
  async #nap(ms: number, signal: AbortSignal | undefined): Promise<void> {
    let wake: () => void = () => {};
    const freed = new Promise<void>((resolve) => {
      wake = resolve;
    });
    this.#slotFreed.add(wake);
    const timer = new AbortController();
    const link = signal ? linkedSignal([signal, timer.signal]) : undefined;
    try {
      await Promise.race([sleep(ms, link?.signal ?? timer.signal), freed]);
    } finally {
      this.#slotFreed.delete(wake);
      timer.abort();
      link?.dispose();
    }
    signal?.throwIfAborted();
  }

  /** Holds every request for `ms`; resolves once the store has it (or its timeout passed), so no one else sends meanwhile. */
  async pause(ms: number, request?: GateRequest): Promise<void> {
    this.#local.pause(ms);
    this.#pausedUntil = Math.max(this.#pausedUntil, Date.now() + ms);
    if (this.#fallback) return;
    try {
      const gate = this.#handle((await request?.scope?.()) ?? (await this.#id));
      await inTime(gate.pause(ms), this.#timeout);
    } catch (error) {
      this.#fallBack(error);
    }
  }

  #handle(id: string): StoreGateHandle {
    let handle = this.#handles.get(id);
    if (!handle) {
      handle = this.#handleOf(id);
      this.#handles.set(id, handle);
    }
    return handle;
  }

  #releaser(gate: StoreGateHandle, lease: string, epoch: number): Release {
    let released = false;
    return (outcome) => {
      if (released) return;
      released = true;
      // Off the request's path: a release that never arrives is freed by its lease.
      inTime(gate.release(lease, epoch, outcome), this.#timeout)
        .then(() => {
          // One slot, one request woken (the longest waiting): waking all would send each an acquire.
          const [first] = this.#slotFreed;
          first?.();
        })
        .catch(() => {});
    };
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
      inTime(
        this.#id.then((id) => this.#handle(id).ping()),
        this.#timeout,
      ).then(
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
