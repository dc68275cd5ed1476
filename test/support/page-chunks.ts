/**
 * A page's bundle as Vite 8 makes it (rolldown, platform browser, code split at dynamic
 * imports), from the SDK's sources as a build that keeps each module a file of its own and
 * says `"sideEffects": false` gives them to a bundler: which chunks the page loads at once,
 * which only when a dynamic import runs, and what modules each holds.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { rolldown } from 'rolldown';

const ROOT = new URL('../../', import.meta.url).pathname;
const SRC = `${ROOT}src/`;

export interface PageChunks {
  /** Modules (paths under the repository) of the chunks loaded with the page, and their gzipped bytes. */
  initial: { modules: string[]; bytes: number };
  /** The same of the chunks loaded only by a dynamic import. */
  lazy: { modules: string[]; bytes: number };
}

/** `code` (a page importing `opslink/…`) bundled, its chunks split into what loads at once and what loads later. */
export async function pageChunks(code: string): Promise<PageChunks> {
  const dir = mkdtempSync(join(tmpdir(), 'opslink-page-'));
  try {
    writeFileSync(join(dir, 'page.js'), code);
    const bundle = await rolldown({
      input: join(dir, 'page.js'),
      platform: 'browser',
      logLevel: 'silent',
      resolve: {
        alias: {
          'opslink/messaging': `${SRC}messaging/index.ts`,
          'opslink/warehouse': `${SRC}warehouse/index.ts`,
          'opslink/schemas': `${SRC}schemas.ts`,
          opslink: `${SRC}index.ts`,
          '#transport': `${SRC}platform/transport.fetch.ts`,
          '#tracing': `${SRC}platform/tracing.none.ts`,
        },
        extensionAlias: { '.js': ['.ts', '.js'] },
        modules: [`${ROOT}node_modules`],
      },
      treeshake: { moduleSideEffects: (id) => (id.startsWith(SRC) ? false : undefined) },
    });
    const { output } = await bundle.generate({ format: 'esm', minify: true });
    const chunks = new Map(output.flatMap((o) => (o.type === 'chunk' ? [[o.fileName, o] as const] : [])));
    const initial = new Set<string>();
    const visit = (name: string) => {
      if (initial.has(name)) return;
      initial.add(name);
      for (const imported of chunks.get(name)?.imports ?? []) visit(imported);
    };
    visit([...chunks.values()].find((chunk) => chunk.isEntry)?.fileName ?? '');
    const gather = (loaded: boolean) => {
      const picked = [...chunks.values()].filter((chunk) => initial.has(chunk.fileName) === loaded);
      return {
        modules: picked.flatMap((chunk) => Object.keys(chunk.modules).map((m) => m.replace(ROOT, ''))),
        bytes: picked.reduce((sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).length, 0),
      };
    };
    return { initial: gather(true), lazy: gather(false) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
