/**
 * The warehouse mock's state: the seeded records, the settings the rules read, and the ids
 * and times the mock hands out after seeding.
 */
import { SeededRandom, streamSeed } from './random.js';
import { SEED_STREAMS, seedWarehouse } from './seed.js';
import type { WarehouseMockSettings, WarehouseMockState } from './types.js';

/** What the routes and the mock share: the live state and what hands out new values. */
export interface WarehouseStore {
  readonly state: WarehouseMockState;
  readonly settings: WarehouseMockSettings;
  /**
   * A fresh order id that no stored order has. A bulk create passes the ids already taken
   * (read once, grown as it goes), so its rows are not each checked against every order.
   */
  newOrderId(taken?: Set<string>): string;
  /** "Now", but strictly after the previous creation, so created_at stays distinct and ordered. */
  nextCreatedAt(): string;
  /** Random characters from the mock's own stream (for generated SKUs). */
  randomChars(length: number): string;
  /** Back to the seeded records and the initial settings, arrays refilled in place. */
  fill(): void;
}

/** Refills `target` in place with `items`. */
function replaceContents<T>(target: T[], items: readonly T[]): void {
  target.length = 0;
  for (const item of items) target.push(item);
}

/** A deep copy of a record (JSON data only: strings, numbers, booleans, null, arrays, plain objects). */
function copyRecord<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyRecord) as T;
  const copy: Record<string, unknown> = {};
  for (const key in value) copy[key] = copyRecord(value[key]);
  return copy as T;
}

/**
 * Up to this many records, the seeded records are made once and each reset copies them: a
 * copy costs a fraction of making them again (a test suite resets a mock thousands of times).
 * Above it, the copy kept would double a large mock's memory: they are made again.
 */
const KEPT_SEED_RECORDS = 10_000;

export function createWarehouseStore(options: {
  seed: number;
  inboundCount: number;
  shipmentCount: number;
  sellerPortalLinked: boolean;
}): WarehouseStore {
  const { seed } = options;
  const state: WarehouseMockState = { inboundOrders: [], shipments: [] };
  const settings: WarehouseMockSettings = { sellerPortalLinked: options.sellerPortalLinked };
  // Ids and SKUs the mock makes after seeding come from their own stream, so a test that
  // replays the same requests gets the same ids.
  let created = new SeededRandom(streamSeed(seed, SEED_STREAMS.created, 0));
  let lastCreatedMs = 0;

  const kept =
    options.inboundCount + options.shipmentCount <= KEPT_SEED_RECORDS
      ? seedWarehouse(seed, options.inboundCount, options.shipmentCount)
      : undefined;

  function fill(): void {
    const seeded = kept
      ? { inboundOrders: kept.inboundOrders.map(copyRecord), shipments: kept.shipments.map(copyRecord) }
      : seedWarehouse(seed, options.inboundCount, options.shipmentCount);
    // Refilled in place (references held by tests stay valid), one by one: spreading
    // hundreds of thousands of records into splice() overflows the stack. Copies of the kept
    // records: the tests and the routes change the records they are given.
    replaceContents(state.inboundOrders, seeded.inboundOrders);
    replaceContents(state.shipments, seeded.shipments);
    settings.sellerPortalLinked = options.sellerPortalLinked;
    created = new SeededRandom(streamSeed(seed, SEED_STREAMS.created, 0));
    lastCreatedMs = 0;
  }
  fill();

  return {
    state,
    settings,
    newOrderId(taken) {
      for (;;) {
        const id = created.uuid();
        if (taken ? taken.has(id) : state.inboundOrders.some((o) => o.order_id === id)) continue;
        taken?.add(id);
        return id;
      }
    },
    nextCreatedAt() {
      lastCreatedMs = Math.max(Date.now(), lastCreatedMs + 1);
      return new Date(lastCreatedMs).toISOString();
    },
    randomChars: (length) => created.chars(length),
    fill,
  };
}
