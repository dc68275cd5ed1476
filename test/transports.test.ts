/**
 * The list of files run on both transports (test/support/transports.ts) stays true: every
 * entry names a test file of the node suite, no file is in both lists, every node-only file
 * says why, and a file that picks a transport by name is listed. The other direction (a file
 * that sends over the Node transport is listed) is checked after every file of the node
 * project by test/support/transport-check.ts, from what the file actually sent.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOTH_TRANSPORTS, NODE_ONLY } from './support/transports.js';

const root = new URL('..', import.meta.url).pathname;

function testFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ['test/browser', 'test/runtimes'].includes(path) ? [] : testFiles(path);
    return path.endsWith('.test.ts') ? [path] : [];
  });
}

describe('test/support/transports.ts', () => {
  const listed = [...BOTH_TRANSPORTS, ...Object.keys(NODE_ONLY)];

  it('names test files of the node suite, each once', () => {
    const all = testFiles('test');
    for (const file of listed) expect(all, file).toContain(file);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('says why each node-only file runs once', () => {
    for (const [file, why] of Object.entries(NODE_ONLY)) expect(why.length, file).toBeGreaterThan(40);
  });

  it('lists every file that imports a transport by name (#transport, the routing of Node fetch)', () => {
    const naming = testFiles('test').filter((file) =>
      /from '(#transport|[./]+src\/platform\/(transport|fetch-routing)\.)/.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(naming.length).toBeGreaterThan(0);
    for (const file of naming) expect(listed, `${file} picks a transport by name`).toContain(file);
  });
});
