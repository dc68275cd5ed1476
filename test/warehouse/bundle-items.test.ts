/**
 * Bundle items: what is checked is what is sent. A bundle item goes out as JSON text, so
 * anything `JSON.stringify` would change or drop (a `toJSON` method, `NaN`, a `Map`, a `Date`,
 * a function) is refused before sending, at the member's path; plain JSON data of any shape
 * arrives exactly as given.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { RequestValidationError, WarehouseClient } from '../../src/index.js';
import { ORDER as VALID_ORDER } from '../support/reliability.js';
import { rejectionOf } from '../support/scripted-fetch.js';

const ORDER_ID = '11111111-1111-4111-8111-111111111111';
/** A valid order sold as a bundle: its `bundle_items` are what each test varies. */
const ORDER = { ...VALID_ORDER, sold_as: 'bundle', units_per_pack: 1 } as const;

/** A warehouse that answers every create with 201 and keeps the `bundle_items` text it received. */
function recordingWarehouse() {
  const received: string[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const form = await new Request(input, init).formData();
    received.push(String(form.get('bundle_items')));
    return Response.json({ status: 'success', message: 'created', data: { order_id: ORDER_ID }, errors: null }, { status: 201 });
  };
  const client = new WarehouseClient({ baseUrl: 'https://api.example.test', apiKey: 'wh-key-bundle', warehouseId: 'wh', fetch });
  return { client, received };
}

const item = (extra: Record<string, unknown>) => ({ quantity: 1, item_name: 'x', color: 'y', ...extra });
const cyclic: Record<string, unknown> = {};
cyclic.self = cyclic;

describe('a bundle item JSON would change is refused before sending, at its path', () => {
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    [
      'a toJSON method on the item',
      {
        toJSON() {
          return { quantity: -5, item_name: '' };
        },
      },
      'bundle_items.0',
      /toJSON/,
    ],
    ['a toJSON method deeper down', { meta: { when: { toJSON: () => 'x' } } }, 'bundle_items.0.meta.when', /toJSON/],
    ['NaN', { weight: Number.NaN }, 'bundle_items.0.weight', /finite number, not NaN/],
    ['Infinity in an array', { sizes: [1, Number.POSITIVE_INFINITY] }, 'bundle_items.0.sizes.1', /finite number, not Infinity/],
    ['a Map', { dims: new Map([['w', 2]]) }, 'bundle_items.0.dims', /plain object/],
    ['a Date', { packed: new Date(0) }, 'bundle_items.0.packed', /plain object/],
    ['a function', { sku: () => 'A' }, 'bundle_items.0.sku', /not a function/],
    ['a BigInt', { big: 1n }, 'bundle_items.0.big', /not a bigint/],
    ['a Symbol', { tag: Symbol('t') }, 'bundle_items.0.tag', /not a symbol/],
    ['a hole in an array', { sizes: Object.assign(new Array(3), { 0: 1, 2: 3 }) }, 'bundle_items.0.sizes.1', /not undefined/],
    ['a cycle', { loop: cyclic }, 'bundle_items.0.loop', /nest deeper/],
  ];

  it.each(cases)('%s', async (_name, extra, path, message) => {
    const { client, received } = recordingWarehouse();
    const error = await rejectionOf(client.inbound.create({ ...ORDER, bundle_items: [item(extra)] } as never));
    expect(error).toBeInstanceOf(RequestValidationError);
    const issue = (error as RequestValidationError).issues.find((i) => i.path.join('.').startsWith('bundle_items'));
    expect(issue?.path.join('.')).toContain(path);
    expect(issue?.message).toMatch(message);
    expect(received).toEqual([]);
  });

  it('a member whose getter throws is refused, not thrown through', async () => {
    const { client, received } = recordingWarehouse();
    const odd = Object.defineProperty(item({}), 'boom', {
      enumerable: true,
      get() {
        throw new Error('getter');
      },
    });
    expect(await rejectionOf(client.inbound.create({ ...ORDER, bundle_items: [odd] } as never))).toBeInstanceOf(RequestValidationError);
    expect(received).toEqual([]);
  });
});

describe('a bundle item of plain JSON data', () => {
  it('arrives exactly as given, whatever members it carries (property)', async () => {
    const { client, received } = recordingWarehouse();
    const member = fc.string().filter((k) => !['quantity', 'item_name', 'color', '__proto__', 'toJSON'].includes(k));
    await fc.assert(
      fc.asyncProperty(fc.dictionary(member, fc.jsonValue({ maxDepth: 4 }), { maxKeys: 5 }), async (extra) => {
        const items = [item(extra)];
        await client.inbound.create({ ...ORDER, bundle_items: items } as never);
        expect(JSON.parse(received.at(-1) ?? 'null')).toEqual(JSON.parse(JSON.stringify(items)));
      }),
      { numRuns: 200 },
    );
  });

  it('leaves out a member that is undefined, as JSON does', async () => {
    const { client, received } = recordingWarehouse();
    await client.inbound.create({ ...ORDER, bundle_items: [item({ note: undefined })] } as never);
    expect(JSON.parse(received[0] ?? 'null')).toEqual([{ quantity: 1, item_name: 'x', color: 'y' }]);
  });
});

describe('a bundle item’s members are read once, at any depth: what is sent is what was checked', () => {
  /** `meta.note` a getter whose first read is `first` and every later read `later`; counts its reads. */
  const changing = (first: unknown, later: unknown) => {
    const counter = { reads: 0 };
    const meta = Object.defineProperty({}, 'note', {
      enumerable: true,
      get: () => (++counter.reads === 1 ? first : later),
    });
    return { counter, meta };
  };

  it.each([
    ['a getter two levels down that turns into a toJSON', { toJSON: () => 'NOT CHECKED' }],
    ['a getter two levels down that turns undefined', undefined],
    ['a getter two levels down that turns into a Date', new Date(0)],
  ])('%s: read once, the first value sent', async (_, later) => {
    const { client, received } = recordingWarehouse();
    const { counter, meta } = changing('ok', later);
    await client.inbound.create({ ...ORDER, bundle_items: [item({ meta })] } as never);
    expect(counter.reads).toBe(1);
    expect(JSON.parse(received[0] ?? 'null')).toEqual([{ quantity: 1, item_name: 'x', color: 'y', meta: { note: 'ok' } }]);
  });

  it('a Proxy deeper down: read once, the first value sent', async () => {
    const { client, received } = recordingWarehouse();
    let reads = 0;
    const sizes = new Proxy([1, 2], {
      get: (target, key, receiver) => (key === '0' ? (++reads === 1 ? 1 : 'changed') : Reflect.get(target, key, receiver)),
    });
    await client.inbound.create({ ...ORDER, bundle_items: [item({ dims: { sizes } })] } as never);
    expect(reads).toBe(1);
    expect(JSON.parse(received[0] ?? 'null')[0].dims).toEqual({ sizes: [1, 2] });
  });

  it('an item the fast check leaves to the schema (an own __proto__ member): read once too', async () => {
    const { client, received } = recordingWarehouse();
    const { counter, meta } = changing('ok', { toJSON: () => 'NOT CHECKED' });
    const odd = Object.assign(JSON.parse('{"__proto__": {"a": 1}}'), item({ meta }));
    await client.inbound.create({ ...ORDER, bundle_items: [odd] } as never);
    expect(counter.reads).toBe(1);
    expect(JSON.parse(received[0] ?? 'null')[0].meta).toEqual({ note: 'ok' });
    // The schema's output is its own object: the caller's item still holds its own member.
    expect(odd.meta).toBe(meta);
  });

  it('an array is read by its indices, as JSON reads it, not by an iterator of its own', async () => {
    const { client, received } = recordingWarehouse();
    const sizes = Object.assign([1, 2], {
      *[Symbol.iterator]() {
        yield 'other';
      },
    });
    await client.inbound.create({ ...ORDER, bundle_items: [item({ sizes })] } as never);
    expect(JSON.parse(received[0] ?? 'null')[0].sizes).toEqual([1, 2]);
  });

  it('a getter that throws anything, undefined too, is a refusal of the schema, not an error out of it', async () => {
    // A fresh module: the first thing its walk meets is the getter's throw, no refusal before it.
    vi.resetModules();
    const { inboundOrderCreateSchema } = await import('../../src/warehouse/schemas.js');
    for (const thrown of [undefined, null, 'text', new Error('getter')]) {
      const meta = Object.defineProperty({}, 'boom', {
        enumerable: true,
        get() {
          throw thrown;
        },
      });
      const result = inboundOrderCreateSchema.safeParse({ ...ORDER, bundle_items: [item({ meta })] });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toContain('must be plain JSON data (a member could not be read)');
    }
  });

  it('the caller’s items are left as they were given', async () => {
    const { client } = recordingWarehouse();
    const nested = { deep: { list: [1, { x: 2 }] } };
    const given: Record<string, unknown> = item({ nested });
    await client.inbound.create({ ...ORDER, bundle_items: [given] } as never);
    expect(given.nested).toBe(nested);
    expect(nested.deep.list[1]).toEqual({ x: 2 });
    expect(Object.keys(given)).toEqual(['quantity', 'item_name', 'color', 'nested']);
  });
});
