/**
 * Shared by the reliability suites: a collector of unhandled rejections, a fetch in front of
 * a mock that records what the server saw, and small settle helpers.
 */
import type { MockTransport } from '../../src/testing/index.js';

/** Every `unhandledRejection` seen while installed. Install in `beforeAll`, assert in `afterEach`. */
export function unhandledRejections() {
  const seen: unknown[] = [];
  const onRejection = (reason: unknown) => {
    seen.push(reason);
  };
  return {
    seen,
    install() {
      process.on('unhandledRejection', onRejection);
    },
    uninstall() {
      process.off('unhandledRejection', onRejection);
    },
  };
}

/** Lets pending rejections surface: Node reports unhandled ones after the microtask queue drains. */
export async function drainMacrotasks(rounds = 3): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

export interface SeenRequest {
  method: string;
  path: string;
  url: string;
  /** `Date.now()` when the request reached the server (fake-timer aware). */
  at: number;
}

/** A fetch that hands every request to `transport` and records it first, as the server saw it. */
export function observedFetch(transport: MockTransport, seen: SeenRequest[]): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    seen.push({ method: request.method, path: url.pathname, url: request.url, at: Date.now() });
    return transport.fetch(request);
  };
}

export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Attaches both handlers at once, so a rejection is never unhandled while a test advances time. */
export function settle<T>(promise: PromiseLike<T>): Promise<Settled<T>> & { done: boolean } {
  const tracked = Promise.resolve(promise).then(
    (value): Settled<T> => ({ ok: true, value }),
    (error: unknown): Settled<T> => ({ ok: false, error }),
  ) as Promise<Settled<T>> & { done: boolean };
  tracked.done = false;
  tracked.then(() => {
    tracked.done = true;
  });
  return tracked;
}

/** The rejection of `promise`; throws when it resolves instead. */
export async function rejectionOf(promise: PromiseLike<unknown>): Promise<unknown> {
  const result = await settle(promise);
  if (result.ok) throw new Error(`expected a rejection, got ${String(JSON.stringify(result.value)).slice(0, 300)}`);
  return result.error;
}

/** Deterministic PRNG (mulberry32), for seeded fault schedules. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A valid new order (fba, so asin is given), as the reliability tests create it. */
export const ORDER = {
  date: '01/15/2026',
  retailer: 'Target',
  order_number: 'PO-1',
  item_name: 'Lamp',
  color: 'black',
  brand_sku: 'LAMP',
  quantity: 12,
  asin: 'B000000001',
  unit_cost: 9.5,
  list_price: 24.99,
  fulfillment_type: 'fba',
} as const;
