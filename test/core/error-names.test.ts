/**
 * Every error class says its own name: in `name`, on the stack's first line, in `inspect`
 * and in JSON, and still after a user's bundler has minified the class names away.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inspect } from 'node:util';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import * as opslink from '../../src/index.js';

const headers = new Headers();
const apiInit = { status: 418, message: 'm', body: null, method: 'GET', path: '/x', headers };
const issue = [{ path: ['a'], message: 'b' }];

/** One instance of each exported error class, keyed by the name it must carry. */
function instances(lib: typeof opslink): Record<string, Error> {
  return {
    OpslinkError: new lib.OpslinkError('m'),
    APIError: new lib.APIError(apiInit),
    BadRequestError: new lib.BadRequestError({ ...apiInit, status: 400 }),
    AuthenticationError: new lib.AuthenticationError({ ...apiInit, status: 401 }),
    PermissionDeniedError: new lib.PermissionDeniedError({ ...apiInit, status: 403 }),
    NotFoundError: new lib.NotFoundError({ ...apiInit, status: 404 }),
    ConflictError: new lib.ConflictError({ ...apiInit, status: 409 }),
    RateLimitError: new lib.RateLimitError({ ...apiInit, status: 429 }),
    InternalServerError: new lib.InternalServerError({ ...apiInit, status: 500 }),
    APIConnectionError: new lib.APIConnectionError('m'),
    APIConnectionTimeoutError: new lib.APIConnectionTimeoutError('m'),
    APIUserAbortError: new lib.APIUserAbortError('m'),
    RequestValidationError: new lib.RequestValidationError(issue),
    ConfigurationError: new lib.ConfigurationError(issue),
    ResponseValidationError: new lib.ResponseValidationError({ status: 200, method: 'GET', path: '/x', issues: issue, body: null }),
  };
}

function expectNamed(errors: Record<string, Error>): void {
  for (const [name, error] of Object.entries(errors)) {
    expect(error.name, name).toBe(name);
    expect(error.stack?.split('\n')[0], name).toMatch(new RegExp(`^${name}: `));
    expect(inspect(error).startsWith(`${name}: `), name).toBe(true);
    expect(JSON.parse(JSON.stringify(error)).name, name).toBe(name);
    expect(Object.keys(error), name).not.toContain('name');
  }
}

describe('error names', () => {
  it('every error class carries its own name in name, stack, inspect and JSON', () => {
    expectNamed(instances(opslink));
  });

  it('APIError.for picks the class by status and it carries that name', () => {
    expect(opslink.APIError.for({ ...apiInit, status: 404 }).name).toBe('NotFoundError');
    expect(opslink.APIError.for({ ...apiInit, status: 503 }).name).toBe('InternalServerError');
    expect(opslink.APIError.for({ ...apiInit, status: 418 }).name).toBe('APIError');
  });

  const folder = mkdtempSync(join(tmpdir(), 'opslink-minified-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('the names survive a minifier that renames every class', async () => {
    const entry = new URL('../../src/index.ts', import.meta.url).pathname;
    const result = await build({ entryPoints: [entry], bundle: true, minify: true, format: 'esm', platform: 'node', write: false });
    const file = join(folder, 'opslink.min.mjs');
    writeFileSync(file, result.outputFiles[0]!.contents);
    const minified = (await import(pathToFileURL(file).href)) as typeof opslink;
    expect(minified.NotFoundError.name).not.toBe('NotFoundError');
    expectNamed(instances(minified));
  });
});
