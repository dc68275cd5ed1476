import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const readme = readFileSync(`${root}README.md`, 'utf8');
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);

describe('README', () => {
  it('has TypeScript examples', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(10);
  });

  it('type-checks every TypeScript block against the package', () => {
    const dir = `${root}.tmp/readme`;
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    for (const [i, code] of blocks.entries()) writeFileSync(`${dir}/block-${String(i + 1).padStart(2, '0')}.ts`, `${code}\nexport {};\n`);
    writeFileSync(
      `${dir}/tsconfig.json`,
      JSON.stringify({ extends: '../../tsconfig.test.json', compilerOptions: { noEmit: true, noUnusedLocals: false }, include: ['*.ts'] }),
    );
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const result = spawnSync(process.execPath, [tsc, '-p', `${dir}/tsconfig.json`], { encoding: 'utf8', timeout: 120_000 });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
