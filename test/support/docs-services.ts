/**
 * Loaded (`node --import`) before the blocks of the README and the guides that do not bring
 * their own mocks: the services at the addresses they write (`https://chat.example.com`,
 * `https://api.example.com`, the domain `example.com`) are the mocks of `opslink/testing`,
 * through MSW; the environment holds the keys the blocks read; and what a block only
 * declares (`declare const order: InboundOrder`) is given the value its comment describes.
 * A request to anything else fails the block.
 */
import { setupServer } from 'msw/node';
import { MESSAGING_ENV, MessagingClient, WAREHOUSE_ENV, WarehouseClient } from 'opslink';
import { createProxy } from 'opslink/proxy';
import { createMessagingMock, createWarehouseMock } from 'opslink/testing';

const messaging = createMessagingMock({ baseUrl: 'https://chat.example.com' });
const warehouse = createWarehouseMock({ baseUrl: 'https://api.example.com/api/v1', apiKey: 'key', warehouseId: 'wh-1' });
// The employees the documents write to.
messaging.addEmployee({ name: 'Ana', email: 'ana@example.com', phoneNumber: '+15550100001' });
messaging.addEmployee({ name: 'Ben', email: 'ben@example.com', phoneNumber: '+15550100002' });
setupServer(...messaging.handlers, ...warehouse.handlers).listen({ onUnhandledFrame: 'error' });

Object.assign(process.env, {
  BOT_KEY: messaging.botKey,
  CHANNEL_KEY: messaging.channelKey,
  OPS_WEBHOOK_URL: messaging.webhookUrl,
  [MESSAGING_ENV.baseUrl]: messaging.baseUrl,
  [MESSAGING_ENV.botKey]: messaging.botKey,
  WAREHOUSE_KEY: warehouse.apiKey,
  WAREHOUSE_ID: warehouse.warehouseId,
  WH_KEY: warehouse.apiKey,
  WH_ID: warehouse.warehouseId,
  [WAREHOUSE_ENV.domain]: 'example.com',
  [WAREHOUSE_ENV.apiKey]: warehouse.apiKey,
  [WAREHOUSE_ENV.warehouseId]: warehouse.warehouseId,
  // The port a server block listens on (the README's proxy, "Browser apps"): any free one.
  PORT: '0',
});

const client = new WarehouseClient({ baseUrl: warehouse.baseUrl, apiKey: warehouse.apiKey, warehouseId: warehouse.warehouseId });
const declared = {
  // "an fbm order from inbound.list"
  order: (await client.inbound.list({ fulfillment_types: ['fbm'], limit: 1 })).items[0],
  // a secret manager holding the warehouse key
  vault: { read: async (_name: string) => warehouse.apiKey },
  // "createProxy({ … }), above": the proxy each server recipe of "Browser apps" mounts
  handle: createProxy({
    messaging: new MessagingClient({ baseUrl: messaging.baseUrl, botKey: messaging.botKey }),
    warehouse: client,
    allow: ['sendDirectMessage', 'shipments.list'],
    authorize: () => true,
  }),
};
Object.assign(globalThis, declared);
