// Issue 16, a benchmark row: 64-way paging of tens of thousands of orders against a
// rate-limited service, with the client's gate vs without it (every request meeting its 429
// alone, as before the gate). Reports wall time, 429s received and requests sent, per variant,
// from the same run. Figures, not a target: the issue asks for the comparison.
//
// The service: the warehouse mock behind a token bucket (bench/server.mjs `limited`, its own
// process): RATE requests a second, BURST banked, a refused request answered 429 with
// `Retry-After` in whole seconds and costing no token, as API gateways do. Each variant starts
// on a full bucket.
import { WarehouseClient } from 'opslink';
import { fmt, interleave, median, report, startServer } from './lib.mjs';

const ORDERS = 20_000;
const LIMIT = 100; // 200 pages
const CONCURRENCY = 64;
const RATE = 50; // requests a second
const BURST = 50;
const LATENCY = 20; // ms the service takes per answered request
const MAX_RETRIES = 20; // both variants; so that the "alone" walk finishes (see the notes row)
const ROUNDS = 3;
const PARAMS = { limit: LIMIT, sort_key: 'created_at', sort_order: 'asc' };

const server = await startServer('limited', { orders: ORDERS, latency: LATENCY, rate: RATE, burst: BURST });

/** Counters the client side sees through the SDK's own hooks (cross-checked with the server's). */
function counters() {
  const c = { requests: 0, limited: 0, mostAttempts: 0, pagesOverDefault: 0 };
  const hooks = {
    onRequest: (e) => {
      c.requests++;
      c.mostAttempts = Math.max(c.mostAttempts, e.attempt);
      // A 4th attempt: the default maxRetries (2) would have failed this call.
      if (e.attempt === 4) c.pagesOverDefault++;
    },
    onResponse: (e) => {
      if (e.status === 429) c.limited++;
    },
  };
  return { c, hooks };
}
const clientOptions = (hooks, extra = {}) => ({
  baseUrl: server.url,
  apiKey: server.apiKey,
  warehouseId: server.warehouseId,
  maxRetries: MAX_RETRIES,
  maxConcurrency: CONCURRENCY,
  hooks,
  ...extra,
});

let reference;
const check = (name, ids) => {
  const key = ids.join();
  reference ??= key;
  if (ids.length !== ORDERS || key !== reference) throw new Error(`${name}: other items or another order (${ids.length})`);
};

/** With the gate: one client, `list(…, { concurrency: 64 })`, the SDK's own paging. */
const withGate = (extra) => async (hooks) => {
  const client = new WarehouseClient(clientOptions(hooks, extra));
  const ids = [];
  for await (const order of client.inbound.list(PARAMS, { concurrency: CONCURRENCY })) ids.push(order.order_id);
  return ids;
};

/**
 * Without the gate: the same SDK, the same pages, 64 at a time, but each page request made by
 * a client of its own, so no gate is shared: a 429 pauses only the request that got it, which
 * waits its Retry-After and tries again, while the other 63 go on sending.
 */
const alone = async (hooks) => {
  const page = (offset) => new WarehouseClient(clientOptions(hooks)).inbound.list({ ...PARAMS, offset });
  const first = await page(0);
  const pages = [first.items];
  const offsets = [];
  for (let offset = first.nextOffset; offset < first.total; offset += LIMIT) offsets.push(offset);
  let next = 0;
  const worker = async () => {
    while (next < offsets.length) {
      const i = next++;
      pages[i + 1] = (await page(offsets[i])).items;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, offsets.length) }, worker));
  return pages.flat().map((order) => order.order_id);
};

const run = (name, walk) => async () => {
  await server.stats(true); // zero the server's counters, refill its bucket
  const { c, hooks } = counters();
  const started = performance.now();
  const ids = await walk(hooks);
  const ms = performance.now() - started;
  const served = await server.stats();
  check(name, ids);
  if (served.limited !== c.limited || served.requests !== c.requests)
    throw new Error(
      `${name}: the server counted ${served.requests} requests / ${served.limited} 429s, the client ${c.requests} / ${c.limited}`,
    );
  process.stdout.write(`  ratelimit: ${name}: ${fmt(ms, 0)} ms, ${served.requests} requests, ${served.limited} × 429\n`);
  return { ms, requests: served.requests, limited: served.limited, mostAttempts: c.mostAttempts, pagesOverDefault: c.pagesOverDefault };
};

const GATE = 'with the gate (one client, maxConcurrency 64)';
const PACED = 'with the gate and requestsPerSecond: 50 (the limit known)';
const ALONE = 'without the gate (one client per page request)';
const variants = { [GATE]: run(GATE, withGate()), [ALONE]: run(ALONE, alone), [PACED]: run(PACED, withGate({ requestsPerSecond: RATE })) };
const rounds = await interleave(ROUNDS, variants);
await server.stop();

const med = (name, key) => median(rounds[name].map((r) => r[key]));
const each = (name, key, digits = 0) => rounds[name].map((r) => fmt(r[key], digits)).join(', ');
const ideal = ((Math.ceil(ORDERS / LIMIT) - BURST) / RATE) * 1000;
const row = (name) => [
  name,
  `${fmt(med(name, 'ms'), 0)} ms, ${fmt(med(name, 'limited'), 0)} × 429, ${fmt(med(name, 'requests'), 0)} requests sent (medians; rounds: ${each(name, 'ms')} ms; ${each(name, 'limited')} × 429); most attempts for one page ${Math.max(...rounds[name].map((r) => r.mostAttempts))}; pages that needed a 4th attempt (would fail with the default maxRetries: 2) ${each(name, 'pagesOverDefault')}`,
];
const timeRatio = median(rounds[GATE].map((r, i) => r.ms / rounds[ALONE][i].ms));
report({
  name: `64-way paging against a rate-limited service (${ORDERS.toLocaleString('en')} orders, ${Math.ceil(ORDERS / LIMIT)} pages)`,
  rows: [
    row(GATE),
    row(ALONE),
    row(PACED),
    ['time, with / without the gate', `${fmt(timeRatio, 3)} (median of per-round ratios)`],
    [
      '429s, with / without the gate',
      `${fmt(med(GATE, 'limited'), 0)} / ${fmt(med(ALONE, 'limited'), 0)} = ${fmt(med(GATE, 'limited') / med(ALONE, 'limited'), 3)}`,
    ],
    [
      'service',
      `warehouse mock behind a token bucket: ${RATE} requests/s, burst ${BURST}, 429 with Retry-After in whole seconds (≥ 1) when empty, a refused request costs no token, ${LATENCY} ms per answered request; a full bucket at the start of each walk. Floor for ${Math.ceil(ORDERS / LIMIT)} requests: about ${fmt(ideal, 0)} ms`,
    ],
    [
      'method',
      `limit ${LIMIT}, concurrency ${CONCURRENCY}, maxRetries ${MAX_RETRIES} in every variant (so the walk without the gate finishes), rateLimit 'wait' (default). "With the gate": one WarehouseClient, inbound.list(…, { concurrency: ${CONCURRENCY} }), maxConcurrency ${CONCURRENCY}. "Without": the first page, then the other pages ${CONCURRENCY} at a time, each request made by a new WarehouseClient, so each 429 is met alone (its own Retry-After, no pause for the others) — the SDK's request path as it was before the shared gate. Every walk returns the same ${ORDERS} orders in the same order; 429s and requests counted by the server and checked against the SDK's hooks. ${ROUNDS} rounds, variants interleaved`,
    ],
  ],
  targets: [
    {
      target: 'issue 16: 64-way paging against a rate-limited mock, with the gate vs without (one client per request)',
      value: [
        ['with', GATE],
        ['without', ALONE],
      ]
        .map(
          ([label, name]) =>
            `${label}: ${fmt(med(name, 'ms') / 1000, 2)} s, ${fmt(med(name, 'limited'), 0)} × 429, ${fmt(med(name, 'requests'), 0)} requests`,
        )
        .join('; '),
      met: null,
    },
  ],
  detail: rounds,
});
process.exit(0);
