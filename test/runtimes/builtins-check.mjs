/**
 * "The core imports no Node built-in": follows the built files of `opslink`,
 * `opslink/messaging` and `opslink/warehouse` (ESM and CJS) through every relative import
 * into their shared chunks, and reports any import or require of a Node built-in (`node:*`
 * or a bare name such as `fs`) and any package other than ky and zod. The `opslink/testing`
 * entry may load built-ins only through a dynamic import() (inside startMockServer), never
 * statically. Used by the runtime driver on the packed package and by
 * test/no-node-builtins.test.ts on dist/.
 */
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative } from 'node:path';

/** The fetch variant of `#transport` and both of `#tracing` are what runtimes but Node load: they are core too. */
export const CORE_ENTRIES = [
  'index',
  'messaging/index',
  'warehouse/index',
  // opslink/proxy runs in every runtime too: its Node adapter uses only the objects Node hands it.
  'proxy/index',
  'platform/transport.fetch',
  'platform/tracing.channels',
  'platform/tracing.none',
];
/**
 * The package's own imports (package.json "imports") the core may load: each runtime's
 * resolver picks a variant, the Node one only under the `node` condition (src/platform/).
 */
const PACKAGE_IMPORTS = ['#transport', '#tracing'];
export const TESTING_ENTRIES = ['testing/index'];
const CORE_PACKAGES = ['ky', 'zod'];
const builtins = new Set(builtinModules.flatMap((name) => [name, name.split('/')[0]]));

const PATTERNS = [
  { kind: 'static', re: /(?:^|[\s;}])(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g },
  { kind: 'static', re: /(?:^|[\s;}])import\s*['"]([^'"]+)['"]/g },
  { kind: 'require', re: /\brequire\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g },
  { kind: 'dynamic', re: /\bimport\s*\(\s*(?:\/\*[^*]*\*\/\s*)?['"`]([^'"`$]*)/g },
];

/** Every module specifier in a built file, with how it is loaded. */
export function specifiersOf(source) {
  const code = withoutBlockComments(source);
  const found = [];
  for (const { kind, re } of PATTERNS) {
    for (const match of code.matchAll(re)) found.push({ kind, specifier: match[1] });
  }
  return found;
}

/** The source less its block comments: a doc comment's example (`import { openAsBlob } from 'node:fs'`) loads nothing. */
function withoutBlockComments(source) {
  return source.replace(/\/\*[\s\S]*?\*\//g, '');
}

/**
 * Built-ins the core may name as text: it asks for them at run time through
 * `process.getBuiltinModule` where the runtime has it (tracing, `platform/tracing.channels.ts`), and
 * goes on without them elsewhere; nothing imports them.
 */
const LOOKED_UP_AT_RUN_TIME = ['node:diagnostics_channel', 'node:async_hooks'];

/** `node:` texts in the core that are not run-time look-ups of the built-ins above. */
function strayNodeStrings(source) {
  const code = withoutBlockComments(source);
  const named = [...code.matchAll(/['"`](node:[\w/]*)/g)].map((m) => m[1]);
  const lookedUp = code.includes('getBuiltinModule');
  return named.filter((name) => !(lookedUp && LOOKED_UP_AT_RUN_TIME.includes(name)));
}

export function isNodeBuiltin(specifier) {
  return specifier.startsWith('node:') || builtins.has(specifier) || builtins.has(specifier.split('/')[0]);
}

/** The files an entry reaches through relative imports, the entry included. */
function reachable(entryFile) {
  const seen = new Set();
  const queue = [entryFile];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const { specifier } of specifiersOf(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) queue.push(join(dirname(file), specifier));
    }
  }
  return [...seen];
}

/**
 * Scans a dist/ folder. `violations` lists each offending load; `files` the files scanned.
 * @param {string} distDir
 */
export function checkNoNodeBuiltins(distDir) {
  const violations = [];
  const files = new Set();
  for (const [entries, core] of [
    [CORE_ENTRIES, true],
    [TESTING_ENTRIES, false],
  ]) {
    for (const entry of entries) {
      for (const extension of ['.js', '.cjs']) {
        for (const file of reachable(join(distDir, entry + extension))) {
          files.add(file);
          const source = readFileSync(file, 'utf8');
          const where = relative(distDir, file);
          for (const { kind, specifier } of specifiersOf(source)) {
            if (specifier.startsWith('.') || PACKAGE_IMPORTS.includes(specifier)) continue;
            if (isNodeBuiltin(specifier)) {
              if (core || kind !== 'dynamic') violations.push({ entry, file: where, kind, specifier });
            } else if (core && !CORE_PACKAGES.includes(specifier.split('/')[0])) {
              violations.push({ entry, file: where, kind, specifier, reason: 'only ky and zod may be imported by the core' });
            }
          }
          // A `node:` string the patterns above did not see (a computed import, say) in the core.
          if (core) for (const name of strayNodeStrings(source)) violations.push({ entry, file: where, kind: 'string', specifier: name });
        }
      }
    }
  }
  return { files: [...files].map((file) => relative(distDir, file)).sort(), violations };
}
