/**
 * A service that gives the proxy no answer. The page is told 502 (504 when it timed out), and
 * told the truth about its request: "could not be reached" only when the request certainly
 * never reached the service (`APIConnectionError.unsent`); a connection lost after the request
 * went out leaves its outcome unknown (the message may have been delivered), so a page does not
 * blindly send the write again.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type APIError, InternalServerError, MessagingClient } from '../../src/index.js';
import { type Harness, MODES, startProxy } from './support.js';

const DM = { to: { email: 'ada.active@example.test' }, body: 'Dock 3 is free' };

/** A service that reads each request whole, then drops the connection without a word; counts what it received. */
async function droppingService(): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.socket?.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received: () => received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (one fetch does not refuse outright, as it does 1 and 9: those never connect either, but are not told apart). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.each(MODES)('a service that gives no answer, behind the proxy (%s)', (mode) => {
  let h: Harness;
  let service: Awaited<ReturnType<typeof droppingService>> | undefined;
  afterEach(async () => {
    await h?.close();
    await service?.close();
    service = undefined;
  });

  const serving = (baseUrl: string) =>
    startProxy(mode, {
      clients: () => ({
        messaging: new MessagingClient({ baseUrl, botKey: 'bot_key_000000000000000001', maxRetries: 0 }),
        warehouse: undefined,
      }),
      allow: ['sendDirectMessage'],
    });

  it('says a write whose connection dropped after the service got it may have been delivered: 502, outcome unknown', async () => {
    service = await droppingService();
    h = await serving(service.url);
    const error = (await h
      .pageMessaging({ maxRetries: 0 })
      .sendDirectMessage(DM)
      .catch((e: unknown) => e)) as APIError;
    expect(service.received()).toBe(1);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/outcome is unknown, and the request may have been delivered/);
    expect(error.message).not.toMatch(/could not be reached/);
  });

  it('says "could not be reached" only when the request certainly never left: 502, nothing delivered', async () => {
    h = await serving(`http://127.0.0.1:${await closedPort()}`);
    const answer = await h.send('/opslink/messaging/api/bot/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DM),
    });
    expect(answer.status).toBe(502);
    expect(await answer.json()).toEqual({ message: 'The service could not be reached.', errors: [] });
  });

  it('says a write that timed out after it was sent may have been delivered: 504, outcome unknown', async () => {
    h = await startProxy(mode, { server: { timeout: 100, maxRetries: 0 } });
    h.messagingMock.faults.add({ route: 'POST /api/bot/messages', fault: { hang: 2_000 } });
    const answer = await h.send('/opslink/messaging/api/bot/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DM),
    });
    expect(answer.status).toBe(504);
    expect(((await answer.json()) as { message: string }).message).toBe(
      'The service did not answer in time: the outcome is unknown, and the request may have been delivered.',
    );
  });
});
