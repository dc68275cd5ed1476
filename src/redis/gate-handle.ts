/**
 * The store's side of one shared gate (one service and credential, named by a hash): each
 * decision is one script (`gate-scripts.ts`). Releases are gathered off the request's path
 * and go with the next acquire, or in one call of their own (`Releases`).
 */
import { type Connection, inTime, type RedisClock, run, script } from './connection.js';
import { ACQUIRE, ADOPT, CANCEL, CHECK, PAUSE, RELEASE } from './gate-scripts.js';
import { HOLD_MS, KEEP_MS, type Keep } from './kept-slots.js';

const scripts = {
  acquire: script(ACQUIRE),
  release: script(RELEASE),
  pause: script(PAUSE),
  cancel: script(CANCEL),
  check: script(CHECK),
  adopt: script(ADOPT),
};

/**
 * What the store's gate says to one request: start in `startMs` (holding its lease; `keep`
 * when the client may keep it for its next request), wait in the queue to be told, ask again
 * in `waitMs`, or nothing (it reached Redis too late).
 */
export type StoreDecision =
  | { kind: 'granted'; epoch: number; startMs: number; keep?: Keep }
  | { kind: 'queued' }
  | { kind: 'wait'; waitMs: number; pausedUntil: number }
  | { kind: 'late' };

/** One shared gate in Redis: the scripts of one service and credential. */
export interface StoreGateHandle {
  /** The channel this client's waiting requests are told on. */
  readonly channel: string;
  /** Rate, slot and pause decided at once for lease `id`; `canWait`: it may join the queue. */
  acquire(id: string, canWait: boolean): Promise<StoreDecision>;
  /**
   * Hands a slot back; `'ok'` widens the window after a pause, as the local gate does. Off the
   * request's path (see `Releases`); `soon`: not held for the next acquire (a kept slot going back).
   */
  release(lease: string, epoch: number, outcome: 'ok' | 'limited' | 'failed', soon?: boolean): Promise<void>;
  /** Holds every client of this gate for `ms` (the longest pause wins), then opens slowly. */
  pause(ms: number): Promise<void>;
  /** A queued request gives up (a slot already granted to it goes on to the next). */
  cancel(id: string): Promise<void>;
  /** Where a queued request stands: granted, still queued, or neither (`wait`, ask again). */
  check(id: string): Promise<StoreDecision>;
  /** Counts slots taken elsewhere (the client's own gate) as leases, before the client takes more. */
  adopt(ids: string[]): Promise<void>;
  /** Answers when the store does: the probe that ends a fallback. */
  ping(): Promise<void>;
  /** Another process waits for a slot: releases are sent at once, not held for the next acquire, until an answer says no one waits. */
  wanted(): void;
  /** Ms from now until a start Redis scheduled (its clock, as its replies showed it). */
  startIn(redisMs: number): number;
}

export interface GateLimits {
  maxConcurrency: number;
  requestsPerSecond: number | undefined;
  timeout: number;
}

/** The gate named `base` (`<prefix>:{gate:<hash>}`) for a client whose listening channel ends in `holder`. */
export function redisGate(
  connection: Connection,
  base: string,
  holder: string,
  limits: GateLimits,
  clock: RedisClock,
  storeTimeout: number,
): StoreGateHandle {
  const keys = [`${base}:state`, `${base}:leases`, `${base}:queue`];
  const interval = limits.requestsPerSecond ? 1000 / limits.requestsPerSecond : 0;
  // One attempt lasts at most its timeout: a slot held longer belongs to a process that died.
  const common = [limits.maxConcurrency, interval, limits.timeout + 1_000, connection.cluster ? 'SPUBLISH' : 'PUBLISH'];
  const call = (which: keyof typeof scripts, args: (string | number)[], whole = false) =>
    run(connection.command, scripts[which], keys, [...common, ...args], whole) as Promise<number[]>;
  const releases = new Releases((batch) => call('release', batch.flat()));
  const decide = (reply: number[], sent = 0): StoreDecision => {
    const [kind, a, b] = reply as [number, number, number];
    const at = Number(reply[3]);
    clock.saw(at);
    if (Number(kind) === 1) {
      const granted = { kind: 'granted' as const, epoch: Number(a), startMs: clock.until(Number(b)) };
      // The lease ends `leaseMs` after Redis ran the script, so after `sent` here: a request
      // started on the kept slot within KEEP_MS of it still ends (its timeout) inside the lease.
      return Number(reply[5]) === 1 && sent ? { ...granted, keep: { until: sent + KEEP_MS, at } } : granted;
    }
    if (Number(kind) === 2) return { kind: 'queued' };
    if (Number(kind) === 3) return { kind: 'late' };
    return { kind: 'wait', waitMs: Number(a), pausedUntil: Number(b) === 1 ? Date.now() + Number(a) : 0 };
  };
  return {
    channel: `${base}:w:${holder}`,
    acquire(id, canWait) {
      // Carried out only while this client still waits for the answer (Redis silent, then back).
      const known = clock.now();
      const notAfter = known === undefined ? 0 : Math.floor(known + storeTimeout - Math.min(100, storeTimeout / 4));
      const carried = releases.take();
      const sent = performance.now();
      return call('acquire', [id, canWait ? 1 : 0, notAfter, ...carried.batch.flat()]).then(
        (reply) => {
          carried.settle();
          releases.full = Number(reply[4]) === 1;
          return decide(reply, sent);
        },
        (error: unknown) => {
          carried.settle(error);
          throw error;
        },
      );
    },
    release: (lease, epoch, outcome, soon) => releases.add([lease, outcome, epoch], soon),
    async pause(ms) {
      // Whole, never a NOSCRIPT round trip first: another client's next start must find it.
      await call('pause', [ms], true);
    },
    async cancel(id) {
      await call('cancel', [id]);
    },
    check: async (id) => decide(await call('check', [id])),
    async adopt(ids) {
      if (ids.length) await inTime(call('adopt', ids), storeTimeout);
    },
    async ping() {
      await connection.command(['PING'], keys[0]);
    },
    wanted() {
      releases.full = true;
    },
    startIn: (redisMs) => clock.until(redisMs),
  };
}

/** After the current turn of the event loop (its I/O included), where the runtime can say so. */
const afterThisTurn: (run: () => void) => void =
  (globalThis as { setImmediate?: (run: () => void) => void }).setImmediate ?? ((run) => setTimeout(run, 0));

type Triple = [lease: string, outcome: string, epoch: number];

/**
 * The slots a client hands back, gathered off the request's path: they go with the client's
 * next acquire on the same gate (one round trip, one command for both), or on their own
 * after this turn of the event loop when the gate was full at its last answer (another
 * request may be waiting for them), else within `HOLD_MS`. Requests that end together cost
 * one command.
 */
class Releases {
  readonly #send: (batch: Triple[]) => Promise<unknown>;
  #batch: Triple[] = [];
  #landed: Promise<void> | undefined;
  #settle: ((error?: unknown) => void) | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** The gate had no slot free, or a queue, at its last answer. */
  full = true;

  constructor(send: (batch: Triple[]) => Promise<unknown>) {
    this.#send = send;
  }

  /** Gathers one; resolves once it has landed. `soon`: sent after this turn, whatever the gate's state. */
  add(triple: Triple, soon = false): Promise<void> {
    this.#batch.push(triple);
    this.#landed ??= new Promise<void>((resolve, reject) => {
      this.#settle = (error) => (error === undefined ? resolve() : reject(error));
    });
    if (this.full || soon) afterThisTurn(() => this.#flush());
    else this.#timer ??= setTimeout(() => this.#flush(), HOLD_MS);
    return this.#landed;
  }

  /** The releases gathered, for an acquire to carry; `settle` once it has landed (or failed). */
  take(): { batch: Triple[]; settle: (error?: unknown) => void } {
    const batch = this.#batch;
    const settle = this.#settle ?? (() => {});
    // The timer is left to fire (on an empty batch, or on one gathered since, a little
    // earlier than it would wait): setting and clearing one per request cost more.
    this.#batch = [];
    this.#landed = this.#settle = undefined;
    return { batch, settle };
  }

  #flush(): void {
    this.#timer = undefined;
    const { batch, settle } = this.take();
    if (batch.length) this.#send(batch).then(() => settle(), settle);
  }
}
