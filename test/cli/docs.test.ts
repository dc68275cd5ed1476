/**
 * The command line as the documents show it: every `sh` block of the README's "Command line"
 * section and of docs/cli.md runs, in order, against the mock services, with `opslink` on the
 * PATH (the built command). Lines that start the mock (`opslink mock`) or set its environment
 * (`export OPSLINK_…`) are left out: the test serves the mocks itself and sets that environment.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, BIN, childEnv, ROOT, type Services, startServices } from './helpers.js';

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
/** The README's `## Command line` section. */
function readmeSection(): string {
  const text = read('README.md');
  const start = text.search(/^## Command line\b/m);
  if (start < 0) throw new Error('README.md has no "## Command line" section');
  const rest = text.slice(start + 1);
  const end = rest.search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end);
}

const guide = read('docs/cli.md');
/** The `export OPSLINK_…` lines the guide shows, as name → value. */
const shownEnv = Object.fromEntries([...guide.matchAll(/^export (OPSLINK_\w+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!.replace(/^'|'$/g, '')]));
const shownPort = /opslink mock --port (\d+)/.exec(guide)?.[1];
const shBlocks = (text: string) =>
  [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)]
    .map((m) => m[1]!)
    .map((block) =>
      block
        .split('\n')
        .filter((line) => !/^\s*(npx )?opslink mock\b/.test(line) && !/^\s*export OPSLINK_/.test(line))
        .join('\n'),
    )
    .filter((block) => block.trim() !== '');
const readmeBlocks = shBlocks(readmeSection());
const guideBlocks = shBlocks(guide);

let s: Services;
const dir = mkdtempSync(join(tmpdir(), 'opslink-cli-docs-'));
const bin = join(dir, 'bin');
beforeAll(async () => {
  assertBuilt();
  s = await startServices({ orders: 250, shipments: 40 });
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'opslink'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(bin, 'opslink'), 0o755);
});
afterAll(() => s.close());

function sh(script: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const env = childEnv({ ...s.env, OPSLINK_WEBHOOK_URL: s.webhookUrl, PATH: `${bin}${delimiter}${process.env.PATH}` });
  const child = spawn('sh', ['-e', '-c', script], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
}

describe('the command line in the README and docs/cli.md', () => {
  it('has examples', () => {
    expect(readmeBlocks.length).toBe(1);
    expect(guideBlocks.length).toBeGreaterThanOrEqual(3);
  });

  it('shows the environment `opslink mock` prints (on its port)', async () => {
    const child = spawn(process.execPath, [BIN, 'mock', '--port', '0'], { env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    await new Promise<void>((resolve) =>
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
        if (output.includes('Press Ctrl+C')) resolve();
      }),
    );
    child.kill('SIGINT');
    const port = /on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)![1]!;
    const printed = Object.fromEntries(
      [...output.matchAll(/^ {2}export (OPSLINK_\w+)='(.*)'$/gm)].map((m) => [m[1]!, m[2]!.replace(`:${port}`, `:${shownPort}`)]),
    );
    expect(shownPort).toBeDefined();
    expect(shownEnv).toEqual(printed);
  });

  it("runs every example against the mock services, the README's first", async () => {
    for (const block of [...readmeBlocks, ...guideBlocks]) {
      const result = await sh(block);
      expect({ block, status: result.status, stderr: result.stderr }).toEqual({ block, status: 0, stderr: expect.any(String) });
    }
    // Some twenty runs of the built command, one after another: on a busy machine, longer than one test's time.
  }, 90_000);
});
