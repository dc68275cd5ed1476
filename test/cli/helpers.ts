/**
 * Runs the built `opslink` command (dist/cli/index.js) as a child process against mocks
 * served by `startMockServer` in this process, and counts what reaches them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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
  /** Every request the mocks received, in order. */
  requests: Logged[];
  /** The environment the command reads its credentials from. */
  env: Record<string, string>;
  webhookUrl: string;
  close(): Promise<void>;
}

/** A mock whose `handle` logs each request: how the tests see that a dry run sent nothing. */
function logged<T extends { handle(request: Request): Promise<Response | undefined> }>(mock: T, log: Logged[]): T {
  return new Proxy(mock, {
    get(target, key, receiver) {
      if (key !== 'handle') return Reflect.get(target, key, receiver);
      return (request: Request) => {
        log.push({ method: request.method, path: new URL(request.url).pathname, at: performance.now() + performance.timeOrigin });
        return target.handle(request);
      };
    },
  });
}

export async function startServices(options: { orders?: number; shipments?: number } = {}): Promise<Services> {
  const messaging = createMessagingMock();
  messaging.state.bots[0]!.key = SECRETS.botKey;
  messaging.state.channels[0]!.key = SECRETS.channelKey;
  const warehouse = createWarehouseMock({ inboundOrders: options.orders ?? 60, shipments: options.shipments ?? 8, apiKey: SECRETS.apiKey });
  const requests: Logged[] = [];
  const server = await startMockServer({ messaging: logged(messaging, requests), warehouse: logged(warehouse, requests) });
  const webhookUrl = `${server.url}/api/automation/webhooks/${messaging.channelId}/${SECRETS.channelKey}`;
  return {
    server,
    messaging,
    warehouse,
    requests,
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

/** Every line of the output, without the last (empty) one after the final line break. */
export const lines = (text: string) => text.split(/\r?\n/).slice(0, -1);
