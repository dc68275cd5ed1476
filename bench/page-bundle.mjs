// What a page loads, by Vite's production build of a page's own script (the package resolved
// by its `browser` condition, or by `alias` from a copy of the sources), every file gzipped
// (level 9): a library of the diagnostics bench/bundle-features.mjs and bench/page-modules.mjs.
// The pages and their targets are bench/pages.mjs's (issue 44: four bundlers, as served).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { PAGES as ISSUE_44_PAGES } from './pages.mjs';

const repo = new URL('..', import.meta.url).pathname;

/** The pages of issue 44 (bench/pages.mjs): their code, and no call that loads a module on demand. */
export const PAGES = Object.fromEntries(Object.entries(ISSUE_44_PAGES).map(([name, page]) => [name, { loads: [], code: page.code }]));

/**
 * Bytes (min+gzip) a page loads: `initial` (its entry and static imports), `onDemand` (the
 * chunks its own calls load: `loads` names their modules) and `unused` (chunks of calls it
 * never makes). `alias` maps imports elsewhere (a copy of the source, for the feature table).
 */
export async function pageBytes(code, { loads = [], alias = [], name = 'page' } = {}) {
  const dir = `${repo}.tmp/page-bundle/${name.replace(/\W+/g, '-')}`;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/index.html`, '<form></form><script type="module" src="./main.js"></script>');
  writeFileSync(`${dir}/main.js`, code);
  const output = await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    resolve: { alias },
    build: { write: false, minify: true },
  });
  rmSync(dir, { recursive: true, force: true });
  const chunks = (Array.isArray(output) ? output[0] : output).output.filter((file) => file.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const loaded = new Set();
  const load = (chunk) => {
    if (loaded.has(chunk.fileName)) return;
    loaded.add(chunk.fileName);
    for (const file of chunk.imports) load(byName.get(file));
  };
  for (const chunk of chunks) if (chunk.isEntry) load(chunk);
  const initial = new Set(loaded);
  for (const chunk of chunks) if (chunk.isDynamicEntry && loads.some((m) => chunk.name === m)) load(chunk);
  const size = (names) => [...names].reduce((sum, file) => sum + gzipSync(byName.get(file).code, { level: 9 }).length, 0);
  const all = new Set(chunks.map((chunk) => chunk.fileName));
  const onDemand = [...loaded].filter((file) => !initial.has(file));
  const unused = [...all].filter((file) => !loaded.has(file));
  return { initial: size(initial), onDemand: size(onDemand), unused: size(unused), loaded: size(loaded) };
}

/** Every page's bytes: what it loads (its entry, static imports and its calls' chunks), and the parts. */
export async function measurePages() {
  const out = [];
  for (const [name, page] of Object.entries(PAGES)) out.push({ name, ...(await pageBytes(page.code, { loads: page.loads, name })) });
  return out;
}
