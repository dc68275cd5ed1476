import { beforeEach, describe, expect, it } from 'vitest';
import {
  BadRequestError,
  type BulkInput,
  type CurrentOrder,
  checkInboundUpdate,
  type InboundOrderCreate,
  type InboundOrderRow,
  type InboundOrderUpdate,
  RequestValidationError,
  type RuleViolation,
  toInboundUpdate,
  UPDATE_RULE_MESSAGES,
  type UpdateRuleId,
  WarehouseClient,
} from '../../src/index.js';
import {
  createWarehouseMock,
  type InboundOrderRecord,
  type MockInboundPatch,
  mockUpdateViolations,
  type WarehouseMock,
} from '../../src/testing/index.js';
import { rejectionOf } from '../support/scripted-fetch.js';

/** A fetch in front of the mock that records every request. */
function countingFetch(target: typeof fetch) {
  const requests: Request[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    requests.push(request);
    return target(request);
  };
  return { fetch, requests };
}

/** The issues of the RequestValidationError `promise` rejects with. */
async function issuesOf(promise: Promise<unknown>): Promise<RequestValidationError['issues']> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(RequestValidationError);
  return (error as RequestValidationError).issues;
}

const rules = (violations: RuleViolation[]): UpdateRuleId[] => violations.map((v) => v.rule);

let mock: WarehouseMock;
let requests: Request[];
let client: WarehouseClient;

beforeEach(() => {
  mock = createWarehouseMock({ inboundOrders: 60, shipments: 0 });
  const counter = countingFetch(mock.fetch);
  requests = counter.requests;
  client = new WarehouseClient({ baseUrl: mock.baseUrl, apiKey: mock.apiKey, warehouseId: mock.warehouseId, fetch: counter.fetch });
});

function findOrder(predicate: (order: InboundOrderRecord) => boolean): InboundOrderRecord {
  const order = mock.state.inboundOrders.find(predicate);
  if (!order) throw new Error('the seed has no such order');
  return order;
}

function validOrder(): InboundOrderCreate {
  return {
    date: '03/09/2025',
    retailer: 'Target',
    order_number: 'PO-1001',
    item_name: 'Desk lamp',
    color: 'Black',
    brand_sku: 'LAMP-BLK',
    quantity: 12,
    asin: 'B000000001',
    unit_cost: 9.5,
    list_price: 24.99,
    fulfillment_type: 'fba',
  };
}

/** `order` without `field`, for the cases that leave a field out. */
function without(order: InboundOrderCreate, field: string): InboundOrderCreate {
  const copy: Record<string, unknown> = { ...order };
  delete copy[field];
  return copy as unknown as InboundOrderCreate;
}

describe('creating an order: problems found before sending', () => {
  const required = [
    'date',
    'retailer',
    'order_number',
    'item_name',
    'color',
    'brand_sku',
    'quantity',
    'unit_cost',
    'list_price',
    'fulfillment_type',
  ];

  /** What the message says for a missing field: most say so, the date and the enum name what they take. */
  for (const field of required) {
    it(`refuses an order without ${field}`, async () => {
      const issues = await issuesOf(client.inbound.create(without(validOrder(), field)));
      expect(issues).toEqual([{ path: [field], message: 'is required' }]);
      expect(requests).toHaveLength(0);
    });
  }

  for (const field of ['retailer', 'order_number', 'item_name', 'color', 'brand_sku']) {
    it(`refuses an empty ${field}, which the service counts as missing`, async () => {
      const issues = await issuesOf(client.inbound.create({ ...validOrder(), [field]: '' }));
      expect(issues).toEqual([{ path: [field], message: 'must not be empty' }]);
      expect(requests).toHaveLength(0);
    });
  }

  it('lists every missing field at once', async () => {
    const issues = await issuesOf(client.inbound.create(without(without(validOrder(), 'retailer'), 'quantity')));
    expect(issues.map((i) => i.path)).toEqual([['retailer'], ['quantity']]);
    expect(requests).toHaveLength(0);
  });

  it('refuses a fulfillment_type the create endpoint does not take', async () => {
    const issues = await issuesOf(client.inbound.create({ ...validOrder(), fulfillment_type: 'manual' } as never));
    expect(issues).toEqual([{ path: ['fulfillment_type'], message: expect.stringContaining('must be one of') }]);
    expect(issues[0]!.message).toContain('"two-step"');
    expect(requests).toHaveLength(0);
  });

  it('refuses sold_as multi-pack, which only updates take', async () => {
    const issues = await issuesOf(client.inbound.create({ ...validOrder(), sold_as: 'multi-pack' } as never));
    expect(issues).toEqual([{ path: ['sold_as'], message: 'must be one of "individual", "bundle"' }]);
    expect(requests).toHaveLength(0);
  });

  for (const type of ['fba', 'fbm'] as const) {
    it(`requires an asin for ${type} orders`, async () => {
      const issues = await issuesOf(client.inbound.create({ ...without(validOrder(), 'asin'), fulfillment_type: type } as never));
      expect(issues).toEqual([{ path: ['asin'], message: `is required for ${type} orders` }]);
      const empty = await issuesOf(client.inbound.create({ ...validOrder(), asin: '', fulfillment_type: type }));
      expect(empty.map((i) => i.path)).toEqual([['asin']]);
      expect(requests).toHaveLength(0);
    });
  }

  it('sends a wfs order without an asin, and the service takes it', async () => {
    const { order_id } = await client.inbound.create({ ...without(validOrder(), 'asin'), fulfillment_type: 'wfs' });
    expect(requests).toHaveLength(1);
    expect(findOrder((o) => o.order_id === order_id).asin).toBe('');
  });

  it('requires units_per_pack when sold as a bundle', async () => {
    const issues = await issuesOf(client.inbound.create({ ...validOrder(), sold_as: 'bundle' } as never));
    expect(issues).toEqual([{ path: ['units_per_pack'], message: 'is required when sold_as is bundle' }]);
    expect(requests).toHaveLength(0);
  });

  it('refuses a label that is not a Blob or File', async () => {
    const issues = await issuesOf(client.inbound.create({ ...validOrder(), shipping_label_files: 'label.pdf' as unknown as Blob }));
    expect(issues.map((i) => i.path)).toEqual([['shipping_label_files']]);
    const inList = await issuesOf(
      client.inbound.create({ ...validOrder(), shipping_label_files: [new Blob(['ok']), { name: 'x.pdf' } as unknown as Blob] }),
    );
    expect(inList).toHaveLength(1);
    expect(inList[0]!.path[0]).toBe('shipping_label_files');
    expect(requests).toHaveLength(0);
  });

  it('refuses an unknown field rather than dropping it', async () => {
    const issues = await issuesOf(client.inbound.create({ ...validOrder(), colour: 'red' } as never));
    expect(issues).toEqual([{ path: [], message: 'unknown member "colour"' }]);
    expect(requests).toHaveLength(0);
  });
});

describe('bulk uploads: problems found before sending', () => {
  it('names the row and the field of each bad row', async () => {
    const good: InboundOrderRow = validOrder();
    const rows = [
      good,
      { ...good, quantity: '3' as unknown as number },
      good,
      { ...without(good, 'asin'), fulfillment_type: 'fbm' as const },
    ];
    const issues = await issuesOf(client.inbound.createBulk(rows as never));
    expect(issues).toEqual([
      { path: [1, 'quantity'], message: 'must be a number, not a string' },
      { path: [3, 'asin'], message: 'is required for fbm orders' },
    ]);
    expect(requests).toHaveLength(0);
  });

  it('refuses files and bundle items in rows, which a CSV cannot carry', async () => {
    const rows = [{ ...validOrder(), shipping_label_files: new Blob(['x']) }] as unknown as InboundOrderRow[];
    const issues = await issuesOf(client.inbound.createBulk(rows as never));
    expect(issues).toEqual([{ path: [0], message: 'unknown member "shipping_label_files"' }]);
    expect(requests).toHaveLength(0);
  });

  const empties: [string, BulkInput][] = [
    ['no rows', []],
    ['empty CSV text', ''],
    ['CSV text of blanks', '  \r\n '],
    ['an empty file', new File([], 'orders.csv')],
    ['no bytes', new Uint8Array(0)],
  ];
  for (const [what, input] of empties) {
    it(`refuses ${what}`, async () => {
      const issues = await issuesOf(client.inbound.createBulk(input));
      expect(issues).toEqual([{ path: [], message: expect.stringMatching(/must (not be empty|hold at least one order)/) }]);
      expect(requests).toHaveLength(0);
    });
  }
});

describe('updating an order: the shape of the patch', () => {
  it('refuses a list member name where the update name belongs', async () => {
    const order = mock.state.inboundOrders[0]!;
    const issues = await issuesOf(client.inbound.update(order.order_id, { order_number: 'PO-2' } as InboundOrderUpdate));
    expect(issues).toEqual([{ path: [], message: 'unknown member "order_number"' }]);
    expect(requests).toHaveLength(0);
  });

  it('refuses a member of the wrong type', async () => {
    const order = mock.state.inboundOrders[0]!;
    const issues = await issuesOf(client.inbound.update(order.order_id, { quantity: '12' as unknown as number, listPrice: Number.NaN }));
    expect(issues.map((i) => i.path)).toEqual([['quantity'], ['listPrice']]);
    expect(issues[0]!.message).toBe('must be a number, not a string');
    expect(requests).toHaveLength(0);
  });

  it('refuses a fulfilledBy the update endpoint does not take', async () => {
    const order = mock.state.inboundOrders[0]!;
    const issues = await issuesOf(client.inbound.update(order.order_id, { fulfilledBy: 'amazon' as 'fba' }));
    expect(issues).toEqual([{ path: ['fulfilledBy'], message: expect.stringContaining('"manual"') }]);
    expect(requests).toHaveLength(0);
  });

  it('refuses an order id that is not a UUID before building the URL', async () => {
    const error = await rejectionOf(client.inbound.update('../shipments', { notes: 'x' }));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(requests).toHaveLength(0);
  });
});

/** A list-shaped order the rules can read, from the seed, changed as a case needs. */
function current(predicate: (order: InboundOrderRecord) => boolean, changes: Partial<CurrentOrder> = {}): CurrentOrder {
  return { ...findOrder(predicate), ...changes };
}

describe('checkInboundUpdate, rule by rule', () => {
  describe('fbm amazonSKU starts with PFL or is empty', () => {
    it('with the current order: an fbm order refuses another prefix and takes PFL or empty', () => {
      const fbm = current((o) => o.fulfillment_type === 'fbm' && o.status === 'inbound');
      expect(checkInboundUpdate({ amazonSKU: 'AMZ-1' }, fbm)).toEqual([
        { rule: 'fbm_amazon_sku_prefix', field: 'amazonSKU', message: UPDATE_RULE_MESSAGES.fbm_amazon_sku_prefix },
      ]);
      expect(checkInboundUpdate({ amazonSKU: 'PFL-1' }, fbm)).toEqual([]);
      expect(checkInboundUpdate({ amazonSKU: '' }, fbm)).toEqual([]);
    });

    it('with the current order: moving to fbm checks the SKU already stored', () => {
      const fba = current((o) => o.fulfillment_type === 'fba' && o.status === 'inbound' && o.amazon_sku.startsWith('AMZ'));
      expect(rules(checkInboundUpdate({ fulfilledBy: 'fbm' }, fba))).toEqual(['fbm_amazon_sku_prefix']);
      expect(checkInboundUpdate({ amazonSKU: 'AMZ-1' }, fba)).toEqual([]);
    });

    it('without the current order: decided only when the patch makes the order fbm', () => {
      expect(rules(checkInboundUpdate({ fulfilledBy: 'fbm', amazonSKU: 'AMZ-1' }))).toEqual(['fbm_amazon_sku_prefix']);
      expect(checkInboundUpdate({ fulfilledBy: 'fbm', amazonSKU: '' })).toEqual([]);
      expect(checkInboundUpdate({ amazonSKU: 'AMZ-1' })).toEqual([]);
    });
  });

  describe('fbm listPrice is non-zero', () => {
    it('with the current order: zero is refused, and so is a stored zero when moving to fbm', () => {
      const fbm = current((o) => o.fulfillment_type === 'fbm' && o.status === 'inbound');
      expect(checkInboundUpdate({ listPrice: 0 }, fbm)).toEqual([
        { rule: 'fbm_list_price', field: 'listPrice', message: UPDATE_RULE_MESSAGES.fbm_list_price },
      ]);
      expect(checkInboundUpdate({ listPrice: 0.01 }, fbm)).toEqual([]);
      const freeManual = current((o) => o.fulfillment_type === 'manual' && o.list_price === 0 && o.status === 'inbound');
      expect(rules(checkInboundUpdate({ fulfilledBy: 'fbm' }, freeManual))).toContain('fbm_list_price');
      expect(checkInboundUpdate({ fulfilledBy: 'fbm', listPrice: 5 }, freeManual)).toEqual([]);
    });

    it('without the current order: only a zero in an fbm patch is decided', () => {
      expect(rules(checkInboundUpdate({ fulfilledBy: 'fbm', listPrice: 0 }))).toEqual(['fbm_list_price']);
      expect(checkInboundUpdate({ fulfilledBy: 'fbm' })).toEqual([]);
      expect(checkInboundUpdate({ listPrice: 0 })).toEqual([]);
    });
  });

  describe('units_per_pack is a positive integer when not sold individually', () => {
    it('with the current order: a multi-pack refuses 0, negatives and fractions', () => {
      const pack = current((o) => o.sold_as === 'multi-pack' && o.fulfillment_type !== 'fbm' && o.status === 'inbound');
      for (const units of [0, -2, 2.5]) {
        expect(checkInboundUpdate({ units_per_pack: units }, pack)).toEqual([
          { rule: 'units_per_pack_positive', field: 'units_per_pack', message: UPDATE_RULE_MESSAGES.units_per_pack_positive },
        ]);
      }
      expect(checkInboundUpdate({ units_per_pack: 0 }, { ...pack, sold_as: 'individual' })).toEqual([]);
      expect(checkInboundUpdate({ units_per_pack: 0, sold_as: 'individual' }, pack)).toEqual([]);
    });

    it('with the current order: an individual order turned into a bundle keeps its pack size of 1, which passes', () => {
      const single = current((o) => o.sold_as === 'individual' && o.fulfillment_type === 'wfs');
      expect(single.units_per_pack).toBe(1);
      expect(checkInboundUpdate({ sold_as: 'bundle' }, single)).toEqual([]);
      expect(rules(checkInboundUpdate({ sold_as: 'bundle', units_per_pack: 0 }, single))).toEqual(['units_per_pack_positive']);
    });

    it('without the current order: decided only when the patch gives both sold_as and units_per_pack', () => {
      expect(rules(checkInboundUpdate({ sold_as: 'bundle', units_per_pack: 0 }))).toEqual(['units_per_pack_positive']);
      expect(checkInboundUpdate({ sold_as: 'bundle' })).toEqual([]);
      expect(checkInboundUpdate({ units_per_pack: 0 })).toEqual([]);
    });
  });

  describe('quantity is divisible by units_per_pack when not sold individually', () => {
    it('with the current order: the merged quantity and pack size must divide', () => {
      const pack = current((o) => o.sold_as === 'multi-pack' && o.units_per_pack === 4 && o.fulfillment_type !== 'fbm');
      expect(checkInboundUpdate({ quantity: 10 }, pack)).toEqual([
        { rule: 'quantity_divisible', field: 'quantity', message: UPDATE_RULE_MESSAGES.quantity_divisible },
      ]);
      expect(checkInboundUpdate({ quantity: 12 }, pack)).toEqual([]);
      expect(rules(checkInboundUpdate({ units_per_pack: pack.quantity! + 1 }, pack))).toEqual(['quantity_divisible']);
      expect(checkInboundUpdate({ quantity: 10, sold_as: 'individual' }, pack)).toEqual([]);
    });

    it('without the current order: decided when the patch gives sold_as, units_per_pack and quantity', () => {
      expect(rules(checkInboundUpdate({ sold_as: 'multi-pack', units_per_pack: 4, quantity: 10 }))).toEqual(['quantity_divisible']);
      expect(checkInboundUpdate({ sold_as: 'multi-pack', units_per_pack: 4, quantity: 12 })).toEqual([]);
      expect(checkInboundUpdate({ units_per_pack: 4, quantity: 10 })).toEqual([]);
    });
  });

  describe('no fulfilledBy change once the order is outbound', () => {
    it('with the current order: an outbound order keeps its fulfillment, an inbound one may change', () => {
      const shipped = current((o) => o.status === 'outbound' && o.fulfillment_type === 'fba');
      expect(checkInboundUpdate({ fulfilledBy: 'wfs' }, shipped)).toEqual([
        { rule: 'fulfilled_by_after_shipping', field: 'fulfilledBy', message: UPDATE_RULE_MESSAGES.fulfilled_by_after_shipping },
      ]);
      expect(checkInboundUpdate({ fulfilledBy: 'fba' }, shipped)).toEqual([]);
      expect(checkInboundUpdate({ fulfilledBy: 'wfs' }, { ...shipped, status: 'inbound' })).toEqual([]);
    });

    it('without the current order: the status is unknown, so nothing is decided', () => {
      expect(checkInboundUpdate({ fulfilledBy: 'wfs' })).toEqual([]);
    });
  });
});

describe('inbound.update runs the rules first', () => {
  it('lists every broken rule at once and sends nothing (with the current order)', async () => {
    const shipped = current((o) => o.status === 'outbound' && o.fulfillment_type === 'fba' && o.amazon_sku.startsWith('AMZ'));
    const patch = { fulfilledBy: 'fbm', listPrice: 0, sold_as: 'multi-pack', units_per_pack: 0 } as const;
    const issues = await issuesOf(client.inbound.update(mock.state.inboundOrders[0]!.order_id, patch, { current: shipped }));
    expect(issues.map((i) => i.path)).toEqual([['fulfilledBy'], ['amazonSKU'], ['listPrice'], ['units_per_pack']]);
    expect(issues.map((i) => i.message)).toEqual([
      `${UPDATE_RULE_MESSAGES.fulfilled_by_after_shipping} [fulfilled_by_after_shipping]`,
      `${UPDATE_RULE_MESSAGES.fbm_amazon_sku_prefix} [fbm_amazon_sku_prefix]`,
      `${UPDATE_RULE_MESSAGES.fbm_list_price} [fbm_list_price]`,
      `${UPDATE_RULE_MESSAGES.units_per_pack_positive} [units_per_pack_positive]`,
    ]);
    expect(requests).toHaveLength(0);
  });

  it('lists every rule the patch alone breaks and sends nothing (without the current order)', async () => {
    const patch = { fulfilledBy: 'fbm', amazonSKU: 'AMZ-9', listPrice: 0, sold_as: 'bundle', units_per_pack: 4, quantity: 10 } as const;
    const issues = await issuesOf(client.inbound.update(mock.state.inboundOrders[0]!.order_id, patch));
    expect(issues.map((i) => i.path)).toEqual([['amazonSKU'], ['listPrice'], ['quantity']]);
    expect(requests).toHaveLength(0);
  });

  it('sends a patch that breaks no rule, and the mock agrees', async () => {
    const pack = findOrder((o) => o.sold_as === 'multi-pack' && o.units_per_pack === 4 && o.fulfillment_type !== 'fbm');
    await client.inbound.update(pack.order_id, { quantity: 40 }, { current: pack });
    expect(requests).toHaveLength(1);
    expect(findOrder((o) => o.order_id === pack.order_id).quantity).toBe(40);
  });

  it('passes through what only the server knows: an fbm update with the seller portal unlinked is refused by the mock', async () => {
    const unlinked = createWarehouseMock({ inboundOrders: 20, shipments: 0, sellerPortalLinked: false });
    const counter = countingFetch(unlinked.fetch);
    const unlinkedClient = new WarehouseClient({
      baseUrl: unlinked.baseUrl,
      apiKey: unlinked.apiKey,
      warehouseId: unlinked.warehouseId,
      fetch: counter.fetch,
    });
    const fbm = unlinked.state.inboundOrders.find((o) => o.fulfillment_type === 'fbm' && o.status === 'inbound')!;
    const patch = { notes: 'ship Monday', listPrice: 30 };
    expect(checkInboundUpdate(patch, fbm)).toEqual([]);
    const error = await rejectionOf(unlinkedClient.inbound.update(fbm.order_id, patch, { current: fbm }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).errors).toEqual([UPDATE_RULE_MESSAGES.fbm_seller_portal]);
    expect(counter.requests).toHaveLength(1);
    expect(unlinked.state.inboundOrders.find((o) => o.order_id === fbm.order_id)!.client_notes).not.toBe('ship Monday');
  });
});

describe("the SDK's rules agree with the mock's", () => {
  const patches: MockInboundPatch[] = [
    {},
    { notes: 'only a note' },
    { fulfilledBy: 'fbm' },
    { fulfilledBy: 'fba' },
    { fulfilledBy: 'manual' },
    { fulfilledBy: 'wfs' },
    { amazonSKU: 'AMZ-1' },
    { amazonSKU: '' },
    { amazonSKU: 'PFL-NEW' },
    { fulfilledBy: 'fbm', amazonSKU: 'AMZ-1' },
    { fulfilledBy: 'fbm', amazonSKU: '' },
    { fulfilledBy: 'fbm', amazonSKU: 'PFL-1', listPrice: 12 },
    { listPrice: 0 },
    { listPrice: 3.5 },
    { fulfilledBy: 'fbm', listPrice: 0 },
    { sold_as: 'individual' },
    { sold_as: 'multi-pack' },
    { sold_as: 'bundle' },
    { sold_as: 'multi-pack', units_per_pack: 4 },
    { sold_as: 'bundle', units_per_pack: 0 },
    { sold_as: 'bundle', units_per_pack: 3, quantity: 9 },
    { units_per_pack: -2 },
    { units_per_pack: 2.5 },
    { units_per_pack: 5 },
    { units_per_pack: 1 },
    { quantity: 7 },
    { quantity: 12 },
    { quantity: 60, units_per_pack: 6 },
    { quantity: 13, units_per_pack: 6 },
    { sold_as: 'individual', units_per_pack: 0, quantity: 5 },
    { fulfilledBy: 'fbm', amazonSKU: 'X', listPrice: 0, sold_as: 'multi-pack', units_per_pack: 0 },
    { fulfilledBy: 'two-step', quantity: 11, units_per_pack: 2 },
  ];

  it('on every pair of seeded order and patch', () => {
    const orders = mock.state.inboundOrders.slice(0, 36);
    let disagreements = 0;
    let violations = 0;
    for (const order of orders) {
      for (const patch of patches) {
        const sdk = rules(checkInboundUpdate(patch as InboundOrderUpdate, order));
        const server = mockUpdateViolations(order, patch, mock.settings).filter((rule) => rule !== 'fbm_seller_portal');
        violations += server.length;
        if (JSON.stringify(sdk) !== JSON.stringify(server)) {
          disagreements++;
          expect.soft(sdk, `${order.fulfillment_type}/${order.sold_as}/${order.status} ${JSON.stringify(patch)}`).toEqual(server);
        }
      }
    }
    expect(disagreements).toBe(0);
    expect(violations).toBeGreaterThan(100);
  });

  it('on stored orders that already break a rule', () => {
    const base = findOrder((o) => o.fulfillment_type === 'fbm' && o.sold_as === 'individual');
    const broken: InboundOrderRecord[] = [
      { ...base, amazon_sku: 'AMZ-OLD' },
      { ...base, list_price: 0 },
      { ...base, sold_as: 'multi-pack', units_per_pack: 4, quantity: 10 },
      { ...base, sold_as: 'bundle', units_per_pack: 0 },
      { ...base, status: 'outbound', fulfillment_type: 'manual', list_price: 0 },
    ];
    for (const order of broken) {
      for (const patch of patches) {
        const sdk = rules(checkInboundUpdate(patch as InboundOrderUpdate, order));
        const server = mockUpdateViolations(order, patch, { sellerPortalLinked: false }).filter((rule) => rule !== 'fbm_seller_portal');
        expect(sdk, `${JSON.stringify(order)} ${JSON.stringify(patch)}`).toEqual(server);
      }
    }
  });
});

describe('checkInboundUpdate with a partial current order', () => {
  it('leaves a member the current order does not mention to the server', () => {
    expect(checkInboundUpdate({ color: 'red' }, { status: 'inbound', fulfillment_type: 'fbm' })).toEqual([]);
    expect(checkInboundUpdate({ sold_as: 'bundle' }, { status: 'inbound', fulfillment_type: 'fba' })).toEqual([]);
  });

  it('still flags a member the current order has without a value', () => {
    const rules = checkInboundUpdate(
      { color: 'red' },
      { status: 'inbound', fulfillment_type: 'fbm', list_price: null as unknown as number },
    );
    expect(rules.map((r) => r.rule)).toEqual(['fbm_list_price']);
    const packs = checkInboundUpdate(
      { sold_as: 'bundle' },
      { status: 'inbound', fulfillment_type: 'fba', units_per_pack: null as unknown as number },
    );
    expect(packs.map((r) => r.rule)).toEqual(['units_per_pack_positive']);
  });
});

describe('toInboundUpdate and members without a value', () => {
  const listed = {
    order_id: '3f1c2a9e-8b7d-4c6e-9a5b-1d2e3f4a5b6c',
    quantity: 4,
    size: 'M',
    client_notes: 'fragile',
    sold_as: null,
    units_per_pack: null,
    amazon_sku: null,
    fulfillment_type: 'fbm',
  };

  it('leaves out members the current order has no value for, instead of sending ""', () => {
    const patch = toInboundUpdate({ ...listed, quantity: 6 } as never, listed as never);
    expect(patch).toEqual({ quantity: 6 });
    // An fbm amazonSKU of "" would mean "generate a new one": never sent for a null.
    const whole = toInboundUpdate(listed as never);
    expect(whole).not.toHaveProperty('amazonSKU');
    expect(whole).not.toHaveProperty('sold_as');
    expect(whole).not.toHaveProperty('units_per_pack');
  });

  it('clears free text the caller set to null', () => {
    expect(toInboundUpdate({ ...listed, client_notes: null, size: null } as never, listed as never)).toEqual({ notes: '', size: '' });
  });
});
