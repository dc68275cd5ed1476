/**
 * The layers, as the folder READMEs state them: internal ← core ← messaging, warehouse ←
 * testing ← cli. Each folder imports only from itself and the layers below; the two services
 * never import each other; an entry point exports only names defined in its own folder (and
 * the core it shares). Read off the source's import statements, so a wrong import fails CI.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(new URL('../../src', import.meta.url).pathname);
const MAY_IMPORT: Record<string, string[]> = {
  internal: ['internal'],
  core: ['internal', 'core'],
  messaging: ['internal', 'core', 'messaging'],
  warehouse: ['internal', 'core', 'warehouse'],
  node: ['internal', 'core', 'node'],
  redis: ['internal', 'core', 'redis'],
  testing: ['internal', 'core', 'messaging', 'warehouse', 'testing'],
  cli: ['internal', 'core', 'messaging', 'warehouse', 'node', 'testing', 'cli', '(entry)'],
  otel: ['core', 'otel'],
  '(entry)': ['core', 'messaging', 'warehouse'],
};

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

/** Every relative import and re-export of a file, resolved to a source file path. */
function importsOf(file: string): { target: string; line: string; reexport: boolean }[] {
  const text = readFileSync(file, 'utf8');
  const found: { target: string; line: string; reexport: boolean }[] = [];
  for (const match of text.matchAll(/^(import|export)\b[^;]*?from\s+'(\.{1,2}\/[^']+)'|import\(\s*'(\.{1,2}\/[^']+)'\s*\)/gms)) {
    const spec = match[2] ?? match[3]!;
    found.push({
      target: resolve(file, '..', spec.replace(/\.js$/, '.ts')),
      line: match[0].split('\n')[0]!,
      reexport: match[1] === 'export',
    });
  }
  return found;
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
        const sharedCore = relative(SRC, target) === 'core/index.ts';
        if (!own && !sharedCore) wrong.push(`${relative(SRC, file)} → ${relative(SRC, target)}: ${line}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a folder’s files form no import cycle between folders (the order above is strict)', () => {
    const order = ['internal', 'core', 'messaging', 'warehouse', 'node', 'redis', 'otel', 'testing', 'cli', '(entry)'];
    const edges = new Set<string>();
    for (const file of sources) for (const { target } of importsOf(file)) edges.add(`${layerOf(file)}→${layerOf(target)}`);
    const backwards = [...edges].filter((edge) => {
      const [a, b] = edge.split('→') as [string, string];
      return a !== b && edges.has(`${b}→${a}`);
    });
    expect(backwards).toEqual([]);
    expect(order).toHaveLength(Object.keys(MAY_IMPORT).length);
  });

  it('every folder has a README saying what lives there and what it may import', () => {
    for (const layer of Object.keys(MAY_IMPORT).filter((l) => l !== '(entry)')) {
      const readme = readFileSync(join(SRC, layer, 'README.md'), 'utf8');
      expect(readme, layer).toMatch(/May import/i);
    }
  });
});
