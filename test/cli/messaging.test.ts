/**
 * `opslink dm | announce | post | webhook parse` against the mock server, run in this process;
 * the text or the embeds read from stdin ("-"), by the built command in a child process.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assertBuilt, lines, run, runInProcess, type Services, startServices } from './helpers.js';

let s: Services;
beforeAll(async () => {
  assertBuilt();
  s = await startServices();
});
afterAll(() => s.close());
beforeEach(() => {
  s.requests.length = 0;
});

const dir = mkdtempSync(join(tmpdir(), 'opslink-cli-messaging-'));

describe('opslink dm', () => {
  it('sends to an email, a user id or a phone number, and prints the created message as JSON', async () => {
    const { first, second } = s.messaging.employees;
    const byEmail = await runInProcess(['dm', '--email', first.email.toUpperCase(), 'Truck 4 is at door 2'], { env: s.env });
    expect(byEmail.code).toBe(0);
    expect(JSON.parse(byEmail.stdout)).toMatchObject({ body: 'Truck 4 is at door 2' });
    expect((await runInProcess(['dm', '--user-id', second.id, 'by id'], { env: s.env })).code).toBe(0);
    expect((await run(['dm', '--phone', first.phoneNumber, '-'], { env: s.env, input: 'from stdin\n' })).code).toBe(0);
    expect(s.messaging.state.directMessages.slice(-3).map((m) => m.body)).toEqual(['Truck 4 is at door 2', 'by id', 'from stdin']);
  });

  it('exits 3 when the service refuses (no such employee), with the typed error on one line', async () => {
    const result = await runInProcess(['dm', '--email', 'nobody@example.test', 'hi'], { env: s.env });
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(lines(result.stderr)).toEqual([expect.stringMatching(/^error: NotFoundError: .+ \(404 POST \/api\/bot\/messages\)$/)]);
  });

  it('reports every problem of the message with its path and exits 1, sending nothing', async () => {
    const result = await runInProcess(['dm', '--email', 'a@example.test', '--phone', '+1555', ''], { env: s.env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: RequestValidationError: Invalid direct message (2 problems, nothing was sent)');
    expect(result.stderr).toContain('  to: must hold exactly one of userId, phoneNumber or email');
    expect(result.stderr).toContain('  body: must not be empty');
    expect(s.requests).toEqual([]);
  });

  it('--dry-run checks and prints the message, sends nothing, needs no key', async () => {
    const before = s.messaging.state.directMessages.length;
    const result = await runInProcess(['dm', '--email', 'ada@example.test', 'hello', '--dry-run']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ to: { email: 'ada@example.test' }, body: 'hello' });
    expect(result.stderr).toContain('nothing sent');
    expect(s.requests).toEqual([]);
    expect(s.messaging.state.directMessages).toHaveLength(before);
  });

  it('exits 2 naming the flag when a credential is missing, and 2 on a wrong command line', async () => {
    const missing = await runInProcess(['dm', '--email', 'ada@example.test', 'hi'], {
      env: { OPSLINK_MESSAGING_URL: s.env.OPSLINK_MESSAGING_URL },
    });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('error: a credential is missing: pass --bot-key or set OPSLINK_BOT_KEY; nothing was sent\n');
    const usage = await runInProcess(['dm', '--mail', 'x', 'hi'], { env: s.env });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('unknown option "--mail"; did you mean --email?');
    expect((await runInProcess(['dm', '--email', 'a@example.test'], { env: s.env })).code).toBe(2);
    expect(s.requests).toEqual([]);
  });

  it('takes the text as the argument or as --body, not both', async () => {
    const { first } = s.messaging.employees;
    const before = s.messaging.state.directMessages.length;
    const flagged = await runInProcess(['dm', '--email', first.email, '--body', 'Dock 4 is closed'], { env: s.env });
    expect(flagged.code).toBe(0);
    expect(s.messaging.state.directMessages.at(-1)?.body).toBe('Dock 4 is closed');
    s.requests.length = 0;
    const both = await runInProcess(['dm', '--email', first.email, '--body', 'one', 'two'], { env: s.env });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('give the text once: as the TEXT argument or with --body');
    expect(s.requests).toEqual([]);
    expect(s.messaging.state.directMessages).toHaveLength(before + 1);
  });

  it('flags win over the environment', async () => {
    const result = await runInProcess(['dm', '--bot-key', 'bot_wrong_1234567890', '--email', s.messaging.employees.first.email, 'hi'], {
      env: s.env,
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('AuthenticationError');
  });
});

describe('opslink announce', () => {
  it('posts the announcement and prints it', async () => {
    const result = await runInProcess(['announce', '--title', 'Stocktake Friday', 'Doors close at 4 pm.'], { env: s.env });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ title: 'Stocktake Friday', body: 'Doors close at 4 pm.', createdBy: 'Ops Bot' });
  });

  it('takes the body as --body too, and checks it in a dry run', async () => {
    const ok = await runInProcess(['announce', '--title', 'Heads up', '--body', 'Dock 4 closed', '--dry-run'], { env: s.env });
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual({ title: 'Heads up', body: 'Dock 4 closed' });
    const long = await runInProcess(['announce', '--title', 'x'.repeat(151), '--body', 'b', '--dry-run'], { env: s.env });
    expect(long.code).toBe(1);
    expect(long.stderr).toContain('  title: must be at most 150 characters');
    expect(s.requests).toEqual([]);
  });

  it('--dry-run reports a missing title and sends nothing', async () => {
    const result = await runInProcess(['announce', 'no title', '--dry-run'], { env: s.env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('  title: is required');
    expect(s.requests).toEqual([]);
  });
});

describe('opslink post', () => {
  const embedFile = join(dir, 'embed.json');
  writeFileSync(embedFile, JSON.stringify({ title: 'SKU 1042', description: '3 left', color: 0xe67e22 }));

  it('posts with the channel key, or to the webhook URL (flag or environment) with no key', async () => {
    const keyed = await runInProcess(['post', '--content', 'Deploy finished', '--username', 'CI', '--embed', embedFile], { env: s.env });
    expect(keyed.code).toBe(0);
    expect(s.requests.at(-1)).toMatchObject({ method: 'POST', path: '/api/automation/messages' });
    const hooked = await runInProcess(['post', '--webhook', s.webhookUrl, '--content', 'via webhook']);
    expect(hooked.code).toBe(0);
    expect(s.requests.at(-1)).toMatchObject({ method: 'POST', path: expect.stringContaining('/api/automation/webhooks/') });
    const fromEnv = await run(['post', '--embed', '-'], {
      env: { OPSLINK_WEBHOOK_URL: s.webhookUrl },
      input: '[{"title":"a"},{"title":"b"}]',
    });
    expect(fromEnv.code).toBe(0);
    const sent = s.messaging.state.channelMessages.slice(-3);
    expect(sent.map((m) => m.content ?? null)).toEqual(['Deploy finished', 'via webhook', null]);
    expect(sent[0]).toMatchObject({ username: 'CI', embeds: [{ title: 'SKU 1042', color: 0xe67e22 }] });
    expect(sent[2]?.embeds).toHaveLength(2);
  });

  it('--dry-run checks the embeds with the SDK schema and sends nothing', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ title: 'x'.repeat(300), color: -1 }));
    const result = await runInProcess(['post', '--embed', bad, '--dry-run'], { env: s.env });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/ {2}embeds\.0\.title: must be at most 256 characters/);
    expect(result.stderr).toMatch(/ {2}embeds\.0\.color: /);
    const good = await runInProcess(['post', '--content', 'ok', '--dry-run']);
    expect(good.code).toBe(0);
    expect(JSON.parse(good.stdout)).toEqual({ content: 'ok' });
    expect(s.requests).toEqual([]);
  });

  it('exits 1 for an embed file that cannot be read or is not JSON', async () => {
    expect((await runInProcess(['post', '--embed', join(dir, 'missing.json')], { env: s.env })).code).toBe(1);
    const notJson = join(dir, 'not.json');
    writeFileSync(notJson, '{title');
    const result = await runInProcess(['post', '--embed', notJson], { env: s.env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is not JSON');
    expect(s.requests).toEqual([]);
  });
});

describe('opslink webhook parse', () => {
  it('prints the base URL and channel id with the token masked, in every format', async () => {
    const channelId = s.messaging.channelId;
    const json = await runInProcess(['webhook', 'parse', s.webhookUrl]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ baseUrl: s.server.url, channelId, token: '[redacted]' });
    const table = await runInProcess(['webhook', 'parse', s.webhookUrl, '--format', 'table']);
    expect(lines(table.stdout)).toEqual([`baseUrl    ${s.server.url}`, `channelId  ${channelId}`, 'token      [redacted]']);
    const ndjson = await runInProcess(['webhook', 'parse', s.webhookUrl, '--format', 'ndjson']);
    expect(JSON.parse(ndjson.stdout).token).toBe('[redacted]');
    const csv = await runInProcess(['webhook', 'parse', s.webhookUrl, '--format', 'csv']);
    expect(csv.stdout).toBe(`baseUrl,channelId,token\r\n${s.server.url},${channelId},[redacted]\r\n`);
    expect(s.requests).toEqual([]);
  });

  it('exits 1 on a URL that is not a webhook URL, and 2 on an unknown format', async () => {
    const bad = await runInProcess(['webhook', 'parse', 'https://chat.example.com/hooks/123']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('webhookUrl: must end in /api/automation/webhooks/{channelId}/{token}');
    expect((await runInProcess(['webhook', 'parse', s.webhookUrl, '--format', 'xml'])).code).toBe(2);
  });
});

describe('network failures', () => {
  it('exits 4 when nothing answers', async () => {
    const result = await runInProcess(['announce', '--title', 't', 'b', '--max-retries', '0'], {
      env: { OPSLINK_MESSAGING_URL: 'http://127.0.0.1:9', OPSLINK_BOT_KEY: 'bot_key_unused_123456' },
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/^error: APIConnectionError: /);
  });
});
