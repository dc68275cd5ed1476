/**
 * `#transport` of the `node` test project: the Node transport (src/platform/transport.node.ts)
 * as it is, counting the attempts it actually sends over node:http. The count is what
 * transport-check.ts reads after each file: a file whose clients sent over node:http depends
 * on the transport, so it must also run in the `node-fetch` project (test/README.md).
 *
 * A file where this count stays 0 took the same path on both projects: its attempts went over
 * `fetch` either way (a `fetch` option, or MSW / nock replacing `globalThis.fetch`, which
 * src/platform/fetch-routing.node.ts sees), or it sent nothing in-process at all.
 */
import { platformTransport as nodeTransport } from '../../src/platform/transport.node.ts';

// Everything else the Node variant exports, as it is (its fetch path, its redirect follower):
// `#transport` is the whole module, not only its transport.
export { CONNECT_TIMEOUT_MS, fetchPath, followRedirects } from '../../src/platform/transport.node.ts';

/** Kept on globalThis, not in this module: a test that resets its modules gets a new copy of this file. */
const SENT = Symbol.for('opslink.test.nodeTransportSends');
type Counted = typeof globalThis & { [SENT]?: number };

export const nodeTransportSends = (): number => (globalThis as Counted)[SENT] ?? 0;

export const platformTransport: typeof nodeTransport = (url, init, timeoutMs, signal, maxBytes) => {
  const sent = nodeTransport(url, init, timeoutMs, signal, maxBytes);
  if (sent) (globalThis as Counted)[SENT] = nodeTransportSends() + 1;
  return sent;
};
