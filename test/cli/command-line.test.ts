/**
 * The command line forgives and explains: global options before the command, a group's
 * help, "did you mean" for commands, flags and members, our own words for every mistake
 * (never Node's parseArgs text), credential errors naming the flag or variable once, one
 * exit code (2) for any flag value a command cannot use, tables that keep values whole,
 * and `orders import` from stdin, with the cell's value in each problem and a clear word
 * when Ctrl-C comes during the upload. The command runs in this process; stdin, Ctrl-C, a
 * terminal and `mock` in a child process (the built command).
 */
import { spawn, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BULK_CSV_COLUMNS } from '../../src/warehouse/index.js';
import { assertBuilt, BIN, childEnv, lines, run, runInProcess, type Services, start, startServices } from './helpers.js';

let s: Services;
beforeAll(async () => {
  assertBuilt();
  s = await startServices({ orders: 30 });
});
afterAll(() => s.close());
beforeEach(() => {
  s.requests.length = 0;
  s.warehouse.faults.reset();
});

/** Node's own words from util.parseArgs, which must never reach the user. */
const PARSE_ARGS_TEXT = /Unknown option '|argument missing|is ambiguous|To specify a positional|ERR_PARSE_ARGS|Unexpected argument/;
/** A line of a stack trace. */
const STACK = /^\s+at /m;

describe('global options', () => {
  it('work before the command as after it: --verbose, --quiet, --timeout, --max-retries', async () => {
    const { first } = s.messaging.employees;
    const verbose = await runInProcess(['--verbose', 'dm', '--email', first.email, 'Dock 4'], { env: s.env });
    expect(verbose.code).toBe(0);
    expect(verbose.stderr).toContain('[opslink] → POST');
    const quiet = await runInProcess(['--quiet', 'orders', 'list', '--max', '2', '--progress'], { env: s.env });
    expect(quiet).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(quiet.stdout)).toHaveLength(2);
    expect((await runInProcess(['--timeout=5000', '-q', 'orders', 'list', '--max', '1'], { env: s.env })).code).toBe(0);
    s.warehouse.faults.add({ route: 'GET /api/v1/inbound', times: 1, fault: { hang: 5_000 } });
    const timedOut = await runInProcess(['--timeout', '300', '--max-retries', '0', 'orders', 'list'], { env: s.env });
    expect(timedOut.code).toBe(4);
    expect(timedOut.stderr).toMatch(/^error: APIConnectionTimeoutError: /);
  });

  it('--verbose never prints a stack trace for a usage error', async () => {
    for (const argv of [
      ['--verbose', 'dm'],
      ['dm', '--verbose'],
      ['--verbose', 'orders', 'lst'],
      ['--verbose', '--mail'],
    ]) {
      const result = await runInProcess(argv, { env: s.env });
      expect({ argv, code: result.code, stack: STACK.test(result.stderr) }).toEqual({ argv, code: 2, stack: false });
    }
  });
});

describe('commands and groups', () => {
  it('a group with --help prints its commands and exits 0; alone it is a usage error', async () => {
    for (const [group, names] of [
      ['orders', ['list', 'import', 'update']],
      ['shipments', ['list', 'get']],
      ['webhook', ['parse']],
    ] as const) {
      for (const argv of [
        [group, '--help'],
        ['--help', group],
        ['help', group],
      ]) {
        const result = await runInProcess(argv);
        expect({ argv, code: result.code, stderr: result.stderr }).toEqual({ argv, code: 0, stderr: '' });
        expect(result.stdout).toMatch(new RegExp(`^Usage: opslink ${group} <command>`));
        for (const name of names) expect(result.stdout).toMatch(new RegExp(`\\n {2}${name} +\\S`));
      }
    }
    expect((await runInProcess(['orders'])).code).toBe(2);
  });

  it('an unknown command is named, with the closest one', async () => {
    const sub = await runInProcess(['orders', 'lst']);
    expect(sub.code).toBe(2);
    expect(sub.stderr).toContain(
      'error: unknown command "orders lst"; did you mean "orders list"? The orders commands are list, import, update.',
    );
    const top = await runInProcess(['dn', '--email', 'a@example.test', 'hi']);
    expect(top.code).toBe(2);
    expect(top.stderr).toContain('error: unknown command "dn"; did you mean "dm"?');
  });
});

describe('mistakes on the command line', () => {
  it('are told in our own words, never in parseArgs text, and exit 2', async () => {
    const cases = [
      ['post', '--content "Deploy finished'], // an unbalanced quote in a script: one word
      ['orders', 'list', '--format'],
      ['orders', 'list', '-x'],
      ['orders', 'list', '--format', '--quiet'],
      ['dm', '--email'],
      ['mock', '--quiet=yes'],
      ['orders', 'list', 'extra'],
      ['--bogus', 'orders', 'list'],
    ];
    // `mock` in a child: it serves until a signal.
    const results = await Promise.all(cases.map((argv) => (argv[0] === 'mock' ? run : runInProcess)(argv, { env: s.env })));
    for (const [i, argv] of cases.entries()) {
      const result = results[i]!;
      expect({ argv, code: result.code, leaks: PARSE_ARGS_TEXT.test(result.stderr) }).toEqual({ argv, code: 2, leaks: false });
      expect(result.stderr).toMatch(/^error: /);
    }
    expect((await runInProcess(['orders', 'list', '--format'])).stderr).toContain('error: --format needs a value (FORMAT)');
    expect((await runInProcess(['orders', 'list', '--format', '--quiet'])).stderr).toContain(
      '--format needs a value (FORMAT), got the option --quiet',
    );
    expect(s.requests).toEqual([]);
  });

  it('say "did you mean" for a flag, a column, a --set field and an embed member', async () => {
    const flag = await runInProcess(['dm', '--mail', 'ada@example.test', 'hi'], { env: s.env });
    expect(flag.stderr).toContain('error: unknown option "--mail"; did you mean --email?');
    const column = await runInProcess(['orders', 'list', '--columns', 'order_id,colour'], { env: s.env });
    expect(column.stderr).toContain('error: --columns: no member "colour"; did you mean "color"?');
    const set = await runInProcess(['orders', 'update', s.warehouse.state.inboundOrders[0]!.order_id, '--set', 'colour=red'], {
      env: s.env,
    });
    expect(set.stderr).toContain('error: --set: no field "colour"; did you mean "color"?');
    expect([flag.code, column.code, set.code]).toEqual([2, 2, 2]);
    const embed = await run(['post', '--embed', '-', '--dry-run'], { env: s.env, input: '{"title":"Build 1042","colour":3066993}' });
    expect(embed.code).toBe(1);
    expect(embed.stderr).toContain('embeds.0: unknown member "colour"; did you mean "color"?');
    expect(s.requests).toEqual([]);
  });
});

describe('credentials', () => {
  it('a missing one names the flag or the variable to set, once', async () => {
    const dm = await runInProcess(['dm', '--email', 'ada@example.test', 'hi'], {
      env: { OPSLINK_MESSAGING_URL: s.env.OPSLINK_MESSAGING_URL },
    });
    expect(dm.code).toBe(2);
    expect(dm.stderr).toBe('error: a credential is missing: pass --bot-key or set OPSLINK_BOT_KEY; nothing was sent\n');
    const post = await runInProcess(['post', '--content', 'x']);
    expect(post.stderr).toBe(
      'error: a credential is missing: pass --webhook or set OPSLINK_WEBHOOK_URL (or --channel-key with --messaging-url); nothing was sent\n',
    );
    const orders = await runInProcess(['orders', 'list']);
    expect(orders.code).toBe(2);
    expect(lines(orders.stderr)).toEqual([
      'error: credentials are missing; nothing was sent:',
      '  pass --api-key or set OPSLINK_WAREHOUSE_API_KEY',
      '  pass --warehouse-id or set OPSLINK_WAREHOUSE_ID',
      '  pass --warehouse-url or --warehouse-domain or set OPSLINK_WAREHOUSE_URL or OPSLINK_WAREHOUSE_DOMAIN',
    ]);
    for (const result of [dm, post, orders]) expect(result.stderr).not.toMatch(/Client\.|botKey|apiKey/);
  });
});

describe('flag values', () => {
  it('one rule: a value the command cannot use exits 2 with a usage message, nothing sent', async () => {
    const cases = [
      [['orders', 'list', '--max', 'abc'], '--max takes a number, got "abc"'],
      [['orders', 'list', '--concurrency', '0'], '--concurrency: must be a whole number from 1 to 64'],
      [['orders', 'list', '--format', 'xml'], '--format must be one of table, json, ndjson, csv, got "xml"'],
      [['orders', 'list', '--columns', 'nope'], '--columns: no member "nope". The members are order_id,'],
      [['orders', 'list', '--timeout', '-1'], '--timeout: must be a positive number of milliseconds'],
      [['shipments', 'list', '--limit', '0'], '--limit: must be at least 1'],
      [['--max-retries', 'x', 'orders', 'list'], '--max-retries takes a number, got "x"'],
      [['mock', '--port', 'x'], '--port takes a number, got "x"'],
    ] as const;
    const results = await Promise.all(cases.map(([argv]) => (argv[0] === 'mock' ? run : runInProcess)([...argv], { env: s.env })));
    for (const [i, [argv, message]] of cases.entries()) {
      const result = results[i]!;
      expect({ argv, code: result.code }).toEqual({ argv, code: 2 });
      expect(result.stderr).toContain(message);
    }
    expect(s.requests).toEqual([]);
  });
});

describe('--format table', () => {
  it('keeps ids, dates and numbers whole and shortens text to fit', async () => {
    const result = await runInProcess(
      ['orders', 'list', '--format', 'table', '--max', '5', '--columns', 'order_id,date,item_name,quantity'],
      {
        env: { ...s.env, COLUMNS: '70' },
      },
    );
    expect(result.code).toBe(0);
    const rows = lines(result.stdout).slice(1);
    const orders = [...s.warehouse.state.inboundOrders].sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, 5);
    rows.forEach((row, i) => {
      expect([...row].length).toBeLessThanOrEqual(70);
      const [id, date] = row.split(/\s+/);
      expect(id).toBe(orders[i]!.order_id);
      expect(date).toMatch(/^\d\d\/\d\d\/\d{4}$/);
      expect(row).toMatch(new RegExp(` ${orders[i]!.quantity}$`));
    });
    expect(rows.some((row) => row.includes('…'))).toBe(true);
  });

  it('falls back to 80 columns when the width is 0 or unknown', async () => {
    const zero = await runInProcess(['orders', 'list', '--format', 'table', '--max', '3', '--quiet'], { env: { ...s.env, COLUMNS: '0' } });
    const widths = lines(zero.stdout).map((line) => [...line].length);
    expect(Math.max(...widths)).toBeLessThanOrEqual(80);
    expect(Math.max(...widths)).toBeGreaterThan(60);
    expect(lines(zero.stdout)[0]).toMatch(/^order_id\s+date\s+order_number/);
  });

  it.runIf(spawnSync('script', ['--version']).status === 0)('on a terminal that reports 0 columns, too', async () => {
    const command = `stty cols 0 rows 40; "${process.execPath}" "${BIN}" orders list --max 3 --quiet`;
    const child = spawn('script', ['-qfec', command, '/dev/null'], { env: childEnv(s.env), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    expect(await new Promise((resolve) => child.on('close', resolve))).toBe(0);
    const table = output.split('\r\n').filter((line) => line !== '');
    expect(table).toHaveLength(4);
    expect(table[0]).toMatch(/^order_id\s+date\s+order_number/);
    for (const line of table) expect([...line].length).toBeLessThanOrEqual(80);
  });
});

const HEADER = BULK_CSV_COLUMNS.join(',');
/** A row the create endpoint takes, with some cells replaced. */
const row = (cells: Partial<Record<(typeof BULK_CSV_COLUMNS)[number], string>> = {}) => {
  const base: Record<string, string> = {
    ...{ date: '03/14/2026', retailer: 'Walmart', order_number: 'PO-3001', item_name: 'Desk lamp', color: 'white' },
    ...{ brand_sku: 'LAMP-WHT', quantity: '24', unit_cost: '9.5', list_price: '24.99', fulfillment_type: 'wfs' },
  };
  return BULK_CSV_COLUMNS.map((c) => cells[c] ?? base[c] ?? '').join(',');
};

describe('orders import', () => {
  it('names the cell and its value in every problem, control characters escaped', async () => {
    const csv = `${HEADER}\n${row({ quantity: '12\x1b[31m' })}\n${row({ retailer: '' })}\n`;
    const result = await run(['orders', 'import', '-', '--dry-run'], { env: s.env, input: csv });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('row 2, column G (quantity), value "12\\x1B[31m": must be a number');
    expect(result.stderr).toContain('row 3, column B (retailer), empty: is required');
    expect(result.stderr).not.toContain('\x1b');
    expect(s.requests).toEqual([]);
  });

  it('"-" reads the CSV from stdin: checked, then uploaded', async () => {
    const before = s.warehouse.state.inboundOrders.length;
    const csv = `${HEADER}\n${row({ order_number: 'PO-STDIN-1' })}\n${row({ order_number: 'PO-STDIN-2' })}\n`;
    const checked = await run(['orders', 'import', '-', '--dry-run'], { env: s.env, input: csv });
    expect(checked.code).toBe(0);
    expect(JSON.parse(checked.stdout)).toMatchObject({ file: 'stdin', rows: 2, problems: 0, sent: false });
    const sent = await run(['orders', 'import', '-'], { env: s.env, input: csv });
    expect(sent.code).toBe(0);
    expect(JSON.parse(sent.stdout)).toMatchObject({ file: 'stdin', rows: 2, sent: true });
    expect(s.warehouse.state.inboundOrders).toHaveLength(before + 2);
    expect(s.warehouse.state.inboundOrders.map((o) => o.order_number)).toEqual(expect.arrayContaining(['PO-STDIN-1', 'PO-STDIN-2']));
  });

  it('Ctrl-C during the upload exits 130 saying the outcome is unknown and how to check', async () => {
    s.warehouse.faults.add({ route: 'POST /api/v1/inbound', times: 1, fault: { hang: 10_000 } });
    const child = start(['orders', 'import', '-'], { env: s.env });
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdin!.end(`${HEADER}\n${row({ order_number: 'PO-CTRL-C' })}\n`);
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    while (!s.requests.some((r) => r.method === 'POST')) await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toContain('interrupted during the upload of stdin: the upload had started, so whether the service created');
    expect(stderr).toContain('check with `opslink orders list`');
  });
});

describe('orders update --set trackingNumbers', () => {
  it('never sends an empty tracking number: empty entries are dropped', async () => {
    const order = s.warehouse.state.inboundOrders.find((o) => o.tracking_numbers.length === 0) ?? s.warehouse.state.inboundOrders[0]!;
    const patchOf = async (value: string) => {
      const result = await runInProcess(['orders', 'update', order.order_id, '--set', `trackingNumbers=${value}`, '--dry-run'], {
        env: s.env,
      });
      expect(result.code).toBe(0);
      return (JSON.parse(result.stdout) as { patch: { trackingNumbers?: string[] } }).patch.trackingNumbers;
    };
    expect(await patchOf('1Z001;;1Z002;')).toEqual(['1Z001', '1Z002']);
    for (const value of [';', '', ';;']) expect([value, await patchOf(value)]).not.toContainEqual(expect.arrayContaining(['']));
    const sent = await runInProcess(['orders', 'update', order.order_id, '--set', 'tracking_numbers=;1Z003;'], { env: s.env });
    expect(sent.code).toBe(0);
    expect(s.warehouse.state.inboundOrders.find((o) => o.order_id === order.order_id)?.tracking_numbers).toEqual(['1Z003']);
  });
});
