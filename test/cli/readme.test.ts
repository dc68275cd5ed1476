/**
 * The README's "Command line" section: every `sh` block runs, in order, against the mock
 * services, with `opslink` on the PATH (the built command). Lines that start the mock
 * (`opslink mock`) or set its environment (`export OPSLINK_…`) are left out: the test serves
 * the mocks itself and sets that environment. Until the README has the section, it is read
 * from NOTES-cli.md, where it waits to be pasted.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, BIN, childEnv, ROOT, type Services, startServices } from './helpers.js';

/** The `## Command line` section of the first file that has one. */
function section(): { file: string; text: string } {
  for (const file of ['README.md', 'NOTES-cli.md']) {
    const path = join(ROOT, file);
    if (!existsSync(path)) continue;
    const text = readFileSync(path, 'utf8');
    const start = text.search(/^## Command line\b/m);
    if (start < 0) continue;
    const rest = text.slice(start + 1);
    const end = rest.search(/^## /m);
    return { file, text: end < 0 ? rest : rest.slice(0, end) };
  }
  throw new Error('README.md has no "## Command line" section');
}

const { file, text } = section();
/** The `export OPSLINK_…` lines the section shows, as name → value. */
const shownEnv = Object.fromEntries([...text.matchAll(/^export (OPSLINK_\w+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!.replace(/^'|'$/g, '')]));
const shownPort = /opslink mock --port (\d+)/.exec(text)?.[1];
const blocks = [...text.matchAll(/```sh\n([\s\S]*?)```/g)]
  .map((m) => m[1]!)
  .map((block) =>
    block
      .split('\n')
      .filter((line) => !/^\s*(npx )?opslink mock\b/.test(line) && !/^\s*export OPSLINK_/.test(line))
      .join('\n'),
  )
  .filter((block) => block.trim() !== '');

let s: Services;
const dir = mkdtempSync(join(tmpdir(), 'opslink-cli-readme-'));
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

describe(`${file}: the Command line section`, () => {
  it('has examples', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3);
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

  it('runs every example against the mock services', async () => {
    for (const block of blocks) {
      const result = await sh(block);
      expect({ block, status: result.status, stderr: result.stderr }).toEqual({ block, status: 0, stderr: expect.any(String) });
    }
    // Some twenty runs of the built command, one after another: on a busy machine, longer than one test's time.
  }, 90_000);
});
