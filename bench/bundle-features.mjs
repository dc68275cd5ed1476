// What each wave-2 feature costs in the bundles: every entry built from a copy of src/ with
// one feature replaced by a stub that keeps its types, esbuild min+gzip with zod, beside the
// baseline of the same method (sources, not dist/, so the figures differ from
// bench/bundle.mjs's by the few hundred bytes tsup's output adds or drops).
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { report } from './lib.mjs';

const root = new URL('..', import.meta.url).pathname;
const work = `${root}.tmp/bundle-features/src`;
const stub = (file, text) => (dir) => writeFileSync(`${dir}/${file}`, text);
const VARIANTS = {
  baseline: () => {},
  'without the rate-limit gate': stub(
    'core/http/gate.ts',
    'export type Release = (o: string) => void; export class RateLimitGate { constructor(_: unknown) {} get pausedUntil() { return 0; } acquire(_s?: AbortSignal): Promise<Release> { return Promise.resolve(() => {}); } pause(_ms: number) {} }',
  ),
  'without bulk sends': stub(
    'core/bulk.ts',
    "export type BulkResult<T> = { index: number; status: 'fulfilled'; value: T }; export interface BulkProgress { done: number } export interface BulkOptions {} export class BulkPromise<T> extends Promise<BulkResult<T>[]> {} export function runBulk(..._a: unknown[]): any { return undefined; }",
  ),
  'without the browser guard': (dir) => {
    const file = `${dir}/core/config.ts`;
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(
        /export function checkBrowser\([\s\S]*?\n}\n/,
        'export function checkBrowser(..._a: unknown[]): void {}\n',
      ),
    );
  },
  // Issue 26's parts that stay in the core: what the journal seam and the store option cost.
  'without the bulk journal seam': stub(
    'core/bulk-queue.ts',
    'export function bulkQueue(list: any[], _o: unknown, send: any): any { let next = 0; return { take: () => (next < list.length ? next++ : undefined), send: (i: number, r: unknown) => send(list[i], r) }; }',
  ),
  'without the rateLimitStore option': (dir) => {
    const file = `${dir}/core/client-kit.ts`;
    const text = readFileSync(file, 'utf8').replace(
      / {2}if \(!common\.rateLimitStore\)[\s\S]*?\n}\n/,
      '  return new RateLimitGate(common);\n}\n',
    );
    writeFileSync(file, text.replace('gateScope, ', ''));
  },
  'without deadlines': stub(
    'core/http/deadline.ts',
    'export class CallDeadline { at: number | undefined = undefined; constructor(_a: unknown) {} get signal(): AbortSignal | undefined { return undefined; } remaining() { return Infinity; } get passed() { return false; } dispose() {} }',
  ),
};
const ENTRIES = ['messaging/index.ts', 'warehouse/index.ts', 'index.ts'];

async function sizes() {
  const out = [];
  for (const entry of ENTRIES) {
    const result = await build({
      stdin: { contents: `export * from '${work}/${entry}';`, resolveDir: root, loader: 'ts' },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
    });
    out.push(gzipSync(result.outputFiles[0].contents, { level: 9 }).length);
  }
  return out;
}

const rows = [];
let base;
for (const [name, apply] of Object.entries(VARIANTS)) {
  rmSync(work, { recursive: true, force: true });
  cpSync(`${root}src`, work, { recursive: true });
  apply(work);
  const measured = await sizes();
  base ??= measured;
  const cost = measured.map((bytes, i) => base[i] - bytes);
  rows.push([name, `${measured.join(' / ')} bytes${name === 'baseline' ? '' : ` (saves ${cost.join(' / ')})`}`]);
}
rmSync(work, { recursive: true, force: true });
report({ name: 'Bundle cost of wave-2 features (messaging / warehouse / opslink, min+gzip from sources)', rows, targets: [] });
