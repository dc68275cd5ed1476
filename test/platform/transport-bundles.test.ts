/**
 * A browser or worker bundle never holds the Node transport, and a browser's none of the
 * tracing channels nor the redirect follower: `#transport` (package.json "imports") resolves
 * to the browser's variant in a browser, the fetch variant under the workers' and Deno's and
 * Bun's conditions, and to node:http's only under `node`; a browser's bundler takes the SDK's
 * modules one file each (`dist/browser/`). Bundles the built dist/ as bench/bundle.mjs does.
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
/** `#tracing`'s publishing side: everywhere but in a browser bundle, which gets the no-op (issue 27: tracing costs a browser nothing). */
const TRACING_CHANNELS = /^dist\/platform\/tracing\.channels\.js$/m;

describe.runIf(existsSync(`${root}dist/index.js`))('which transport and tracing a bundle holds', () => {
  for (const entry of ['opslink', 'opslink/messaging', 'opslink/warehouse']) {
    it(`${entry} for a browser: the browser's fetch only, the SDK's modules one file each`, async () => {
      const code = await bundle(entry, 'browser');
      expect(code).toMatch(/^dist\/platform\/transport\.browser\.js$/m);
      expect(code).not.toMatch(/^dist\/platform\/(transport\.(fetch|node)|redirects)\.js$/m);
      expect(code).toMatch(/^dist\/browser\/core\/http\/http-client\.js$/m);
      expect(code).not.toMatch(/^dist\/chunk-/m);
      expect(code).toMatch(/^dist\/platform\/tracing\.none\.js$/m);
      expect(code).not.toMatch(TRACING_CHANNELS);
    });
  }

  it('opslink for a worker (workerd, worker) and for Deno: fetch only', async () => {
    for (const conditions of [['workerd', 'worker'], ['deno'], ['bun']]) {
      const code = await bundle('opslink', 'node', conditions);
      expect(code, conditions.join()).not.toMatch(NODE_TRANSPORT);
      expect(code, conditions.join()).toMatch(TRACING_CHANNELS);
    }
  });

  it('opslink for Node: the Node transport and the tracing channels', async () => {
    const code = await bundle('opslink', 'node');
    expect(code).toMatch(NODE_TRANSPORT);
    expect(code).toMatch(TRACING_CHANNELS);
  });
});
