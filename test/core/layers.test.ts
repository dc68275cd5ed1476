/**
 * The layers, as the folder READMEs state them: internal ← seams ← platform ← core ←
 * messaging, warehouse ← proxy, testing ← cli. Each folder imports only from itself and the layers
 * below; the two services never import each other; an entry point exports only names defined
 * in its own folder (and the core it shares). Read off the source's import statements, the
 * package's own imports (`#transport`, `#tracing`: every variant package.json maps them to)
 * included, so a wrong import, an arrow running back up or a circle of files fails CI.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(new URL('../../src', import.meta.url).pathname);
const MAY_IMPORT: Record<string, string[]> = {
  internal: ['internal'],
  // The interfaces a platform, a store and a journal provide: below everything that uses or implements them.
  seams: ['internal', 'seams'],
  // `#transport`'s and `#tracing`'s variants: the core loads them by that name (package.json "imports").
  platform: ['internal', 'seams', 'platform'],
  core: ['internal', 'seams', 'platform', 'core'],
  messaging: ['internal', 'seams', 'core', 'messaging'],
  warehouse: ['internal', 'seams', 'core', 'warehouse'],
  node: ['internal', 'seams', 'core', 'node'],
  redis: ['internal', 'seams', 'core', 'redis'],
  otel: ['seams', 'core', 'otel'],
  // The server's side of browser apps: a fetch handler on the clients, and its Node adapter (no Node module).
  proxy: ['internal', 'seams', 'core', 'messaging', 'warehouse', 'proxy'],
  testing: ['internal', 'seams', 'core', 'messaging', 'warehouse', 'testing'],
  cli: ['internal', 'seams', 'core', 'messaging', 'warehouse', 'node', 'redis', 'testing', 'cli', '(entry)'],
  '(entry)': ['core', 'messaging', 'warehouse'],
};
/** The layers from the bottom up: an arrow between two layers runs only towards the start of this list. */
const ORDER = [
  'internal',
  'seams',
  'platform',
  'core',
  'messaging',
  'warehouse',
  'node',
  'redis',
  'otel',
  'proxy',
  '(entry)',
  'testing',
  'cli',
];

/** What each package import (`#transport`, `#tracing`) can resolve to, under any condition: the variants' sources. */
const PACKAGE_IMPORTS: Record<string, string[]> = (() => {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    imports: Record<string, unknown>;
  };
  const targets = (value: unknown): string[] =>
    typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(targets) : [];
  return Object.fromEntries(
    Object.entries(manifest.imports).map(([name, conditions]) => [
      name,
      [...new Set(targets(conditions).map((t) => join(SRC, t.replace(/^\.\/dist\//, '').replace(/\.c?js$/, '.ts'))))],
    ]),
  );
})();

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

function layerOf(file: string): string {
  const [first, second] = relative(SRC, file).split('/');
  return second === undefined ? '(entry)' : first!;
}

/** Every relative or package import and re-export of a file, resolved to source file paths (a package import to each variant). */
function importsOf(file: string): { target: string; line: string; reexport: boolean }[] {
  const text = readFileSync(file, 'utf8');
  const found: { target: string; line: string; reexport: boolean }[] = [];
  const pattern = /^(import|export)\b[^;]*?from\s+'((?:\.{1,2}\/|#)[^']+)'|import\(\s*'((?:\.{1,2}\/|#)[^']+)'\s*\)/gms;
  for (const match of text.matchAll(pattern)) {
    const spec = match[2] ?? match[3]!;
    const line = match[0].split('\n')[0]!;
    const reexport = match[1] === 'export';
    if (spec.startsWith('#')) {
      const variants = PACKAGE_IMPORTS[spec];
      if (!variants) throw new Error(`${relative(SRC, file)}: ${spec} is not in package.json "imports"`);
      for (const target of variants) found.push({ target, line, reexport });
    } else {
      found.push({ target: resolve(file, '..', spec.replace(/\.js$/, '.ts')), line, reexport });
    }
  }
  return found;
}

/** The first circle of imports among `files` (a path that comes back to its start), or `undefined`. */
function firstCircle(files: string[]): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): string[] | undefined => {
    if (state.get(file) === 'done') return undefined;
    if (state.get(file) === 'open') return [...path.slice(path.indexOf(file)), file];
    state.set(file, 'open');
    path.push(file);
    for (const { target } of importsOf(file)) {
      const circle = sources.includes(target) ? visit(target) : undefined;
      if (circle) return circle;
    }
    path.pop();
    state.set(file, 'done');
    return undefined;
  };
  for (const file of files) {
    const circle = visit(file);
    if (circle) return circle.map((f) => relative(SRC, f));
  }
  return undefined;
}

const sources = files(SRC);

describe('the layers of src/', () => {
  it('found the source and every layer in it', () => {
    expect(new Set(sources.map(layerOf))).toEqual(new Set(Object.keys(MAY_IMPORT)));
  });

  it('each folder imports only from itself and the layers below', () => {
    const wrong: string[] = [];
    for (const file of sources) {
      const from = layerOf(file);
      for (const { target, line } of importsOf(file)) {
        const to = layerOf(target);
        if (!MAY_IMPORT[from]!.includes(to)) wrong.push(`${relative(SRC, file)} (${from}) → ${to}: ${line}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('an entry point exports names of its own folder, or the core every entry shares', () => {
    const wrong: string[] = [];
    for (const file of sources.filter((f) => f.endsWith('/index.ts'))) {
      const folder = layerOf(file);
      for (const { target, line, reexport } of importsOf(file)) {
        if (!reexport) continue;
        const to = layerOf(target);
        const own = to === folder || (folder === '(entry)' && to !== 'testing' && to !== 'cli');
        // The seams' interfaces (RateLimitStore, BulkJournal, …) are public names the core shares with every entry.
        const sharedCore = relative(SRC, target) === 'core/index.ts' || (folder === 'core' && to === 'seams');
        if (!own && !sharedCore) wrong.push(`${relative(SRC, file)} → ${relative(SRC, target)}: ${line}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('no arrow runs back up: every import between layers points down the order', () => {
    const backwards = new Set<string>();
    for (const file of sources) {
      for (const { target } of importsOf(file)) {
        const [from, to] = [layerOf(file), layerOf(target)];
        if (ORDER.indexOf(to) > ORDER.indexOf(from)) backwards.add(`${from} → ${to} (${relative(SRC, file)})`);
      }
    }
    expect([...backwards]).toEqual([]);
    expect(new Set(ORDER)).toEqual(new Set(Object.keys(MAY_IMPORT)));
  });

  it('no circle of imports between files, the package imports included', () => {
    expect(firstCircle(sources)).toBeUndefined();
  });

  it('reads the package imports: #transport and #tracing resolve to every variant', () => {
    const core = sources.find((f) => f.endsWith('core/http/attempt.ts'))!;
    expect(importsOf(core).map((i) => relative(SRC, i.target))).toEqual(
      expect.arrayContaining(['platform/transport.node.ts', 'platform/transport.fetch.ts']),
    );
  });

  it('every folder has a README saying what lives there and what it may import', () => {
    for (const layer of Object.keys(MAY_IMPORT).filter((l) => l !== '(entry)')) {
      const readme = readFileSync(join(SRC, layer, 'README.md'), 'utf8');
      expect(readme, layer).toMatch(/May import/i);
    }
  });
});
