/**
 * Where the examples send their requests: the real services when the environment names
 * them, else an embedded mock server on 127.0.0.1 (no account, no network needed).
 *
 * The examples make their clients with `MessagingClient.fromEnv()` and
 * `WarehouseClient.fromEnv()`, so they read the variables those read (`MESSAGING_ENV`,
 * `WAREHOUSE_ENV`), the ones `opslink mock` prints:
 *
 *   OPSLINK_MESSAGING_URL, OPSLINK_BOT_KEY, OPSLINK_WEBHOOK_URL
 *   OPSLINK_WAREHOUSE_URL (or OPSLINK_WAREHOUSE_DOMAIN), OPSLINK_WAREHOUSE_API_KEY, OPSLINK_WAREHOUSE_ID
 *
 * and OPSLINK_EMPLOYEE_EMAIL, whom the direct message goes to.
 */
import { MESSAGING_ENV, WAREHOUSE_ENV } from 'opslink';
import { createMessagingMock, createWarehouseMock, type MockServer, startMockServer } from 'opslink/testing';

export interface Connection {
  /** The employee the direct-message example writes to. */
  employeeEmail: string;
  /** Stops the embedded mock server, if one was started. */
  close(): Promise<void>;
}

/** Starts the mock services and sets the environment the examples read. */
export async function startEmbeddedServices(): Promise<MockServer> {
  const messaging = createMessagingMock();
  const warehouse = createWarehouseMock({ inboundOrders: 640, shipments: 60 });
  const server = await startMockServer({ messaging, warehouse });
  Object.assign(process.env, {
    [MESSAGING_ENV.baseUrl]: server.messagingBaseUrl,
    [MESSAGING_ENV.botKey]: messaging.botKey,
    [MESSAGING_ENV.webhookUrl]: server.webhookUrl,
    OPSLINK_EMPLOYEE_EMAIL: messaging.state.employees[0]?.email,
    [WAREHOUSE_ENV.baseUrl]: server.warehouseBaseUrl,
    [WAREHOUSE_ENV.apiKey]: warehouse.apiKey,
    [WAREHOUSE_ENV.warehouseId]: warehouse.warehouseId,
  });
  return server;
}

const namesAService = () =>
  [MESSAGING_ENV.baseUrl, MESSAGING_ENV.webhookUrl, WAREHOUSE_ENV.baseUrl, WAREHOUSE_ENV.domain].some((name) => process.env[name]);

export async function connect(): Promise<Connection> {
  const server = namesAService() ? undefined : await startEmbeddedServices();
  return {
    employeeEmail: process.env.OPSLINK_EMPLOYEE_EMAIL || 'ada.active@example.test',
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
