/**
 * The node project's `#transport` (test/support/transport-watch.ts) is the Node variant with
 * its sends counted: it exports every name the Node variant exports, so the core finds its
 * fetch path and its redirect follower there as it does in the built package.
 */
import { describe, expect, it } from 'vitest';
import * as node from '../../src/platform/transport.node.ts';
import * as watch from '../support/transport-watch.ts';

describe("the node project's #transport", () => {
  it('exports what the Node variant exports, the same values but the counted transport', () => {
    expect(
      Object.keys(watch)
        .filter((name) => name !== 'nodeTransportSends')
        .sort(),
    ).toEqual(Object.keys(node).sort());
    expect(watch.fetchPath).toBe(node.fetchPath);
    expect(watch.followRedirects).toBe(node.followRedirects);
    expect(watch.CONNECT_TIMEOUT_MS).toBe(node.CONNECT_TIMEOUT_MS);
  });
});
