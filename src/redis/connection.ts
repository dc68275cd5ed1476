/**
 * The user's own Redis client, whichever it is: node-redis (`redis` >= 5, `sendCommand`) or
 * ioredis (>= 5, `call`), told apart by shape so neither is imported. Scripts run by SHA
 * (`EVALSHA`) and are sent whole only when Redis does not know them yet (after a restart).
 */

/** Runs one Redis command; its reply as the client gives it. */
export type Command = (args: string[]) => Promise<unknown>;

export interface Script {
  source: string;
  sha: Promise<string>;
}

export function commandOf(client: unknown): Command {
  const c = client as Record<string, unknown> | null;
  if (c && typeof c.sendCommand === 'function' && typeof c.isOpen === 'boolean') {
    const send = c.sendCommand as (args: string[]) => Promise<unknown>;
    return (args) => send.call(c, args);
  }
  if (c && typeof c.call === 'function' && typeof c.status === 'string') {
    const call = c.call as (name: string, ...args: string[]) => Promise<unknown>;
    return ([name, ...args]) => call.call(c, name as string, ...args);
  }
  throw new TypeError('redisStore: client must be a node-redis (redis >= 5) or ioredis (>= 5) client');
}

export function script(source: string): Script {
  const sha = globalThis.crypto.subtle
    .digest('SHA-1', new TextEncoder().encode(source))
    .then((digest) => Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join(''));
  return { source, sha };
}

/**
 * Runs `script` with `keys` and `args`: by SHA, and whole once when Redis answers NOSCRIPT;
 * `whole: true` sends it whole at once, for a call that must land in one round trip (a pause).
 */
export async function run(
  command: Command,
  { source, sha }: Script,
  keys: string[],
  args: (string | number)[],
  whole = false,
): Promise<unknown> {
  const tail = [String(keys.length), ...keys, ...args.map(String)];
  if (whole) return command(['EVAL', source, ...tail]);
  try {
    return await command(['EVALSHA', await sha, ...tail]);
  } catch (error) {
    if (!String((error as Error)?.message).includes('NOSCRIPT')) throw error;
    return command(['EVAL', source, ...tail]);
  }
}

/** `promise`, or a rejection once `ms` have passed: a client whose connection is down queues commands rather than fail them. */
export function inTime<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

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

  /** Redis's time now, asking Redis first when no reply has told it yet. */
  async read(command: Command, timeout: number): Promise<number> {
    const known = this.now();
    if (known !== undefined) return known;
    const [seconds, micros] = (await inTime(command(['TIME']), timeout)) as [string, string];
    this.saw(Number(seconds) * 1000 + Number(micros) / 1000);
    return this.now() as number;
  }
}
