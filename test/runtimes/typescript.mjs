/**
 * TypeScript consumers of the packed types: one per `moduleResolution` (node16, nodenext,
 * bundler), each with `strict: true` (and `skipLibCheck: false`), importing every entry point
 * and making typed calls. `@ts-expect-error` lines fail the compile if a type is lost to
 * `any`. Under node16 and nodenext a `.cts` file reads the CommonJS types (`.d.cts`) and an
 * `.mts` file the ESM types (`.d.ts`). Kept as text here so the repo's own typecheck, which
 * maps `opslink` to src/, never compiles them.
 */

const body = `
const messagingMock = createMessagingMock();
const warehouseMock = createWarehouseMock({ inboundOrders: 3, shipments: 1 });
const bot = new MessagingClient({ baseUrl: messagingMock.baseUrl, botKey: messagingMock.botKey, fetch: messagingMock.fetch, maxRetries: 1 });
const sameClient: typeof MessagingClient = MessagingClientFromMessaging;
const sameWarehouse: typeof WarehouseClient = WarehouseClientFromWarehouse;
const dm: DirectMessageInput = { to: { email: 'ada@example.test' }, body: 'hi' };

export async function typedCalls(): Promise<string[]> {
  const announcement: Announcement = await bot.postAnnouncement({ title: 'Stocktake', body: 'Friday' });
  const title: string = announcement.title;
  const { response } = await bot.sendDirectMessage(dm).withResponse();
  const status: number = response.status;
  const hook = MessagingClient.fromWebhookUrl(messagingMock.webhookUrl);
  await hook.postChannelMessage({ embeds: [{ title: 'Deployed', color: 0x2ecc71, timestamp: new Date() }] });
  const parts = parseWebhookUrl(messagingMock.webhookUrl);
  const channelId: string = parts.channelId;

  const warehouse = new sameWarehouse({ baseUrl: warehouseMock.baseUrl, apiKey: warehouseMock.apiKey, warehouseId: warehouseMock.warehouseId });
  const page = await warehouse.inbound.list({ limit: 2, sort_order: 'asc' });
  const first: InboundOrder | undefined = page.items[0];
  const total: number | undefined = page.total;
  const next: boolean = page.hasNextPage();
  for await (const order of warehouse.inbound.list({ fulfillment_types: ['fba'] }, { maxItems: 3 })) {
    const quantity: number = order.quantity;
    void quantity;
  }
  const created: CreatedInboundOrder = await warehouse.inbound.create({
    date: new Date(), retailer: 'Target', order_number: 'PO-1', item_name: 'Lamp', color: 'black', brand_sku: 'L-1',
    quantity: 2, unit_cost: 3, list_price: 9, fulfillment_type: 'two-step', shipping_label_files: new Blob(['%PDF']),
  });
  const violations: RuleViolation[] = checkInboundUpdate({ quantity: 3, sold_as: 'multi-pack', units_per_pack: 2 });

  const server: MockServer = await startMockServer({ messaging: messagingMock, warehouse: warehouseMock });
  const base: string = server.warehouseBaseUrl;
  await server.close();

  const error: unknown = await bot.sendDirectMessage({ to: { email: 'x' }, body: '' }).catch((e: unknown) => e);
  if (error instanceof RequestValidationError) {
    const path: (string | number)[] = error.issues[0]!.path;
    void path;
  }
  if (error instanceof RateLimitError) {
    const seconds: number | undefined = error.retryAfter;
    void seconds;
  }
  if (error instanceof APIError) {
    const code: number = error.status;
    void code;
  }

  // @ts-expect-error a DM body is a string
  void bot.sendDirectMessage({ to: { email: 'a@b.c' }, body: 42 });
  // @ts-expect-error WarehouseClient needs an apiKey
  void new WarehouseClient({ baseUrl: 'https://api.example.com', warehouseId: 'w' });
  // @ts-expect-error not a fulfillment type of the list filter
  void warehouse.inbound.list({ fulfillment_types: ['pigeon'] });
  // @ts-expect-error page items are InboundOrder, not strings
  const wrong: string = page.items[0];
  void wrong;

  return [title, String(status), channelId, String(first?.order_id), String(total), String(next), created.order_id, String(violations.length), base, String(sameClient)];
}
`;

const imports = `import { APIError, type Announcement, MessagingClient, RateLimitError, RequestValidationError, WarehouseClient } from 'opslink';
import { MessagingClient as MessagingClientFromMessaging, type DirectMessageInput, parseWebhookUrl } from 'opslink/messaging';
import { checkInboundUpdate, type CreatedInboundOrder, type InboundOrder, type RuleViolation, WarehouseClient as WarehouseClientFromWarehouse } from 'opslink/warehouse';
import { createMessagingMock, createWarehouseMock, type MockServer, startMockServer } from 'opslink/testing';
`;

const compilerOptions = {
  strict: true,
  noEmit: true,
  skipLibCheck: false,
  target: 'ES2022',
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  types: [],
};

/** One consumer per moduleResolution: `{ name, tsconfig, files: { [name]: text } }`. */
export function typescriptConsumers() {
  return [
    {
      name: 'node16',
      // A full lib check: dist/testing/index.d.cts imports msw's types (ESM only) with the
      // resolution-mode attribute, which node16 needs from a .cts file.
      tsconfig: {
        compilerOptions: { ...compilerOptions, module: 'node16', moduleResolution: 'node16' },
        include: ['*.mts', '*.cts'],
      },
      files: { 'esm.mts': imports + body, 'cjs.cts': imports + body },
    },
    {
      name: 'nodenext',
      tsconfig: { compilerOptions: { ...compilerOptions, module: 'nodenext', moduleResolution: 'nodenext' }, include: ['*.mts', '*.cts'] },
      files: { 'esm.mts': imports + body, 'cjs.cts': imports + body },
    },
    {
      name: 'bundler',
      tsconfig: { compilerOptions: { ...compilerOptions, module: 'esnext', moduleResolution: 'bundler' }, include: ['*.ts'] },
      files: { 'app.ts': imports + body },
    },
  ];
}
