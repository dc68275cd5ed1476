/**
 * Nothing a service sends escapes a call (API.md "Package", reading answers), seen from
 * outside the process: fixtures/hostile-child.ts runs the built package, over the Node
 * transport and over Node's fetch, against a raw TCP server whose every answer is a
 * fast-check scenario (any status, codings unknown, malformed, stacked and mislabelled,
 * random bytes, bombs that decode to 1 GiB, JSON nested 200,000 deep, cuts, resets, bad
 * chunking, answers that never end). Every call settles with a value or an `OpslinkError`
 * within its deadline, no exception or rejection escapes, the child never dies, and its
 * memory stays within what its limits allow: up to eight calls at once, each reading at most
 * 8 MiB. Before bounded reading, the same run hung a call on a brotli bomb past its deadline.
 *
 * The child runs the built package whichever project runs this file (test/README.md), so it
 * runs once, in `node`.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('./fixtures/hostile-child.ts', import.meta.url));
const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const RUNS = 40;
const SEED = 20_261_129;
/**
 * The child's peak RSS: Node and the package (~70 MiB), eight calls reading up to 8 MiB each,
 * their bytes held once as chunks and once as text while a cut error body is made, and what
 * the garbage collector has not yet taken back. Reading without a bound, one bomb takes 1 GiB.
 */
const RSS_BOUND_MIB = 512;

interface ChildReport {
  runs: number;
  outcomes: Record<string, number>;
  escapes: string[];
  failures: string[];
  maxRssMiB: number;
}

function runChild(): Promise<{ code: number | null; signal: string | null; report: ChildReport | undefined; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CHILD, DIST, String(RUNS), String(SEED)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('exit', (code, signal) => {
      const last = stdout.trim().split('\n').at(-1) ?? '';
      let report: ChildReport | undefined;
      try {
        report = JSON.parse(last) as ChildReport;
      } catch {}
      resolve({ code, signal, report, stderr: stderr.slice(-4_000) });
    });
  });
}

it(`any answer, on both transports (${RUNS} runs of up to 8 calls at once): every call settles with a value or an OpslinkError, nothing escapes, memory bounded`, async () => {
  const { code, signal, report, stderr } = await runChild();
  expect({ code, signal, stderr: report ? '' : stderr }).toEqual({ code: 0, signal: null, stderr: '' });
  expect(report?.escapes).toEqual([]);
  expect(report?.failures).toEqual([]);
  expect(report?.maxRssMiB).toBeLessThan(RSS_BOUND_MIB);
  // The scenarios reached every way a call ends: resolved, refused by status, unreadable, cut off, timed out.
  const outcomes = report?.outcomes ?? {};
  for (const kind of ['resolved', 'APIError', 'ResponseValidationError', 'APIConnectionError', 'APIConnectionTimeoutError'])
    expect(outcomes[kind], kind).toBeGreaterThan(0);
}, 120_000);
