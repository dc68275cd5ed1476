/**
 * The requests of one client waiting in a shared gate's queue, by lease id, and what wakes
 * each: its grant (`g <id> <epoch> <start ms>` on the client's channel), a pause set by
 * another process (`p <ms>`), its caller's signal (it leaves the queue), or silence. A wake-up
 * lost with the listening connection is made good two ways: when that connection is back,
 * every waiter asks Redis where it stands; and a waiter that heard nothing for `CHECK_MS`
 * asks (and serves the queue while it is there), then again every `CHECK_MS`. So a lost
 * wake-up costs a waiter at most that long, and one command per `CHECK_MS` of waiting.
 */
import { inTime } from './connection.js';
import type { StoreGateHandle } from './gate-handle.js';

/** A waiter that heard nothing for this long asks Redis where it stands. */
export const CHECK_MS = 10_000;

/** What a queued request is told: its grant, a pause (ask again once it ends), or to ask again now. */
export type Wake = { kind: 'granted'; epoch: number; startMs: number } | { kind: 'paused'; until: number } | { kind: 'again' };

interface Waiter {
  gate: StoreGateHandle;
  /** A wake-up that came before the request started to wait (its grant can beat the answer that queued it). */
  early?: Wake;
  settle?: (wake: Wake) => void;
  check?: () => void;
}

export class Waiters {
  readonly #waiting = new Map<string, Waiter>();

  /** How many requests wait (or are about to). */
  get size(): number {
    return this.#waiting.size;
  }

  /** Expects a wake-up for lease `id`: called before asking, since the grant may come first. */
  expect(id: string, gate: StoreGateHandle): void {
    this.#waiting.set(id, { gate });
  }

  forget(id: string): void {
    this.#waiting.delete(id);
  }

  /** Wakes `id`; `false` when nobody waits for it (it gave up: a grant must be handed back). */
  wake(id: string, wake: Wake): boolean {
    const waiter = this.#waiting.get(id);
    if (!waiter) return false;
    if (waiter.settle) waiter.settle(wake);
    else waiter.early = wake;
    return true;
  }

  /** Every waiter told `wake` (a pause: each asks again once it ends; a fallback: each goes to the client's own gate). */
  wakeAll(wake: Wake): void {
    for (const id of [...this.#waiting.keys()]) this.wake(id, wake);
  }

  /** Every waiter asks Redis where it stands: the listening connection was lost, and wake-ups with it. */
  checkAll(): void {
    for (const waiter of this.#waiting.values()) waiter.check?.();
  }

  /** Waits, in the queue, for `id`'s wake-up; `signal` takes it out of the queue. */
  wait(id: string, signal: AbortSignal | undefined, timeout: number): Promise<Wake> {
    const waiter = this.#waiting.get(id);
    if (!waiter) return Promise.resolve({ kind: 'again' });
    return new Promise<Wake>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const end = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.#waiting.delete(id);
        waiter.settle = () => {};
      };
      const onAbort = () => {
        end();
        waiter.gate.cancel(id).catch(() => {}); // a grant already on its way is handed back on arrival
        reject(signal?.reason);
      };
      waiter.settle = (wake) => {
        end();
        resolve(wake);
      };
      waiter.check = () => {
        clearTimeout(timer);
        inTime(waiter.gate.check(id), timeout).then(
          (found) => (found.kind === 'queued' ? arm() : waiter.settle?.(found.kind === 'granted' ? found : { kind: 'again' })),
          () => waiter.settle?.({ kind: 'again' }),
        );
      };
      const arm = () => {
        timer = setTimeout(() => waiter.check?.(), CHECK_MS);
      };
      if (waiter.early) return waiter.settle(waiter.early);
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      arm();
    });
  }
}

/**
 * A message as the gate's scripts publish it: a grant (its start on Redis's clock, read as ms
 * from now by `until`), a pause, or that some process waits for a slot (`revoke`: slots kept
 * for a next request go back); `at` is Redis's time when it was sent (absent from a pause of
 * an older version). `undefined` for a message this version cannot read.
 */
export function readWake(
  message: string,
  until: (redisMs: number) => number,
):
  | { kind: 'granted'; id: string; epoch: number; startMs: number }
  | { kind: 'pause'; ms: number; at?: number }
  | { kind: 'revoke'; at: number }
  | undefined {
  const [kind, a, b, c] = message.split(' ');
  if (kind === 'g' && a && b !== undefined && c !== undefined)
    return { kind: 'granted', id: a, epoch: Number(b), startMs: until(Number(c)) };
  if (kind === 'p' && a !== undefined)
    return b === undefined ? { kind: 'pause', ms: Number(a) } : { kind: 'pause', ms: Number(a), at: Number(b) };
  if (kind === 'r' && a !== undefined) return { kind: 'revoke', at: Number(a) };
  return undefined;
}
