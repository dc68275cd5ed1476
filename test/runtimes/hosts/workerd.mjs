/**
 * Runs the esbuild bundle of entries/worker.mjs in workerd through miniflare's JS API, with
 * no compatibility flags (no nodejs_compat), and fetches it once. Outbound fetches go to
 * workerd's own network service, which miniflare allows to reach private and loopback
 * addresses. Usage: node workerd.mjs <bundle.mjs> <runtimesDir>; config from OPSLINK_RUNTIME_CONFIG.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [bundlePath, runtimesDir] = process.argv.slice(2);
const require = createRequire(join(runtimesDir, 'package.json'));
const { Miniflare } = await import(pathToFileURL(require.resolve('miniflare')).href);
const versions = `miniflare ${require('miniflare/package.json').version}, workerd ${require('workerd/package.json').version}`;
console.log(`OPSLINK_VERSION ${versions}`);

const mf = new Miniflare({
  modules: true,
  scriptPath: bundlePath,
  compatibilityDate: '2026-07-01',
  bindings: { OPSLINK_RUNTIME_CONFIG: process.env.OPSLINK_RUNTIME_CONFIG },
});
try {
  const response = await mf.dispatchFetch('http://worker.local/');
  const result = await response.json();
  console.log(`OPSLINK_RESULT ${JSON.stringify(result)}`);
} finally {
  await mf.dispose();
}
