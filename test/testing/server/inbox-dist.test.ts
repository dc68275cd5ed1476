/**
 * The inbox page as published: the built package (dist/, which `npm test` builds first)
 * serves it from ES modules and from CommonJS, every file the page loads is in the
 * package's `files`, and the SDK's own entry points know nothing of it.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);
const pageFiles = readdirSync(new URL('src/testing/server/inbox/', root)).sort();

interface BuiltTesting {
  createMessagingMock(): unknown;
  startMockServer(options: { messaging: unknown }): Promise<{ url: string; close(): Promise<void> }>;
}

/** Every file the page asks for, following its module imports from index.html. */
async function loadPage(url: string): Promise<Map<string, Response>> {
  const seen = new Map<string, Response>();
  const queue = ['/'];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    const response = await fetch(`${url}${path}`);
    seen.set(path, response);
    const text = await response.clone().text();
    for (const match of text.matchAll(/(?:src|href)="(\/_inbox\/[^"]+)"|from '\.\/([^']+)'/g))
      queue.push(match[1] ?? `/_inbox/${match[2]}`);
  }
  return seen;
}

async function checkServes(testing: BuiltTesting): Promise<void> {
  const server = await testing.startMockServer({ messaging: testing.createMessagingMock() });
  try {
    const files = await loadPage(server.url);
    expect(
      [...files.keys()]
        .filter((p) => p !== '/')
        .map((p) => p.slice('/_inbox/'.length))
        .sort(),
    ).toEqual(pageFiles.filter((f) => f !== 'index.html'));
    for (const [path, response] of files) expect(response.status, path).toBe(200);
    expect(files.get('/')!.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(files.get('/_inbox/app.js')!.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await files.get('/_inbox/app.js')!.text()).toBe(readFileSync(new URL('src/testing/server/inbox/app.js', root), 'utf8'));
  } finally {
    await server.close();
  }
}

describe('the inbox page in the built package', () => {
  it('is served by the ES module build, every file the page loads included', async () => {
    await checkServes((await import(new URL('../../../dist/testing/index.js', import.meta.url).href)) as BuiltTesting);
  });

  it('is served by the CommonJS build', async () => {
    const require = createRequire(import.meta.url);
    await checkServes(require('../../../dist/testing/index.cjs') as BuiltTesting);
  });

  it('is in the packed tarball, beside the testing entry', () => {
    const result = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    const packed = (JSON.parse(result.stdout) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
    for (const file of pageFiles) expect(packed).toContain(`dist/testing/inbox/${file}`);
  });

  it('stays out of the SDK entry points', () => {
    for (const entry of ['index.js', 'index.cjs', 'messaging/index.js', 'warehouse/index.js']) {
      const source = readFileSync(new URL(`dist/${entry}`, root), 'utf8');
      expect(source, entry).not.toMatch(/_inbox|startMockServer|EventSource/);
    }
  });
});
