/**
 * The gate a client of a Redis store waits at: every client of one service and credential,
 * in any process, asks the store for each request's start. The store decides rate, slot and
 * pause in one script on its own clock and says when the request starts; a request that
 * cannot have a slot waits in the store's queue and is told when one is its own
 * (`waiters.ts`, `wake-ups.ts`). The slot goes back after the response, off the request's path,
 * or is kept for the client's next request while nobody waits (`kept-slots.ts`).
 *
 * When the store is unreachable or silent for its `timeout`, the client falls back to its own
 * gate (said once at `warn`), still counting the slots it holds in the store, and probes the
 * store in the background until it answers again; it then counts in the store the slots it
 * took on its own gate meanwhile, and rejoins.
 */

import { sleep } from '../internal/signals.js';
import type { Gate, GateRequest, LogSink, Release, SharedGateOptions } from '../seams/store.js';
import { inTime } from './connection.js';
import type { StoreDecision, StoreGateHandle } from './gate-handle.js';
import { type Keep, KeptSlots } from './kept-slots.js';
import { StoreWatch } from './store-watch.js';
import { readWake, Waiters, type Wake } from './waiters.js';
import type { WakeUps } from './wake-ups.js';

/** A store that has not answered for this long is probed again (the rejoin bound is 5 s). */
const PROBE_MS = 2_000;
/**
 * Before a client listens for wake-ups (its first wait), a request that found every slot
 * taken asks again after at most this long; one freed in this process wakes it at once.
 */
const MAX_ASK_AGAIN_MS = 40;
/** How far apart two answers may put the end of one pause (a round trip, the two clocks). */
const SAME_PAUSE_MS = 100;

/** A slot taken on the client's own gate while the store was silent, and its lease in the store once counted there. */
interface OwnSlot {
  gate: StoreGateHandle;
  lease?: string;
}

type Answer = Wake | Extract<StoreDecision, { kind: 'wait' }>;

/** A gate that asks the store, and the client's own gate when the store cannot answer. */
export class SharedGate implements Gate {
  readonly #local: Gate;
  readonly #timeout: number;
  readonly #max: number;
  readonly #id: Promise<string>;
  readonly #handleOf: (id: string, holder: string) => StoreGateHandle;
  /** The store's side of each gate this client has used: one per credential sent. */
  readonly #handles = new Map<string, StoreGateHandle>();
  readonly #log: LogSink;
  readonly #wakeUps: WakeUps;
  readonly #waiters = new Waiters();
  /** Names this client's channel and leases. */
  readonly #holder = globalThis.crypto.randomUUID();
  #leases = 0;
  /** The leases this client holds in the store now: a wake-up naming one is old news, not a grant to hand back. */
  readonly #held = new Set<string>();
  readonly #own = new Set<OwnSlot>();
  /** Slots held in the store that no request uses now, for this client's next requests. */
  readonly #kept = new KeptSlots<StoreGateHandle>((gate, slot) => this.#handBack(gate, slot.lease, slot.epoch, 'ok', true));
  /** The gates whose channel this client listens on (or has asked to). */
  readonly #listening = new WeakMap<StoreGateHandle, Promise<void>>();
  /** Requests napping (or waiting for room at the own gate), in the order they lay down: a slot freed here wakes the first. */
  readonly #slotFreed = new Set<() => void>();
  #fallback = false;
  /** Notices a store that fell silent while requests of this client wait in its queue. */
  readonly #watch: StoreWatch;
  #warned = false;
  #pausedUntil = 0;

  /** `handle` builds the store's side of a gate once its name (a hash) is known. */
  constructor(options: SharedGateOptions, storeTimeout: number, wakeUps: WakeUps, handle: (id: string, holder: string) => StoreGateHandle) {
    this.#local = options.local;
    this.#timeout = storeTimeout;
    this.#watch = new StoreWatch(
      storeTimeout,
      () => this.#waiters.size > 0 && !this.#fallback,
      (error) => this.#fallBack(error),
    );
    this.#max = options.maxConcurrency;
    this.#log = options.log;
    this.#id = options.id;
    this.#id.catch(() => {});
    this.#wakeUps = wakeUps;
    this.#handleOf = handle;
  }

  get pausedUntil(): number {
    const shared = this.#pausedUntil > Date.now() ? this.#pausedUntil : 0;
    return Math.max(shared, this.#local.pausedUntil);
  }

  async acquire(signal?: AbortSignal, request?: GateRequest): Promise<Release> {
    // Named by the credential this request sends; a key function's failure is the call's.
    const gate = this.#handle((await request?.scope?.()) ?? (await this.#id));
    // The slot of this client's last request, when it kept it: no round trip. Not while it
    // cannot hear that another process waits (its kept slots go back).
    if (!this.#fallback && this.pausedUntil === 0 && !signal?.aborted) {
      const kept = this.#wakeUps.hearing(gate.channel) ? this.#kept.take(gate) : this.#kept.revoke(gate);
      if (kept) return this.#releaser(gate, kept.lease, kept.epoch, kept);
    }
    for (;;) {
      if (this.#fallback) {
        const release = await this.#ownSlot(gate, signal);
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
      if (signal?.aborted) throw signal.reason;
      const id = `${this.#holder}|${++this.#leases}`;
      const answer = await this.#answer(gate, id, signal);
      if (answer === undefined) return undefined;
      if (answer.kind === 'granted') {
        const release = await this.#start(gate, id, answer, signal);
        if (release) return release;
        continue;
      }
      if (answer.kind === 'again') continue;
      const pausedUntil = answer.kind === 'paused' ? answer.until : answer.pausedUntil;
      if (pausedUntil > heard + SAME_PAUSE_MS) {
        heard = this.#pausedUntil = Math.max(this.#pausedUntil, pausedUntil);
        const refused = request?.onPause?.(pausedUntil);
        if (refused) throw refused;
      }
      const ms = answer.kind === 'paused' ? answer.until - Date.now() : answer.waitMs;
      await this.#nap(ms > 0 ? ms : wait, signal);
    }
    return undefined;
  }

  /**
   * The store's answer for lease `id`: a request whose client listens for wake-ups may be
   * queued, and then waits to be told. `undefined` when the store did not answer in time (the
   * client falls back).
   */
  async #answer(gate: StoreGateHandle, id: string, signal: AbortSignal | undefined): Promise<Answer | undefined> {
    const canWait = this.#wakeUps.listening(gate.channel);
    if (canWait) this.#waiters.expect(id, gate);
    const asked = gate.acquire(id, canWait);
    let decision: StoreDecision;
    try {
      decision = await inTime(asked, this.#timeout, signal);
      if (decision.kind === 'late') throw new Error(`Redis did not answer within ${this.#timeout} ms`);
    } catch (error) {
      this.#waiters.forget(id);
      // A late grant (a silent Redis answers once it wakes, or the caller gave up first) must
      // not hold the fleet's width until its lease ends.
      asked.then((late) => late.kind === 'granted' && this.#releaser(gate, id, late.epoch)('failed')).catch(() => {});
      if (signal?.aborted) throw signal.reason;
      this.#fallBack(error);
      return undefined;
    }
    if (decision.kind === 'queued') {
      this.#watch.start(() => gate.ping());
      return this.#waiters.wait(id, signal, this.#timeout);
    }
    this.#waiters.forget(id);
    // A start booked ahead must hear of a pause, a slot kept that another process waits; a
    // request that must wait is told from now on rather than asking again (once the listening
    // connection is up: bounded by the timeout).
    if (decision.kind === 'granted' && (decision.startMs > 0 || decision.keep)) this.#listen(gate);
    if (decision.kind === 'wait' && !canWait && decision.pausedUntil === 0) {
      const listening = await inTime(this.#listen(gate), this.#timeout, signal).then(
        () => true,
        () => false,
      );
      if (listening) return { kind: 'again' };
    }
    return decision;
  }

  /** Holds the granted lease until its start (no turn of the event loop for one that starts at once), unless a pause heard meanwhile holds the request back. */
  #start(gate: StoreGateHandle, id: string, grant: { epoch: number; startMs: number; keep?: Keep }, signal?: AbortSignal) {
    this.#held.add(id);
    const release = this.#releaser(gate, id, grant.epoch, grant.keep);
    if (grant.startMs <= 0) return release;
    return this.#startLater(release, grant.startMs, signal);
  }

  async #startLater(release: Release, ms: number, signal: AbortSignal | undefined): Promise<Release | undefined> {
    try {
      await sleep(ms, signal);
    } catch (error) {
      release('failed');
      throw error;
    }
    // Another process's 429 while it waited for its start: not sent into the pause, asked again.
    if (this.pausedUntil <= Date.now()) return release;
    release('failed');
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
    const stop = () => timer.abort(signal?.reason);
    signal?.addEventListener('abort', stop, { once: true });
    try {
      await Promise.race([sleep(ms, timer.signal).catch(() => {}), freed]);
    } finally {
      this.#slotFreed.delete(wake);
      signal?.removeEventListener('abort', stop);
      timer.abort();
    }
    if (signal?.aborted) throw signal.reason;
  }

  /** Holds every request for `ms`; resolves once the store has it (or its timeout passed), so no one else sends meanwhile. */
  async pause(ms: number, request?: GateRequest): Promise<void> {
    this.#local.pause(ms);
    this.#pausedUntil = Math.max(this.#pausedUntil, Date.now() + ms);
    if (this.#fallback) return;
    try {
      const gate = this.#handle((await request?.scope?.()) ?? (await this.#id));
      this.#kept.revoke(gate);
      await inTime(gate.pause(ms), this.#timeout);
    } catch (error) {
      this.#fallBack(error);
    }
  }

  #handle(id: string): StoreGateHandle {
    let handle = this.#handles.get(id);
    if (!handle) {
      handle = this.#handleOf(id, this.#holder);
      this.#handles.set(id, handle);
    }
    return handle;
  }

  /** Hands the slot back once its request ends; `keep`: Redis let the client keep it for its next request, if it ends well. */
  #releaser(gate: StoreGateHandle, lease: string, epoch: number, keep?: Keep): Release {
    let released = false;
    return (outcome) => {
      if (released) return;
      released = true;
      const keeps = keep && outcome === 'ok' && !this.#fallback && this.pausedUntil === 0 && this.#wakeUps.hearing(gate.channel);
      if (!keeps || !this.#kept.keep(gate, { ...keep, lease, epoch, idle: performance.now() })) this.#handBack(gate, lease, epoch, outcome);
    };
  }

  /** `soon`: sent after this turn rather than held for the next acquire (a kept slot going back). */
  #handBack(gate: StoreGateHandle, lease: string, epoch: number, outcome: 'ok' | 'limited' | 'failed', soon = false): void {
    this.#held.delete(lease);
    if (this.#fallback) this.#freed(); // room at the own gate at once: the store may never hear of it
    // Off the request's path: a release that never arrives is freed by its lease (so it is
    // not timed). Once it has landed, a request of this process asking again (not yet told)
    // finds the slot.
    gate.release(lease, epoch, outcome, soon).then(
      () => this.#freed(),
      () => {},
    );
  }

  /** One slot freed, one request woken (the longest waiting): waking all would send each an acquire. */
  #freed(): void {
    const [first] = this.#slotFreed;
    first?.();
  }

  /** From the next wait on, this client's requests wait in the store's queue to be told, rather than ask again. */
  #listen(gate: StoreGateHandle): Promise<void> {
    const asked = this.#listening.get(gate);
    if (asked) return asked;
    const onMessage = (message: string) => {
      const wake = readWake(message, gate.startIn);
      if (wake?.kind === 'pause') {
        this.#pausedUntil = Math.max(this.#pausedUntil, Date.now() + wake.ms);
        this.#kept.revoke(gate, wake.at);
        this.#waiters.wakeAll({ kind: 'paused', until: Date.now() + wake.ms });
      } else if (wake?.kind === 'revoke') {
        gate.wanted();
        this.#kept.revoke(gate, wake.at);
      } else if (wake && !this.#held.has(wake.id) && !this.#waiters.wake(wake.id, wake)) {
        // Granted to a request that gave up (or that this client forgot when it fell back): handed on.
        this.#releaser(gate, wake.id, wake.epoch)('failed');
      }
    };
    // Back after a loss: what was said meanwhile is lost (a waiter's grant, that another waits).
    const listening = this.#wakeUps.listen(gate.channel, onMessage, () => {
      this.#kept.revoke(gate);
      this.#waiters.checkAll();
    });
    listening.catch((error: unknown) => {
      this.#log.debug?.(`rateLimitStore: waiting requests ask again rather than being told (${String(error)})`);
    });
    this.#listening.set(gate, listening);
    return listening;
  }

  /**
   * A slot of the client's own gate, while the store is silent: the slots this client still
   * holds in the store count too, so it never has more than `maxConcurrency` in flight.
   */
  async #ownSlot(gate: StoreGateHandle, signal: AbortSignal | undefined): Promise<Release> {
    while (this.#held.size + this.#own.size >= this.#max) await this.#nap(PROBE_MS, signal);
    const slot: OwnSlot = { gate };
    this.#own.add(slot);
    let release: Release;
    try {
      release = await this.#local.acquire(signal);
    } catch (error) {
      this.#own.delete(slot);
      this.#freed();
      throw error;
    }
    let released = false;
    return (outcome) => {
      if (released) return;
      released = true;
      this.#own.delete(slot);
      release(outcome);
      if (slot.lease) inTime(slot.gate.release(slot.lease, -1, 'failed'), this.#timeout).catch(() => {});
      this.#freed();
    };
  }

  #fallBack(error: unknown): void {
    if (this.#fallback) return;
    this.#fallback = true;
    this.#watch.stop();
    this.#kept.revokeAll(); // the store may never hear of them: their leases end
    if (!this.#warned) {
      this.#warned = true;
      const why = error instanceof Error ? error.message : String(error);
      this.#log.warn?.(`rateLimitStore unavailable (${why}): this client uses its own gate until the store answers again`);
    }
    // The requests waiting in the store's queue go to the own gate; grants that reach them later are handed back.
    this.#waiters.wakeAll({ kind: 'again' });
    this.#probe();
  }

  #probe(): void {
    const timer = setTimeout(() => {
      inTime(
        this.#id.then((id) => this.#handle(id).ping()),
        this.#timeout,
      )
        .then(() => this.#rejoin())
        .then(
          () => this.#log.info?.('rateLimitStore answers again: this client shares its gate again'),
          () => this.#probe(),
        );
    }, PROBE_MS);
    // A probe alone must not keep the process alive (Node, Deno, Bun timers have unref).
    (timer as { unref?: () => void }).unref?.();
  }

  /**
   * The slots taken on the own gate meanwhile are counted in the store before any request
   * takes more there. A slot keeps the lease it was first counted under: a count that Redis
   * made but answered after the timeout (a busy machine) is made again under the same names,
   * and each slot's release frees it. (Named anew at each try, the names of the count given up
   * on held the fleet's width for their lease, 31 s by default.)
   */
  async #rejoin(): Promise<void> {
    const byGate = new Map<StoreGateHandle, string[]>();
    for (const slot of this.#own) {
      slot.lease ??= `${this.#holder}|${++this.#leases}`;
      byGate.set(slot.gate, [...(byGate.get(slot.gate) ?? []), slot.lease]);
    }
    await Promise.all([...byGate].map(([gate, leases]) => gate.adopt(leases)));
    this.#fallback = false;
  }
}
