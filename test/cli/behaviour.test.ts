/**
 * What every command shares: secrets never printed, progress only on a terminal (or when
 * forced), Ctrl-C stops at once, a closed pipe ends quietly, help with working examples,
 * `opslink mock` and its `opslink-mock` alias; the built bin runs every command, and a run in
 * this process leaves nothing behind.
 */
import { createHook } from 'node:async_hooks';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stackFor } from '../../src/platform/agent.node.js';
import {
  assertBuilt,
  BIN,
  COMMANDS,
  childEnv,
  lines,
  MOCK_BIN,
  ROOT,
  run,
  runInProcess,
  SECRETS,
  type Services,
  start,
  startServices,
} from './helpers.js';

let s: Services;
beforeAll(async () => {
  assertBuilt();
  s = await startServices({ orders: 3000, shipments: 6 });
});
afterAll(() => s.close());
beforeEach(() => {
  s.requests.length = 0;
  s.warehouse.faults.reset();
});

const dir = mkdtempSync(join(tmpdir(), 'opslink-cli-behaviour-'));
/** An `opslink` on the PATH, as `npx opslink` gives one: the built command. */
const binDir = join(dir, 'bin');
execFileSync('mkdir', ['-p', binDir]);
writeFileSync(join(binDir, 'opslink'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
chmodSync(join(binDir, 'opslink'), 0o755);
const shellEnv = (env: Record<string, string>) => childEnv({ ...env, PATH: `${binDir}${delimiter}${process.env.PATH}` });

/** Runs a program to its end without blocking this process, which serves the mocks. */
function exec(
  file: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(file, args, { cwd: options.cwd ?? dir, env: options.env ?? childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
}

describe('secrets', () => {
  it('never appear in stdout, stderr, errors or --verbose logs', async () => {
    const wrongKey = 'wh_MARKER_wrong_55c1e0a9';
    const { first } = s.messaging.employees;
    const runs = await Promise.all([
      runInProcess(['dm', '--email', first.email, 'hi', '--verbose'], { env: s.env }),
      runInProcess(['dm', '--email', 'nobody@example.test', 'hi', '--verbose'], { env: s.env }),
      runInProcess(['post', '--content', 'x', '--verbose', '--webhook', s.webhookUrl]),
      runInProcess(['post', '--content', 'x', '--verbose'], { env: { ...s.env, OPSLINK_CHANNEL_KEY: 'chan_MARKER_bad_11' } }),
      runInProcess(['post', '--content', 'x', '--verbose', '--webhook', s.webhookUrl.replace(SECRETS.channelKey, 'chan_MARKER_bad_22')]),
      runInProcess(['webhook', 'parse', s.webhookUrl, '--format', 'table', '--verbose']),
      runInProcess(['orders', 'list', '--max', '2', '--verbose', '--format', 'csv'], { env: s.env }),
      runInProcess(['orders', 'list', '--verbose', '--api-key', wrongKey], { env: s.env }),
      runInProcess(['shipments', 'get', '00000000-0000-4000-8000-000000000000', '--verbose'], { env: s.env }),
      runInProcess(['orders', 'list', '--verbose', '--max-retries', '0', '--warehouse-url', 'http://127.0.0.1:9/api/v1'], { env: s.env }),
    ]);
    const printed = runs.map((r) => r.stdout + r.stderr).join('\n');
    expect(printed).toContain('[opslink] → GET /api/v1/inbound');
    for (const secret of [...Object.values(SECRETS), wrongKey, 'chan_MARKER_bad_11', 'chan_MARKER_bad_22']) {
      expect(printed).not.toContain(secret);
      expect(printed).not.toContain(encodeURIComponent(secret));
    }
    expect(runs.map((r) => r.code)).toEqual([0, 3, 0, 3, 3, 0, 0, 3, 3, 4]);
  });
});

describe('progress', () => {
  it('is silent when stderr is not a terminal', async () => {
    const result = await runInProcess(['orders', 'list', '--limit', '500', '--format', 'csv'], { env: s.env });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
  });

  it('shows pages and records of the total, the rate and the time left when forced; --quiet wins', async () => {
    const result = await runInProcess(['orders', 'list', '--limit', '500', '--format', 'csv'], {
      env: { ...s.env, OPSLINK_PROGRESS: '1' },
    });
    expect(result.code).toBe(0);
    const progress = lines(result.stderr);
    expect(progress.at(-1)).toMatch(/^orders · page 6 of 6 · 3,000 of 3,000 orders · [\d,]+\/s · done in [\d.]+s$/);
    for (const line of progress.slice(0, -1))
      expect(line).toMatch(/^orders · page \d of 6 · [\d,]+ of 3,000 orders · [\d,]+\/s · \S+ left$/);
    const flag = await runInProcess(['orders', 'list', '--limit', '500', '--max', '700', '--format', 'csv', '--progress'], { env: s.env });
    expect(lines(flag.stderr).at(-1)).toMatch(/^orders · page 2 of 2 · 700 of 700 orders/);
    const quiet = await runInProcess(['orders', 'list', '--limit', '500', '--quiet', '--progress'], {
      env: { ...s.env, OPSLINK_PROGRESS: '1' },
    });
    expect(quiet.stderr).toBe('');
  });

  it.runIf(spawnSync('script', ['--version']).status === 0)('is drawn in place on a terminal (under a pseudo-terminal)', async () => {
    const command = `"${process.execPath}" "${BIN}" orders list --limit 500 --format csv > "${join(dir, 'pty.csv')}"`;
    const result = await exec('script', ['-qfec', command, '/dev/null'], { env: childEnv(s.env) });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('\r\x1b[2Korders · page ');
    expect(result.stdout).toMatch(/orders · page 6 of 6 · 3,000 of 3,000 orders · [\d,]+\/s · done in/);
    expect(lines(readFileSync(join(dir, 'pty.csv'), 'utf8'))).toHaveLength(3001);
  });
});

describe('table', () => {
  it.runIf(spawnSync('script', ['--version']).status === 0)('is the default on a terminal, and fits its width', async () => {
    const command = `stty cols 50 rows 40; "${process.execPath}" "${BIN}" orders list --max 4 --quiet`;
    const result = await exec('script', ['-qfec', command, '/dev/null'], { env: childEnv(s.env) });
    expect(result.status).toBe(0);
    const table = result.stdout.split('\r\n').filter((line) => line !== '');
    expect(table).toHaveLength(5);
    expect(table[0]).toMatch(/^order_id {30}/);
    for (const line of table) expect([...line].length).toBeLessThanOrEqual(50);
  });
});

describe('Ctrl-C', () => {
  it('stops a long export at once: exit 130, whole lines only, no request after the signal', async () => {
    s.warehouse.faults.latency('GET /api/v1/inbound', 150);
    const child = start(['orders', 'list', '--limit', '50', '--format', 'ndjson'], { env: s.env });
    let stdout = '';
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise<{ code: number | null }>((resolve) => child.on('close', (code) => resolve({ code })));
    await new Promise<void>((resolve) => {
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        if (lines(stdout).length >= 100) resolve();
      });
    });
    const signalledAt = performance.now() + performance.timeOrigin;
    child.kill('SIGINT');
    const { code } = await exited;
    const stoppedIn = performance.now() + performance.timeOrigin - signalledAt;
    expect(code).toBe(130);
    // API.md: Ctrl-C ends the command within 2 s (from the signal: the child's exit is its own doing).
    expect(stoppedIn).toBeLessThan(2_000);
    expect(stderr).toBe('');
    expect(stdout.endsWith('\n')).toBe(true);
    const written = lines(stdout).map((line) => JSON.parse(line) as { order_id: string });
    expect(written.length % 50).toBe(0);
    expect(written.length).toBeLessThan(3000);
    // Pages one at a time: the request on its way when the signal came may reach the service
    // after it (a busy machine delays both the command and the server that stamps it, by more
    // than any slack in ms), but no other: one that went on would start a page every 150 ms
    // until it exited.
    expect(s.requests.filter((r) => r.at > signalledAt).length).toBeLessThanOrEqual(1);
  });

  it('a reader that goes away (| head) ends the export quietly', async () => {
    const child = start(['orders', 'list', '--limit', '50', '--format', 'ndjson'], { env: s.env });
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout!.once('data', () => child.stdout!.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(s.requests.length).toBeLessThan(60);
  });
});

describe('help, version, usage', () => {
  const commands = COMMANDS;

  it('--help on every command: usage, options, environment, an example', async () => {
    for (const command of commands) {
      const result = await (command === 'mock' ? run : runInProcess)([...command.split(' '), '--help']);
      expect(result.code, command).toBe(0);
      expect(result.stdout, command).toMatch(new RegExp(`^Usage: opslink ${command}`));
      expect(result.stdout, command).toMatch(/\nExamples?:\n(?: {2}\$ .*\n| {6}.*\n)*? {2}\$ .*opslink /);
    }
    const top = await runInProcess(['--help']);
    expect(top.code).toBe(0);
    for (const command of commands) expect(top.stdout).toContain(`  ${command} `);
    expect((await runInProcess(['help', 'orders', 'list'])).stdout).toMatch(/^Usage: opslink orders list/);
  });

  it("every command's examples work against the mock, in order, as one script (lines go on after a trailing \\)", async () => {
    const cwd = mkdtempSync(join(dir, 'examples-'));
    for (const command of commands.filter((c) => c !== 'mock')) {
      const help = (await runInProcess([...command.split(' '), '--help'])).stdout;
      const script = help
        .slice(help.search(/\nExamples?:\n/))
        .split('\n')
        .filter((l) => l.startsWith('  $ ') || l.startsWith('      '))
        .map((l) => l.slice(4))
        .join('\n');
      const env = shellEnv({ ...s.env, OPSLINK_WEBHOOK_URL: s.webhookUrl });
      const result = await exec('sh', ['-e', '-c', script], { cwd, env });
      expect({ script, status: result.status, stderr: result.stderr }).toEqual({ script, status: 0, stderr: expect.any(String) });
    }
    // Some twenty runs of the built command, one after another: on a busy machine, longer than one test's time.
  }, 90_000);

  it('--version prints the package version; no command, an unknown one or a bare group is a usage error', async () => {
    const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
    expect(await runInProcess(['--version'])).toMatchObject({ code: 0, stdout: `${version}\n` });
    const none = await runInProcess([]);
    expect(none.code).toBe(2);
    expect(none.stdout).toBe('');
    expect(none.stderr).toMatch(/^Usage: opslink \[global options\] <command>/);
    const unknown = await runInProcess(['send']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "send". The commands are dm, announce,');
    const group = await runInProcess(['orders']);
    expect(group.code).toBe(2);
    expect(group.stderr).toContain('orders needs a subcommand: orders list, orders import, orders update');
  });
});

describe('opslink mock', () => {
  async function serve(
    bin: string,
    args: string[],
  ): Promise<{ output: string; stop: () => Promise<{ code: number | null; stderr: string }> }> {
    const child = start(args, { bin });
    let output = '';
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    await new Promise<void>((resolve, reject) => {
      child.on('close', (code) => reject(new Error(`exited with ${code}: ${stderr}`)));
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
        if (output.includes('Press Ctrl+C to stop.')) resolve();
      });
    });
    return {
      output,
      stop: () =>
        new Promise((resolve) => {
          child.removeAllListeners('close');
          child.on('close', (code) => resolve({ code, stderr }));
          child.kill('SIGINT');
        }),
    };
  }

  it('serves both mocks, prints the environment for opslink, and stops on Ctrl-C with 0', async () => {
    const mock = await serve(BIN, ['mock', '--orders', '7', '--host', '127.0.0.1']);
    expect(mock.output).toMatch(/^opslink mock services on http:\/\/127\.0\.0\.1:\d+\n/);
    expect(mock.output).toContain('data          7 inbound orders, 40 shipments');
    const env = Object.fromEntries([...mock.output.matchAll(/^ {2}export (\w+)='([^']*)'$/gm)].map((m) => [m[1]!, m[2]!]));
    expect(Object.keys(env)).toEqual(expect.arrayContaining(['OPSLINK_WAREHOUSE_URL', 'OPSLINK_BOT_KEY', 'OPSLINK_WEBHOOK_URL']));
    const orders = await runInProcess(['orders', 'list', '--format', 'ndjson'], { env });
    expect(lines(orders.stdout)).toHaveLength(7);
    expect((await runInProcess(['post', '--content', 'hello'], { env: { OPSLINK_WEBHOOK_URL: env.OPSLINK_WEBHOOK_URL } })).code).toBe(0);
    expect(await mock.stop()).toEqual({ code: 0, stderr: 'stopped\n' });
  });

  it('opslink-mock is an alias of opslink mock', async () => {
    const mock = await serve(MOCK_BIN, ['--orders', '3', '--shipments', '2', '--seed', '5']);
    expect(mock.output).toContain('data          3 inbound orders, 2 shipments');
    expect((await mock.stop()).code).toBe(0);
    const help = await run(['--help'], { bin: MOCK_BIN });
    expect(help.stdout).toMatch(/^Usage: opslink mock/);
    expect((await run(['--port', 'x'], { bin: MOCK_BIN })).code).toBe(2);
  });
});

describe('the built bin (dist/cli/index.js), in a child process', () => {
  // What no run in this process shows: the bundle works, each command reads its credentials
  // from the process's environment, and the process exits with the command's code, its output
  // whole, with keep-alive sockets open. (`opslink mock`: above; Ctrl-C, pipes, terminals: above.)
  const ORDERS_CSV = join(ROOT, 'examples/orders.csv');

  it('runs every command to exit 0', async () => {
    const order = s.warehouse.state.inboundOrders[0]!;
    const shipment = s.warehouse.state.shipments[0]!;
    const [dm, announce, post, webhook, list, update, shipments, one] = await Promise.all([
      run(['dm', '--email', s.messaging.employees.first.email, 'from the bin'], { env: s.env }),
      run(['announce', '--title', 'From the bin', 'Doors close at 4 pm.'], { env: s.env }),
      run(['post', '--content', 'from the bin'], { env: s.env }),
      run(['webhook', 'parse', s.webhookUrl]),
      run(['orders', 'list', '--format', 'csv'], { env: s.env }),
      run(['orders', 'update', order.order_id, '--set', 'notes=from the bin'], { env: s.env }),
      run(['shipments', 'list', '--format', 'ndjson'], { env: s.env }),
      run(['shipments', 'get', shipment.shipment_id], { env: s.env }),
    ]);
    for (const result of [dm, announce, post, webhook, list, update, shipments, one]) expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(dm.stdout)).toMatchObject({ body: 'from the bin' });
    expect(JSON.parse(announce.stdout)).toMatchObject({ title: 'From the bin' });
    expect(s.messaging.state.channelMessages.at(-1)).toMatchObject({ content: 'from the bin' });
    expect(JSON.parse(webhook.stdout)).toMatchObject({ channelId: s.messaging.channelId, token: '[redacted]' });
    // Six pages, every line written before the process exits.
    expect(lines(list.stdout)).toHaveLength(3001);
    expect(s.warehouse.state.inboundOrders.find((o) => o.order_id === order.order_id)?.client_notes).toBe('from the bin');
    expect(lines(shipments.stdout)).toHaveLength(6);
    expect(JSON.parse(one.stdout)).toMatchObject({ shipment_id: shipment.shipment_id });
    const imported = await run(['orders', 'import', ORDERS_CSV], { env: s.env });
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ rows: 2, sent: true });
  });

  it('prints the help, and exits 2 on a usage error and 3 on a refusal', async () => {
    const [help, usage, refused] = await Promise.all([
      run(['--help']),
      run(['orders', 'lst'], { env: s.env }),
      run(['dm', '--email', 'nobody@example.test', 'hi'], { env: s.env }),
    ]);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/^Usage: opslink \[global options\] <command>/);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('did you mean "orders list"?');
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/^error: NotFoundError: /);
  });
});

describe('a run in this process (runInProcess)', () => {
  /** How many descriptors (files, sockets, pipes) the process has open, where the system lists them. */
  const descriptors = () => (existsSync('/proc/self/fd') ? readdirSync('/proc/self/fd').length : 0);

  it('leaves no socket, timer or open file behind: the idle keep-alive sockets end with it, as the bin ends them', async () => {
    const own = await startServices({ orders: 120 });
    const dir = mkdtempSync(join(tmpdir(), 'opslink-cli-leaks-'));
    const recipients = join(dir, 'recipients.txt');
    writeFileSync(recipients, `${own.messaging.employees.first.email}\n`);
    const runs = [
      ['orders', 'list', '--limit', '50', '--format', 'csv'],
      ['orders', 'import', join(ROOT, 'examples/orders.csv')],
      ['dm', '--to-file', recipients, 'hi', '--journal', join(dir, 'journal')],
      ['announce', '--title', 't', 'b', '--max-retries', '0', '--messaging-url', 'http://127.0.0.1:9'],
    ];
    // The sockets and timers made during the runs, until closed or cleared (a file's handle is
    // destroyed only when collected: the descriptors count files).
    const kinds = new Set(['TCPWRAP', 'Timeout', 'Immediate']);
    const made = new Map<number, string>();
    let recording = true;
    const hook = createHook({
      init: (id, type) => void (recording && kinds.has(type) && made.set(id, type)),
      destroy: (id) => void made.delete(id),
    });
    const open = descriptors();
    hook.enable();
    try {
      const codes: (number | null)[] = [];
      for (const args of runs) codes.push((await runInProcess(args, { env: own.env })).code);
      recording = false;
      expect(codes).toEqual([0, 0, 0, 4]);
      expect(Object.keys(stackFor('http:')?.agent.freeSockets ?? {})).toEqual([]);
      // The mock's end of each connection closes once the command's end is gone.
      for (let waited = 0; (made.size > 0 || descriptors() > open) && waited < 2_000; waited += 20)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect([...made.values()]).toEqual([]);
      expect(descriptors()).toBeLessThanOrEqual(open);
    } finally {
      hook.disable();
      await own.close();
    }
  });
});
