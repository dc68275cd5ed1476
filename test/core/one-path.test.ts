/**
 * One violation, one path, whichever door: the exported schema's `safeParse`, the client's
 * pre-flight and `checkInboundUpdate` name the same path for the same input. A list over its
 * limit is named at the list (`embeds`), as zod and JSON Schema do.
 */
import { describe, expect, it } from 'vitest';
import { checkInboundUpdate, MessagingClient, RequestValidationError, WarehouseClient } from '../../src/index.js';
import {
  announcementSchema,
  channelMessageSchema,
  directMessageSchema,
  inboundOrderCreateSchema,
  inboundOrderUpdateSchema,
} from '../../src/schemas.js';
import { scriptedFetch } from '../support/scripted-fetch.js';

const never = scriptedFetch(() => {
  throw new Error('nothing may be sent');
});
const messaging = new MessagingClient({
  baseUrl: 'https://chat.example.test',
  botKey: 'bot-key-1',
  channelKey: 'chan-key-1',
  fetch: never,
});
const warehouse = new WarehouseClient({ baseUrl: 'https://api.example.test', apiKey: 'wh-key-1', warehouseId: 'wh', fetch: never });

async function preflightPaths(call: PromiseLike<unknown>) {
  const error = await Promise.resolve(call).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(RequestValidationError);
  return (error as RequestValidationError).issues.map((i) => i.path);
}

function schemaPaths(
  schema: { safeParse(input: unknown): { success: boolean; error?: { issues: { path: PropertyKey[] }[] } } },
  input: unknown,
) {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return result.error!.issues.map((i) => i.path);
}

const embed = { title: 'x' };
const order = {
  date: '11/22/2026',
  retailer: 'R',
  order_number: 'PO',
  item_name: 'I',
  color: 'C',
  brand_sku: 'B',
  quantity: 1,
  unit_cost: 1,
  list_price: 2,
  fulfillment_type: 'wfs',
};

const cases: [string, { safeParse(i: unknown): never }, unknown, (input: never) => PromiseLike<unknown>, unknown[][]][] = [
  ['11 embeds', channelMessageSchema as never, { embeds: Array(11).fill(embed) }, (i) => messaging.postChannelMessage(i), [['embeds']]],
  [
    '26 fields',
    channelMessageSchema as never,
    { embeds: [embed, { fields: Array(26).fill({ name: 'n', value: 'v' }) }] },
    (i) => messaging.postChannelMessage(i),
    [['embeds', 1, 'fields']],
  ],
  [
    'a colour out of range and a bad url',
    channelMessageSchema as never,
    { embeds: [{ color: 2 ** 24, url: 'javascript:alert(1)' }] },
    (i) => messaging.postChannelMessage(i),
    [
      ['embeds', 0, 'url'],
      ['embeds', 0, 'color'],
    ],
  ],
  [
    'two recipients',
    directMessageSchema as never,
    { to: { email: 'a@example.test', phoneNumber: '+1' }, body: 'b' },
    (i) => messaging.sendDirectMessage(i),
    [['to']],
  ],
  ['an empty title', announcementSchema as never, { title: '', body: 'b' }, (i) => messaging.postAnnouncement(i), [['title']]],
  [
    'fba without an asin, a negative quantity',
    inboundOrderCreateSchema as never,
    { ...order, fulfillment_type: 'fba', quantity: -2 },
    (i) => warehouse.inbound.create(i),
    [['quantity'], ['asin']],
  ],
  [
    'a tracking number that is not text',
    inboundOrderCreateSchema as never,
    { ...order, tracking_numbers: ['1Z', 7] },
    (i) => warehouse.inbound.create(i),
    [['tracking_numbers', 1]],
  ],
];

describe('the schema and the pre-flight name the same path', () => {
  it.each(cases)('%s', async (_name, schema, input, call, expected) => {
    expect(schemaPaths(schema, input)).toEqual(expected);
    expect(await preflightPaths(call(input as never))).toEqual(expected);
  });
});

describe('checkInboundUpdate and inbound.update name the same member', () => {
  const current = {
    status: 'outbound',
    fulfillment_type: 'fbm',
    amazon_sku: 'PFL-1',
    list_price: 10,
    sold_as: 'bundle',
    units_per_pack: 4,
    quantity: 8,
  } as const;
  it.each([[{ fulfilledBy: 'fba' }], [{ amazonSKU: 'X-1', listPrice: 0 }], [{ quantity: 6 }], [{ units_per_pack: 0 }]] as const)(
    '%o',
    async (patch) => {
      const rules = checkInboundUpdate(patch, current).map((v) => [v.field]);
      expect(rules.length).toBeGreaterThan(0);
      const paths = await preflightPaths(warehouse.inbound.update('0b9d7c4e-2f3a-4b5c-8d9e-0f1a2b3c4d5e', patch, { current }));
      expect(paths).toEqual(rules);
    },
  );

  it('and the update schema names a member of the wrong type where the pre-flight does', async () => {
    const patch = { listPrice: 'ten' };
    expect(schemaPaths(inboundOrderUpdateSchema as never, patch)).toEqual([['listPrice']]);
    expect(await preflightPaths(warehouse.inbound.update('0b9d7c4e-2f3a-4b5c-8d9e-0f1a2b3c4d5e', patch as never))).toEqual([['listPrice']]);
  });
});
