/**
 * Where the examples send their requests: the real services when the environment names
 * them, else an embedded mock server on 127.0.0.1 (no account, no network needed).
 *
 *   OPSLINK_MESSAGING_URL, OPSLINK_BOT_KEY, OPSLINK_WEBHOOK_URL
 *   OPSLINK_WAREHOUSE_URL, OPSLINK_API_KEY, OPSLINK_WAREHOUSE_ID
 */
import { createMessagingMock, createWarehouseMock, type MockServer, startMockServer } from 'opslink/testing';

export interface Connection {
  messaging: { baseUrl: string; botKey: string; webhookUrl: string; employeeEmail: string };
  warehouse: { baseUrl: string; apiKey: string; warehouseId: string };
  /** Stops the embedded mock server, if one was started. */
  close(): Promise<void>;
}

/** Starts the mock services and sets the environment the examples read. */
export async function startEmbeddedServices(): Promise<MockServer> {
  const messaging = createMessagingMock();
  const warehouse = createWarehouseMock({ inboundOrders: 640, shipments: 60 });
  const server = await startMockServer({ messaging, warehouse });
  Object.assign(process.env, {
    OPSLINK_MESSAGING_URL: server.messagingBaseUrl,
    OPSLINK_BOT_KEY: messaging.botKey,
    OPSLINK_WEBHOOK_URL: server.webhookUrl,
    OPSLINK_EMPLOYEE_EMAIL: messaging.state.employees[0]?.email,
    OPSLINK_WAREHOUSE_URL: server.warehouseBaseUrl,
    OPSLINK_API_KEY: warehouse.apiKey,
    OPSLINK_WAREHOUSE_ID: warehouse.warehouseId,
  });
  return server;
}

export async function connect(): Promise<Connection> {
  const server = process.env.OPSLINK_WAREHOUSE_URL || process.env.OPSLINK_MESSAGING_URL ? undefined : await startEmbeddedServices();
  const env = (name: string) => process.env[name] ?? '';
  return {
    messaging: {
      baseUrl: env('OPSLINK_MESSAGING_URL'),
      botKey: env('OPSLINK_BOT_KEY'),
      webhookUrl: env('OPSLINK_WEBHOOK_URL'),
      employeeEmail: env('OPSLINK_EMPLOYEE_EMAIL') || 'ada.active@example.test',
    },
    warehouse: { baseUrl: env('OPSLINK_WAREHOUSE_URL'), apiKey: env('OPSLINK_API_KEY'), warehouseId: env('OPSLINK_WAREHOUSE_ID') },
    close: async () => server?.close(),
  };
}

/** Runs an example's `run()` when its file is executed directly. */
export async function runDirectly(meta: ImportMeta, run: (c: Connection) => Promise<string>): Promise<void> {
  if (!meta.main) return;
  const connection = await connect();
  try {
    console.log(await run(connection));
  } finally {
    await connection.close();
  }
}
