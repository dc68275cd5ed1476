import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// Runs TypeDoc with the repository's typedoc.json (as `npm run docs` does), writing into .tmp
// instead of docs/api/, and reads its JSON model of the entry points and the site it built: the
// README as its index, the guides of docs/ as its documents (scripts/typedoc-guides.mjs).

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = `${root}.tmp/api-docs`;

/** Reflection kinds of TypeDoc's JSON model (`ReflectionKind` in typedoc). */
const KIND = { Module: 2, Variable: 32, Function: 64, Class: 128, Interface: 256, TypeAlias: 2097152 } as const;
const EXAMPLE_KINDS: Record<number, string> = {
  [KIND.Variable]: 'Variable',
  [KIND.Function]: 'Function',
  [KIND.Class]: 'Class',
  [KIND.Interface]: 'Interface',
  [KIND.TypeAlias]: 'TypeAlias',
};

interface JsonComment {
  blockTags?: { tag: string }[];
}
interface JsonReflection {
  name: string;
  kind: number;
  comment?: JsonComment;
  signatures?: { comment?: JsonComment }[];
  children?: JsonReflection[];
}

let run: { status: number | null; output: string };
/** The guides, by file name: docs/<name>.md is documents/<name>.html in the site. */
const guides = () =>
  readdirSync(`${root}docs`)
    .filter((name) => name.endsWith('.md'))
    .map((name) => name.slice(0, -'.md'.length));
let project: JsonReflection;

function typedoc(...extra: string[]): { status: number | null; output: string } {
  // typedoc's `exports` hide bin/typedoc from require.resolve; find it beside its package.json.
  const bin = join(dirname(createRequire(import.meta.url).resolve('typedoc/package.json')), 'bin', 'typedoc');
  const result = spawnSync(process.execPath, [bin, '--out', `${outDir}/html`, '--json', `${outDir}/api.json`, ...extra], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI colour codes from TypeDoc's log.
  return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}`.replace(/\u001b\[[0-9;]*m/g, '') };
}

beforeAll(() => {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  run = typedoc();
  // A run that failed on warnings writes no JSON: build it anyway so the @example check still
  // names its offenders next to the warnings.
  if (!existsSync(`${outDir}/api.json`)) typedoc('--treatWarningsAsErrors', 'false');
  project = JSON.parse(readFileSync(`${outDir}/api.json`, 'utf8')) as JsonReflection;
}, 120_000);

describe('API reference (TypeDoc)', () => {
  it('builds with no warnings and no errors', () => {
    const problems = run.output.split('\n').filter((line) => /\[(warning|error)\]/.test(line));
    expect(problems, `TypeDoc reported:\n${problems.join('\n')}`).toEqual([]);
    expect(run.status, run.output).toBe(0);
  });

  it('documents every entry point, named as they are imported', () => {
    const modules = (project.children ?? []).filter((child) => child.kind === KIND.Module).map((m) => m.name);
    expect(modules.sort()).toEqual([
      'opslink',
      'opslink/messaging',
      'opslink/otel',
      'opslink/proxy',
      'opslink/redis',
      'opslink/schemas',
      'opslink/testing',
      'opslink/warehouse',
    ]);
  });

  it('lists every heading of the README and of each guide whole in "On This Page"', () => {
    const onThisPage = (page: string) => {
      const html = readFileSync(`${outDir}/html/${page}`, 'utf8');
      const start = html.indexOf('<h3>On This Page</h3>');
      const navigation = html.slice(start, html.indexOf('</details>', start));
      const entities: Record<string, string> = { '&amp;': '&', '&#39;': "'", '&quot;': '"', '&lt;': '<', '&gt;': '>' };
      return [...navigation.matchAll(/<span>(.*?)<\/span>/g)].map((m) =>
        m[1]!.replace(/<wbr\/>/g, '').replace(/&(amp|#39|quot|lt|gt);/g, (entity) => entities[entity]!),
      );
    };
    const headings = (file: string) => {
      const text = readFileSync(`${root}${file}`, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
      return [...text.matchAll(/^#{1,3} (.*)$/gm)].map((m) => m[1]!.replace(/`/g, ''));
    };
    expect(onThisPage('index.html')).toEqual(headings('README.md'));
    for (const guide of guides()) expect(onThisPage(`documents/${guide}.html`), guide).toEqual(headings(`docs/${guide}.md`));
  });

  it('links the README and the reference to every guide, and each guide to the reference', () => {
    const html = (page: string) => readFileSync(`${outDir}/html/${page}`, 'utf8');
    const index = html('index.html');
    expect(guides().filter((guide) => !index.includes(`href="documents/${guide}.html"`))).toEqual([]);
    // Each module's page names the guides of its entry point.
    const modules = readdirSync(`${outDir}/html/modules`);
    const withoutGuide = modules.filter((page) => !/href="\.\.\/documents\/[\w-]+\.html/.test(html(`modules/${page}`)));
    expect(modules.length).toBeGreaterThanOrEqual(8);
    expect(withoutGuide).toEqual([]);
    // A guide names the exports it uses as links to their source; the site links them to their pages.
    const toReference = /href="\.\.\/(classes|functions|interfaces|types|variables|modules)\/[\w.$-]+\.html/;
    const references = ['assumptions', 'cli', 'design', 'development', 'openapi', 'performance', 'reliability', 'runtimes'];
    const unlinked = guides().filter((guide) => !references.includes(guide) && !toReference.test(html(`documents/${guide}.html`)));
    expect(unlinked).toEqual([]);
  });

  it('gives every exported class, function, variable, interface and type alias an @example', () => {
    const modules = (project.children ?? []).filter((child) => child.kind === KIND.Module);
    const hasExample = (comment: JsonComment | undefined) => comment?.blockTags?.some((tag) => tag.tag === '@example') ?? false;
    const checked: string[] = [];
    const offenders: string[] = [];
    for (const module of modules) {
      for (const child of module.children ?? []) {
        const kind = EXAMPLE_KINDS[child.kind];
        if (!kind) continue;
        const name = `${module.name}.${child.name} (${kind})`;
        checked.push(name);
        const comment = child.kind === KIND.Function ? child.signatures?.[0]?.comment : child.comment;
        if (!hasExample(comment)) offenders.push(name);
      }
    }
    expect(checked.length).toBeGreaterThan(20);
    expect(offenders, `Exports without an @example block:\n  ${offenders.join('\n  ')}`).toEqual([]);
  });
});
