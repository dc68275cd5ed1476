/**
 * The core (`opslink`, `opslink/messaging`, `opslink/warehouse` and their chunks) loads no
 * Node built-in and no package but ky and zod, so it runs unchanged in browsers, Deno, Bun,
 * workerd and edge runtimes; `opslink/testing` loads built-ins only lazily (startMockServer).
 * Reads the built dist/ (`npm test` builds first); npm run test:runtimes checks the packed one.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkNoNodeBuiltins, specifiersOf } from './runtimes/builtins-check.mjs';

const dist = new URL('../dist/', import.meta.url).pathname;

describe('no Node built-in in the core', () => {
  it.runIf(existsSync(`${dist}index.js`))('dist/ of the core entry points and their chunks', () => {
    const { files, violations } = checkNoNodeBuiltins(dist);
    expect(files).toEqual(expect.arrayContaining(['index.js', 'index.cjs', 'messaging/index.js', 'warehouse/index.cjs', 'proxy/index.js']));
    expect(files.some((file) => file.startsWith('chunk-'))).toBe(true);
    expect(violations).toEqual([]);
  });

  it('sees every way a built file can load a module', () => {
    const source = [
      'import{a as b}from"node:fs";export*from"fs/promises";import"os";',
      "import * as z from 'zod/mini';",
      'const http = require("node:http");',
      // the computed specifier startMockServer uses: import(`node:${name}`)
      'const os = await import(/* @vite-ignore */ `node:$' + '{name}`);',
    ].join('\n');
    expect(specifiersOf(source)).toEqual(
      expect.arrayContaining([
        { kind: 'static', specifier: 'node:fs' },
        { kind: 'static', specifier: 'fs/promises' },
        { kind: 'static', specifier: 'os' },
        { kind: 'static', specifier: 'zod/mini' },
        { kind: 'require', specifier: 'node:http' },
        { kind: 'dynamic', specifier: 'node:' },
      ]),
    );
  });
});
