// `npm run demo`: every example against one embedded mock server, with what each did, and
// the mock server's inbox page to watch them arrive. Run in a terminal, it keeps serving the
// page until Ctrl+C (`--exit` to end at once); piped or in CI it ends when the examples do
// (`--stay` to keep it). Exits non-zero if any example fails.
import { type Connection, connect, startEmbeddedServices } from './_connect.ts';
import * as browserApp from './browser-app.ts';
import * as fleetSend from './fleet-send.ts';
import * as listInbound from './list-inbound-orders.ts';
import * as announcement from './post-announcement.ts';
import * as directMessage from './send-direct-message.ts';
import * as shippedReport from './shipped-report.ts';
import * as updateOrder from './update-order.ts';
import * as uploadCsv from './upload-csv.ts';
import * as webhookEmbed from './webhook-embed.ts';

/** Title, the example, and why it cannot run on this machine (it then skips with that line). */
const examples: [string, (c: Connection) => Promise<string>, (() => string | undefined)?][] = [
  ['Send a direct message by email', directMessage.run],
  ['Post an announcement', announcement.run],
  ['Post an embed through a webhook URL', webhookEmbed.run],
  ['List inbound orders with for await', listInbound.run],
  ['Upload a CSV of orders from disk', uploadCsv.run],
  ['Update an order; pre-flight catches a broken rule', updateOrder.run],
  ['Report shipped shipments with trackings', shippedReport.run],
  ['A browser page with no key, through opslink/proxy', browserApp.run],
  ['Four worker processes share one rate limit and one journal on Redis', fleetSend.run, fleetSend.skipReason],
];

const stay = process.argv.includes('--stay') || (process.stdout.isTTY === true && !process.argv.includes('--exit'));
const server = await startEmbeddedServices();
const connection = await connect();
console.log(`opslink demo — mock services on ${server.url}`);
// Piped, the server closes with the last example: a URL printed then would be dead on arrival.
console.log(
  stay
    ? `Inbox: open ${server.url}/ in a browser to see what the examples send.\n`
    : 'The mock services close when the examples end (npm run demo -- --stay keeps the inbox page up).\n',
);
let failures = 0;
let skipped = 0;
for (const [title, run, skipReason] of examples) {
  const why = skipReason?.();
  if (why) {
    skipped++;
    console.log(`– ${title}: skipped, ${why}\n`);
    continue;
  }
  const started = performance.now();
  try {
    const summary = await run(connection);
    console.log(`✔ ${title} (${Math.round(performance.now() - started)} ms)\n  ${summary.replaceAll('\n', '\n  ')}\n`);
  } catch (error) {
    failures++;
    console.log(`✘ ${title}\n  ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}\n`);
  }
}
const ran = examples.length - skipped;
console.log(`${failures ? `${failures} of ${ran} examples failed` : `all ${ran} examples passed`}${skipped ? `, ${skipped} skipped` : ''}`);
process.exitCode = failures ? 1 : 0;
if (stay) {
  console.log(`\nThe inbox stays up at ${server.url}/ — press Ctrl+C to stop.`);
  if (browserApp.appUrl()) console.log(`The browser app stays up at ${browserApp.appUrl()}/ (its page holds no key).`);
  process.once('SIGINT', () => void browserApp.closeApp().then(() => server.close()));
} else {
  await browserApp.closeApp();
  await server.close();
}
