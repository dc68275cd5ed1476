/**
 * The TypeScript blocks of the README and of every guide in docs/ run as written, against the
 * mock services, so a guide cannot drift from the package. Type-checked by doc-examples.test.ts.
 * Two Node processes for all of them (test/support/docs-run.ts): starting Node, MSW and the
 * package for each block took seconds apiece.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocBlock, docBlocks, docFiles } from './support/doc-snippets.js';
import { type RedisServer, redisServerMissing, startRedis } from './support/redis.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const blocks = docBlocks();

/** The blocks of "Many processes" that connect to Redis run against a real redis-server (skipped, saying why, where there is none). */
const needsRedis = ({ code }: DocBlock) => code.includes("from 'opslink/redis'");
let redis: RedisServer | undefined;
beforeAll(async () => {
  if (!redisServerMissing) redis = await startRedis();
}, 30_000);
afterAll(async () => {
  await redis?.stop();
});

/**
 * A block written for a web page (it reads `document`): type-checked, not run here. The page of
 * the README and of "Browser apps" (test/examples/browser-app.chromium.test.ts runs such a page
 * as examples/browser-app), and the embed form checked with Ajv ("The OpenAPI documents"); the
 * test below keeps it to those, so no other block escapes running unnoticed.
 */
const inBrowser = ({ code }: DocBlock) => /\bdocument\./.test(code);
const named = ({ file, code }: DocBlock) => `${file}: ${code.split('\n', 1)[0]}`;

describe('the README and the guides', () => {
  it('have TypeScript examples, and every guide starts with a working example before its first section', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(40);
    // References, with no call to show: figures, tables, notes.
    const references = ['docs/assumptions.md', 'docs/design.md', 'docs/development.md', 'docs/reliability.md'];
    const late = docFiles()
      .filter((file) => file !== 'README.md' && !references.includes(file))
      .filter((file) => {
        const text = readFileSync(`${root}${file}`, 'utf8');
        const firstSection = text.search(/^## /m);
        return !/^```/m.test(text.slice(0, firstSection < 0 ? undefined : firstSection));
      });
    expect(late).toEqual([]);
  });

  it('runs every TypeScript block as written against the mock services', () => {
    const dir = `${root}.tmp/docs-run`;
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const files = blocks.map((block, i) => {
      const file = `${dir}/block-${String(i + 1).padStart(3, '0')}.ts`;
      writeFileSync(file, `// ${block.file}, block ${block.index}\n${block.code}`);
      return { file, block };
    });
    expect(blocks.filter(inBrowser).map(named)).toEqual([
      "README.md: import { MessagingClient } from 'opslink';",
      "docs/browser-apps.md: import { MessagingClient, RequestValidationError, WarehouseClient } from 'opslink';",
      "docs/openapi.md: import { Ajv2020 } from 'ajv/dist/2020.js';",
    ]);
    const runnable = files.filter(({ block }) => !inBrowser(block) && !(redisServerMissing && needsRedis(block)));
    if (redisServerMissing) console.warn(`Blocks that use Redis not run: ${redisServerMissing}`);
    // The blocks that start their own mocks run apart from those that meet the documents' hosts.
    const ownMocks = runnable.filter(({ block }) => block.code.includes("from 'opslink/testing'"));
    const documentHosts = runnable.filter((f) => !ownMocks.includes(f));
    const runs = [
      run(ownMocks.map((f) => f.file)),
      run(
        documentHosts.map((f) => f.file),
        ['--import', `${root}test/support/docs-services.ts`],
      ),
    ];
    for (const [result, group] of [
      [runs[0]!, ownMocks],
      [runs[1]!, documentHosts],
    ] as const) {
      const failed = result.stdout.slice(result.stdout.search(/^failed /m) >>> 0);
      expect({ failed, status: result.status, stderr: result.stderr.slice(0, 2000) }).toEqual({
        failed: '',
        status: 0,
        stderr: expect.any(String),
      });
      expect([...result.stdout.matchAll(/^ok (.*)$/gm)].map((m) => m[1])).toEqual(group.map((f) => f.file));
    }
  }, 180_000);
});

/** Runs block files in one Node process, from examples/ (where the quick start's orders.csv is). */
function run(files: string[], node: string[] = []) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OPSLINK_')));
  if (redis) env.REDIS_URL = redis.url;
  const runner = `${root}test/support/docs-run.ts`;
  return spawnSync(process.execPath, [...node, runner, ...files], { cwd: `${root}examples`, encoding: 'utf8', env, timeout: 120_000 });
}
