/**
 * The load scenario, run in a child Node process started with `--expose-gc` (vitest passes
 * `execArgv` per project, not per file). Bundled with esbuild by `load.test.ts`; prints a
 * line `{"done":N}` every `PROGRESS_EVERY` requests (so the parent tells a slow machine from a
 * hang), then one JSON line with its measurements, and ends on its own: a handle left open
 * would keep it alive, which the parent notices.
 *
 * N requests at concurrency C against `startMockServer` on 127.0.0.1 over real HTTP (the
 * platform fetch, keep-alive): direct messages, inbound list pages and shipment retrieves in
 * turn. Heap is measured after a warm-up and after the run, each after full GCs, with the
 * mock's stored messages dropped both times so the figure is the SDK's, not the fake server's.
 */
import { MessagingClient, WarehouseClient } from '../../src/index.js';
import { createMessagingMock, createWarehouseMock, startMockServer } from '../../src/testing/index.js';

const TOTAL = Number(process.env.LOAD_TOTAL ?? 10_000);
const CONCURRENCY = Number(process.env.LOAD_CONCURRENCY ?? 64);
const WARM_UP = Number(process.env.LOAD_WARM_UP ?? 3_000);
const PAGE = 50;
const PROGRESS_EVERY = 1_000;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

function settledHeap(): number {
  for (let i = 0; i < 4; i++) gc!();
  return process.memoryUsage().heapUsed;
}

function resourceCounts(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const name of process.getActiveResourcesInfo()) counts.set(name, (counts.get(name) ?? 0) + 1);
  return counts;
}

function extraResources(baseline: Map<string, number>): string[] {
  const out: string[] = [];
  for (const [name, count] of resourceCounts()) {
    const extra = count - (baseline.get(name) ?? 0);
    if (extra > 0) out.push(`${name} x${extra}`);
  }
  return out;
}

// The progress lines go to stdout, a pipe whose handle counts among the active resources once
// it is opened: opened before the baseline, so that it is not read as a handle left open.
process.stdout.write(`${JSON.stringify({ done: 0 })}\n`);
const baseline = resourceCounts();
const messaging = createMessagingMock();
const warehouse = createWarehouseMock({ inboundOrders: 2_000, shipments: 300 });
const server = await startMockServer({ messaging, warehouse });
const bot = new MessagingClient({ baseUrl: server.messagingBaseUrl, botKey: messaging.botKey });
const wh = new WarehouseClient({ baseUrl: server.warehouseBaseUrl, apiKey: warehouse.apiKey, warehouseId: warehouse.warehouseId });
const shipmentIds = warehouse.state.shipments.map((s) => s.shipment_id);
const recipients = [messaging.employees.first.email, messaging.employees.second.email];
const orderCount = warehouse.state.inboundOrders.length;

const kinds = { directMessage: 0, inboundPage: 0, shipmentRetrieve: 0 };
/** Requests ended, warm-up included. */
let done = 0;
let failures = 0;
const failureSamples: string[] = [];

async function one(i: number): Promise<void> {
  switch (i % 3) {
    case 0: {
      const sent = await bot.sendDirectMessage({ to: { email: recipients[i % 2]! }, body: `load ${i} 📦` });
      if (sent.body !== `load ${i} 📦`) throw new Error(`direct message ${i} came back as ${JSON.stringify(sent)}`);
      kinds.directMessage++;
      return;
    }
    case 1: {
      const offset = (i * 37) % (orderCount - PAGE);
      const page = await wh.inbound.list({ offset, limit: PAGE });
      if (page.items.length !== PAGE || page.offset !== offset) throw new Error(`page at ${offset} had ${page.items.length} items`);
      kinds.inboundPage++;
      return;
    }
    default: {
      const id = shipmentIds[i % shipmentIds.length]!;
      const shipment = await wh.shipments.retrieve(id);
      if (shipment.shipment_id !== id) throw new Error(`retrieve ${id} gave ${shipment.shipment_id}`);
      kinds.shipmentRetrieve++;
    }
  }
}

/** Runs `count` requests from `from` on, `CONCURRENCY` at a time; returns the most in flight at once. */
async function run(from: number, count: number): Promise<number> {
  let next = from;
  const end = from + count;
  let inFlight = 0;
  let most = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < end) {
        const i = next++;
        inFlight++;
        most = Math.max(most, inFlight);
        try {
          await one(i);
        } catch (error) {
          failures++;
          if (failureSamples.length < 10) failureSamples.push(String((error as Error)?.message ?? error));
        } finally {
          inFlight--;
          if (++done % PROGRESS_EVERY === 0) process.stdout.write(`${JSON.stringify({ done })}\n`);
        }
      }
    }),
  );
  return most;
}

/** The fake server keeps every direct message: drop them so the heap figure is the client's. */
function forgetServerMessages(): number {
  const stored = messaging.state.directMessages.length;
  messaging.state.directMessages.length = 0;
  return stored;
}

await run(TOTAL, WARM_UP); // indices past the measured run: the same mix
const warmUpFailures = failures;
failures = 0;
for (const key of Object.keys(kinds) as (keyof typeof kinds)[]) kinds[key] = 0;
forgetServerMessages();
const heapBefore = settledHeap();

const started = performance.now();
const maxInFlight = await run(0, TOTAL);
const durationMs = performance.now() - started;

const heapAfterWithServerState = settledHeap();
const storedMessages = forgetServerMessages();
const heapAfter = settledHeap();

await server.close();
// Closing ends every connection; the client's sockets notice on the next turns of the loop.
let leftovers: string[] = [];
for (let i = 0; i < 100; i++) {
  leftovers = extraResources(baseline);
  if (leftovers.length === 0) break;
  await new Promise((resolve) => setTimeout(resolve, 20));
}

process.stdout.write(
  `${JSON.stringify({
    requests: kinds.directMessage + kinds.inboundPage + kinds.shipmentRetrieve + failures,
    failures,
    failureSamples,
    warmUpFailures,
    kinds,
    concurrency: CONCURRENCY,
    maxInFlight,
    durationMs: Math.round(durationMs),
    requestsPerSecond: Math.round((TOTAL / durationMs) * 1000),
    heapBefore,
    heapAfter,
    heapDelta: heapAfter - heapBefore,
    heapAfterWithServerState,
    storedMessages,
    leftovers,
  })}\n`,
);
