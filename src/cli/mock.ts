/**
 * `opslink mock` (and its alias, the `opslink-mock` bin): both service mocks on a local
 * HTTP server, and what a client needs to reach them. `opslink/testing` is loaded only
 * here, when the command runs, so no other command needs its optional peer `msw`.
 */
import { MESSAGING_ENV, WAREHOUSE_ENV } from '../index.js';
import type * as Testing from '../testing/index.js';
import { type CommandSpec, number, type Parsed, text } from './args.js';
import type { Context } from './context.js';
import { EXIT, InputError, UsageError } from './errors.js';

export const mock: CommandSpec = {
  name: 'mock',
  summary: 'Start the messaging and warehouse mocks on a local HTTP server; print their URLs, keys, and the environment for opslink.',
  description: "Runs until Ctrl-C. The keys are the mocks' fixed test keys, the same on every run. Also installed as `opslink-mock`.",
  options: {
    port: { type: 'string', value: 'N', help: 'port (default: any free port)' },
    host: { type: 'string', value: 'H', help: 'address to listen on (default 127.0.0.1)' },
    orders: { type: 'string', value: 'N', help: 'seeded inbound orders (default 250)' },
    shipments: { type: 'string', value: 'N', help: 'seeded shipments (default 40)' },
    seed: { type: 'string', value: 'N', help: 'seed of the data (default 1)' },
  },
  // It sends nothing: the request options (--timeout, --max-retries, --verbose, --progress) do not apply.
  globals: ['help', 'quiet'],
  positionals: { min: 0, max: 0 },
  examples: ['opslink mock --port 4010'],
};

/** `opslink/testing`, loaded when the command runs (a separate file of the package, not bundled here). */
async function loadTesting(): Promise<typeof Testing> {
  try {
    return await import('../testing/index.js');
  } catch (error) {
    const message = (error as Error).message;
    throw new InputError(
      /msw/.test(message)
        ? 'opslink mock needs the optional peer dependency msw: npm install --save-dev msw'
        : `cannot load the mocks: ${message}`,
    );
  }
}

/** A whole number option, 0 or more; the mocks check nothing themselves. */
function count(parsed: Parsed, name: string, fallback: number): number {
  const value = number(parsed, name);
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 0) throw new UsageError(`--${name} must be a whole number, 0 or more`);
  return value;
}

export async function runMock(ctx: Context, parsed: Parsed): Promise<number> {
  const port = count(parsed, 'port', 0);
  const { createMessagingMock, createWarehouseMock, startMockServer } = await loadTesting();
  const messaging = createMessagingMock();
  const warehouse = createWarehouseMock({
    inboundOrders: count(parsed, 'orders', 250),
    shipments: count(parsed, 'shipments', 40),
    seed: count(parsed, 'seed', 1),
  });
  const host = text(parsed, 'host');
  const server = await startMockServer({ messaging, warehouse, port, ...(host !== undefined && { host }) });
  const env: [string, string | undefined][] = [
    [MESSAGING_ENV.baseUrl, server.messagingBaseUrl],
    [MESSAGING_ENV.botKey, messaging.botKey],
    [MESSAGING_ENV.channelKey, messaging.channelKey],
    [MESSAGING_ENV.webhookUrl, server.webhookUrl],
    [WAREHOUSE_ENV.baseUrl, server.warehouseBaseUrl],
    [WAREHOUSE_ENV.apiKey, warehouse.apiKey],
    [WAREHOUSE_ENV.warehouseId, warehouse.warehouseId],
  ];
  await ctx.out.write(
    [
      `opslink mock services on ${server.url}`,
      '',
      `Inbox           ${server.url}/  (what your code sent, live; JSON under ${server.url}/_mock)`,
      '',
      'Messaging API',
      `  base URL      ${server.messagingBaseUrl}`,
      `  bot key       ${messaging.botKey}`,
      `  channel key   ${messaging.channelKey}`,
      `  channel id    ${messaging.channelId}`,
      `  webhook URL   ${server.webhookUrl}`,
      `  employees     ${messaging.state.employees.map((e) => e.email).join(', ')}`,
      '',
      'Warehouse API',
      `  base URL      ${server.warehouseBaseUrl}`,
      `  API key       ${warehouse.apiKey}`,
      `  warehouse id  ${warehouse.warehouseId}`,
      `  data          ${warehouse.state.inboundOrders.length} inbound orders, ${warehouse.state.shipments.length} shipments`,
      '',
      'For opslink (paste into another shell):',
      ...env.map(([name, value]) => `  export ${name}='${value}'`),
      '',
      'Try:',
      `  curl -s -H 'Authorization: ApiKey ${warehouse.apiKey}' -H 'X-Warehouse-Id: ${warehouse.warehouseId}' '${server.warehouseBaseUrl}/inbound?limit=2'`,
      '',
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );
  // Runs until Ctrl-C (or SIGTERM): then the server closes, and the command ends with 0.
  await new Promise<void>((resolve) => {
    if (ctx.signal.aborted) return resolve();
    ctx.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await server.close();
  ctx.term.info('stopped');
  return EXIT.ok;
}
