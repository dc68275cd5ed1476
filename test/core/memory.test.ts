/**
 * No memory kept per call: with one long-lived caller signal passed to every call (a
 * server's shutdown signal), a key function or a `fetch` option, hooks and paging, the heap
 * after gc stays flat. Measured in a child process run with `--expose-gc` (see
 * memory/heap-per-call.ts): the slope of the heap over 10,000 calls or 1,000 pages, bounded
 * generously (a call that kept its response alive cost 5 KiB, a page of ten orders 15 KiB).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url);
const SCRIPT = 'test/core/memory/heap-per-call.ts';

async function measure(scenario: string): Promise<{ bytesPerUnit: number; samples: [number, number][] }> {
  const args = ['--expose-gc', '--import', './scripts/openapi/resolve-ts.mjs', SCRIPT, scenario];
  const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: ROOT });
  return JSON.parse(stdout);
}

describe('a long-lived caller signal keeps nothing of a call', () => {
  it.concurrent.each([
    ['with a fetch option, over 10,000 calls', 'fetch option', 200],
    ['with a key function and a deadline, over 10,000 calls', 'key function', 200],
    ['while paging, over 1,000 pages of ten orders', 'pages', 4_096],
  ])(
    '%s',
    async (_name, scenario, bound) => {
      const { bytesPerUnit, samples } = await measure(scenario);
      expect(bytesPerUnit, `heap after gc: ${JSON.stringify(samples)}`).toBeLessThan(bound);
    },
    120_000,
  );
});
