/**
 * Which test files run on both transports (test/README.md has the rule).
 *
 * The `node` project runs every file with `#transport` = the Node transport; `node-fetch`
 * runs only BOTH_TRANSPORTS, with `#transport` = fetch. transport-check.ts fails a file of the
 * node project whose clients sent over node:http in-process and that is in neither list, so a
 * new file cannot silently fall out of the fetch run.
 */

/** Files whose clients send over the platform transport in-process: what they prove must hold on both. */
export const BOTH_TRANSPORTS: readonly string[] = [
  // Real HTTP servers (sockets cut, bodies cut short, redirects, slow and faulty answers).
  'test/core/cut-off-bodies.test.ts',
  'test/core/fault-matrix.test.ts',
  'test/core/redirects.test.ts',
  'test/warehouse/real-servers.test.ts',
  // Hostile values as the `fetch` option (undefined, null…) leave the platform transport to send
  // (on node-fetch only those targets run: every other call goes through the mock's fetch).
  'test/core/fuzz.test.ts',
  // No key or token in what either transport reports (errors, logs, traces).
  'test/core/secrets.test.ts',
  'test/otel/instrumentation.test.ts',
  // The mock server's HTTP API and startMockServer, driven by the clients over real HTTP.
  'test/testing/server/mock-api.test.ts',
  'test/testing/server/start.test.ts',
  // Nothing left open after close(), with each transport's sockets (its child-process scenario runs once).
  'test/testing/load.test.ts',
  // Compressed answers read, asked for where the runtime can say so, decoded whatever the server
  // sends (and a property over encodings and cuts); header values' bytes as each transport sends them.
  'test/platform/compression.test.ts',
  'test/platform/decode.property.test.ts',
  'test/platform/header-bytes.test.ts',
  // Answers read to maxResponseBytes whatever their coding, and ended by the timeout or signal while decoding.
  'test/platform/bounded-reading.test.ts',
  // Pages fetched ahead over real HTTP, answered in the order the requests reach the server.
  'test/warehouse/pages-in-flight.test.ts',
  // Connections: keep-alive, TLS, names and addresses, a connection never made (unsent where the
  // transport can tell), a proxy set for fetch.
  'test/platform/connections.test.ts',
  // A journal records as failed only what no attempt reached: what each transport can tell.
  'test/core/bulk-journal-unsent.test.ts',
  'test/node/file-journal.test.ts',
  'test/redis/journal-truth.test.ts',
  // Page clients through opslink/proxy over real HTTP, and a proxy whose service never answers.
  'test/proxy/page-clients.test.ts',
  'test/proxy/no-answer.test.ts',
];

/**
 * The CLI files: the command runs in-process (`runInProcess`, test/cli/helpers.ts) as the bin
 * runs it, on Node.
 */
const CLI_IN_PROCESS =
  'the opslink command runs on Node, whose transport is the Node one (the built bin, in child processes, too); what either transport sends is proven by the client test files';

/**
 * Files that send over the Node transport but run once, each with why a fetch run would prove
 * nothing new. Keep this short: when in doubt, a file belongs in BOTH_TRANSPORTS.
 */
export const NODE_ONLY: Readonly<Record<string, string>> = {
  'test/platform/node-transport.test.ts':
    'the Node transport itself (keep-alive, a reused socket dropped, when it hands over to fetch): its suites skip where #transport is fetch',
  // The opslink command run in-process (main of src/cli/main.ts) against servers of the test's own.
  'test/cli/behaviour.test.ts': CLI_IN_PROCESS,
  'test/cli/campaign.test.ts': CLI_IN_PROCESS,
  'test/cli/campaign-redis.test.ts': CLI_IN_PROCESS,
  'test/cli/command-line.test.ts': CLI_IN_PROCESS,
  'test/cli/formula.test.ts': CLI_IN_PROCESS,
  'test/cli/import.test.ts': CLI_IN_PROCESS,
  'test/cli/import-encoding.test.ts': CLI_IN_PROCESS,
  'test/cli/messaging.test.ts': CLI_IN_PROCESS,
  'test/cli/real-servers.test.ts': CLI_IN_PROCESS,
  'test/cli/real-servers-writes.test.ts': CLI_IN_PROCESS,
  'test/cli/warehouse.test.ts': CLI_IN_PROCESS,
  'test/platform/browser-redirects.test.ts':
    "the browser variant's redirect rule, imported by name and called directly with answers made in the test: no transport of either project takes part",
  'test/platform/transport-watch.test.ts':
    "the node project's counted #transport against the Node variant, both imported by name and compared name by name: it sends nothing",
  'test/proxy/mounted.test.ts':
    "the proxy mounted in Express, Fastify, Koa and Hono, as a server's code: what the page's clients send over either transport is proven by page-clients.test.ts",
  'test/examples/servers.test.ts':
    "the server examples in their frameworks: each proxy's clients send to the mock over Node's transport as a deployed app's do; what either transport sends through the proxy is proven by page-clients.test.ts",
  'test/examples/servers.chromium.test.ts':
    "the Express and Next.js examples in Chromium: the page's clients send with the browser's fetch, Next's proxy from a process of its own; the Express proxy's clients over real HTTP are proven on both by page-clients.test.ts",
  'test/examples/browser-app.chromium.test.ts':
    "the example app in Chromium: the page's clients send with the browser's fetch; its server's clients over real HTTP are proven on both by page-clients.test.ts",
  'test/testing/server/inbox.chromium.test.ts':
    'the inbox page in Chromium: the clients only put messages and faults into the mock; what either transport sends is proven by mock-api.test.ts and start.test.ts',
};

/** 'both', 'node-only' or undefined (a file that sent nothing over the Node transport). */
export function transportListing(file: string): 'both' | 'node-only' | undefined {
  if (BOTH_TRANSPORTS.includes(file)) return 'both';
  if (Object.hasOwn(NODE_ONLY, file)) return 'node-only';
  return undefined;
}
