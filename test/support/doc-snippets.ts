/**
 * The code the documents show: the TypeScript blocks of the README and the guides (docs/), and
 * every `@example` of the API reference, each made a compilable file (its imports and the
 * "givens" an example may take for granted); and one tsc run over all of them, each error
 * named by its snippet. One program for all: each check alone spent most of its 7 s of CPU
 * loading the same package and lib types.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A snippet as tsc checks it: named for the reader (a README block's number, an example's file and first line). */
export interface Snippet {
  name: string;
  text: string;
}

/** The documents whose TypeScript blocks the tests compile and run: the README, then each guide of docs/. */
export function docFiles(): string[] {
  const guides = readdirSync(`${root}docs`)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...guides];
}

/** A ```ts block of a document, as written: its file (from the repository's root) and its number there. */
export interface DocBlock {
  file: string;
  index: number;
  code: string;
}

/** The ```ts blocks of `file` (README.md, docs/<guide>.md), as written. */
export function blocksOf(file: string): DocBlock[] {
  const text = readFileSync(`${root}${file}`, 'utf8');
  return [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m, i) => ({ file, index: i + 1, code: m[1]! }));
}

/** Every ```ts block of the README and the guides. */
export function docBlocks(): DocBlock[] {
  return docFiles().flatMap(blocksOf);
}

/** The blocks as files: each a module of its own, named by its document and number. */
export function docSnippets(): Snippet[] {
  return docBlocks().map(({ file, index, code }) => ({ name: `${file} block ${index}`, text: `${code}\nexport {};\n` }));
}

/** What an example may use without saying where it came from, by the folder it is written in. */
function givens(file: string): Record<string, string> {
  const warehouseSide = /\/(warehouse)\//.test(file);
  return {
    messaging: 'MessagingClient',
    warehouse: 'WarehouseClient',
    client: warehouseSide ? 'WarehouseClient' : 'MessagingClient',
    mock: warehouseSide ? 'WarehouseMock' : 'MessagingMock',
    order: 'InboundOrder',
  };
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'inbox' ? [] : sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The names a built entry exports (its `export { … }` lists). */
function exportsOf(dts: string): Set<string> {
  const text = readFileSync(`${root}dist/${dts}`, 'utf8');
  const names = [...text.matchAll(/export (?:type )?\{([^}]*)\}/g)].flatMap((m) => m[1]!.split(','));
  return new Set(
    names
      .map((n) =>
        n
          .trim()
          .replace(/^type /, '')
          .split(' as ')
          .pop()!
          .trim(),
      )
      .filter(Boolean),
  );
}

// A name after a lone `.` is a member (`mock.fetch`); after `...` it is spread, so it is used.
const uses = (code: string, name: string) => new RegExp(`(?<![\\w$])(?<!(?:^|[^.])\\.)${name.replace('$', '\\$')}\\b`).test(code);
const declares = (code: string, name: string) =>
  new RegExp(`\\b(const|let|var|function|class|interface|type|import)\\s+(\\{[^}]*\\b)?${name}\\b`).test(code);

/** One compilable file per `@example` of src/: its imports and givens, then the example as written. */
export function exampleSnippets(): Snippet[] {
  const sdk = exportsOf('index.d.ts');
  const schemas = exportsOf('schemas/index.d.ts');
  const testing = exportsOf('testing/index.d.ts');
  const files: Snippet[] = [];
  for (const file of sources(`${root}src`)) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/@example\s*\n(?:\s*\*.*\n)*?\s*\*\s*```ts\n([\s\S]*?)\n\s*\*\s*```/g)) {
      const code = m[1]!
        .split('\n')
        .map((line) => line.replace(/^\s*\* ?/, ''))
        .join('\n');
      const free = (name: string) => uses(code, name) && !declares(code, name);
      const fromSdk = [...sdk].filter(free);
      const fromSchemas = [...schemas].filter((name) => free(name) && !sdk.has(name));
      const fromTesting = [...testing].filter((name) => free(name) && !sdk.has(name) && !schemas.has(name));
      const given = Object.entries(givens(file)).filter(([name]) => free(name));
      const head = [
        fromSdk.length ? `import { ${fromSdk.join(', ')} } from 'opslink';` : '',
        fromSchemas.length ? `import { ${fromSchemas.join(', ')} } from 'opslink/schemas';` : '',
        fromTesting.length ? `import { ${fromTesting.join(', ')} } from 'opslink/testing';` : '',
        free('expect') ? "import { expect } from 'vitest';" : '',
        `import type { InboundOrder as Given_InboundOrder, MessagingClient as Given_MessagingClient, WarehouseClient as Given_WarehouseClient } from 'opslink';`,
        `import type { MessagingMock as Given_MessagingMock, WarehouseMock as Given_WarehouseMock } from 'opslink/testing';`,
        ...given.map(([name, type]) => `declare const ${name}: Given_${type};`),
      ];
      const where = `${file.slice(root.length)}:${source.slice(0, m.index).split('\n').length}`;
      // Named by file and first line: stable while the lines above it change.
      files.push({
        name: `${file.slice(root.length)}: ${code.split('\n', 1)[0]}`,
        text: `// ${where}\n${head.filter(Boolean).join('\n')}\n${code}\nexport {};\n`,
      });
    }
  }
  return files;
}

/**
 * Type-checks `snippets` in one tsc program (tsconfig.test.json's settings: `opslink` is the
 * source), in `.tmp/<folder>`; returns each failing snippet's errors by its name, and tsc's
 * whole output (an error tsc could not tie to a snippet is named by its own line).
 */
export function typecheckSnippets(
  folder: string,
  snippets: Snippet[],
): { errors: Map<string, string[]>; output: string; status: number | null } {
  const dir = `${root}.tmp/${folder}`;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [i, { text }] of snippets.entries()) writeFileSync(`${dir}/snippet-${String(i + 1).padStart(3, '0')}.ts`, text);
  writeFileSync(
    `${dir}/tsconfig.json`,
    JSON.stringify({ extends: '../../tsconfig.test.json', compilerOptions: { noEmit: true, noUnusedLocals: false }, include: ['*.ts'] }),
  );
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', `${dir}/tsconfig.json`, '--pretty', 'false'], {
    encoding: 'utf8',
    timeout: 170_000,
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  const errors = new Map<string, string[]>();
  for (const line of output.split('\n').filter((l) => l.includes('error TS'))) {
    const name = snippets[Number(/snippet-(\d+)\.ts/.exec(line)?.[1]) - 1]?.name ?? line;
    errors.set(name, [...(errors.get(name) ?? []), line.replace(/^.*?error /, '')]);
  }
  return { errors, output, status: result.status };
}
