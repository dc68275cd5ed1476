/**
 * What the server knows of the mocks it serves: which is which, every secret they hold (to
 * mask), and their state as the `/_mock` API shows it, masked.
 */
import { MASK, maskJson } from '../kit/mask.js';
import type { MockTransport } from '../kit/transport.js';
import type { MessagingMock } from '../messaging/mock.js';
import type { WarehouseMock } from '../warehouse/types.js';

/** The mocks a server serves; `messaging`/`warehouse` when they are the kit's own mocks. */
export interface Served {
  transports: MockTransport[];
  messaging: MessagingMock | undefined;
  warehouse: WarehouseMock | undefined;
}

function isMessagingMock(mock: MockTransport | undefined): mock is MessagingMock {
  return mock !== undefined && 'state' in mock && 'revokeBot' in mock && 'requests' in mock;
}

function isWarehouseMock(mock: MockTransport | undefined): mock is WarehouseMock {
  return mock !== undefined && 'state' in mock && 'settings' in mock && 'requests' in mock;
}

export function servedMocks(messaging: MockTransport | undefined, warehouse: MockTransport | undefined): Served {
  return {
    transports: [messaging, warehouse].filter((m): m is MockTransport => m !== undefined),
    messaging: isMessagingMock(messaging) ? messaging : undefined,
    warehouse: isWarehouseMock(warehouse) ? warehouse : undefined,
  };
}

/** Every key and token the served mocks hold now, revoked ones included. */
export function secretsOf(served: Served): string[] {
  const secrets: string[] = [];
  if (served.messaging) {
    const { state } = served.messaging;
    secrets.push(...state.bots.map((b) => b.key), ...state.channels.map((c) => c.key));
  }
  if (served.warehouse) secrets.push(served.warehouse.apiKey);
  return secrets;
}

/** The messaging mock's state, keys masked, with each channel's webhook URL (token masked) on `origin`. */
export function messagingView(mock: MessagingMock, origin: string, secrets: string[]): unknown {
  const prefix = new URL(mock.baseUrl).pathname.replace(/\/+$/, '');
  const view = maskJson(mock.state, secrets) as Record<string, unknown> & { channels: Record<string, unknown>[] };
  for (const channel of view.channels) channel.webhookUrl = `${origin}${prefix}/api/automation/webhooks/${channel.id}/${MASK}`;
  return { baseUrl: `${origin}${prefix}`, botName: mock.botName, ...view };
}

/** The warehouse mock's state, its key masked. */
export function warehouseView(mock: WarehouseMock, origin: string, secrets: string[]): unknown {
  const prefix = new URL(mock.baseUrl).pathname.replace(/\/+$/, '');
  return {
    baseUrl: `${origin}${prefix}`,
    apiKey: MASK,
    warehouseId: mock.warehouseId,
    settings: { ...mock.settings },
    counts: { inboundOrders: mock.state.inboundOrders.length, shipments: mock.state.shipments.length },
    ...(maskJson(mock.state, secrets) as Record<string, unknown>),
  };
}
