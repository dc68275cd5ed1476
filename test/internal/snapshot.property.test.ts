/**
 * `snapshot`: what an input check that has to wait for its schema reads. It equals the input,
 * shares no array or plain object with it (so a change to the input afterwards changes
 * nothing), keeps what is not plain data as it is, and leaves an object whose member cannot
 * be read to the schema.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { snapshot } from '../../src/internal/snapshot.js';

const json = fc.jsonValue({ maxDepth: 4 });

/** Every array and plain object of `value`, depth first. */
function containers(value: unknown, out: object[] = []): object[] {
  if (value !== null && typeof value === 'object') {
    out.push(value);
    for (const member of Object.values(value)) containers(member, out);
  }
  return out;
}

describe('snapshot', () => {
  it('equals its input and shares no array or object with it', () => {
    fc.assert(
      fc.property(json, (value) => {
        const copy = snapshot(value);
        expect(copy).toStrictEqual(value);
        const originals = new Set(containers(value));
        for (const c of containers(copy)) expect(originals.has(c)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('a change to the input afterwards does not reach the copy', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), json, { minKeys: 1 }), (value) => {
        const before = JSON.stringify(value);
        const copy = snapshot(value);
        for (const key of Object.keys(value)) (value as Record<string, unknown>)[key] = 'changed';
        expect(JSON.stringify(copy)).toBe(before);
      }),
      { numRuns: 200 },
    );
  });

  class StampedDate extends Date {}
  it.each([
    ['a Date', Date],
    ['a Date subclass’s instance, its prototype kept', StampedDate],
  ])('copies %s as the time it holds now: set after, the copy keeps the time it had', (_, Kind) => {
    const date = new Kind(Date.UTC(2026, 10, 22));
    const { date: copy } = snapshot({ date });
    date.setUTCFullYear(1999);
    expect(copy).not.toBe(date);
    expect(copy).toBeInstanceOf(Kind);
    expect(copy.toISOString()).toBe('2026-11-22T00:00:00.000Z');
  });

  it('an invalid Date stays invalid in the copy, mended after', () => {
    const invalid = new Date(Number.NaN);
    const { invalid: kept } = snapshot({ invalid });
    invalid.setTime(0);
    expect(Number.isNaN(kept.getTime())).toBe(true);
  });

  it('keeps holes, an own __proto__, cycles, and what is not plain data as it is', () => {
    const sparse: number[] = [1];
    sparse[2] = 3;
    expect(1 in snapshot(sparse)).toBe(false);
    const own = JSON.parse('{"__proto__": {"x": 1}}') as object;
    expect(Object.hasOwn(snapshot(own), '__proto__')).toBe(true);
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const copy = snapshot(cyclic);
    expect(copy.self).toBe(copy);
    const date = new Date();
    const blob = new Blob(['x']);
    class Order {
      id = 1;
    }
    const order = new Order();
    const fake = Object.create(Date.prototype) as Date;
    const kept = snapshot({ date, blob, order, fake });
    expect(kept.blob).toBe(blob);
    expect(kept.fake).toBe(fake);
    expect(kept.order).toBe(order);
  });

  it('an object whose member throws when read is kept as it is, for the schema to name', () => {
    const odd = {
      get body(): string {
        throw new Error('no');
      },
    };
    const outer = { to: { email: 'a@example.com' }, odd };
    const copy = snapshot(outer);
    expect(copy.odd).toBe(odd);
    expect(copy.to).not.toBe(outer.to);
  });
});

describe('snapshot of members a schema reads by name', () => {
  it('keeps a hidden (non-enumerable) own member, hidden', () => {
    const item = Object.defineProperty({ to: 1 }, 'body', { value: 'hi', enumerable: false });
    const copy = snapshot(item) as Record<string, unknown>;
    expect(copy.body).toBe('hi');
    expect(Object.keys(copy)).toEqual(['to']);
  });
});
