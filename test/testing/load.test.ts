/**
 * 10,000 requests at concurrency 64 against `startMockServer` on 127.0.0.1 (direct messages,
 * inbound list pages, shipment retrieves): no failure, the heap after GC within 10 MB of
 * where it started, and nothing left open once the server is closed.
 *
 * Vitest takes `execArgv` per project (`test.execArgv`), not per file, and `--expose-gc`
 * for the whole suite is not ours to set; so the scenario (`load-child.ts`) is bundled with
 * esbuild and run in a child Node started with `--expose-gc`, which prints its measurements
 * as JSON. The child must also end by itself: an open socket, server or ref'd timer would
 * keep it alive once its work is done.
 *
 * How long the work takes is the machine's (8.7 s alone here; past 120 s beside the rest of
 * CI on two cores, where a deadline for the whole run killed a child that was still working):
 * the bounds are measured from the events they react to. The child says how far it got every
 * 1,000 requests, and is a hang only when it says nothing for `STALL_MS`; it must exit within
 * `EXIT_MS` of its last line, its work done and its server closed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessagingClient, WarehouseClient } from '../../src/index.js';
import { createMessagingMock, createWarehouseMock, startMockServer } from '../../src/testing/index.js';
import { onNodeProject } from '../support/project.js';

const REQUESTS = 10_000;
const CONCURRENCY = 64;
const HEAP_BUDGET = 10 * 1024 * 1024;
/** No progress line for this long: the child hangs (1,000 requests took 0.9 s alone here). */
const STALL_MS = 60_000;
/** From the child's last line (its work done, its server closed) to its exit. */
const EXIT_MS = 15_000;
/** Vitest's own bound, past the two above: a child that keeps going, however slowly, is let finish. */
const TEST_TIMEOUT_MS = 600_000;

interface LoadResult {
  requests: number;
  failures: number;
  failureSamples: string[];
  warmUpFailures: number;
  kinds: Record<string, number>;
  concurrency: number;
  maxInFlight: number;
  durationMs: number;
  requestsPerSecond: number;
  heapBefore: number;
  heapAfter: number;
  heapDelta: number;
  heapAfterWithServerState: number;
  storedMessages: number;
  leftovers: string[];
}

let workDir: string;
let bundle: string;

beforeAll(async () => {
  if (!onNodeProject) return; // only the child's scenario needs the bundle
  workDir = mkdtempSync(join(tmpdir(), 'opslink-load-'));
  bundle = join(workDir, 'load-child.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('./load-child.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    outfile: bundle,
    logLevel: 'silent',
    // Some dependencies still `require` Node built-ins; give the ESM bundle a require.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
}, 60_000);

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

interface ChildRun {
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  /** Why the child was killed: it said nothing for `STALL_MS`, or did not exit within `EXIT_MS` of its result. */
  killed?: string;
}

function runChild(env: Record<string, string>): Promise<ChildRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--expose-gc', bundle], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let killed: string | undefined;
    const kill = (why: string) => {
      killed ??= why;
      child.kill('SIGKILL');
    };
    let watchdog = setTimeout(() => kill(`it said nothing for ${STALL_MS} ms`), STALL_MS);
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      clearTimeout(watchdog);
      watchdog = stdout.includes('"requests"')
        ? setTimeout(() => kill(`it did not exit within ${EXIT_MS} ms of its result`), EXIT_MS)
        : setTimeout(() => kill(`it said nothing for ${STALL_MS} ms after ${stdout.trim().split('\n').at(-1)}`), STALL_MS);
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('close', (code, signal) => {
      clearTimeout(watchdog);
      resolve({ code, signal, stdout, stderr, ...(killed && { killed }) });
    });
  });
}

// The child runs the bundle on the Node transport whichever project runs this file: once is enough.
describe.runIf(onNodeProject)('load over real HTTP on 127.0.0.1', () => {
  it(
    `${REQUESTS} requests at concurrency ${CONCURRENCY}: no failure, heap within 10 MB, nothing left open`,
    async () => {
      const child = await runChild({ LOAD_TOTAL: String(REQUESTS), LOAD_CONCURRENCY: String(CONCURRENCY) });
      expect(child.killed, child.stderr).toBeUndefined();
      expect(child.code, child.stderr).toBe(0);
      const result = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as LoadResult;
      console.info(
        `[load] ${result.requests} requests (${JSON.stringify(result.kinds)}), ${result.failures} failures, ` +
          `${result.durationMs} ms (${result.requestsPerSecond}/s), at most ${result.maxInFlight} in flight, ` +
          `heap ${(result.heapBefore / 2 ** 20).toFixed(1)} -> ${(result.heapAfter / 2 ** 20).toFixed(1)} MB ` +
          `(delta ${(result.heapDelta / 2 ** 20).toFixed(2)} MB; ${(result.heapAfterWithServerState / 2 ** 20).toFixed(1)} MB with the mock's ${result.storedMessages} stored messages)`,
      );
      expect(result.requests).toBe(REQUESTS);
      expect(result.failureSamples).toEqual([]);
      expect(result.failures).toBe(0);
      expect(result.warmUpFailures).toBe(0);
      expect(result.kinds.directMessage + result.kinds.inboundPage + result.kinds.shipmentRetrieve).toBe(REQUESTS);
      expect(result.maxInFlight).toBe(CONCURRENCY);
      expect(Math.abs(result.heapDelta)).toBeLessThan(HEAP_BUDGET);
      expect(result.leftovers).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});

describe('in this process: nothing left open after close()', () => {
  function resourceCounts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const name of process.getActiveResourcesInfo()) counts.set(name, (counts.get(name) ?? 0) + 1);
    return counts;
  }

  it('1,000 mixed requests at concurrency 64, then close(): no socket, server or timer remains', async () => {
    const before = resourceCounts();
    const messaging = createMessagingMock();
    const warehouse = createWarehouseMock({ inboundOrders: 300, shipments: 20 });
    const server = await startMockServer({ messaging, warehouse });
    const bot = new MessagingClient({ baseUrl: server.messagingBaseUrl, botKey: messaging.botKey });
    const wh = new WarehouseClient({ baseUrl: server.warehouseBaseUrl, apiKey: warehouse.apiKey, warehouseId: warehouse.warehouseId });
    const ids = warehouse.state.shipments.map((s) => s.shipment_id);
    let next = 0;
    let failures = 0;
    await Promise.all(
      Array.from({ length: 64 }, async () => {
        while (next < 1_000) {
          const i = next++;
          try {
            if (i % 3 === 0) await bot.sendDirectMessage({ to: { email: messaging.employees.first.email }, body: `m${i}` });
            else if (i % 3 === 1) await wh.inbound.list({ offset: i % 250, limit: 50 });
            else await wh.shipments.retrieve(ids[i % ids.length]!);
          } catch {
            failures++;
          }
        }
      }),
    );
    expect(failures).toBe(0);
    const during = resourceCounts();
    expect(during.get('TCPSocketWrap') ?? 0).toBeGreaterThan(before.get('TCPSocketWrap') ?? 0); // keep-alive sockets were open
    await server.close();
    let leftovers: string[] = [];
    for (let i = 0; i < 100; i++) {
      leftovers = [...resourceCounts()]
        .filter(([name, count]) => /TCP|Timeout|Pipe/.test(name) && count > (before.get(name) ?? 0))
        .map(([name, count]) => `${name} x${count - (before.get(name) ?? 0)}`);
      if (leftovers.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(leftovers).toEqual([]);
  }, 60_000);
});
