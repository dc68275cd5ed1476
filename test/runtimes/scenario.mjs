/**
 * The one scenario every runtime runs against the same mock services (see
 * scripts/runtimes/run.mjs). It imports nothing: the caller passes the `opslink` module
 * it loaded its own way (ESM import, `require`, a bundle), so Node, Deno, Bun, workerd, the
 * edge runtime and a browser page all run this very file. It uses only web platform
 * globals (fetch, Blob, Date) and throws on the first broken expectation.
 *
 * Before it runs, the driver scripts one 429 with `Retry-After: 1` on
 * `POST /api/bot/announcements` (no other step uses that route), and afterwards checks
 * the server's request log against the result returned here.
 *
 * @param {typeof import('opslink')} opslink
 * @param {{ runtime: string, messagingBaseUrl: string, botKey: string, webhookUrl: string, employeeEmail: string,
 *   warehouseBaseUrl: string, apiKey: string, warehouseId: string }} config
 */
export async function runScenario(opslink, config) {
  const { MessagingClient, WarehouseClient, RequestValidationError, OpslinkError, ConfigurationError } = opslink;
  const started = Date.now();
  const result = { runtime: config.runtime, ok: false };
  const expect = (condition, message) => {
    if (!condition) throw new Error(`expectation failed: ${message}`);
  };

  // 0. A long-lived key in a web page is refused unless the caller opts in; elsewhere
  // (servers, workers, edge) the same options are fine. The verifier knows which runtime is which.
  let browserGuard = 'allowed';
  try {
    new MessagingClient({ baseUrl: config.messagingBaseUrl, botKey: config.botKey });
  } catch (error) {
    expect(error instanceof ConfigurationError, `only a ConfigurationError refuses a key (${error?.name})`);
    expect(!String(error.message).includes(config.botKey), 'the refusal does not show the key');
    browserGuard = 'refused';
  }
  result.browserGuard = browserGuard;
  const allow = browserGuard === 'refused' ? { dangerouslyAllowBrowser: true } : {};

  // 1. A direct message with the bot key (traced, where the runtime has diagnostics_channel).
  const bot = new MessagingClient({ baseUrl: config.messagingBaseUrl, botKey: config.botKey, ...allow });
  const tracing = watchTracing();
  const dm = await bot.sendDirectMessage({ to: { email: config.employeeEmail }, body: `Hello from ${config.runtime} 👋` });
  result.tracing = tracing.stop();
  expect(dm && dm.id !== undefined, `direct message has an id (${JSON.stringify(dm)})`);
  result.directMessage = { id: String(dm.id) };

  // 2. An embed through a webhook URL: no base URL, no key.
  const hook = MessagingClient.fromWebhookUrl(config.webhookUrl, allow);
  const embedTitle = `Deployed from ${config.runtime}`;
  const posted = await hook.postChannelMessage({
    username: 'runtime matrix',
    embeds: [
      {
        title: embedTitle,
        color: 0x2ecc71,
        timestamp: new Date(),
        fields: [{ name: 'Runtime', value: config.runtime, inline: true }],
      },
    ],
  });
  expect(posted && posted.id !== undefined, 'channel message has an id');
  expect(!JSON.stringify(hook).includes(new URL(config.webhookUrl).pathname.split('/').pop()), 'the webhook token stays out of JSON');
  result.embed = { id: String(posted.id), title: embedTitle };

  // 3. A multipart create with a Blob label (a nameless Blob, as a user builds one).
  const warehouse = new WarehouseClient({
    baseUrl: config.warehouseBaseUrl,
    apiKey: config.apiKey,
    warehouseId: config.warehouseId,
    ...allow,
  });
  const label = new Blob(['%PDF-1.4\n% label for ', config.runtime, '\n'], { type: 'application/pdf' });
  const created = await warehouse.inbound.create({
    date: new Date(Date.UTC(2026, 10, 2)),
    retailer: 'Target',
    order_number: `PO-${config.runtime}`,
    item_name: 'Desk lamp',
    color: 'black',
    brand_sku: 'LAMP-BLK',
    quantity: 4,
    unit_cost: 9.5,
    list_price: 24.99,
    fulfillment_type: 'two-step',
    shipping_label_files: label,
  });
  expect(/^[0-9a-f-]{36}$/.test(created.order_id), `order id is a UUID (${created.order_id})`);
  result.create = { order_id: created.order_id, labelBytes: label.size };

  // 4. Pages of inbound orders: page by page, then `for await` across pages with maxItems.
  const first = await warehouse.inbound.list({ limit: 3, sort_key: 'created_at', sort_order: 'asc' });
  expect(first.items.length === 3, `first page has 3 items (${first.items.length})`);
  expect(first.hasNextPage(), 'a second page exists');
  const second = await first.getNextPage();
  expect(
    second.items.length === 3 && second.offset === 3,
    `second page has 3 items at offset 3 (${second.items.length} at ${second.offset})`,
  );
  const firstIds = new Set(first.items.map((order) => order.order_id));
  expect(
    second.items.every((order) => !firstIds.has(order.order_id)),
    'pages do not overlap',
  );
  const walked = [];
  for await (const order of warehouse.inbound.list({ limit: 3 }, { maxItems: 7 })) walked.push(order.order_id);
  expect(walked.length === 7 && new Set(walked).size === 7, `for await yields 7 distinct orders over 3 pages (${walked.length})`);
  result.pages = { total: first.total, firstPage: first.items.length, secondPage: second.items.length, walked: walked.length };

  // 5. A 429 with Retry-After: 1 (scripted by the driver) is waited out and retried once.
  const before429 = Date.now();
  const { data: announcement, response } = await bot
    .postAnnouncement({ title: `Stocktake (${config.runtime})`, body: 'Friday 9:00' })
    .withResponse();
  const waited = Date.now() - before429;
  expect(announcement.title === `Stocktake (${config.runtime})`, 'announcement echoed');
  expect(response.status === 200 || response.status === 201, `final status is 2xx (${response.status})`);
  result.rateLimit = { status: response.status, waitedMs: waited };

  // 6. Pre-flight errors: every problem at once, and no request at all.
  let requests = 0;
  const counting = (input, init) => {
    requests += 1;
    return fetch(input, init);
  };
  const strictBot = new MessagingClient({ baseUrl: config.messagingBaseUrl, botKey: config.botKey, fetch: counting, ...allow });
  const dmError = await strictBot.sendDirectMessage({ to: { email: '' }, body: 'x'.repeat(4001) }).catch((error) => error);
  expect(dmError instanceof RequestValidationError, `RequestValidationError for a bad DM (${dmError?.name}: ${dmError?.message})`);
  expect(dmError instanceof OpslinkError, 'RequestValidationError extends OpslinkError');
  const strictWarehouse = new WarehouseClient({
    baseUrl: config.warehouseBaseUrl,
    apiKey: config.apiKey,
    warehouseId: config.warehouseId,
    fetch: counting,
    ...allow,
  });
  const updateError = await strictWarehouse.inbound
    .update(created.order_id, { quantity: 7, sold_as: 'multi-pack', units_per_pack: 2 })
    .catch((error) => error);
  expect(updateError instanceof RequestValidationError, `RequestValidationError for a broken update rule (${updateError?.name})`);
  expect(requests === 0, `no request was sent (${requests})`);
  result.preflight = {
    error: dmError.name,
    dmIssues: dmError.issues.map((issue) => issue.path.join('.')),
    updateIssues: updateError.issues.map((issue) => issue.path.join('.')),
    requests,
  };

  result.ok = true;
  result.ms = Date.now() - started;
  return result;
}

/**
 * Subscribes to opslink's tracing channels where the runtime has `diagnostics_channel`
 * (asked for as the SDK does, at run time); `stop()` says what was published.
 */
function watchTracing() {
  const dc = globalThis.process?.getBuiltinModule?.('node:diagnostics_channel');
  if (!dc?.tracingChannel) return { stop: () => ({ channels: 'none' }) };
  const events = [];
  let request;
  const handlers = (name) =>
    Object.fromEntries(
      ['start', 'end', 'asyncStart', 'asyncEnd', 'error'].map((event) => [
        event,
        (context) => {
          events.push(`${name}:${event}`);
          if (name === 'request' && event === 'asyncEnd') request = { ...context, headers: Object.fromEntries(context.headers) };
        },
      ]),
    );
  const subscribed = ['call', 'request'].map((name) => [dc.tracingChannel(`opslink:${name}`), handlers(name)]);
  for (const [channel, set] of subscribed) channel.subscribe(set);
  return {
    stop() {
      for (const [channel, set] of subscribed) channel.unsubscribe(set);
      const { operation, urlTemplate, attempt, status, url } = request ?? {};
      return {
        channels: 'published',
        events,
        request: { operation, urlTemplate, attempt, status, url, authorization: request?.headers?.authorization },
      };
    },
  };
}
