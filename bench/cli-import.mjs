// The command line: `opslink orders import FILE.csv --dry-run` of a 10,000-row CSV with 50
// planted errors reports all 50 with row and column, sends nothing, in under 2 s (the whole
// command, Node's start included, as a user waits for it).
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BULK_CSV_COLUMNS } from 'opslink';
import { fmt, median, report } from './lib.mjs';

const BIN = fileURLToPath(new URL('../dist/cli/index.js', import.meta.url));
const ROWS = 10_000;
const ERRORS = 50;

const good = {
  date: '03/14/2026',
  retailer: 'Walmart',
  order_number: 'PO-2001',
  item_name: '"Desk lamp, white"',
  color: 'white',
  brand_sku: 'LAMP-WHT',
  quantity: '24',
  asin: 'B000000001',
  unit_cost: '9.5',
  list_price: '24.99',
  fulfillment_type: 'fba',
  size: 'M',
  amazon_sku: '',
  client_notes: '"Fragile: glass, ""handle with care"""',
  tracking_numbers: '1Z999AA10123456784;9400111899223856928499',
  sold_as: 'individual',
  units_per_pack: '1',
  upc: '012345678905',
};
// Five kinds of error, each planted ten times: [column, bad cell, message start].
const planted = [
  ['quantity', '2.5', 'must be an integer'],
  ['unit_cost', 'cheap', 'must be a number'],
  ['fulfillment_type', 'pigeon', 'must be one of'],
  ['date', '02/30/2026', 'must be a real calendar day'],
  ['client_notes', '=SUM(A1:A9)', 'must not start with ='],
];
const letter = (i) => String.fromCharCode(65 + i);
const expected = new Map();
const lines = [BULK_CSV_COLUMNS.join(',')];
for (let i = 0; i < ROWS; i++) {
  const row = { ...good, order_number: `PO-${100000 + i}` };
  const spreadsheetRow = i + 2;
  // Every 200th row from the 100th: 50 rows, spread over the file.
  if (i % 200 === 100) {
    const [column, cell, message] = planted[expected.size % planted.length];
    row[column] = cell;
    // The line names the cell, then its value (as the command shows it), then the problem.
    expected.set(spreadsheetRow, [
      `row ${spreadsheetRow}, column ${letter(BULK_CSV_COLUMNS.indexOf(column))} (${column}), `,
      `: ${message}`,
    ]);
  }
  lines.push(BULK_CSV_COLUMNS.map((c) => row[c]).join(','));
}
if (expected.size !== ERRORS) throw new Error(`planted ${expected.size} errors, not ${ERRORS}`);
const dir = await mkdtemp(join(tmpdir(), 'opslink-bench-cli-'));
const file = join(dir, 'orders.csv');
await writeFile(file, `${lines.join('\r\n')}\r\n`);

// Credentials aimed at a closed port: a request sent would end the run with exit 4, not 1.
const env = {
  ...process.env,
  OPSLINK_WAREHOUSE_URL: 'http://127.0.0.1:9/api/v1',
  OPSLINK_WAREHOUSE_API_KEY: 'wh_bench_key_0000',
  OPSLINK_WAREHOUSE_ID: 'bench',
  OPSLINK_PROGRESS: '',
};

function once() {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, 'orders', 'import', file, '--dry-run'], { env });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.stdout.resume();
    child.on('error', reject);
    child.on('close', (code) => resolve({ ms: performance.now() - started, code, stderr }));
  });
}

function verify({ code, stderr }) {
  const reported = stderr.split('\n').filter((line) => line.startsWith('row '));
  const missing = [...expected.values()].filter(([cell, problem]) => !reported.some((r) => r.startsWith(cell) && r.includes(problem)));
  if (code !== 1 || reported.length !== ERRORS || missing.length) {
    throw new Error(`expected exit 1 and ${ERRORS} problems; got exit ${code}, ${reported.length} problems, ${missing.length} missing`);
  }
}

verify(await once()); // warm-up (the file in the page cache), and the check of what is reported
const times = [];
for (let i = 0; i < 7; i++) {
  const result = await once();
  verify(result);
  times.push(result.ms);
}
await rm(dir, { recursive: true, force: true });
const ms = median(times);
report({
  name: 'Command line: dry-run import of a 10,000-row CSV with 50 planted errors',
  rows: [
    ['file', `${ROWS.toLocaleString('en-US')} rows, ${(lines.join('\r\n').length / 1024).toFixed(0)} KB, ${ERRORS} errors of 5 kinds`],
    ['reported', `all ${ERRORS}, by row and column; exit 1; nothing sent`],
    [
      'wall time of `opslink orders import --dry-run`',
      `${fmt(ms, 0)} ms median of 7 (min ${fmt(Math.min(...times), 0)}, max ${fmt(Math.max(...times), 0)}); target < 2000 ms`,
    ],
  ],
  targets: [{ target: 'CLI dry-run import, 10,000 rows, 50 errors < 2000 ms', value: ms, met: ms < 2000 }],
  detail: { ms: times },
});
