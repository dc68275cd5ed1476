/**
 * Every command that writes, run in this process against a server the SDK did not write
 * (`test/support/document-server.ts`), in both of its modes: the documents' letter, and
 * drifting as real services do (a 201 where 200 was usual, ids as numbers, members the
 * document does not name, a 308 to the trailing-slash path for every write). Each command
 * exits 0, its write reaches the server once, and no key reaches stderr.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocumentServer, startDocumentServer } from '../support/document-server.js';
import { runInProcess } from './helpers.js';

const ORDERS_CSV = fileURLToPath(new URL('../../examples/orders.csv', import.meta.url));

describe.each([false, true])('the write commands against a service written from the documents (drift: %s)', (drift) => {
  let server: DocumentServer;
  let env: Record<string, string>;
  beforeAll(async () => {
    server = await startDocumentServer({ drift });
    env = {
      OPSLINK_MESSAGING_URL: server.url,
      OPSLINK_BOT_KEY: server.botKey,
      OPSLINK_CHANNEL_KEY: server.channelKey,
      OPSLINK_WAREHOUSE_URL: server.url,
      OPSLINK_WAREHOUSE_API_KEY: server.apiKey,
      OPSLINK_WAREHOUSE_ID: server.warehouseId,
    };
  });
  afterAll(() => server.close());

  /** Runs one command; it must succeed, say no key, and send exactly one write to `path` (after any redirect). */
  async function writes(args: string[], method: string, path: RegExp, extraEnv: Record<string, string> = {}) {
    const before = server.requests.length;
    const result = await runInProcess(args, { env: { ...env, ...extraEnv } });
    expect(result.code, result.stderr).toBe(0);
    for (const secret of [server.botKey, server.channelKey, server.apiKey]) {
      expect(result.stderr).not.toContain(secret);
      expect(result.stdout).not.toContain(secret);
    }
    const sent = server.requests.slice(before).filter((r) => r.method === method && path.test(r.path));
    // A drifting service moves every write once (308 to the trailing-slash path): the write arrives there once.
    expect(sent.map((r) => r.path.endsWith('/'))).toEqual(drift ? [false, true] : [false]);
    return result;
  }

  it('dm: one direct message', async () => {
    await writes(['dm', '--email', server.employeeEmail, 'Your shift starts at 9'], 'POST', /^\/api\/bot\/messages\/?$/);
  });

  it('announce: one announcement', async () => {
    await writes(['announce', '--title', 'Stocktake', 'Doors close at 4 pm.'], 'POST', /^\/api\/bot\/announcements\/?$/);
  });

  it('post: one channel message by key, and one by the webhook URL', async () => {
    await writes(['post', '--content', 'Low stock'], 'POST', /^\/api\/automation\/messages\/?$/);
    await writes(['post', '--content', 'Deploy finished'], 'POST', /^\/api\/automation\/webhooks\/[^/]+\/[^/]+\/?$/, {
      OPSLINK_CHANNEL_KEY: '',
      OPSLINK_WEBHOOK_URL: server.webhookUrl,
    });
  });

  it('orders import: one bulk upload of a CSV', async () => {
    await writes(['orders', 'import', ORDERS_CSV], 'POST', /^\/api\/v1\/inbound\/?$/);
  });

  it('orders update: one update of a listed order', async () => {
    const id = server.orders[0]!.order_id as string;
    await writes(['orders', 'update', id, '--set', 'notes=recounted'], 'PUT', new RegExp(`^/api/v1/inbound/${id}/?$`));
  });
});
