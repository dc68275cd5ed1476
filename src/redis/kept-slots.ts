/**
 * The slots a client keeps for its next request. Asking Redis for every start cost a request
 * more than two Redis round trips of time (bench/store.mjs: the socket round trip, the
 * script's run, both client libraries' work, the gate's own); a client whose requests follow
 * one another needs none of it when a request that ended well leaves its slot held in Redis
 * and the next one starts on it. Redis still counts the slot as taken, so the fleet never has
 * more than `maxConcurrency` in flight, and a process that dies keeping slots frees them as
 * it frees any slot: when their leases end.
 *
 * A slot is kept only when Redis said so at its grant (a slot left free, no rate to book, no
 * slow start after a pause) and while its client hears its wake-up channel; it goes back
 * - when no request took it for `HOLD_MS`, as a release waits that long for the next acquire;
 * - `KEEP_MS` after its grant: its lease (the client's timeout + 1 s from the grant) must
 *   outlast any request started on it, by the same second;
 * - at once when another process finds no slot free (`r`) or the gate is paused (`p`): Redis
 *   tells every holder on its channel. A message lost with that connection costs a waiter
 *   at most `KEEP_MS`: by then the holder asks Redis again, which serves the queue first.
 */
/** How long a slot handed back (kept or released) waits for the client's next request, when nobody waits for it. */
export const HOLD_MS = 10;
/** How long after its grant a kept slot may still start a request. */
export const KEEP_MS = 500;

/** A grant its client may keep: a request may start on it until `until` (`performance.now()`); `at`: Redis's time (ms) of the grant. */
export interface Keep {
  until: number;
  at: number;
}

/** A slot kept: its lease, the epoch it was granted in, and since when it has been idle. */
export interface Kept extends Keep {
  lease: string;
  epoch: number;
  idle: number;
}

/** Kept per gate: `Gate` is the store's handle of one gate (`Gate`), left generic so this file needs nothing of the handle, which reads its timings from here. */
export class KeptSlots<Gate extends object> {
  readonly #slots = new Map<Gate, Kept[]>();
  /** Per gate, Redis's time of the last message saying some process waits or the gate is paused: a grant answered until then is not kept. */
  readonly #revoked = new Map<Gate, number>();
  readonly #handBack: (gate: Gate, slot: Kept) => void;
  /** One timer for every kept slot (one set and cleared per request cost more than the round trip saved, as in `Releases`). */
  #timer: ReturnType<typeof setTimeout> | undefined;

  /** `handBack` releases a slot that is not kept any longer (a kept slot's request ended well). */
  constructor(handBack: (gate: Gate, slot: Kept) => void) {
    this.#handBack = handBack;
  }

  /** Keeps the slot of a request that ended well; `false` when it must go back instead. */
  keep(gate: Gate, slot: Kept): boolean {
    // `idle` is now: the request on it has just ended.
    if (slot.idle >= slot.until || slot.at <= (this.#revoked.get(gate) ?? Number.NEGATIVE_INFINITY)) return false;
    const slots = this.#slots.get(gate);
    if (slots) slots.push(slot);
    else this.#slots.set(gate, [slot]);
    this.#timer ??= setTimeout(() => this.#handBackIdle(), HOLD_MS);
    return true;
  }

  /** A kept slot the next request may start on (the last kept); those it may not start on any longer go back. */
  take(gate: Gate): Kept | undefined {
    const slots = this.#slots.get(gate);
    if (!slots?.length) return undefined;
    const now = performance.now();
    for (let slot = slots.pop(); slot; slot = slots.pop()) {
      if (now < slot.until) return slot;
      this.#handBack(gate, slot);
    }
    return undefined;
  }

  /**
   * Every slot kept on `gate` goes back at once; with `at` (Redis's time of the message), no
   * grant Redis answered until then is kept either, since its answer may come after the message.
   */
  revoke(gate: Gate, at?: number): void {
    if (at !== undefined && !(at <= (this.#revoked.get(gate) ?? Number.NEGATIVE_INFINITY))) this.#revoked.set(gate, at);
    const slots = this.#slots.get(gate);
    if (!slots?.length) return;
    this.#slots.set(gate, []);
    for (const slot of slots) this.#handBack(gate, slot);
  }

  /** Every kept slot goes back (the client falls back to its own gate). */
  revokeAll(): void {
    for (const gate of this.#slots.keys()) this.revoke(gate);
  }

  /** The slots idle for `HOLD_MS` go back; the timer is armed again for the others. */
  #handBackIdle(): void {
    this.#timer = undefined;
    const now = performance.now();
    let next = Number.POSITIVE_INFINITY;
    for (const [gate, slots] of this.#slots) {
      const idle = slots.filter((slot) => now - slot.idle >= HOLD_MS);
      if (!idle.length) {
        for (const slot of slots) next = Math.min(next, slot.idle + HOLD_MS);
        continue;
      }
      const kept = slots.filter((slot) => now - slot.idle < HOLD_MS);
      this.#slots.set(gate, kept);
      for (const slot of kept) next = Math.min(next, slot.idle + HOLD_MS);
      for (const slot of idle) this.#handBack(gate, slot);
    }
    if (next !== Number.POSITIVE_INFINITY) this.#timer = setTimeout(() => this.#handBackIdle(), Math.max(1, next - now));
  }
}
