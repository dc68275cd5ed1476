/**
 * What a consumer of every entry point checks, whatever its module system: the classes are
 * the same objects through `opslink`, `opslink/messaging` and `opslink/warehouse` (so
 * `instanceof` holds across them), and `opslink/testing` serves both clients in process
 * (its `fetch`) and over HTTP (its own `startMockServer`, with the inbox page and its
 * request log). Imports nothing: the caller
 * passes the four modules it loaded with `import` or `require`.
 */
export async function checkEntryPoints({ opslink, messaging, warehouse, testing }) {
  const expect = (condition, message) => {
    if (!condition) throw new Error(`expectation failed: ${message}`);
  };
  expect(messaging.MessagingClient === opslink.MessagingClient, 'one MessagingClient across entry points');
  expect(warehouse.WarehouseClient === opslink.WarehouseClient, 'one WarehouseClient across entry points');
  expect(messaging.RequestValidationError === opslink.RequestValidationError, 'one RequestValidationError (messaging)');
  expect(warehouse.RequestValidationError === opslink.RequestValidationError, 'one RequestValidationError (warehouse)');
  expect(typeof warehouse.checkInboundUpdate === 'function', 'checkInboundUpdate exported');
  expect(!('createMessagingMock' in opslink), 'the testing kit stays out of the main entry');

  // In process: the mock's own fetch.
  const mock = testing.createWarehouseMock({ inboundOrders: 5, shipments: 2 });
  const client = new warehouse.WarehouseClient({
    baseUrl: mock.baseUrl,
    apiKey: mock.apiKey,
    warehouseId: mock.warehouseId,
    fetch: mock.fetch,
  });
  const page = await client.inbound.list({ limit: 2 });
  expect(page.items.length === 2 && page.total === 5, `mock.fetch pages (${page.items.length} of ${page.total})`);
  const error = await client.inbound.update('not-a-uuid', { notes: 'x' }).catch((e) => e);
  expect(error instanceof opslink.OpslinkError, `an error from opslink/warehouse is an opslink OpslinkError (${error?.name})`);

  // Over HTTP: this consumer's own server from opslink/testing (loads node:http lazily).
  const messagingMock = testing.createMessagingMock();
  const server = await testing.startMockServer({ messaging: messagingMock });
  try {
    const bot = new messaging.MessagingClient({ baseUrl: server.messagingBaseUrl, botKey: messagingMock.botKey });
    await bot.postAnnouncement({ title: 'From every entry point', body: 'ok' });
    expect(messagingMock.state.announcements.length === 1, 'announcement stored by the consumer-side server');
    // The inbox page's files ship in the package and are found from this build (ESM or CJS).
    const page = await fetch(`${server.url}/_inbox/app.js`);
    expect(page.status === 200, `the inbox page's script is served from the packed package (${page.status})`);
    const log = await (await fetch(`${server.url}/_mock/requests`)).json();
    expect(log.requests.length === 1 && log.requests[0].request.headers.authorization === 'Bearer ••••', 'the request log, key masked');
  } finally {
    await server.close();
  }
  return { entryPoints: 4, sameClasses: true, testingFetch: true, testingServer: true, inboxPage: true };
}
