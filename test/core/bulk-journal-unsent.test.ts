/**
 * What a journal records when the network fails, over real sockets (so on both transports):
 * a request that never reached the service (the connection refused, a name that does not
 * resolve) failed, and a later call sends it; one whose connection was made and then lost may
 * have arrived, so it is unknown and not sent again (API.md "Bulk results").
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  type DirectMessageInput,
  MessagingClient,
  memoryJournal,
  OutcomeUnknownError,
  WarehouseClient,
} from '../../src/index.js';
import { createMessagingMock, type MockServer, startMockServer } from '../../src/testing/index.js';

const mock = createMessagingMock();
const item: DirectMessageInput = { to: { email: mock.employees.first.email }, body: 'Stocktake at 6' };
const open: (Server | MockServer)[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => ('url' in s ? s.close() : new Promise((r) => (s as Server).close(r)))));
  mock.reset();
});

/** A port nothing listens on (taken, then let go). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const messaging = (baseUrl: string) => new MessagingClient({ baseUrl, botKey: mock.botKey, maxRetries: 0, timeout: 5_000 });

describe('a journaled send that never reached the service', () => {
  it('a refused connection: rejected as unsent, and sent by the next call once the service is up', async () => {
    const port = await closedPort();
    const journal = memoryJournal();
    const client = messaging(`http://127.0.0.1:${port}`);
    const [first] = await client.sendDirectMessages([item], { journal });
    expect(first?.status).toBe('rejected');
    const reason = first?.status === 'rejected' ? first.reason : undefined;
    expect(reason).toBeInstanceOf(APIConnectionError);
    expect((reason as APIConnectionError).unsent).toBe(true);
    expect(JSON.parse(JSON.stringify(reason))).toMatchObject({ unsent: true });

    open.push(await startMockServer({ messaging: mock, port }));
    const [second] = await client.sendDirectMessages([item], { journal });
    expect(second?.status).toBe('fulfilled');
    expect(mock.state.directMessages).toHaveLength(1);
  });

  it('a name that does not resolve: rejected as unsent every time, never unknown', async () => {
    const journal = memoryJournal();
    const client = messaging('http://opslink-test.invalid');
    for (let run = 0; run < 2; run++) {
      const [result] = await client.sendDirectMessages([item], { journal });
      const reason = result?.status === 'rejected' ? result.reason : undefined;
      expect(reason).toBeInstanceOf(APIConnectionError);
      expect(reason).not.toBeInstanceOf(OutcomeUnknownError);
      expect((reason as APIConnectionError).unsent).toBe(true);
    }
  });

  it('retried reads that never connected say so too', async () => {
    const port = await closedPort();
    const warehouse = new WarehouseClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k', warehouseId: 'w', maxRetries: 1 });
    const error = await warehouse.shipments.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as APIConnectionError).unsent).toBe(true);
  });
});

describe('a journaled send whose connection was made and then lost', () => {
  it('may have arrived: rejected without unsent, then unknown and not sent again', async () => {
    let requests = 0;
    const server = createServer((request) => {
      requests++;
      request.socket.destroy(); // the request arrived; the answer never comes
    });
    open.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const journal = memoryJournal();
    const client = messaging(`http://127.0.0.1:${port}`);
    const [first] = await client.sendDirectMessages([item], { journal });
    const reason = first?.status === 'rejected' ? first.reason : undefined;
    expect(reason).toBeInstanceOf(APIConnectionError);
    expect((reason as APIConnectionError).unsent).toBeUndefined();
    const [second] = await client.sendDirectMessages([item], { journal });
    expect(second?.status === 'rejected' && second.reason).toBeInstanceOf(OutcomeUnknownError);
    expect(requests).toBe(1);
  });
});
