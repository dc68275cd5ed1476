/**
 * `opslink dm --to-file FILE --redis URL` against the mock server and a real redis-server:
 * runs of one campaign, at once or one after another, share the journal and the gate, so
 * everyone is messaged exactly once (each line sent, already sent, failed or unknown), at the
 * rate given for all of them together, also when one run is killed with SIGKILL and run again;
 * and every way it cannot start says so before anything is sent. Runs one after another run in
 * this process; runs at once are built commands in child processes, as on several hosts, and
 * so is the run without the redis package (an installed copy of the bin).
 */
import { cpSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MockEmployee } from '../../src/testing/index.js';
import { type RedisServer, redisServerMissing, startRedis } from '../support/redis.js';
import { closedPort } from '../support/unsent-journal.js';
import { assertBuilt, lines, ROOT, run, runInProcess, type Services, start, startServices } from './helpers.js';

type ResultLine = { line: number; recipient: string; status: string; detail: string };
const ndjson = (stdout: string): ResultLine[] => lines(stdout).map((l) => JSON.parse(l) as ResultLine);

describe.skipIf(redisServerMissing !== undefined)('opslink dm --to-file --redis', () => {
  let s: Services;
  let redis: RedisServer;
  let dir: string;
  let files = 0;
  let hires = 0;
  beforeAll(async () => {
    assertBuilt();
    [s, redis] = await Promise.all([startServices(), startRedis()]);
    dir = mkdtempSync(join(tmpdir(), 'opslink-cli-fleet-'));
  });
  afterAll(async () => {
    await s?.close();
    await redis?.stop();
  });
  beforeEach(() => {
    s.requests.length = 0;
    s.messaging.faults.reset();
  });

  /** A file listing `n` new active employees (so each run's recipients are its own), and them. */
  function staff(n: number): { path: string; people: MockEmployee[] } {
    const people = Array.from({ length: n }, () => {
      const i = ++hires;
      return s.messaging.addEmployee({ email: `fleet${i}@example.test`, phoneNumber: `+1555030${String(i).padStart(4, '0')}` });
    });
    const path = join(dir, `staff-${++files}.txt`);
    writeFileSync(path, people.map((p) => `${p.email}\n`).join(''));
    return { path, people };
  }
  /** How many messages with `body` each employee received. */
  const received = (body: string) => {
    const counts = new Map<string, number>();
    for (const m of s.messaging.state.directMessages.filter((m) => m.body === body))
      counts.set(m.employeeId, (counts.get(m.employeeId) ?? 0) + 1);
    return counts;
  };
  const dm = (path: string, body: string, ...flags: string[]) => ['dm', '--to-file', path, '--body', body, '--format', 'ndjson', ...flags];

  it('usage errors exit 2 before anything is sent: --redis-prefix without --redis, a URL that is not redis://, --redis without --to-file, a bad --concurrency or --rate', async () => {
    const { path } = staff(1);
    const cases: [string[], RegExp][] = [
      [dm(path, 'u', '--redis-prefix', 'p'), /--redis-prefix goes with --redis/],
      [dm(path, 'u', '--redis', 'http://127.0.0.1:6379'), /--redis takes a redis:\/\/ or rediss:\/\/ URL/],
      [dm(path, 'u', '--redis', 'not a url'), /--redis takes a redis:\/\/ or rediss:\/\/ URL/],
      [dm(path, 'u', '--redis', redis.url, '--redis-prefix', 'a{b}'), /--redis-prefix takes text without \{ or \}/],
      [['dm', '--email', 'a@example.test', '--redis', redis.url, 'hi'], /--redis goes with --to-file/],
      [dm(path, 'u', '--concurrency', '0'), /--concurrency takes a whole number from 1 to 64/],
      [dm(path, 'u', '--rate', 'fast'), /--rate takes a number/],
    ];
    for (const [args, message] of cases) {
      const result = await runInProcess(args, { env: s.env });
      expect({ code: result.code, stderr: result.stderr }).toMatchObject({ code: 2, stderr: expect.stringMatching(message) });
    }
    expect(s.requests).toEqual([]);
  });

  it('a Redis that cannot be reached at the start: nothing sent, exit 4 naming Redis (and no password)', async () => {
    const { path } = staff(1);
    const url = `redis://someone:hunter2@127.0.0.1:${await closedPort()}`;
    const result = await runInProcess(dm(path, 'unreachable', '--redis', url), { env: s.env });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/^error: cannot reach Redis at redis:\/\/127\.0\.0\.1:\d+: .*nothing was sent\n$/);
    expect(result.stderr).not.toContain('hunter2');
    expect(s.requests).toEqual([]);
  });

  it('without the redis package installed beside opslink: exit 2 saying what to install', async () => {
    // The built package alone, as installed where nobody added redis: zod beside it, nothing else.
    const installed = mkdtempSync(join(tmpdir(), 'opslink-no-redis-'));
    cpSync(join(ROOT, 'dist'), join(installed, 'dist'), { recursive: true });
    cpSync(join(ROOT, 'package.json'), join(installed, 'package.json'));
    mkdirSync(join(installed, 'node_modules'));
    symlinkSync(join(ROOT, 'node_modules', 'zod'), join(installed, 'node_modules', 'zod'));
    const { path } = staff(1);
    const result = await run(dm(path, 'no package', '--redis', redis.url), {
      env: s.env,
      bin: join(installed, 'dist/cli/index.js'),
      cwd: installed,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--redis needs the redis package (node-redis >= 5) installed beside opslink: npm install redis');
    expect(s.requests).toEqual([]);
  });

  it('a second run of the campaign sends nothing and reports everyone already sent; a new text is a new campaign', async () => {
    const { path, people } = staff(3);
    const first = await runInProcess(dm(path, 'once', '--redis', redis.url, '--redis-prefix', 'cli'), { env: s.env });
    expect(first.code, first.stderr).toBe(0);
    expect(ndjson(first.stdout).map((l) => l.status)).toEqual(['sent', 'sent', 'sent']);
    s.requests.length = 0;
    const again = await runInProcess(dm(path, 'once', '--redis', redis.url, '--redis-prefix', 'cli'), { env: s.env });
    expect(again.code).toBe(0);
    expect(ndjson(again.stdout).map((l) => l.status)).toEqual(['already sent', 'already sent', 'already sent']);
    expect(s.requests).toEqual([]);
    expect([...received('once').values()]).toEqual([1, 1, 1]);
    const other = await runInProcess(dm(path, 'once more', '--redis', redis.url, '--redis-prefix', 'cli'), { env: s.env });
    expect(other.code).toBe(0);
    expect(received('once more').size).toBe(people.length);
  });

  it('three runs of one file at once: everyone messaged exactly once between them', async () => {
    const { path, people } = staff(45);
    const args = dm(path, 'three at once', '--redis', redis.url, '--rate', '30', '--journal', 'three-at-once');
    const results = await Promise.all([0, 1, 2].map(() => run(args, { env: s.env })));
    for (const r of results) expect(r.code, r.stderr).toBe(0);
    expect([...received('three at once').values()]).toEqual(people.map(() => 1));
    // Each run has a line for everyone: sent by exactly one run, already sent in the others.
    const byRecipient = new Map<string, string[]>();
    for (const r of results)
      for (const l of ndjson(r.stdout)) byRecipient.set(l.recipient, [...(byRecipient.get(l.recipient) ?? []), l.status]);
    expect(byRecipient.size).toBe(people.length);
    for (const statuses of byRecipient.values()) expect(statuses.sort()).toEqual(['already sent', 'already sent', 'sent']);
    expect(s.requests).toHaveLength(people.length);
  }, 60_000);

  /** Three runs at once, each on a file of its own (no recipient in two), on one Redis: their results. */
  async function threeRuns(count: number, body: string, ...flags: string[]) {
    const files = [staff(count), staff(count), staff(count)];
    s.inFlight.most = 0;
    const results = await Promise.all(files.map(({ path }) => run(dm(path, body, '--redis', redis.url, ...flags), { env: s.env })));
    for (const r of results) expect(r.code, r.stderr).toBe(0);
    expect([...received(body).values()]).toEqual(files.flatMap(({ people }) => people.map(() => 1)));
    // A run that Redis did not answer within its 1 s goes on on its own gate and says so, once (API.md).
    const fellBack = results.filter((r) => r.stderr.includes('rateLimitStore unavailable'));
    for (const r of fellBack) expect(r.stderr.split('rateLimitStore unavailable').length - 1).toBe(1);
    return { fellBack: fellBack.length };
  }

  it("three runs at once, each --concurrency 16: never more than one gate's maxConcurrency (16) in flight between them", async () => {
    s.messaging.faults.latency('POST /api/bot/messages', 400);
    const { fellBack } = await threeRuns(40, 'sixteen at most', '--concurrency', '16');
    // Each run alone may have its 16; all of them together, the gate's 16 (a run on its own gate, its own 16).
    expect(s.inFlight.most).toBeLessThanOrEqual(16 * (fellBack + 1));
  }, 60_000);

  it('three runs at once at --rate 30: 30 a second between them', async () => {
    const { fellBack } = await threeRuns(40, 'thirty a second', '--rate', '30');
    const arrivals = s.requests.map((r) => r.at).sort((a, b) => a - b);
    expect(arrivals).toHaveLength(120);
    // The gate books each start one interval (1/30 s) after the one before, from the first
    // (GCRA, on Redis's clock), so a start is never early; any may reach the service late (its
    // process, or this one that stamps it, busy). Only the first's lateness shortens the span
    // measured from it: 119 starts need 119/30 s, less that. Up to 1 s late holds on a busy
    // machine; a rate of 45/s would fit 119 into 2.6 s, 30 × 3.6 = 108 (a log that counted
    // each request twice read 55.7/s).
    const span = (arrivals.at(-1)! - arrivals[0]!) / 1000;
    expect(arrivals.length - 1).toBeLessThanOrEqual(30 * (fellBack + 1) * (span + 1));
  }, 60_000);

  it('three runs, one killed with SIGKILL and run again: everyone messaged exactly once, or unknown (what the killed run had in flight)', async () => {
    const { path, people } = staff(60);
    s.messaging.faults.latency('POST /api/bot/messages', 40);
    const args = dm(path, 'killed', '--redis', redis.url, '--journal', 'killed', '--concurrency', '4');
    const outputs = [0, 1, 2].map(() => start(args, { env: s.env }));
    const stdout = outputs.map((child) => {
      let out = '';
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
      return () => out;
    });
    const exited = outputs.map((child) => new Promise<number | null>((resolve) => child.on('close', resolve)));
    while (s.messaging.state.directMessages.filter((m) => m.body === 'killed').length < 10) await new Promise((r) => setTimeout(r, 5));
    outputs[0]!.kill('SIGKILL');
    const [, second, third] = await Promise.all(exited);
    expect([second, third]).toEqual([expect.any(Number), expect.any(Number)]);
    // Run again on the same file: it waits out the killed run's claims (20 s), then reports them unknown.
    const again = await run(args, { env: s.env });
    const lines = ndjson(again.stdout);
    expect(lines).toHaveLength(people.length);
    const counts = received('killed');
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const unknown = lines.filter((l) => l.status === 'unknown');
    expect(unknown.length).toBeLessThanOrEqual(4); // the killed run's concurrency
    for (const l of lines) {
      const person = people.find((p) => p.email === l.recipient)!;
      if (l.status === 'unknown') continue;
      expect(l.status).toBe('already sent');
      expect(counts.get(person.id)).toBe(1);
    }
    // Everyone was messaged, but for those the killed run may or may not have reached.
    expect(counts.size + unknown.filter((l) => !counts.has(people.find((p) => p.email === l.recipient)!.id)).length).toBe(people.length);
    expect(again.code).toBe(unknown.length ? 1 : 0);
    expect(stdout[1]!() + stdout[2]!()).not.toContain('"status":"failed"');
  }, 90_000);
});
