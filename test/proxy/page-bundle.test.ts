/**
 * A page's bundle of the built package, as a browser bundler makes it (bench/bundle.mjs'
 * method: esbuild, platform browser, the package's own imports by their browser condition):
 * opslink/proxy is never in it, and `viaProxy` is there without the Node transport or the
 * tracing channels. Reads dist/ (`npm test` builds first).
 */
import { existsSync } from 'node:fs';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;

async function bundle(code: string): Promise<string> {
  const result = await build({
    stdin: { contents: code, resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    tsconfigRaw: '{}',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/** Text only opslink/proxy holds: its answers and its CORS headers. */
const PROXY_CODE = /is not allowed through this proxy|access-control-allow-origin|The proxy could not complete the request/;

describe.runIf(existsSync(`${root}dist/proxy/index.js`))("a page's bundle", () => {
  it('never holds opslink/proxy, from any SDK entry, viaProxy in use', async () => {
    for (const entry of ['opslink', 'opslink/messaging', 'opslink/warehouse']) {
      const code = await bundle(`export * from '${entry}';`);
      expect({ entry, proxy: PROXY_CODE.test(code) }).toEqual({ entry, proxy: false });
    }
    const page = await bundle(
      "import { MessagingClient, WarehouseClient } from 'opslink'; export const m = MessagingClient.viaProxy('/opslink'), w = WarehouseClient.viaProxy('/opslink');",
    );
    expect(PROXY_CODE.test(page)).toBe(false);
    expect(page).toMatch(/is not taken through a proxy/);
    // The browser variants of the package's own imports: no Node HTTP stack, no channels.
    expect(page).not.toMatch(/node:http|diagnostics_channel/);
  });

  it('is what the server bundles from opslink/proxy: the handler, with no Node module', async () => {
    const server = await bundle("export * from 'opslink/proxy';");
    expect(PROXY_CODE.test(server)).toBe(true);
    expect(server).not.toMatch(/from"node:|require\("node:/);
  });
});
