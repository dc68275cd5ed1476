/**
 * `fileJournal(path)` from `opslink/node`: one file that processes on a machine share and
 * that outlives them. Sends through two journals on one file (two processes' view of it),
 * a restart, a torn last line, and a child process killed with SIGKILL mid-campaign.
 */
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { type DirectMessageInput, MessagingClient, OutcomeUnknownError } from '../../src/index.js';
import { fileJournal } from '../../src/node/index.js';
import { createMessagingMock, startMockServer } from '../../src/testing/index.js';
import { startCampaign } from '../support/campaign.js';
import { neverReachedCases } from '../support/unsent-journal.js';

const dir = mkdtempSync(join(tmpdir(), 'opslink-journal-'));
let n = 0;
const freshPath = () => join(dir, `journal-${++n}.ndjson`);
const mock = createMessagingMock();
const client = new MessagingClient({ baseUrl: mock.baseUrl, botKey: mock.botKey, fetch: mock.fetch, maxRetries: 0 });
const items = (count: number): DirectMessageInput[] =>
  Array.from({ length: count }, (_, i) => ({ to: { email: mock.employees.first.email }, body: `message ${i}` }));
const sentBodies = () => mock.state.directMessages.map((m) => m.body);

beforeEach(() => {
  mock.reset();
  mock.faults.reset();
});

describe('fileJournal', () => {
  it('two journals on one file (as two processes open it) send each item once between them', async () => {
    mock.faults.latency('POST /api/bot/messages', 3);
    const path = freshPath();
    const list = items(50);
    const [a, b] = await Promise.all([
      client.sendDirectMessages(list, { journal: fileJournal(path), concurrency: 4 }),
      client.sendDirectMessages(list, { journal: fileJournal(path), concurrency: 4 }),
    ]);
    expect(sentBodies().sort()).toEqual(list.map((i) => i.body).sort());
    expect([...a, ...b].every((r) => r.status === 'fulfilled')).toBe(true);
  });

  it('a run started again on the same file sends nothing that was delivered, and returns what was recorded', async () => {
    const path = freshPath();
    const first = await client.sendDirectMessages(items(5), { journal: fileJournal(path) });
    const again = await client.sendDirectMessages(items(5), { journal: fileJournal(path) });
    expect(again).toEqual(first);
    expect(sentBodies()).toHaveLength(5);
  });

  it('writes one synced line per event: a claim and an outcome per item, credentials nowhere', async () => {
    const path = freshPath();
    await client.sendDirectMessages(items(3), { journal: fileJournal(path) });
    const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
    expect(lines).toHaveLength(6);
    expect(readFileSync(path, 'utf8')).not.toContain(mock.botKey);
  });

  it('a torn last line is skipped on load, loses no recorded delivery, and does not swallow the next line', async () => {
    const path = freshPath();
    await client.sendDirectMessages(items(2), { journal: fileJournal(path) });
    appendFileSync(path, '\n{"k":"{\\"body\\":\\"message 9\\",\\"to\\":{"e'); // a crash mid-write
    const after = await client.sendDirectMessages(items(3), { journal: fileJournal(path) });
    expect(after.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(sentBodies().sort()).toEqual(['message 0', 'message 1', 'message 2']);
    const reloaded = await client.sendDirectMessages(items(3), { journal: fileJournal(path) });
    expect(reloaded).toEqual(after);
    expect(sentBodies()).toHaveLength(3);
  });

  it('a file of lines that are not journal events changes nothing', async () => {
    const path = freshPath();
    writeFileSync(path, 'not json\n[1,2]\n{"k":1}\n');
    const results = await client.sendDirectMessages(items(1), { journal: fileJournal(path) });
    expect(results[0]?.status).toBe('fulfilled');
  });

  it('an outcome it cannot read (a status word of its own, not an object) counts as unknown: not sent again', async () => {
    const path = freshPath();
    await client.sendDirectMessages(items(2), { journal: fileJournal(path) });
    const edited = readFileSync(path, 'utf8')
      .replace('"status":"delivered"', '"status":"weird"')
      .replace(/"o":\{"status":"delivered".*?,"tk"/, '"o":7,"tk"');
    expect(edited).not.toContain('delivered');
    writeFileSync(path, edited);
    const again = await client.sendDirectMessages(items(2), { journal: fileJournal(path) });
    expect(again.map((r) => r.status === 'rejected' && r.reason)).toEqual([
      expect.any(OutcomeUnknownError),
      expect.any(OutcomeUnknownError),
    ]);
    expect(sentBodies()).toHaveLength(2);
    const retried = await client.sendDirectMessages(items(2), { journal: fileJournal(path), retryUnknown: true });
    expect(retried.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(sentBodies()).toHaveLength(4);
  });

  it('records a delivered value without the credential a server echoed back in it', async () => {
    const path = freshPath();
    const key = mock.botKey;
    const echoing: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      return Response.json({ id: 'm1', sentWith: request.headers.get('authorization'), key }, { status: 201 });
    };
    const echoed = new MessagingClient({ baseUrl: mock.baseUrl, botKey: () => key, fetch: echoing });
    const [result] = await echoed.sendDirectMessages(items(1), { journal: fileJournal(path) });
    expect(result?.status).toBe('fulfilled');
    expect(readFileSync(path, 'utf8')).toContain('"sentWith":"Bearer [redacted]"');
    expect(readFileSync(path, 'utf8')).not.toContain(key);
    const [again] = await echoed.sendDirectMessages(items(1), { journal: fileJournal(path) });
    expect(JSON.stringify(again)).not.toContain(key);
  });

  it('refuses a path that is not a non-empty string', () => {
    expect(() => fileJournal('')).toThrow(/path/);
  });
});

describe('fileJournal, a send that never reached the service', () => {
  let path = '';
  beforeEach(() => {
    path = freshPath();
  });
  // Each call opens the file afresh, as a process started again would.
  neverReachedCases(() => fileJournal(path));
});

describe('a campaign killed with SIGKILL and run again on the same file journal', () => {
  const started = startMockServer({ messaging: mock });
  afterAll(async () => (await started).close());

  async function run(path: string, count: number) {
    const server = await started;
    const target = { url: server.messagingBaseUrl, botKey: mock.botKey, email: mock.employees.first.email };
    return startCampaign(target, { count, concurrency: 8, journal: `file:${path}`, leaseMs: 1000 });
  }

  it('messages every recipient exactly once, or reports OutcomeUnknownError for at most the 8 in flight at the kill', async () => {
    mock.faults.latency('POST /api/bot/messages', 15);
    const path = freshPath();
    const count = 300;
    const first = await run(path, count);
    while (mock.state.directMessages.length < 60) await new Promise((r) => setTimeout(r, 5));
    first.child.kill('SIGKILL');
    await first.exited;
    const second = await run(path, count);
    expect(await second.exited, second.stderr()).toBe(0);

    const delivered = new Map<string, number>();
    for (const body of sentBodies()) delivered.set(body, (delivered.get(body) ?? 0) + 1);
    expect([...delivered.values()].every((times) => times === 1)).toBe(true);
    const unknown = second.lines.filter((l) => l.error === OutcomeUnknownError.name).map((l) => l.index);
    expect(second.lines).toHaveLength(count);
    for (const line of second.lines) {
      if (line.status === 'fulfilled') expect(delivered.get(`message ${line.index}`)).toBe(1);
      else expect(line.error).toBe('OutcomeUnknownError');
    }
    expect(unknown.length).toBeLessThanOrEqual(8);
    expect(first.lines.length).toBeLessThan(count); // it was killed mid-campaign
  }, 60_000);
});
