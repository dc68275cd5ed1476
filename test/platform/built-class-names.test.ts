/**
 * Every class the built package exports keeps its name (`e.constructor.name`, what a log or a
 * stack shows): esbuild renames a class its own body names (`var APIError = class _APIError`),
 * and `APIError`, `APIPromise`, `Page`, `MessagingClient` and `WarehouseClient` were
 * `_APIError`… in the package. ESM and CommonJS, every entry.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const dist = new URL('../../dist/', import.meta.url);
const ENTRIES = ['index', 'messaging/index', 'warehouse/index', 'proxy/index', 'testing/index', 'schemas/index'];

/** `[export, its name]` for every exported class (a function named in capitals) whose name is not its export's. */
function renamed(module: Record<string, unknown>): [string, string][] {
  return Object.entries(module)
    .filter(([key, value]) => typeof value === 'function' && /^[A-Z]/.test(key) && value.name !== key)
    .map(([key, value]) => [key, (value as { name: string }).name]);
}

describe.runIf(existsSync(new URL('index.js', dist)))('the built package', () => {
  it.each(ENTRIES)('%s: every exported class is named as it is exported, in ESM and in CommonJS', async (entry) => {
    const esm = (await import(new URL(`${entry}.js`, dist).href)) as Record<string, unknown>;
    const cjs = createRequire(import.meta.url)(new URL(`${entry}.cjs`, dist).pathname) as Record<string, unknown>;
    expect(Object.keys(esm).length).toBeGreaterThan(0);
    expect({ esm: renamed(esm), cjs: renamed(cjs) }).toEqual({ esm: [], cjs: [] });
  });
});
