/**
 * Run by memory.test.ts as `node --expose-gc --import <resolve-ts> heap-per-call.ts <scenario>`:
 * makes many calls with one long-lived caller signal and prints, as JSON, the heap after gc
 * sampled along the way and the least-squares slope in bytes per call (or per page).
 */
import { WarehouseClient } from '../../../src/index.js';
import { listedOrder } from '../../support/listed-orders.js';

declare const gc: () => void;

const PAGES = 1_000;
const PAGE_SIZE = 10;
// Ten orders a page: the first tenth of the walk fills the ids a list remembers (1,000) to drop repeats.
const ORDERS = Array.from({ length: PAGES * PAGE_SIZE }, (_, n) => listedOrder(n));

/** An in-process service answering the inbound list, `limit` orders from `offset`. */
const service: typeof fetch = async (input) => {
  const url = new URL(String(input));
  const offset = Number(url.searchParams.get('offset'));
  const limit = Number(url.searchParams.get('limit'));
  const data = { orders: ORDERS.slice(offset, offset + limit), results: { total: ORDERS.length, limit, offset } };
  return Response.json({ status: 'success', message: 'ok', data, errors: null });
};

const shutdown = new AbortController(); // the process's one signal, passed to every call
const hooks = { onRequest() {}, onResponse() {} };
const common = { baseUrl: 'https://api.example.test', warehouseId: 'wh-1', hooks, maxRetries: 0 };

type Scenario = { units: number; run: (sample: (done: number) => Promise<void>) => Promise<void> };

/** `units` calls of one page each, `sample` after every call. */
function calls(client: WarehouseClient): Scenario {
  return {
    units: 10_000,
    run: async (sample) => {
      for (let done = 1; done <= 10_000; done++) {
        await client.inbound.list({ limit: 1 }, { signal: shutdown.signal });
        await sample(done);
      }
    },
  };
}

const scenarios: Record<string, Scenario> = {
  /** A `fetch` option and a string key. */
  'fetch option': calls(new WarehouseClient({ ...common, apiKey: 'wh-key', fetch: service })),
  /** The global fetch, a key function and a call deadline. */
  'key function': calls(new WarehouseClient({ ...common, apiKey: () => 'wh-key', deadline: 60_000 })),
  /** One list walked page by page, `sample` after every page. */
  pages: {
    units: PAGES,
    run: async (sample) => {
      const client = new WarehouseClient({ ...common, apiKey: () => 'wh-key', fetch: service });
      let done = 0;
      let seen = 0;
      for await (const _ of client.inbound.list({ limit: PAGE_SIZE }, { signal: shutdown.signal }))
        if (++seen % PAGE_SIZE === 0) await sample(++done);
    },
  },
};

async function heapAfterGc(): Promise<number> {
  for (let i = 0; i < 4; i++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve)); // lets finalizers run
  }
  return process.memoryUsage().heapUsed;
}

/** Least-squares slope of y over x. */
function slope(points: [number, number][]): number {
  const mx = points.reduce((s, [x]) => s + x, 0) / points.length;
  const my = points.reduce((s, [, y]) => s + y, 0) / points.length;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return num / den;
}

const name = process.argv[2] ?? '';
const scenario = scenarios[name];
if (!scenario) throw new Error(`unknown scenario ${name}: ${Object.keys(scenarios).join(', ')}`);
globalThis.fetch = service;
// The first tenth warms up (code compiled, caches filled); then the heap is sampled nine times.
const step = scenario.units / 10;
const samples: [number, number][] = [];
await scenario.run(async (done) => {
  if (done % step === 0) samples.push([done, await heapAfterGc()]);
});
console.log(JSON.stringify({ scenario: name, bytesPerUnit: Math.round(slope(samples.slice(1))), samples }));
