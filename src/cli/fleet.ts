/**
 * `opslink dm --to-file FILE --redis URL [--redis-prefix P] [--journal NAME]`: a campaign
 * that several runs, on one host or several, share through one Redis: one gate (the
 * service's rate, its 429 pauses, `--rate` for all of them together) and one journal (each
 * recipient messaged once between them). Redis is reached with the `redis` package
 * installed beside opslink (an optional peer), loaded only here, never a client of opslink's
 * own making. Everything is checked before anything is sent: the flags (exit 2), the package
 * (exit 2, naming what to install), Redis itself (exit 4, naming it).
 */
import { createHash } from 'node:crypto';
import type { BulkJournal, CommonOptions } from '../index.js';
import { type RedisClientLike, type RedisStore, redisStore } from '../redis/index.js';
import { type Parsed, text } from './args.js';
import type { Context } from './context.js';
import { UnreachableError, UsageError } from './errors.js';
import { quoted } from './io.js';

/** How long a run waits for Redis to answer at its start before it gives up (exit 4), and per call after that. */
const REDIS_TIMEOUT_MS = 5_000;

/** The Redis a campaign runs through, as its flags give it; `undefined` without `--redis`. */
export interface FleetFlags {
  url: URL;
  prefix: string | undefined;
}

/** `--redis` and `--redis-prefix`, checked: a prefix without Redis, a URL Redis cannot be reached at, are usage errors. */
export function fleetFlags(parsed: Parsed): FleetFlags | undefined {
  const given = text(parsed, 'redis');
  const prefix = text(parsed, 'redis-prefix');
  if (given === undefined) {
    if (prefix !== undefined) throw new UsageError('--redis-prefix goes with --redis');
    return undefined;
  }
  if (text(parsed, 'journal') === '') throw new UsageError('--journal takes the campaign name with --redis, got ""');
  if (prefix !== undefined && (prefix === '' || /[{}]/.test(prefix))) {
    throw new UsageError(`--redis-prefix takes text without { or } (the keys put their own hash tag after it), got ${quoted(prefix)}`);
  }
  let url: URL | undefined;
  try {
    url = new URL(given);
  } catch {}
  if (!url || !/^rediss?:$/.test(url.protocol) || url.hostname === '') {
    throw new UsageError(`--redis takes a redis:// or rediss:// URL (redis://host:6379), got ${quoted(withoutSecret(given))}`);
  }
  return { url, prefix };
}

/** A URL as messages show it: its user name and password left out. */
function withoutSecret(url: string | URL): string {
  try {
    const copy = new URL(String(url));
    copy.username = '';
    copy.password = '';
    return copy.href;
  } catch {
    return String(url).replace(/\/\/[^@/]*@/, '//');
  }
}

interface Fleet {
  store: RedisStore;
  /** The client options that put a run on the fleet's gate. */
  options: Partial<CommonOptions>;
  journal(name: string | undefined, body: string, serviceUrl: string): BulkJournal;
  close(): Promise<void>;
}

/**
 * Connects to the fleet's Redis with the `redis` package and opens its store. The package
 * missing is a usage error naming it; Redis not answering within 5 s, a network error
 * naming Redis (nothing was sent).
 */
export async function openFleet(ctx: Context, flags: FleetFlags): Promise<Fleet> {
  const redis = await loadRedis();
  // Reconnects go on during the run (the store falls back meanwhile); the first connect is
  // tried once, bounded, so that a Redis that is not there is said at once.
  let connected = false;
  const reconnectStrategy = (n: number, cause: Error) => (connected ? Math.min(100 * 2 ** n, 2_000) : cause);
  const client = redis.createClient({ url: flags.url.href, socket: { connectTimeout: REDIS_TIMEOUT_MS, reconnectStrategy } });
  let lastError: unknown;
  client.on('error', (error: unknown) => {
    lastError = error;
  });
  const where = withoutSecret(flags.url);
  try {
    await inTime(client.connect(), REDIS_TIMEOUT_MS);
    await inTime(client.sendCommand(['PING']), REDIS_TIMEOUT_MS);
    connected = true;
  } catch (error) {
    await Promise.resolve(client.destroy()).catch(() => {});
    const why = (lastError ?? error) as Error;
    throw new UnreachableError(`cannot reach Redis at ${where}: ${why?.message ?? String(why)}; nothing was sent`);
  }
  const store = redisStore(client as RedisClientLike, { prefix: flags.prefix, timeout: 1_000 });
  ctx.term.info(`sharing the gate and the journal through Redis at ${where}`);
  return {
    store,
    // No maxConcurrency of the run's own: the gate's, the client default (16), holds for every
    // run of the campaign together, as for any client on the store (API.md "Many processes").
    // Each run's --concurrency only bounds its own share. (64 here let three runs have 48.)
    options: { rateLimitStore: store },
    journal: (name, body, serviceUrl) => store.journal(name ?? defaultName(body, serviceUrl)),
    close: async () => {
      await Promise.resolve(client.quit()).catch(() => client.destroy());
    },
  };
}

/** The campaign's journal when `--journal` names none: one per message text and service, by a hash of both. */
function defaultName(body: string, serviceUrl: string): string {
  return `dm ${createHash('sha256').update(`${serviceUrl}\n${body}`).digest('hex').slice(0, 32)}`;
}

interface RedisPackage {
  createClient(options: object): RedisClientLike & {
    on(event: string, listener: (...args: unknown[]) => void): unknown;
    connect(): Promise<unknown>;
    sendCommand(args: string[]): Promise<unknown>;
    quit(): Promise<unknown>;
    destroy(): unknown;
  };
}

/** The `redis` package installed beside opslink; missing, a usage error saying what to install. */
async function loadRedis(): Promise<RedisPackage> {
  try {
    // Named through a variable: a bundler of the SDK must not try to resolve it.
    const name = 'redis';
    return (await import(name)) as RedisPackage;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw new UsageError('--redis needs the redis package (node-redis >= 5) installed beside opslink: npm install redis');
    }
    throw error;
  }
}

function inTime<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
