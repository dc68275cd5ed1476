/**
 * The store's side of one shared gate (one service and credential, named by a hash): each
 * decision is one script (`gate-scripts.ts`). Releases are gathered and sent after the
 * current turn of the event loop, off the request's path, several in one call when several
 * requests end together.
 */
import { type Connection, inTime, type RedisClock, run, script } from './connection.js';
import { ACQUIRE, ADOPT, CANCEL, CHECK, PAUSE, RELEASE } from './gate-scripts.js';

const scripts = {
  acquire: script(ACQUIRE),
  release: script(RELEASE),
  pause: script(PAUSE),
  cancel: script(CANCEL),
  check: script(CHECK),
  adopt: script(ADOPT),
};

/**
 * What the store's gate says to one request: start in `startMs` (holding its lease), wait in
 * the queue to be told, ask again in `waitMs`, or nothing (it reached Redis too late).
 */
export type StoreDecision =
  | { kind: 'granted'; epoch: number; startMs: number }
  | { kind: 'queued' }
  | { kind: 'wait'; waitMs: number; pausedUntil: number }
  | { kind: 'late' };

/** One shared gate in Redis: the scripts of one service and credential. */
export interface StoreGateHandle {
  /** The channel this client's waiting requests are told on. */
  readonly channel: string;
  /** Rate, slot and pause decided at once for lease `id`; `canWait`: it may join the queue. */
  acquire(id: string, canWait: boolean): Promise<StoreDecision>;
  /** Hands a slot back; `'ok'` widens the window after a pause, as the local gate does. Sent after this turn, batched. */
  release(lease: string, epoch: number, outcome: 'ok' | 'limited' | 'failed'): Promise<void>;
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
  const call = async (which: keyof typeof scripts, args: (string | number)[], whole = false) => {
    const reply = (await run(connection.command, scripts[which], keys, [...common, ...args], whole)) as number[];
    return reply;
  };
  const decide = (reply: number[]): StoreDecision => {
    const [kind, a, b, redisNow] = reply.map(Number) as [number, number, number, number];
    clock.saw(redisNow);
    if (kind === 1) return { kind: 'granted', epoch: a, startMs: clock.until(b) };
    if (kind === 2) return { kind: 'queued' };
    if (kind === 3) return { kind: 'late' };
    return { kind: 'wait', waitMs: a, pausedUntil: b === 1 ? Date.now() + a : 0 };
  };
  return {
    channel: `${base}:w:${holder}`,
    async acquire(id, canWait) {
      // Carried out only while this client still waits for the answer (Redis silent, then back).
      const known = clock.now();
      const notAfter = known === undefined ? 0 : Math.floor(known + storeTimeout - Math.min(100, storeTimeout / 4));
      return decide(await call('acquire', [id, canWait ? 1 : 0, notAfter]));
    },
    release: batched((batch) => call('release', batch.flat())),
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
    startIn: (redisMs) => clock.until(redisMs),
  };
}

/** After the current turn of the event loop (its I/O included), where the runtime can say so. */
const afterThisTurn: (run: () => void) => void =
  (globalThis as { setImmediate?: (run: () => void) => void }).setImmediate ?? ((run) => setTimeout(run, 0));

/**
 * `release` gathering its calls: they go out together after this turn of the event loop,
 * so a release never delays the response it follows, and requests that end together cost
 * one command.
 */
function batched(send: (batch: [string, string, number][]) => Promise<unknown>): StoreGateHandle['release'] {
  let batch: [string, string, number][] = [];
  let sent: Promise<void> | undefined;
  return (lease, epoch, outcome) => {
    batch.push([lease, outcome, epoch]);
    sent ??= new Promise<void>((resolve) => afterThisTurn(resolve)).then(async () => {
      const going = batch;
      batch = [];
      sent = undefined;
      await send(going);
    });
    return sent;
  };
}
