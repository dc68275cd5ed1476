// Builds only when dist/ is missing or was built from other sources: `npm test` and `npm run
// demo` need the built package (the demo, the CLI and the memory tests run it in child
// processes), and CI builds once before them; a second `npm test` should not rebuild.
//
//   node scripts/build-stamp.mjs write    after `npm run build`: records what it was built from
//   node scripts/build-stamp.mjs ensure   builds (quietly, one line) unless dist/ is current
//
// The stamp (.tmp/build-stamp.json, ignored by git) holds a hash of the build's inputs and
// the list of files the build left in dist/ with their sizes: a changed input, a deleted or
// edited file in dist/, or a build that failed half-way all count as stale.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stampFile = join(root, '.tmp/build-stamp.json');

/** What `npm run build` reads: the sources, the build's configuration and the scripts it runs. */
const INPUTS = [
  'src',
  'tsup.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/mark-esm-type-imports.mjs',
  'scripts/copy-inbox-assets.mjs',
  'scripts/openapi.ts',
  'scripts/openapi',
  'scripts/build-stamp.mjs',
];

function filesUnder(path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { withFileTypes: true })
    .map((entry) => join(path, entry.name))
    .sort()
    .flatMap(filesUnder);
}

function inputsHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesUnder))
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(root, file)))
      .update('\0');
  return hash.digest('hex');
}

/** dist/ as the build left it: every file and its size. */
function distListing() {
  return filesUnder('dist').map((file) => `${relative('dist', file)} ${statSync(join(root, file)).size}`);
}

function current() {
  if (!existsSync(stampFile)) return false;
  try {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
    const listing = distListing();
    return stamp.inputs === inputsHash() && listing.length > 0 && JSON.stringify(stamp.dist) === JSON.stringify(listing);
  } catch {
    return false;
  }
}

const mode = process.argv[2];
if (mode === 'write') {
  mkdirSync(join(root, '.tmp'), { recursive: true });
  writeFileSync(stampFile, `${JSON.stringify({ inputs: inputsHash(), dist: distListing() }, null, 1)}\n`);
} else if (mode === 'ensure') {
  if (current()) {
    console.log('build: dist/ is current (built from these sources)');
  } else {
    const quietly = join(root, 'scripts/quietly.mjs');
    const result = spawnSync(process.execPath, [quietly, 'build', 'npm', 'run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
    process.exitCode = result.status ?? 1;
  }
} else {
  console.error('usage: node scripts/build-stamp.mjs write|ensure');
  process.exitCode = 2;
}
