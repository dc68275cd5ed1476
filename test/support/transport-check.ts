/**
 * Setup of the `node` test project: after each file, whether its clients sent anything over
 * the Node transport in-process (transport-watch.ts counts it). Such a file depends on the
 * transport, so it must run on `node-fetch` too: it fails here unless test/support/transports.ts
 * lists it (BOTH_TRANSPORTS, or NODE_ONLY with the reason it runs once). So a new file cannot
 * silently drop out of the fetch run.
 */
import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';
import { afterAll } from 'vitest';
import { nodeTransportSends } from './transport-watch.ts';
import { transportListing } from './transports.ts';

const root = new URL('../..', import.meta.url).pathname;
// The count is the worker's (files share a worker, isolate: false): this file's part is what it adds.
const before = nodeTransportSends();

// biome-ignore lint/correctness/noEmptyPattern: vitest reads the first parameter as fixtures (an object pattern); the file is in the second.
afterAll(({}, suite) => {
  const file = relative(root, suite.file.filepath);
  const sends = nodeTransportSends() - before;
  // OPSLINK_TRANSPORT_REPORT=<file> writes one line per test file, for reviewing the lists.
  if (process.env.OPSLINK_TRANSPORT_REPORT) appendFileSync(process.env.OPSLINK_TRANSPORT_REPORT, `${file}\t${sends}\n`);
  if (sends > 0 && transportListing(file) === undefined) {
    throw new Error(
      `${file} sent ${sends} request(s) over the Node transport in-process, so what it proves depends on the transport, ` +
        'but it runs only on the node project. Add it to BOTH_TRANSPORTS in test/support/transports.ts ' +
        '(or to NODE_ONLY, with the reason its fetch run would prove nothing new). See test/README.md.',
    );
  }
});
