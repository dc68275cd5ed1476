/**
 * Runs the `opslink` command against mocks served by `startMockServer` in this process, and
 * counts what reaches them: in this process (`runInProcess`: `main` of src/cli/main.ts with
 * stand-in streams, the environment a child would get, signals of its own), or as the built
 * command (dist/cli/index.js) in a child process (`run`, `start`), for what only a process
 * has: stdin, a working directory, signals, a terminal, the exit itself, the bundle.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Stream } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { MESSAGING_ENV, WAREHOUSE_ENV } from '../../src/index.js';
import { stackFor } from '../../src/platform/agent.node.js';
import { createMessagingMock, createWarehouseMock, type MockServer, startMockServer } from '../../src/testing/index.js';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BIN = `${ROOT}dist/cli/index.js`;
export const MOCK_BIN = `${ROOT}dist/cli/opslink-mock.js`;

export function assertBuilt(): void {
  if (!existsSync(BIN)) throw new Error('dist/cli/index.js is missing: run `npm run build` first (npm test does)');
}

/** Every command, by name. */
export const COMMANDS = [
  'dm',
  'announce',
  'post',
  'webhook parse',
  'orders list',
  'orders import',
  'orders update',
  'shipments list',
  'shipments get',
  'mock',
];

/** Secrets the mocks are set to accept: they must never appear in anything the command prints. */
export const SECRETS = {
  botKey: 'bot_MARKER_9f1c2b7e4d5a',
  channelKey: 'chan_MARKER_3e8d1a6c0b2f',
  apiKey: 'wh_MARKER_7a2e9c4f1d8b',
};

export interface Logged {
  method: string;
  path: string;
  at: number;
}

export interface Services {
  server: MockServer;
  messaging: ReturnType<typeof createMessagingMock>;
  warehouse: ReturnType<typeof createWarehouseMock>;
  /** Every request the mocks received, in order: each once. */
  requests: Logged[];
  /** The requests being answered now, and the most at once since it was last set to 0. */
  inFlight: { now: number; most: number };
  /** The environment the command reads its credentials from. */
  env: Record<string, string>;
  webhookUrl: string;
  close(): Promise<void>;
}

/** What the mocks saw: each request once, and how many were being answered at once. */
interface Watch {
  requests: Logged[];
  seen: WeakSet<Request>;
  inFlight: { now: number; most: number };
}

/**
 * A mock whose `handle` logs each request: how the tests see that a dry run sent nothing. The
 * server offers a request to each mock in turn (the warehouse's first) and the same Request
 * goes to both: logged when first offered, not again (each messaging request was logged twice,
 * and a rate measured from the log read double: 55.7/s for 30). In flight while a mock has it.
 */
function logged<T extends { handle(request: Request): Promise<Response | undefined> }>(mock: T, watch: Watch): T {
  return new Proxy(mock, {
    get(target, key, receiver) {
      if (key !== 'handle') return Reflect.get(target, key, receiver);
      return async (request: Request) => {
        if (!watch.seen.has(request)) {
          watch.seen.add(request);
          watch.requests.push({
            method: request.method,
            path: new URL(request.url).pathname,
            at: performance.now() + performance.timeOrigin,
          });
        }
        watch.inFlight.most = Math.max(watch.inFlight.most, ++watch.inFlight.now);
        try {
          return await target.handle(request);
        } finally {
          watch.inFlight.now--;
        }
      };
    },
  });
}

export async function startServices(options: { orders?: number; shipments?: number } = {}): Promise<Services> {
  const messaging = createMessagingMock();
  messaging.state.bots[0]!.key = SECRETS.botKey;
  messaging.state.channels[0]!.key = SECRETS.channelKey;
  const warehouse = createWarehouseMock({ inboundOrders: options.orders ?? 60, shipments: options.shipments ?? 8, apiKey: SECRETS.apiKey });
  const watch: Watch = { requests: [], seen: new WeakSet(), inFlight: { now: 0, most: 0 } };
  const server = await startMockServer({ messaging: logged(messaging, watch), warehouse: logged(warehouse, watch) });
  const webhookUrl = `${server.url}/api/automation/webhooks/${messaging.channelId}/${SECRETS.channelKey}`;
  return {
    server,
    messaging,
    warehouse,
    requests: watch.requests,
    inFlight: watch.inFlight,
    webhookUrl,
    env: {
      OPSLINK_MESSAGING_URL: server.messagingBaseUrl,
      OPSLINK_BOT_KEY: SECRETS.botKey,
      OPSLINK_CHANNEL_KEY: SECRETS.channelKey,
      OPSLINK_WAREHOUSE_URL: server.warehouseBaseUrl,
      OPSLINK_WAREHOUSE_API_KEY: SECRETS.apiKey,
      OPSLINK_WAREHOUSE_ID: warehouse.warehouseId,
    },
    close: () => server.close(),
  };
}

export interface Result {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The environment of a child: none of this process's OPSLINK_* variables, no colours, a fixed width. */
export function childEnv(env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OPSLINK_')));
  return { ...base, COLUMNS: '', OPSLINK_PROGRESS: '', ...env } as NodeJS.ProcessEnv;
}

export function start(
  args: string[],
  options: { env?: Record<string, string | undefined>; cwd?: string; bin?: string } = {},
): ChildProcess {
  return spawn(process.execPath, [options.bin ?? BIN, ...args], { env: childEnv(options.env), cwd: options.cwd ?? ROOT });
}

/** Runs the command to its end. */
export function run(
  args: string[],
  options: { env?: Record<string, string | undefined>; input?: string; cwd?: string; bin?: string } = {},
): Promise<Result> {
  const child = start(args, options);
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin!.end(options.input ?? '');
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

// The clients read the environment the run is given (io.env); the SDK's fromEnv would fill what
// it lacks from this process's. A child gets none of this process's OPSLINK_* variables, so the
// process running the command in-process holds none of the clients' either.
for (const name of [...Object.values(MESSAGING_ENV), ...Object.values(WAREHOUSE_ENV)]) delete process.env[name];

/** stdout or stderr of a run in this process: the text written, never a terminal, every write taken at once. */
class Collected extends EventEmitter implements Stream {
  text = '';
  readonly isTTY = false;
  write(chunk: string, callback?: (error?: Error | null) => void): boolean {
    this.text += chunk;
    // As a stream calls back: once the chunk is handed over, never before write returns.
    if (callback) process.nextTick(callback);
    return true;
  }
}

/**
 * Ends the Node transport's idle keep-alive sockets, as the bin's `process.exit()` does once the
 * command is done (the clients have nothing to close: the connections are the transport's, one
 * agent per protocol). Sockets in use (another run's request) are left to it. `agentRemove` takes
 * a destroyed socket out of the agent's free list at once, before another run's request could
 * be given it (its 'close' comes a turn later).
 */
function endIdleSockets(): void {
  for (const protocol of ['http:', 'https:'] as const) {
    const free = stackFor(protocol)?.agent.freeSockets ?? {};
    for (const sockets of Object.values(free)) {
      for (const socket of [...(sockets ?? [])]) {
        socket.destroy();
        socket.emit('agentRemove');
      }
    }
  }
}

/**
 * Runs the command line in this process, to its end: `main` with stand-ins for stdout and
 * stderr, the environment a child of `run` would get (`childEnv`), and signals of its own (none
 * is ever sent). For a command that needs nothing a process gives: no stdin (a "-" argument),
 * no working directory (give absolute paths), no signal, no terminal, no check of the exit
 * itself; `mock` and `opslink-mock` always run in a child.
 */
export async function runInProcess(args: string[], options: { env?: Record<string, string | undefined> } = {}): Promise<Result> {
  if (args.includes('-')) throw new Error('"-" reads stdin: run it in a child process (run, with input)');
  if (args.find((arg) => !arg.startsWith('-')) === 'mock')
    throw new Error('opslink mock serves until a signal: run it in a child process (start)');
  const stdout = new Collected();
  const stderr = new Collected();
  try {
    const code = await main(args, { stdout, stderr, env: childEnv(options.env) }, new EventEmitter());
    return { code, signal: null, stdout: stdout.text, stderr: stderr.text };
  } finally {
    endIdleSockets();
  }
}

/** Every line of the output, without the last (empty) one after the final line break. */
export const lines = (text: string) => text.split(/\r?\n/).slice(0, -1);
