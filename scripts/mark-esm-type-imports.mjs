// After the build: msw is ESM-only, so the CommonJS declaration file of opslink/testing may
// import its types only with the `resolution-mode` attribute (else TypeScript reports TS1479
// under node16). The declaration bundler drops import attributes, so they are put back here.
import { readFile, writeFile } from 'node:fs/promises';

const file = new URL('../dist/testing/index.d.cts', import.meta.url);
const text = await readFile(file, 'utf8');
const fixed = text.replace(/^import (\{[^}]*\}) from 'msw';$/m, "import type $1 from 'msw' with { 'resolution-mode': 'import' };");
if (fixed === text && !text.includes("'resolution-mode': 'import'")) {
  throw new Error('dist/testing/index.d.cts: no msw type import found to mark');
}
await writeFile(file, fixed);
