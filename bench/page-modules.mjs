// Diagnostic, no target: which modules make up each page's first load (bench/page-bundle.mjs's
// pages, the same Vite build), each module's code gzipped alone (level 9) beside its minified
// length. A module's gzip alone is an upper bound of what it adds to the page's one gzipped
// chunk. Run after `npm run build`: `node bench/page-modules.mjs`.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { PAGES } from './page-bundle.mjs';

const repo = new URL('..', import.meta.url).pathname;
for (const [name, page] of Object.entries(PAGES)) {
  const dir = `${repo}.tmp/page-modules/${name.replace(/\W+/g, '-')}`;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/index.html`, '<form></form><script type="module" src="./main.js"></script>');
  writeFileSync(`${dir}/main.js`, page.code);
  const out = await build({ root: dir, configFile: false, logLevel: 'silent', build: { write: false, minify: true } });
  rmSync(dir, { recursive: true, force: true });
  const chunks = (Array.isArray(out) ? out[0] : out).output.filter((file) => file.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  const modules = Object.entries(entry.modules)
    .map(([id, m]) => [
      id.replace(/.*\/(dist\/browser|dist|node_modules)\//, '').replace(/^.*vite\//, 'vite/'),
      m.renderedLength,
      gzipSync(m.code ?? '', { level: 9 }).length,
    ])
    .filter(([, length]) => length > 0)
    .sort((a, b) => b[2] - a[2]);
  console.log(`\n${name}: first load ${gzipSync(entry.code, { level: 9 }).length} bytes (entry chunk, min+gzip)`);
  console.log('gzip alone\tminified\tmodule');
  for (const [id, length, gzipped] of modules) console.log(`${gzipped}\t${length}\t${id}`);
}
