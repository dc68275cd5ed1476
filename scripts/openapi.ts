/**
 * `npm run openapi`: writes `openapi/messaging.json` and `openapi/warehouse.json` from the
 * SDK's schemas. With `--check`, writes nothing and fails when a committed document differs
 * from a fresh build (CI runs that before the build, which regenerates them).
 *
 * Run on Node 24 with its type stripping, and `scripts/openapi/resolve-ts.mjs` to map the
 * sources' `.js` specifiers to their `.ts` files.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { buildDocuments } from './openapi/index.ts';

const check = process.argv.includes('--check');
const folder = new URL('../openapi/', import.meta.url);
await mkdir(folder, { recursive: true });
const stale: string[] = [];
for (const [name, text] of Object.entries(buildDocuments())) {
  const file = new URL(name, folder);
  const current = await readFile(file, 'utf8').catch(() => undefined);
  if (current === text) continue;
  if (check) stale.push(`openapi/${name}`);
  else await writeFile(file, text);
}
if (stale.length > 0) {
  console.error(`${stale.join(' and ')} differ from a fresh build of the schemas: run \`npm run openapi\` and commit the result.`);
  process.exit(1);
}
