// Target 6: bundle budgets. Everything each entry point exports, bundled by esbuild into one
// file, minified, with its dependencies, then gzipped. `--check` (`npm run check:size`, with
// bench/pages.mjs --check) exits non-zero when an entry is over its budget, unless it is a
// reported, still-open miss that has not grown (bench/budgets.ts).
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { BUDGETS, verdict } from './budgets.ts';
import { report } from './lib.mjs';
import { PAGES } from './pages.mjs';

async function gzippedSize(code) {
  const result = await build({
    stdin: { contents: code, resolveDir: new URL('..', import.meta.url).pathname, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    // The package's own "imports" (`#transport`, `#tracing`) as a browser's bundler resolves
    // them, by package.json's `browser` condition, not by the tsconfig paths type-checking uses.
    tsconfigRaw: '{}',
    write: false,
    logLevel: 'silent',
  });
  return gzipSync(result.outputFiles[0].contents, { level: 9 }).length;
}

const rows = [];
const targets = [];
for (const [entry, budget] of Object.entries(BUDGETS)) {
  // Everything the entry exports, as a bundler keeps it for `import * as x from entry`.
  const whole = await gzippedSize(`export * from '${entry}';`);
  rows.push([entry, `${(whole / 1024).toFixed(1)} KB (budget ${budget / 1024} KB)`]);
  targets.push({ entry, target: `${entry} ≤ ${budget / 1024} KB min+gzip`, value: whole, met: whole <= budget });
}
const client = await gzippedSize(`export { MessagingClient } from 'opslink/messaging';`);
rows.push(['only MessagingClient (tree-shaken)', `${(client / 1024).toFixed(1)} KB`]);
const warehouseClient = await gzippedSize(`export { WarehouseClient } from 'opslink/warehouse';`);
rows.push(['only WarehouseClient (tree-shaken)', `${(warehouseClient / 1024).toFixed(1)} KB`]);
// A page through opslink/proxy (issue 34): both clients made by viaProxy, no key in the page.
const viaProxy = await gzippedSize(
  `import { MessagingClient, WarehouseClient } from 'opslink'; export const m = MessagingClient.viaProxy('/opslink'), w = WarehouseClient.viaProxy('/opslink');`,
);
rows.push(['a page with both clients through viaProxy', `${(viaProxy / 1024).toFixed(1)} KB`]);
const zodFloor = await gzippedSize(
  `import * as z from 'zod/mini'; export const s = z.strictObject({ a: z.string().check(z.maxLength(3)) });`,
);
rows.push(['smallest zod/mini object schema, for scale', `${(zodFloor / 1024).toFixed(1)} KB`]);

// Issue 44's pages as one esbuild file each (everything they import inlined): bench/pages.mjs
// measures them as served, with four bundlers, and holds their first loads.
for (const [name, page] of Object.entries(PAGES)) {
  rows.push([`${name}: esbuild, one file`, `${await gzippedSize(page.code)} bytes`]);
}

if (!process.argv.includes('--check')) report({ name: 'Bundle size, esbuild min+gzip with dependencies', rows, targets });
if (process.argv.includes('--check')) {
  const verdicts = targets.map((t) => verdict(t.entry, t.value));
  for (const v of verdicts) console.error(v.line);
  process.exitCode = verdicts.some((v) => v.status === 'fail') ? 1 : 0;
}
