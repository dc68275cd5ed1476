/**
 * `opslink-mock`: starts both service mocks on 127.0.0.1 and prints what a client needs
 * (base URLs, keys, the webhook URL) and where the inbox page is, so curl or code in any
 * language can use them. A thin call of `startMockServer`.
 *
 *   npx opslink-mock [--port 4010] [--orders 250] [--shipments 40] [--seed 1]
 */
import { createMessagingMock } from './messaging/mock.js';
import { startMockServer } from './server/start.js';
import { createWarehouseMock } from './warehouse/mock.js';

declare const process: {
  argv: string[];
  exitCode?: number;
  on(signal: 'SIGINT' | 'SIGTERM', listener: () => void): void;
  stdout: { write(text: string): void };
  stderr: { write(text: string): void };
};

const USAGE = `Usage: opslink-mock [--port N] [--orders N] [--shipments N] [--seed N]

Starts the messaging and warehouse mocks on http://127.0.0.1 and prints their URLs and keys.
Open the printed inbox URL in a browser to see what was sent. Stop it with Ctrl+C.
`;

function readOptions(argv: string[]): Record<string, number> | undefined {
  const options: Record<string, number> = {};
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    if (flag === '--help' || flag === '-h') return undefined;
    const name = flag.replace(/^--/, '');
    const value = Number(argv[++i]);
    if (!['port', 'orders', 'shipments', 'seed'].includes(name) || !Number.isInteger(value) || value < 0) {
      throw new Error(`Unknown option or bad value: ${flag} ${argv[i] ?? ''}`.trim());
    }
    options[name] = value;
  }
  return options;
}

async function main(): Promise<void> {
  let options: Record<string, number> | undefined;
  try {
    options = readOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (!options) return void process.stdout.write(USAGE);
  const messaging = createMessagingMock();
  const warehouse = createWarehouseMock({
    inboundOrders: options.orders ?? 250,
    shipments: options.shipments ?? 40,
    seed: options.seed ?? 1,
  });
  const server = await startMockServer({ messaging, warehouse, port: options.port ?? 0 });
  process.stdout.write(
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
      'Try:',
      `  curl -s -H 'Authorization: ApiKey ${warehouse.apiKey}' -H 'X-Warehouse-Id: ${warehouse.warehouseId}' '${server.warehouseBaseUrl}/inbound?limit=2'`,
      '',
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );
  const stop = () => void server.close().then(() => process.stdout.write('stopped\n'));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
