/**
 * The user's own Redis client, whichever it is: node-redis (`redis` >= 5: `createClient`,
 * `createCluster`) or ioredis (>= 5: `Redis`, `Cluster`), told apart by shape so neither is
 * imported. Scripts run by SHA (`EVALSHA`), routed by their first key on a cluster, and are
 * sent whole only when Redis does not know them yet (after a restart). A second connection,
 * the client's own `duplicate()`, listens for wake-ups (a subscribed connection can send
 * nothing else); on a cluster its channels are shard channels, kept with their gate's slot.
 */
/** Runs one command; `key` routes it on a cluster (a script's first key). Its reply as the client gives it. */
export type Command = (args: string[], key?: string) => Promise<unknown>;

/** A connection that listens on channels: what `Connection.listener` opens. */
export interface Listener {
  /** Resolves once Redis confirmed the subscription; each message on `channel` goes to `onMessage`. */
  subscribe(channel: string, onMessage: (message: string) => void): Promise<void>;
  /** Called each time the connection is ready again after it was lost: messages sent meanwhile are lost. */
  onReady(callback: () => void): void;
  /** Called each time the connection is lost (where the client says so: a cluster's may not). */
  onLost(callback: () => void): void;
  close(): void;
}

export interface Connection {
  command: Command;
  /** A cluster client: shard channels (`SPUBLISH`, `SSUBSCRIBE`) for wake-ups. */
  cluster: boolean;
  /** Opens the second connection that listens for wake-ups. */
  listener(): Promise<Listener>;
  /** Calls `callback` when the user's client is closed for good (its listener goes with it). */
  onEnd(callback: () => void): void;
}

type Client = Record<string, unknown> & { on?: (event: string, listener: (...args: unknown[]) => void) => unknown };

/**
 * What `redisStore` takes: a connected client of node-redis (`redis` >= 5: `createClient`,
 * `createCluster`) or ioredis (>= 5: `new Redis`, `new Cluster`), by the members it uses.
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * import { type RedisClientLike, redisStore } from 'opslink/redis';
 * const client: RedisClientLike = await createClient({ url: process.env.REDIS_URL }).connect();
 * const store = redisStore(client);
 * ```
 */
export type RedisClientLike =
  | {
      /** node-redis: runs one command (a cluster's takes the key that routes it first). */
      sendCommand(...args: never[]): unknown;
      /** node-redis: whether the client is connected. */
      isOpen: boolean;
    }
  | {
      /** ioredis: runs one command. */
      call(...args: never[]): unknown;
      /** ioredis: the connection's state. */
      status: string;
    };

/** The connection over the user's client, or what is wrong with it (for a ConfigurationError naming `client`). */
export function connectionOf(client: unknown): Connection | string {
  const c = client as Client | null;
  if (c && typeof c === 'object' && typeof c.sendCommand === 'function' && typeof c.isOpen === 'boolean') return nodeRedis(c);
  if (c && typeof c === 'object' && typeof c.call === 'function' && typeof c.status === 'string') return ioredis(c);
  const what = c === null ? 'null' : typeof c === 'object' ? 'an object without sendCommand and isOpen, or call and status' : typeof c;
  return `must be a node-redis (redis >= 5: createClient, createCluster) or ioredis (>= 5: Redis, Cluster) client; got ${what}`;
}

function nodeRedis(c: Client): Connection {
  const cluster = typeof c.getRandomNode === 'function';
  const send = c.sendCommand as (...args: unknown[]) => Promise<unknown>;
  return {
    // A cluster's sendCommand takes the key that routes it first (undefined: any node).
    command: cluster ? (args, key) => send.call(c, key, false, args) : (args) => send.call(c, args),
    cluster,
    async listener() {
      const listening = (c.duplicate as () => Client).call(c);
      listening.on?.('error', () => {}); // reconnects are the client's; a lost wake-up has its fallback
      await (listening.connect as () => Promise<unknown>).call(listening);
      const subscribe = (cluster ? listening.sSubscribe : listening.subscribe) as (ch: string, l: (m: string) => void) => Promise<void>;
      return {
        subscribe: (channel, onMessage) => subscribe.call(listening, channel, onMessage),
        onReady: (callback) => void listening.on?.('ready', callback),
        onLost(callback) {
          listening.on?.('reconnecting', callback);
          listening.on?.('end', callback);
        },
        close: () => void (listening.destroy as () => void).call(listening),
      };
    },
    // A cluster says it is closed with 'disconnect' (after close() or destroy()), never 'end':
    // heard as 'end', the listener it duplicated stayed open and its process never exited.
    onEnd: (callback) => void c.on?.(cluster ? 'disconnect' : 'end', callback),
  };
}

function ioredis(c: Client): Connection {
  const cluster = c.isCluster === true;
  const call = c.call as (name: string, ...args: string[]) => Promise<unknown>;
  return {
    // ioredis routes a script by the keys it reads from EVALSHA's own arguments.
    command: ([name, ...args]) => call.call(c, name as string, ...args),
    cluster,
    async listener() {
      // A cluster's shard channels are heard on the node that holds their slot (ioredis >= 5.9 does it so).
      const duplicate = c.duplicate as (nodes?: unknown, options?: unknown) => Client;
      const listening = cluster ? duplicate.call(c, undefined, { shardedSubscribers: true }) : duplicate.call(c);
      listening.on?.('error', () => {});
      const handlers = new Map<string, (message: string) => void>();
      listening.on?.(cluster ? 'smessage' : 'message', (channel, message) => handlers.get(String(channel))?.(String(message)));
      const subscribe = (cluster ? listening.ssubscribe : listening.subscribe) as (channel: string) => Promise<unknown>;
      let ready = 0;
      return {
        async subscribe(channel, onMessage) {
          handlers.set(channel, onMessage);
          await subscribe.call(listening, channel);
        },
        // The first 'ready' is the first connection: only the ones after it follow a loss.
        onReady: (callback) => void listening.on?.('ready', () => ready++ > 0 && callback()),
        onLost: (callback) => void listening.on?.('close', callback),
        close: () => void (listening.disconnect as () => void).call(listening),
      };
    },
    onEnd: (callback) => void c.on?.('end', callback),
  };
}

export interface Script {
  source: string;
  sha: Promise<string>;
  /** The SHA once known: no await for it on every call. */
  known?: string;
}

export function script(source: string): Script {
  const made: Script = { source, sha: Promise.resolve('') };
  made.sha = globalThis.crypto.subtle
    .digest('SHA-1', new TextEncoder().encode(source))
    .then((digest) => (made.known = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')));
  return made;
}

/**
 * Runs `script` with `keys` and `args`: by SHA, and whole once when Redis answers NOSCRIPT;
 * `whole: true` sends it whole at once, for a call that must land in one round trip (a pause).
 */
export function run(command: Command, script: Script, keys: string[], args: (string | number)[], whole = false): Promise<unknown> {
  const tail = [String(keys.length), ...keys, ...args.map(String)];
  if (whole) return command(['EVAL', script.source, ...tail], keys[0]);
  // No await on the way when the SHA is known: each one costs the request a turn of the event loop's queue.
  const byHash = (sha: string) =>
    command(['EVALSHA', sha, ...tail], keys[0]).catch((error: unknown) => {
      if (!String((error as Error)?.message).includes('NOSCRIPT')) throw error;
      return command(['EVAL', script.source, ...tail], keys[0]);
    });
  return script.known === undefined ? script.sha.then(byHash) : byHash(script.known);
}

/**
 * `promise`, or a rejection once `ms` have passed (a client whose connection is down queues
 * commands rather than fail them) or `signal` aborted (with its reason).
 */
export function inTime<T>(promise: Promise<T>, ms: number, signal?: AbortSignal): Promise<T> {
  let watchdog = watchdogs.get(ms);
  if (!watchdog) {
    watchdog = new Watchdog(ms);
    watchdogs.set(ms, watchdog);
  }
  const answer = watchdog.guard(promise);
  if (!signal) return answer;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * One timer for every call pending under one timeout: a timer set and cleared for each call
 * cost a measurable part of the store's time per request (bench/store.mjs). The timer is
 * armed for the earliest deadline, and never keeps a process alive on its own.
 */
class Watchdog {
  readonly #ms: number;
  readonly #pending = new Set<{ at: number; reject: (error: Error) => void }>();
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(ms: number) {
    this.#ms = ms;
  }

  guard<T>(promise: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const entry = { at: performance.now() + this.#ms, reject };
      this.#pending.add(entry);
      this.#arm(this.#ms);
      promise.then(
        (value) => {
          this.#pending.delete(entry);
          resolve(value);
        },
        (error: unknown) => {
          this.#pending.delete(entry);
          reject(error);
        },
      );
    });
  }

  #arm(ms: number): void {
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => this.#expire(), ms);
    (this.#timer as { unref?: () => void }).unref?.();
  }

  #expire(): void {
    this.#timer = undefined;
    const now = performance.now();
    let next = Number.POSITIVE_INFINITY;
    for (const entry of this.#pending) {
      if (entry.at > now) next = Math.min(next, entry.at);
      else {
        this.#pending.delete(entry);
        entry.reject(new Error(`Redis did not answer within ${this.#ms} ms`));
      }
    }
    if (next !== Number.POSITIVE_INFINITY) this.#arm(Math.max(1, next - now));
  }
}

const watchdogs = new Map<number, Watchdog>();

/**
 * Redis's clock as this process last saw it, from the times Redis's own replies carry: each
 * reply gives a lower bound (Redis's time when it ran the script, read here later), so the
 * largest offset seen is the closest. Lets a script refuse a call that reaches Redis after
 * its sender stopped waiting for it, on Redis's clock, not this machine's.
 */
export class RedisClock {
  #offset = Number.NEGATIVE_INFINITY;

  /** A reply said Redis's time was `redisMs` when it ran. */
  saw(redisMs: number): void {
    this.#offset = Math.max(this.#offset, redisMs - performance.now());
  }

  /** Redis's time now (ms), as late as this process can be sure of; `undefined` before any reply. */
  now(): number | undefined {
    return Number.isFinite(this.#offset) ? performance.now() + this.#offset : undefined;
  }

  /**
   * Ms from now until Redis's clock reads `redisMs`, never less: the time a reply took to
   * arrive is not added to a start Redis scheduled (0 for 0, at once, and before any reply).
   */
  until(redisMs: number): number {
    const now = this.now();
    return now === undefined || redisMs === 0 ? 0 : Math.max(0, redisMs - now);
  }

  /** Redis's time now, asking Redis first when no reply has told it yet. */
  async read(command: Command, timeout: number): Promise<number> {
    const known = this.now();
    if (known !== undefined) return known;
    const [seconds, micros] = (await inTime(command(['TIME']), timeout)) as [string, string];
    this.saw(Number(seconds) * 1000 + Number(micros) / 1000);
    return this.now() as number;
  }
}
