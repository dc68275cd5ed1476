/**
 * The generated fast checks are what the generator makes of the schemas today (CI also runs
 * `npm run fast-checks -- --check`), and every schema the operations and reads check has one
 * that can vouch: none is left to zod for every value.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FILES } from '../../scripts/fast-checks/files.ts';
import { generate } from '../../scripts/fast-checks/generate.ts';

const root = new URL('../../', import.meta.url);

describe.each(FILES.map((spec) => [spec.path, spec] as const))('%s', (path, spec) => {
  it('is a fresh build of the schemas, and vouches for every one of them', () => {
    const { text, unvouched } = generate(spec);
    expect(unvouched).toEqual([]);
    expect(readFileSync(new URL(path, root), 'utf8') === text, `${path} is stale: run \`npm run fast-checks\``).toBe(true);
  });
});
