import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readmeBlocks } from './support/doc-snippets.js';
import { type RedisServer, redisServerMissing, startRedis } from './support/redis.js';

const root = fileURLToPath(new URL('..', import.meta.url));
// Type-checked by doc-examples.test.ts; run here.
const blocks = readmeBlocks();

/** The blocks of "Many processes" that connect to Redis run against a real redis-server (skipped, saying why, where there is none). */
const needsRedis = (code: string) => code.includes("from 'opslink/redis'");
let redis: RedisServer | undefined;
beforeAll(async () => {
  if (!redisServerMissing) redis = await startRedis();
}, 30_000);
afterAll(async () => {
  await redis?.stop();
});

describe('README', () => {
  it('has TypeScript examples', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(10);
  });

  it('runs every TypeScript block as written against the mock services', () => {
    const dir = `${root}.tmp/readme-run`;
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const files = blocks.map((code, i) => {
      const file = `${dir}/block-${String(i + 1).padStart(2, '0')}.ts`;
      writeFileSync(file, code);
      return { file, code };
    });
    // The blocks that start their own mocks run apart from those that meet the README's hosts.
    const runnable = files.filter(({ code }) => !inBrowser(code) && !(redisServerMissing && needsRedis(code)));
    if (redisServerMissing) console.warn(`README blocks that use Redis not run: ${redisServerMissing}`);
    const ownMocks = runnable.filter(({ code }) => code.includes("from 'opslink/testing'"));
    const readmeHosts = runnable.filter((f) => !ownMocks.includes(f));
    const runs = [
      run(ownMocks.map((f) => f.file)),
      run(
        readmeHosts.map((f) => f.file),
        ['--import', `${root}test/support/readme-services.ts`],
      ),
    ];
    expect(ownMocks.length + readmeHosts.length).toBe(
      blocks.filter((code) => !inBrowser(code) && !(redisServerMissing && needsRedis(code))).length,
    );
    expect(blocks.filter(inBrowser).map((code) => code.split('\n', 1)[0])).toEqual([
      "import { MessagingClient, RequestValidationError, WarehouseClient } from 'opslink';",
      "import { Ajv2020 } from 'ajv/dist/2020.js';",
    ]);
    for (const [result, group] of [
      [runs[0]!, ownMocks],
      [runs[1]!, readmeHosts],
    ] as const) {
      const failed = result.stdout.slice(result.stdout.search(/^failed /m) >>> 0);
      expect({ failed, status: result.status }).toEqual({ failed: '', status: 0 });
      expect([...result.stdout.matchAll(/^ok (.*)$/gm)].map((m) => m[1])).toEqual(group.map((f) => f.file));
    }
  }, 180_000);
});

/**
 * A block written for a web page (it reads `document`): type-checked above, not run here. Two
 * such blocks (the page of "Browser apps", which test/examples/browser-app.chromium.test.ts
 * runs as examples/browser-app, and the embed form checked with Ajv, in "Using the OpenAPI
 * documents"); a test below keeps it to those, so no other block escapes running unnoticed.
 */
function inBrowser(code: string): boolean {
  return /\bdocument\./.test(code);
}

/** Runs README block files in one Node process, from examples/ (where the quick start's orders.csv is). */
function run(files: string[], node: string[] = []) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OPSLINK_')));
  if (redis) env.REDIS_URL = redis.url;
  const runner = `${root}test/support/readme-run.ts`;
  return spawnSync(process.execPath, [...node, runner, ...files], { cwd: `${root}examples`, encoding: 'utf8', env, timeout: 120_000 });
}
