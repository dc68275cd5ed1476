/**
 * The dual-package hazard: an app that imports opslink and a library of its that requires it
 * load two copies (the ES module and the CommonJS), and an error of one copy met `instanceof`
 * of the other's classes with `false`, `OpslinkError` included (an outside test). Now an error
 * of either copy is an instance of exactly the classes of the other that it is of its own.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const dist = new URL('../../dist/', import.meta.url);

type Module = Record<string, unknown>;
const errorClasses = (module: Module) =>
  Object.entries(module).filter(
    (entry): entry is [string, new (...args: never[]) => Error] =>
      typeof entry[1] === 'function' &&
      (entry[1] === module.OpslinkError || (entry[1] as { prototype: unknown }).prototype instanceof (module.OpslinkError as never)),
  );

/** One error of each kind a call can end with, made by `module`'s own classes. */
function errorsOf(module: Module): Error[] {
  const m = module as Record<string, new (...args: never[]) => Error> & { APIError: { for(init: unknown): Error } };
  const init = (status: number) => ({ status, message: 'm', body: undefined, headers: new Headers(), method: 'GET', path: '/x' });
  return [
    ...[400, 401, 403, 404, 409, 418, 429, 500, 503].map((status) => m.APIError.for(init(status))),
    new m.RequestValidationError([{ path: ['body'], message: 'must not be empty' }] as never),
    new m.ConfigurationError([{ path: ['apiKey'], message: 'is required' }] as never),
    new m.APIConnectionError('GET /x: connection failed' as never),
    new m.APIConnectionTimeoutError('GET /x: timed out' as never),
    new m.APIUserAbortError('GET /x: aborted' as never),
    new m.ResponseValidationError({ status: 200, method: 'GET', path: '/x', issues: [], body: null } as never),
  ];
}

describe.runIf(existsSync(new URL('index.js', dist)))('errors across the ES module and the CommonJS copies', () => {
  it('an error of one copy is an instance of the same classes of the other, and of no other', async () => {
    const esm = (await import(new URL('index.js', dist).href)) as Module;
    const cjs = createRequire(import.meta.url)(new URL('index.cjs', dist).pathname) as Module;
    expect(esm.OpslinkError).not.toBe(cjs.OpslinkError);
    for (const [from, to] of [
      [cjs, esm],
      [esm, cjs],
    ] as const) {
      const theirs = Object.fromEntries(errorClasses(to));
      for (const error of errorsOf(from)) {
        const own = errorClasses(from)
          .filter(([, type]) => error instanceof type)
          .map(([name]) => name);
        const other = errorClasses(to)
          .filter(([, type]) => error instanceof type)
          .map(([name]) => name);
        expect(other, error.name).toEqual(own);
        expect(own.length).toBeGreaterThan(1);
      }
      // Nothing else passes for one.
      for (const value of [new Error('x'), { name: 'APIError' }, null, 'APIError'])
        expect(value instanceof (theirs.OpslinkError as never)).toBe(false);
    }
  });
});
