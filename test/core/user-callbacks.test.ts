/**
 * What users hand the SDK to call back — hooks, `onRateLimited`, `onProgress`, key functions —
 * never breaks or holds a call: an `async` callback that rejects is logged like one that
 * throws (no unhandled rejection), and a key function that never answers is held to the
 * attempt's `timeout`, the call's `deadline` and the caller's `signal`, and gives its place at
 * the gate back.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APIConnectionTimeoutError, APIUserAbortError, MessagingClient } from '../../src/index.js';
import { createMessagingMock } from '../../src/testing/index.js';
import { unhandledRejections } from '../support/reliability.js';
import { jsonResponse, scriptedFetch } from '../support/scripted-fetch.js';

const mock = createMessagingMock();
const to = { email: mock.employees.first.email };
const never = () => new Promise<string>(() => {});
const rejections = unhandledRejections();
beforeAll(() => rejections.install());
afterAll(() => rejections.uninstall());

describe('an async callback that rejects', () => {
  it('is logged at warn, like one that throws, and never becomes an unhandled rejection', async () => {
    const warn = vi.fn();
    const failing = async () => {
      throw new Error('metrics backend down');
    };
    const fetch = scriptedFetch(jsonResponse(429, {}, { 'retry-after': '0' }), jsonResponse(201, { id: 'm1' }));
    const client = new MessagingClient({
      baseUrl: 'https://chat.example.test',
      botKey: 'bot-key-callbacks',
      fetch,
      logger: { debug: vi.fn(), info: vi.fn(), warn, error: vi.fn() },
      logLevel: 'warn',
      hooks: { onRequest: failing, onResponse: failing, onRetry: failing },
      onRateLimited: failing,
    });
    await expect(client.sendDirectMessage({ to, body: 'hi' })).resolves.toBeDefined();
    const bulk = await client.sendDirectMessages([{ to, body: 'a' }], { onProgress: failing });
    expect(bulk).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 10)); // let the rejections settle
    expect(rejections.seen).toEqual([]);
    const said = warn.mock.calls.map((c) => String(c[0])).join('\n');
    for (const name of ['onRequest', 'onResponse', 'onRetry', 'onRateLimited']) expect(said).toContain(`${name} threw Error`);
  });
});

describe('a key function that never answers', () => {
  const client = (extra: object = {}) =>
    new MessagingClient({ baseUrl: mock.baseUrl, botKey: never, fetch: mock.fetch, maxRetries: 0, ...extra });

  it('is held to the call deadline', async () => {
    const started = Date.now();
    await expect(client().sendDirectMessage({ to, body: 'x' }, { deadline: 150 })).rejects.toBeInstanceOf(APIConnectionTimeoutError);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("is held to the attempt's timeout, and says so", async () => {
    const error = await client({ timeout: 150 })
      .sendDirectMessage({ to, body: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect((error as Error).message).toContain('the botKey function gave no key within 150 ms');
  });

  it("ends at once on the caller's signal", async () => {
    await expect(client().sendDirectMessage({ to, body: 'x' }, { signal: AbortSignal.timeout(100) })).rejects.toBeInstanceOf(
      APIUserAbortError,
    );
  });

  it('gives its place at the gate back: the next call of the client goes through', async () => {
    let calls = 0;
    const one = new MessagingClient({
      baseUrl: mock.baseUrl,
      botKey: () => (++calls === 1 ? never() : mock.botKey),
      fetch: mock.fetch,
      maxConcurrency: 1,
    });
    await expect(one.sendDirectMessage({ to, body: 'first' }, { signal: AbortSignal.timeout(100) })).rejects.toBeInstanceOf(
      APIUserAbortError,
    );
    await expect(one.sendDirectMessage({ to, body: 'second' })).resolves.toMatchObject({ body: 'second' });
    expect(mock.state.directMessages.filter((m) => m.body === 'first')).toHaveLength(0);
  });
});
