/**
 * `opslink dm --to-file FILE` against the mock server: lists and CSVs, bad lines, result lines
 * and exit codes, a journal that a second run, a run after Ctrl-C and a run after `kill -9`
 * share without messaging anyone twice (the server counts). The command runs in this process;
 * the runs stopped by a signal, and the runs again after them, are the built command in a child.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MockEmployee } from '../../src/testing/index.js';
import { closedPort } from '../support/unsent-journal.js';
import { assertBuilt, lines, run, runInProcess, SECRETS, type Services, start, startServices } from './helpers.js';

let s: Services;
let dir: string;
beforeAll(async () => {
  assertBuilt();
  s = await startServices();
  dir = await mkdtemp(join(tmpdir(), 'opslink-cli-campaign-'));
});
afterAll(() => s.close());
beforeEach(() => {
  s.requests.length = 0;
  s.messaging.faults.reset();
});

let files = 0;
/** A file in the test's folder holding `text`; its path. */
function file(text: string, name = `recipients-${++files}.txt`): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}
const journalPath = () => join(dir, `journal-${++files}.ndjson`);

let hires = 0;
/** `n` new active employees, so each run's recipients are its own and the server's counts are clear. */
function hire(n: number): MockEmployee[] {
  return Array.from({ length: n }, () => {
    const i = ++hires;
    return s.messaging.addEmployee({ email: `staff${i}@example.test`, phoneNumber: `+1555020${String(i).padStart(4, '0')}` });
  });
}

/** How many messages with `body` each employee received. */
function received(body: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of s.messaging.state.directMessages.filter((m) => m.body === body))
    counts.set(m.employeeId, (counts.get(m.employeeId) ?? 0) + 1);
  return counts;
}

type ResultLine = { line: number; recipient: string; status: string; detail: string };
const ndjson = (stdout: string): ResultLine[] => lines(stdout).map((l) => JSON.parse(l) as ResultLine);

describe('opslink dm --to-file', () => {
  it('sends one message per line of a list (email, phone or user id), one result line each naming the recipient, exit 0', async () => {
    const [a, b, c] = hire(3);
    const path = file(`${a!.email}\n${b!.phoneNumber}\n\n${c!.id}\n`);
    const result = await runInProcess(['dm', '--to-file', path, '--body', 'list run', '--format', 'ndjson'], { env: s.env });
    expect(result.code, result.stderr).toBe(0);
    const out = ndjson(result.stdout).sort((x, y) => x.line - y.line);
    expect(out.map(({ line, recipient, status }) => ({ line, recipient, status }))).toEqual([
      { line: 1, recipient: a!.email, status: 'sent' },
      { line: 2, recipient: b!.phoneNumber, status: 'sent' },
      { line: 4, recipient: c!.id, status: 'sent' },
    ]);
    expect([...received('list run').entries()].sort()).toEqual([a, b, c].map((e) => [e!.id, 1]).sort());
    expect(result.stderr).toBe('3 recipients: 3 sent\n');
  });

  it('reads a CSV by its email, phoneNumber or userId column (one filled per row), other columns ignored', async () => {
    const [a, b] = hire(2);
    const path = file(`name,email,phoneNumber\r\n"Doe, Jo",${a!.email},\r\nBen,,${b!.phoneNumber}\r\n`, 'staff.csv');
    const result = await runInProcess(['dm', '--to-file', path, 'csv run', '--format', 'csv'], { env: s.env });
    expect(result.code, result.stderr).toBe(0);
    expect(lines(result.stdout)[0]).toBe('line,recipient,status,detail');
    expect(lines(result.stdout).slice(1).sort()).toEqual([
      expect.stringMatching(new RegExp(`^2,${a!.email},sent,`)),
      expect.stringMatching(new RegExp(`^3,'?\\${b!.phoneNumber},sent,`)),
    ]);
    expect(received('csv run').size).toBe(2);
  });

  it('reports every bad line by number and sends nothing (exit 1)', async () => {
    const [a] = hire(1);
    const path = file(`${a!.email}\nnot a recipient\nana@\n+1 (555) 0100\n12345678-1234-1234-1234-12345678901Z\n`);
    const result = await runInProcess(['dm', '--to-file', path, '--body', 'bad lines'], { env: s.env });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(lines(result.stderr)).toEqual([
      expect.stringMatching(/^line 2: "not a recipient" is not an email, a phone number .* or a user id \(a UUID\)$/),
      expect.stringMatching(/^line 3: "ana@" is not an email/),
      expect.stringMatching(/^line 5: "12345678-1234-1234-1234-12345678901Z" is not an email/),
      `error: 3 bad lines in ${path}; nothing was sent`,
    ]);
    expect(s.requests).toEqual([]);
    const csv = file('name,email,userId\nX,x@example.test,00000000-0000-4000-8000-000000000001\n,,\nJo,,\n', 'bad.csv');
    const rows = await runInProcess(['dm', '--to-file', csv, '--body', 'bad rows'], { env: s.env });
    expect(rows.code).toBe(1);
    expect(lines(rows.stderr)).toEqual([
      'row 2: must fill exactly one of the columns email, userId (fills email, userId)',
      'row 4: must fill exactly one of the columns email, userId',
      `error: 2 bad rows in ${csv}; nothing was sent`,
    ]);
    expect(s.requests).toEqual([]);
  });

  it('a recipient the service refuses is a failed line naming them; the others are sent; exit 1', async () => {
    const [a] = hire(1);
    const path = file(`nobody@example.test\n${a!.email}\n`);
    const result = await runInProcess(['dm', '--to-file', path, '--body', 'one fails', '--format', 'ndjson'], { env: s.env });
    expect(result.code).toBe(1);
    const out = ndjson(result.stdout).sort((x, y) => x.line - y.line);
    expect(out[0]).toMatchObject({
      line: 1,
      recipient: 'nobody@example.test',
      status: 'failed',
      detail: expect.stringMatching(/^NotFoundError: /),
    });
    expect(out[1]).toMatchObject({ line: 2, recipient: a!.email, status: 'sent' });
    expect(result.stderr).toBe('2 recipients: 1 sent, 1 failed\n');
  });

  it('a recipient listed twice (an email in another case) is messaged once', async () => {
    const [a] = hire(1);
    const path = file(`${a!.email}\n${a!.email.toUpperCase()}\n`);
    const result = await runInProcess(['dm', '--to-file', path, '--body', 'twice', '--format', 'ndjson'], { env: s.env });
    expect(result.code).toBe(0);
    expect(ndjson(result.stdout)).toHaveLength(1);
    expect(result.stderr).toContain('line 2 names the recipient of line 1 again: messaged once');
    expect(received('twice').get(a!.id)).toBe(1);
  });

  it('with the same --journal, a second run sends nothing new and reports each recipient as already sent', async () => {
    const [a, b] = hire(2);
    const path = file(`${a!.email}\n${b!.email}\n`);
    const journal = journalPath();
    const args = ['dm', '--to-file', path, '--body', 'journaled', '--journal', journal, '--format', 'ndjson'];
    const first = await runInProcess(args, { env: s.env });
    expect(first.code).toBe(0);
    s.requests.length = 0;
    // The file reordered: a recipient is named by who they are and the text, not by the line.
    writeFileSync(path, `${b!.email}\n${a!.email}\n`);
    const second = await runInProcess(args, { env: s.env });
    expect(second.code).toBe(0);
    expect(s.requests).toEqual([]);
    expect(ndjson(second.stdout).map((l) => l.status)).toEqual(['already sent', 'already sent']);
    expect(received('journaled').size).toBe(2);
    const other = await runInProcess(['dm', '--to-file', path, '--body', 'journaled, a new text', '--journal', journal], { env: s.env });
    expect(other.code).toBe(0);
    expect(received('journaled, a new text').size).toBe(2);
    for (const text of [first.stdout, first.stderr, second.stdout, second.stderr, readFileSync(journal, 'utf8')])
      expect(text).not.toContain(SECRETS.botKey);
  });

  it('a service that refuses the connection: every line failed (not unknown), exit 1; a run again once it is up sends to everyone', async () => {
    const [a, b] = hire(2);
    const path = file(`${a!.email}\n${b!.email}\n`);
    const journal = journalPath();
    const args = ['dm', '--to-file', path, '--body', 'refused first', '--journal', journal, '--format', 'ndjson'];
    const down = `http://127.0.0.1:${await closedPort()}`;
    const first = await runInProcess([...args, '--messaging-url', down], { env: s.env });
    expect(first.code).toBe(1);
    expect(ndjson(first.stdout).map((l) => l.status)).toEqual(['failed', 'failed']);
    expect(ndjson(first.stdout)[0]!.detail).toMatch(/^APIConnectionError: .*connection failed/);
    const second = await runInProcess(args, { env: s.env });
    expect(second.code, second.stderr).toBe(0);
    expect(ndjson(second.stdout).map((l) => l.status)).toEqual(['sent', 'sent']);
    expect(received('refused first').size).toBe(2);
  });

  it('--dry-run lists every recipient checked, sends nothing and needs no key', async () => {
    const [a] = hire(1);
    const result = await runInProcess(['dm', '--to-file', file(`${a!.email}\n`), '--body', 'dry', '--dry-run', '--format', 'ndjson']);
    expect(result.code).toBe(0);
    expect(ndjson(result.stdout)).toEqual([{ line: 1, recipient: a!.email, status: 'checked', detail: 'email' }]);
    expect(result.stderr).toContain('dry run: 1 recipient checked; nothing sent');
    expect(s.requests).toEqual([]);
  });

  it('usage errors exit 2: a recipient flag with --to-file, --journal without it, a format it cannot write', async () => {
    const path = file('ada.active@example.test\n');
    const both = await runInProcess(['dm', '--to-file', path, '--email', 'a@example.test', 'hi'], { env: s.env });
    expect(both).toMatchObject({ code: 2, stderr: expect.stringContaining('--to-file names the recipients: leave out --email') });
    const journal = await runInProcess(['dm', '--email', 'a@example.test', '--journal', 'j', 'hi'], { env: s.env });
    expect(journal).toMatchObject({ code: 2, stderr: expect.stringContaining('--journal goes with --to-file') });
    const format = await runInProcess(['dm', '--to-file', path, '--format', 'xml', 'hi'], { env: s.env });
    expect(format).toMatchObject({ code: 2, stderr: expect.stringContaining('--format must be one of') });
    const typo = await runInProcess(['dm', '--to-fil', path, 'hi'], { env: s.env });
    expect(typo).toMatchObject({ code: 2, stderr: expect.stringContaining('did you mean --to-file?') });
    expect(s.requests).toEqual([]);
  });

  it('a journal that cannot be written is said once, before anything is sent (exit 1)', async () => {
    const journal = join(dir, 'no-such-folder', 'j.ndjson');
    const result = await runInProcess(['dm', '--to-file', file('ada.active@example.test\n'), '--journal', journal, 'hi'], { env: s.env });
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toBe(`error: cannot write the journal ${journal}: ENOENT; nothing was sent\n`);
    expect(s.requests).toEqual([]);
  });

  it('a table on a terminal-wide layout, and progress on stderr when asked (--progress)', async () => {
    const [a, b] = hire(2);
    const path = file(`${a!.email}\n${b!.email}\n`);
    const result = await runInProcess(['dm', '--to-file', path, '--body', 'table', '--format', 'table', '--progress'], {
      env: { ...s.env, COLUMNS: '100' },
    });
    expect(result.code).toBe(0);
    expect(lines(result.stdout)[0]).toMatch(/^line {2}recipient +status +detail$/);
    for (const row of lines(result.stdout).slice(1)) expect(row).toMatch(/^ {3}[12] {2}staff\d+@example\.test +sent +[0-9a-f-]{36}$/);
    expect(result.stderr).toMatch(/messaging · 2 of 2 recipients · .* done in /);
  });
});

/** Starts `dm --to-file` to `employees` on `journal`, its results as NDJSON. */
function campaign(employees: MockEmployee[], body: string, journal: string) {
  const path = file(`${employees.map((e) => e.email).join('\n')}\n`);
  const args = ['dm', '--to-file', path, '--body', body, '--journal', journal, '--format', 'ndjson'];
  const child = start(args, { env: s.env });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }), args };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** `count` new employees and a campaign to them on a fresh journal, 20 ms a message, once the server has `atLeast` of them. */
async function underWay(count: number, body: string, atLeast: number) {
  s.messaging.faults.latency('POST /api/bot/messages', 20);
  const staff = hire(count);
  const started = campaign(staff, body, journalPath());
  await until(() => received(body).size >= atLeast);
  return { staff, ...started };
}

describe('opslink dm --to-file --journal, stopped and run again', () => {
  it('Ctrl-C mid-run: exit 130 with a line per recipient sent so far; a run again messages the rest, everyone exactly once', async () => {
    const { staff, ...first } = await underWay(120, 'interrupted campaign', 30);
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(130);
    const { stdout, stderr } = first.output();
    expect(stderr).toMatch(/^interrupted: \d+ sent, \d+ not started; run the same command again to message the rest$/m);
    const sentFirst = ndjson(stdout);
    expect(sentFirst.every((l) => l.status === 'sent')).toBe(true);
    expect(sentFirst.length).toBeLessThan(staff.length);
    // Every send that began finished within the grace: the server has exactly the lines printed.
    expect(received('interrupted campaign').size).toBe(sentFirst.length);

    const second = await run(first.args, { env: s.env });
    expect(second.code, second.stderr).toBe(0);
    const counts = received('interrupted campaign');
    expect(staff.map((e) => counts.get(e.id))).toEqual(staff.map(() => 1));
    const statuses = new Map(ndjson(second.stdout).map((l) => [l.recipient, l.status]));
    for (const l of sentFirst) expect(statuses.get(l.recipient)).toBe('already sent');
    expect(statuses.size).toBe(staff.length);
  }, 60_000);

  it('kill -9 mid-run: a run again messages every recipient exactly once or reports them unknown, at most the 8 in flight', async () => {
    const { staff, ...first } = await underWay(150, 'killed campaign', 40);
    first.child.kill('SIGKILL');
    await first.exited;

    // The dead run's claims lapse after their lease (20 s): the second run waits them out.
    const second = await run(first.args, { env: s.env });
    const counts = received('killed campaign');
    const out = ndjson(second.stdout);
    expect(out).toHaveLength(staff.length);
    const unknown = out.filter((l) => l.status === 'unknown');
    expect(second.code, second.stderr).toBe(unknown.length > 0 ? 1 : 0);
    expect(unknown.length).toBeLessThanOrEqual(8);
    const byEmail = new Map(staff.map((e) => [e.email, e.id]));
    for (const l of out) {
      const times = counts.get(byEmail.get(l.recipient)!) ?? 0;
      if (l.status === 'unknown') expect(times).toBeLessThanOrEqual(1);
      else expect({ l, times }).toEqual({ l: { ...l, status: expect.stringMatching(/^(already )?sent$/) }, times: 1 });
    }
    expect(second.stderr).toMatch(/^150 recipients: \d+ sent, \d+ already sent(, \d+ unknown)?$/m);
  }, 90_000);
});
