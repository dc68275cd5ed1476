/**
 * A browser or worker bundle never holds the Node transport: `#transport` (package.json
 * "imports") resolves to the fetch variant under their conditions, and to node:http's only
 * under `node`. Bundles the built dist/ as bench/bundle.mjs does.
 */
import { existsSync } from 'node:fs';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;

/** The files a bundle of `entry` holds, one a line. */
async function bundle(entry: string, platform: 'browser' | 'node', conditions?: string[]): Promise<string> {
  const result = await build({
    stdin: { contents: `export * from '${entry}';`, resolveDir: root, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform,
    ...(conditions && { conditions }),
    // Not tsconfig.json's `paths` (for type-checking the source): the package's own "imports", as a user's bundler reads them.
    tsconfigRaw: '{}',
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs).join('\n');
}

const NODE_TRANSPORT = /^dist\/platform\/transport\.node\.js$/m;

describe.runIf(existsSync(`${root}dist/index.js`))('which transport a bundle holds', () => {
  for (const entry of ['opslink', 'opslink/messaging', 'opslink/warehouse']) {
    it(`${entry} for a browser: fetch only`, async () => {
      const code = await bundle(entry, 'browser');
      expect(code).toMatch(/^dist\/platform\/transport\.fetch\.js$/m);
      expect(code).not.toMatch(NODE_TRANSPORT);
    });
  }

  it('opslink for a worker (workerd, worker) and for Deno: fetch only', async () => {
    for (const conditions of [['workerd', 'worker'], ['deno'], ['bun']]) {
      const code = await bundle('opslink', 'node', conditions);
      expect(code, conditions.join()).not.toMatch(NODE_TRANSPORT);
    }
  });

  it('opslink for Node: the Node transport', async () => {
    expect(await bundle('opslink', 'node')).toMatch(NODE_TRANSPORT);
  });
});
