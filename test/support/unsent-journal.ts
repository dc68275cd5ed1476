/**
 * What every journal records when a request never reached the service (API.md "Bulk
 * results"): over real sockets, a refused connection and a name that does not resolve are
 * failures, not unknown, so the next call sends the item once the service is up. Shared by
 * the memory, file and Redis journals' tests.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { APIConnectionError, type BulkJournal, type DirectMessageInput, MessagingClient, OutcomeUnknownError } from '../../src/index.js';
import { createMessagingMock, startMockServer } from '../../src/testing/index.js';

/** A port nothing listens on (taken, then let go). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The cases, for the journal `journal()` opens: each call opens it again, as a process started again would. */
export function neverReachedCases(journal: () => BulkJournal) {
  const mock = createMessagingMock();
  const item: DirectMessageInput = { to: { email: mock.employees.first.email }, body: 'Stocktake at 6' };
  const client = (baseUrl: string) => new MessagingClient({ baseUrl, botKey: mock.botKey, maxRetries: 0, timeout: 5_000 });

  it('a refused connection: rejected as unsent, recorded as failed, and sent by the next call once the service is up', async () => {
    mock.reset();
    const port = await closedPort();
    const [first] = await client(`http://127.0.0.1:${port}`).sendDirectMessages([item], { journal: journal() });
    const reason = first?.status === 'rejected' ? first.reason : undefined;
    expect(reason).toBeInstanceOf(APIConnectionError);
    expect((reason as APIConnectionError).unsent).toBe(true);
    const server = await startMockServer({ messaging: mock, port });
    try {
      const [second] = await client(`http://127.0.0.1:${port}`).sendDirectMessages([item], { journal: journal() });
      expect(second?.status).toBe('fulfilled');
      expect(mock.state.directMessages).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('a name that does not resolve: rejected as unsent every time, never OutcomeUnknownError', async () => {
    for (let run = 0; run < 2; run++) {
      const [result] = await client('http://opslink-test.invalid').sendDirectMessages([item], { journal: journal() });
      const reason = result?.status === 'rejected' ? result.reason : undefined;
      expect(reason).toBeInstanceOf(APIConnectionError);
      expect(reason).not.toBeInstanceOf(OutcomeUnknownError);
      expect((reason as APIConnectionError).unsent).toBe(true);
    }
  });
}
