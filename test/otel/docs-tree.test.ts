/**
 * The tree of docs/tracing.md ("A traced bulk send") is what examples/trace-bulk-send.ts
 * prints: a bulk send with a 429, its rate-limit wait and resend, drawn from the OpenTelemetry
 * SDK's in-memory exporter (run against the built package, as a user would).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;

describe("the tracing guide's tree", () => {
  it('is what examples/trace-bulk-send.ts prints', () => {
    const run = spawnSync(process.execPath, ['examples/trace-bulk-send.ts'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const [tree, results] = run.stdout.trim().split('\n\n');
    expect(results).toBe('results: sent, NotFoundError, sent');
    const guide = readFileSync(`${root}docs/tracing.md`, 'utf8');
    const section = guide.slice(guide.indexOf('## A traced bulk send'));
    const drawn = /```text\n([\s\S]*?)\n```/.exec(section)?.[1];
    expect(drawn).toBe(tree);
  });
});
