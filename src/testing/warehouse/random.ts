/**
 * The deterministic randomness of the warehouse seed: every record is drawn from its own
 * PRNG stream (seed, kind, index), so record `i` is the same whatever the requested counts,
 * and the same options give the same data on every run and runtime.
 */

/** mulberry32: tiny, fast, and identical in every JS runtime. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes (seed, stream, index) into one 32-bit seed, so streams do not overlap. */
export function streamSeed(seed: number, stream: number, index: number): number {
  let h = Math.imul((seed ^ 0x9e3779b9) >>> 0, 0x85ebca6b) ^ Math.imul(stream + 1, 0xc2b2ae35) ^ Math.imul(index + 1, 0x27d4eb2f);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

const UPPER_ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
export const DIGITS = '0123456789';
export const HEX = '0123456789abcdef';

/** A deterministic source of the values the seed needs. */
export class SeededRandom {
  readonly #next: () => number;

  constructor(seed: number) {
    this.#next = mulberry32(seed);
  }

  float(): number {
    return this.#next();
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.#next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.#next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.#next() * items.length)]!;
  }

  chars(length: number, alphabet: string = UPPER_ALNUM): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.#next() * alphabet.length)];
    return out;
  }

  /** A version 4 UUID built from this stream (not from crypto, so it repeats per seed). */
  uuid(): string {
    const bytes: number[] = [];
    for (let i = 0; i < 16; i++) bytes.push(Math.floor(this.#next() * 256));
    bytes[6] = (bytes[6]! & 0x0f) | 0x40;
    bytes[8] = (bytes[8]! & 0x3f) | 0x80;
    const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
}
