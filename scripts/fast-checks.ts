/**
 * `npm run fast-checks`: writes each service's `fast-checks.generated.ts` from its zod
 * schemas (scripts/fast-checks/). With `--check`, writes nothing and fails when a committed
 * file differs from a fresh build (CI runs it; a test does the same).
 *
 * Run on Node 24 with its type stripping, and `scripts/openapi/resolve-ts.mjs` to map the
 * sources' `.js` specifiers to their `.ts` files.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { FILES } from './fast-checks/files.ts';
import { generate } from './fast-checks/generate.ts';

const check = process.argv.includes('--check');
const root = new URL('../', import.meta.url);
const stale: string[] = [];
for (const spec of FILES) {
  const { text, unvouched } = generate(spec);
  for (const line of unvouched) {
    console.error(`${spec.path}: no generated check for ${line}`);
    process.exitCode = 1;
  }
  const file = new URL(spec.path, root);
  const current = await readFile(file, 'utf8').catch(() => undefined);
  if (current === text) continue;
  if (check) stale.push(spec.path);
  else await writeFile(file, text);
}
if (stale.length > 0) {
  console.error(`${stale.join(' and ')} differ from a fresh build of the schemas: run \`npm run fast-checks\` and commit the result.`);
  process.exit(1);
}
